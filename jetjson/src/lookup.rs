//! Lazy lookups: the text of the values at JSON Pointers, found by reading
//! only the way to them and stepping over everything else with the
//! reader's `skip_value` (json-iterator's `Get`, sonic-rs's `get`).
//!
//! The answer is a borrowed `&str` of the value's exact input text (a
//! `RawValue` type may take its place later; the text is the same).

use crate::value::index::{array_index, tokens};
use crate::{Error, ErrorKind, Reader};

/// The exact text of the value that `pointer` (RFC 6901) names in `input`,
/// or `None` when there is no such value (or the pointer is malformed).
///
/// Only the text up to the end of that value is read, and checked as
/// strictly as a full parse; an error there is an [`Error`] with its line
/// and column. What follows the value is not read, so `get` can succeed on
/// a document that a full parse would reject further on.
///
/// A repeated key: the lookup takes the first occurrence and stops there
/// (as sonic-rs and gjson do), where [`Value`](crate::Value) and
/// [`Document`](crate::Document), which read the whole object, keep the
/// last.
///
/// ```
/// let input = br#"{"statuses": [{"user": {"id": 42, "name": "a\nb"}}], "x": 1}"#;
/// assert_eq!(jetjson::get(input, "/statuses/0/user/id").unwrap(), Some("42"));
/// assert_eq!(jetjson::get(input, "/statuses/0/user/name").unwrap(), Some(r#""a\nb""#));
/// assert_eq!(jetjson::get(input, "/statuses/1").unwrap(), None);
/// assert_eq!(jetjson::get(input, "").unwrap(), Some(std::str::from_utf8(input).unwrap()));
/// let err = jetjson::get(br#"{"a": tru, "b": 1}"#, "/b").unwrap_err();
/// assert_eq!(err.to_string(), "invalid literal (expected true, false or null) at line 1 column 10");
/// ```
pub fn get<'a>(input: &'a [u8], pointer: &str) -> Result<Option<&'a str>, Error> {
    let Some(path) = tokens(pointer) else {
        return Ok(None);
    };
    let mut r = Reader::new(input);
    for token in path {
        let token = token.as_str();
        let found = match r.peek() {
            Some(b'{') => find_member(&mut r, token)?,
            Some(b'[') => match array_index(token) {
                Some(i) => find_element(&mut r, i)?,
                None => false,
            },
            None => return Err(r.error(ErrorKind::UnexpectedEof)),
            Some(_) => false,
        };
        if !found {
            return Ok(None);
        }
    }
    raw_text(&mut r).map(Some)
}

/// The texts of the values at several pointers, reading `input` once: the
/// result has one entry per pointer, in order. The rules are [`get`]'s;
/// reading stops as soon as every pointer is answered.
///
/// ```
/// let input = br#"{"a": [10, {"b": true}], "c": "x"}"#;
/// let got = jetjson::get_many(input, &["/c", "/a/1/b", "/a/5", "/a"]).unwrap();
/// assert_eq!(got, [Some(r#""x""#), Some("true"), None, Some(r#"[10, {"b": true}]"#)]);
/// ```
pub fn get_many<'a, P: AsRef<str>>(
    input: &'a [u8],
    pointers: &[P],
) -> Result<Vec<Option<&'a str>>, Error> {
    let mut trie = Trie {
        nodes: vec![TrieNode::default()],
        results: vec![None; pointers.len()],
        left: 0,
    };
    for (i, p) in pointers.iter().enumerate() {
        let Some(path) = tokens(p.as_ref()) else {
            continue;
        };
        let mut at = 0;
        for token in path {
            let token = token.as_str();
            at = match trie.nodes[at]
                .children
                .iter()
                .find(|&&c| trie.nodes[c].token == token)
            {
                Some(&c) => c,
                None => {
                    let c = trie.nodes.len();
                    trie.nodes.push(TrieNode {
                        token: token.to_owned(),
                        index: array_index(token),
                        ..TrieNode::default()
                    });
                    trie.nodes[at].children.push(c);
                    c
                }
            };
        }
        trie.nodes[at].targets.push(i);
        trie.left += 1;
    }
    if trie.left > 0 {
        let mut r = Reader::new(input);
        trie.visit(&mut r, 0)?;
    }
    Ok(trie.results)
}

/// Moves the cursor (on `{`) to the value of the first member named `key`;
/// `false` after the whole object when there is none.
fn find_member(r: &mut Reader<'_>, key: &str) -> Result<bool, Error> {
    r.begin_object("an object")?;
    let mut first = true;
    while r.next_member(&mut first)? {
        if r.read_key()?.as_str() == key {
            return Ok(true);
        }
        r.skip_value()?;
    }
    Ok(false)
}

/// Moves the cursor (on `[`) to element `i`; `false` after the whole array
/// when it is shorter.
fn find_element(r: &mut Reader<'_>, i: usize) -> Result<bool, Error> {
    r.begin_array("an array")?;
    let mut first = true;
    let mut n = 0;
    while r.next_element(&mut first)? {
        if n == i {
            return Ok(true);
        }
        r.skip_value()?;
        n += 1;
    }
    Ok(false)
}

/// The value at the cursor, checked, as text.
fn raw_text<'a>(r: &mut Reader<'a>) -> Result<&'a str, Error> {
    let start = r.offset();
    let raw = r.read_raw()?;
    // The reader checked every string in `raw` as UTF-8 and accepts only
    // ASCII outside strings, so this cannot fail; it stays checked anyway
    // (one fast pass over the answer).
    match simdutf8::basic::from_utf8(raw) {
        Ok(text) => Ok(text),
        Err(_) => Err(r.error_at(ErrorKind::InvalidUtf8, start)),
    }
}

#[derive(Default)]
struct TrieNode {
    token: String,
    /// The token as an array index, if it is one.
    index: Option<usize>,
    children: Vec<usize>,
    /// The pointers that end here.
    targets: Vec<usize>,
    /// Matched already: a repeated key is not matched again.
    done: bool,
}

/// The pointers of a `get_many`, as a tree of tokens.
struct Trie<'a> {
    nodes: Vec<TrieNode>,
    results: Vec<Option<&'a str>>,
    /// Pointers not answered yet.
    left: usize,
}

/// Whether a walk should go on.
#[derive(PartialEq)]
enum Flow {
    More,
    Done,
}

impl<'a> Trie<'a> {
    /// Reads the value at the cursor for trie node `at`. Recursion follows
    /// the pointers' tokens, so it is bounded by the reader's depth limit.
    fn visit(&mut self, r: &mut Reader<'a>, at: usize) -> Result<Flow, Error> {
        self.nodes[at].done = true;
        if !self.nodes[at].targets.is_empty() {
            let checkpoint = r.checkpoint();
            let text = raw_text(r)?;
            for &t in &self.nodes[at].targets {
                self.results[t] = Some(text);
            }
            self.left -= self.nodes[at].targets.len();
            if self.left == 0 {
                return Ok(Flow::Done);
            }
            if self.nodes[at].children.is_empty() {
                return Ok(Flow::More);
            }
            r.restore(checkpoint);
        }
        match r.peek() {
            Some(b'{') if !self.nodes[at].children.is_empty() => {
                r.begin_object("an object")?;
                let mut first = true;
                while r.next_member(&mut first)? {
                    let child = {
                        let key = r.read_key()?;
                        let key = key.as_str();
                        self.nodes[at]
                            .children
                            .iter()
                            .copied()
                            .find(|&c| !self.nodes[c].done && self.nodes[c].token == key)
                    };
                    match child {
                        Some(c) => {
                            if self.visit(r, c)? == Flow::Done {
                                return Ok(Flow::Done);
                            }
                        }
                        None => r.skip_value()?,
                    }
                }
                Ok(Flow::More)
            }
            Some(b'[') if !self.nodes[at].children.is_empty() => {
                r.begin_array("an array")?;
                let mut first = true;
                let mut n = 0;
                while r.next_element(&mut first)? {
                    let child = self.nodes[at]
                        .children
                        .iter()
                        .copied()
                        .find(|&c| self.nodes[c].index == Some(n));
                    match child {
                        Some(c) => {
                            if self.visit(r, c)? == Flow::Done {
                                return Ok(Flow::Done);
                            }
                        }
                        None => r.skip_value()?,
                    }
                    n += 1;
                }
                Ok(Flow::More)
            }
            _ => {
                r.skip_value()?;
                Ok(Flow::More)
            }
        }
    }
}
