//! yyjson, the C library, through `yyjson-sys` (its C source compiled by
//! the crate's build script with the system compiler and the profile's
//! optimization level): the DOM operations only, read with no flags
//! (strict RFC 8259, the input not modified) and written compact.
//!
//! The FFI is wrapped in [`Doc`], which owns a document and frees it once.

use super::{check, Adapter, Format, Input, Step};
use crate::schema::Schema;
use std::ffi::c_void;
use std::ptr::NonNull;
use std::sync::Arc;

extern "C" {
    /// The C library's `free`, which releases what `yyjson_write_opts`
    /// returns when no allocator is given.
    fn free(ptr: *mut c_void);
}

/// yyjson's document of `json` (strict, the input left unmodified), which
/// the caller owns and frees with `yyjson_doc_free`; `None` when yyjson
/// rejects it. `Doc` here and the `prof` binary both read through it.
#[inline]
pub fn read(json: &[u8]) -> Option<NonNull<yyjson_sys::yyjson_doc>> {
    // SAFETY: `json` is valid for `json.len()` bytes for the whole call;
    // without `YYJSON_READ_INSITU` (flags 0) yyjson only reads it, so
    // casting away `const` is allowed by its documentation. A null
    // allocator means libc's, a null error pointer means "no details".
    let doc = unsafe {
        yyjson_sys::yyjson_read_opts(
            json.as_ptr().cast_mut().cast(),
            json.len(),
            0,
            std::ptr::null(),
            std::ptr::null_mut(),
        )
    };
    NonNull::new(doc)
}

/// A parsed yyjson document, owned.
struct Doc(NonNull<yyjson_sys::yyjson_doc>);

// SAFETY: a `yyjson_doc` is an immutable tree in memory that it owns (the
// read was without `YYJSON_READ_INSITU`, so it points into no buffer of
// ours); nothing in it is tied to the thread that made it, and `Doc` gives
// only shared access to it, so moving it to another thread is sound.
unsafe impl Send for Doc {}

impl Doc {
    /// Parses `json` (strict, the input left unmodified); `None` when
    /// yyjson rejects it.
    fn parse(json: &[u8]) -> Option<Doc> {
        read(json).map(Doc)
    }

    /// The document as compact JSON.
    fn write(&self) -> Option<Vec<u8>> {
        let mut len = 0usize;
        // SAFETY: `self.0` is a live document (freed only in `drop`); `len`
        // is a valid place for the output length; null allocator and error
        // as above.
        let out = unsafe {
            yyjson_sys::yyjson_write_opts(
                self.0.as_ptr(),
                0,
                std::ptr::null(),
                &mut len,
                std::ptr::null_mut(),
            )
        };
        let out = NonNull::new(out)?;
        // SAFETY: yyjson returned `len` bytes of text at `out` (plus a
        // terminating NUL), allocated with libc's `malloc`; they are copied
        // before being freed once with `free`.
        unsafe {
            let bytes = std::slice::from_raw_parts(out.as_ptr().cast::<u8>(), len).to_vec();
            free(out.as_ptr().cast());
            Some(bytes)
        }
    }
}

impl Drop for Doc {
    fn drop(&mut self) {
        // SAFETY: `self.0` came from `yyjson_read_opts` and is freed here
        // only, once.
        unsafe { yyjson_sys::yyjson_doc_free(self.0.as_ptr()) }
    }
}

/// yyjson (C).
pub struct Yyjson;

impl<T: Schema> Adapter<T> for Yyjson {
    fn name(&self) -> &'static str {
        "yyjson"
    }

    fn crate_name(&self) -> &'static str {
        "yyjson-sys"
    }

    fn format(&self) -> Format {
        Format::Json
    }

    fn json_to_value(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || Doc::parse(&i.json).is_some(),
            move |ok| {
                if !ok {
                    return Err("yyjson rejects the input".into());
                }
                let text = Doc::parse(&c.json)
                    .and_then(|d| d.write())
                    .ok_or("yyjson cannot write it back")?;
                check::dom(&c, serde_json::from_slice::<serde_json::Value>(&text))
            },
        ))
    }

    fn value_to_json(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let c = Arc::clone(input);
        let doc = Doc::parse(&input.json)?;
        Some(Step::stateful(
            doc,
            |doc| doc.write().ok_or("write failed"),
            move |_, out| check::dom_text(&c, out.as_deref()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::Doc;

    #[test]
    fn parses_writes_and_rejects() {
        let doc = Doc::parse(br#" {"a": [1, 2.5, "\u00e9"]} "#).expect("valid");
        assert_eq!(doc.write().unwrap(), "{\"a\":[1,2.5,\"é\"]}".as_bytes());
        assert!(Doc::parse(b"[1,]").is_none());
        assert!(Doc::parse(b"").is_none());
    }
}
