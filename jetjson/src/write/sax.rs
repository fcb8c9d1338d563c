//! `SaxWriter`: rapidjson's event-style writer. The caller says what comes
//! next (start an object, a key, a value, end it) and the writer places the
//! commas and colons. Misuse — a value where a key is due, a key inside an
//! array, an end that does not match its start — is caught by
//! `debug_assert!`s, so it panics in debug builds and costs nothing in
//! release builds.

use super::Writer;
use crate::ToJson;

/// What the writer expects next inside one open container.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Frame {
    /// In an array; `true` once it has an element.
    Array(bool),
    /// In an object, a key is due; `true` once it has a member.
    ObjectKey(bool),
    /// In an object, the value for the key just written is due.
    ObjectValue,
}

/// Writes JSON from events, placing commas and colons itself.
///
/// ```
/// use jetjson::write::SaxWriter;
///
/// let mut w = jetjson::Writer::new();
/// let mut sax = SaxWriter::new(&mut w);
/// sax.start_object();
/// sax.key("name");
/// sax.str("jetjson");
/// sax.key("tags");
/// sax.start_array();
/// sax.str("fast");
/// sax.value(&["strict", "typed"]);
/// sax.end_array();
/// sax.end_object();
/// assert!(sax.is_complete());
/// assert_eq!(w.as_bytes(), br#"{"name":"jetjson","tags":["fast",["strict","typed"]]}"#);
/// ```
pub struct SaxWriter<'a, 'w> {
    w: &'a mut Writer<'w>,
    stack: Vec<Frame>,
    /// Whether the top-level value has been written.
    done: bool,
}

impl<'a, 'w> SaxWriter<'a, 'w> {
    /// An event writer appending to `w`.
    pub fn new(w: &'a mut Writer<'w>) -> Self {
        SaxWriter {
            w,
            stack: Vec::new(),
            done: false,
        }
    }

    /// Whether exactly one complete top-level value has been written.
    pub fn is_complete(&self) -> bool {
        self.done && self.stack.is_empty()
    }

    /// The comma (if needed) before a value, and the state after it.
    #[inline]
    fn before_value(&mut self) {
        match self.stack.last_mut() {
            None => {
                debug_assert!(!self.done, "SaxWriter: a second top-level value");
                self.done = true;
            }
            Some(Frame::Array(has)) => {
                if *has {
                    self.w.write_comma();
                }
                *has = true;
            }
            Some(frame @ Frame::ObjectValue) => *frame = Frame::ObjectKey(true),
            Some(Frame::ObjectKey(_)) => {
                debug_assert!(false, "SaxWriter: a value where an object key is due");
            }
        }
    }

    /// Starts an object.
    pub fn start_object(&mut self) {
        self.before_value();
        self.w.begin_object();
        self.stack.push(Frame::ObjectKey(false));
    }

    /// Ends the innermost object.
    pub fn end_object(&mut self) {
        let frame = self.stack.pop();
        debug_assert!(
            matches!(frame, Some(Frame::ObjectKey(_))),
            "SaxWriter: end_object with {frame:?} open"
        );
        self.w.end_object();
    }

    /// Starts an array.
    pub fn start_array(&mut self) {
        self.before_value();
        self.w.begin_array();
        self.stack.push(Frame::Array(false));
    }

    /// Ends the innermost array.
    pub fn end_array(&mut self) {
        let frame = self.stack.pop();
        debug_assert!(
            matches!(frame, Some(Frame::Array(_))),
            "SaxWriter: end_array with {frame:?} open"
        );
        self.w.end_array();
    }

    /// Writes an object key; a value must follow.
    pub fn key(&mut self, key: &str) {
        match self.stack.last_mut() {
            Some(frame @ Frame::ObjectKey(_)) => {
                if *frame == Frame::ObjectKey(true) {
                    self.w.write_comma();
                }
                *frame = Frame::ObjectValue;
            }
            other => debug_assert!(false, "SaxWriter: a key where {other:?} is open"),
        }
        self.w.write_key(key);
    }

    /// Writes `null`.
    pub fn null(&mut self) {
        self.before_value();
        self.w.write_null();
    }

    /// Writes a boolean.
    pub fn bool(&mut self, v: bool) {
        self.before_value();
        self.w.write_bool(v);
    }

    /// Writes a signed integer.
    pub fn i64(&mut self, v: i64) {
        self.before_value();
        self.w.write_i64(v);
    }

    /// Writes an unsigned integer.
    pub fn u64(&mut self, v: u64) {
        self.before_value();
        self.w.write_u64(v);
    }

    /// Writes a double (non-finite as `null`).
    pub fn f64(&mut self, v: f64) {
        self.before_value();
        self.w.write_f64(v);
    }

    /// Writes a string.
    pub fn str(&mut self, v: &str) {
        self.before_value();
        self.w.write_str(v);
    }

    /// Writes any `ToJson` value as one element or member value.
    pub fn value<T: ToJson + ?Sized>(&mut self, v: &T) {
        self.before_value();
        v.write_json(self.w);
    }
}

#[cfg(test)]
mod tests {
    use super::SaxWriter;
    use crate::Writer;

    #[test]
    fn places_commas_and_colons() {
        let mut w = Writer::new();
        let mut sax = SaxWriter::new(&mut w);
        sax.start_array();
        sax.start_object();
        sax.end_object();
        sax.start_object();
        sax.key("a");
        sax.null();
        sax.key("b");
        sax.start_array();
        sax.end_array();
        sax.end_object();
        sax.i64(-1);
        sax.u64(2);
        sax.f64(0.5);
        sax.bool(true);
        sax.end_array();
        assert!(sax.is_complete());
        assert_eq!(w.as_bytes(), br#"[{},{"a":null,"b":[]},-1,2,0.5,true]"#);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "a value where an object key is due")]
    fn a_value_where_a_key_is_due_is_caught() {
        let mut w = Writer::new();
        let mut sax = SaxWriter::new(&mut w);
        sax.start_object();
        sax.i64(1);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "end_array with Some(ObjectKey(false)) open")]
    fn a_mismatched_end_is_caught() {
        let mut w = Writer::new();
        let mut sax = SaxWriter::new(&mut w);
        sax.start_object();
        sax.end_array();
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "a key where Some(Array(false)) is open")]
    fn a_key_in_an_array_is_caught() {
        let mut w = Writer::new();
        let mut sax = SaxWriter::new(&mut w);
        sax.start_array();
        sax.key("k");
    }
}
