//! Strings: escapes, surrogates, borrowing, UTF-8.

use std::borrow::Cow;

use jetjson::{from_slice, from_str, to_string, ErrorKind, Reader, Str};

#[test]
fn unescapes_every_escape() {
    let s: String = from_str(r#""\"\\\/\b\f\n\r\t\u0041\u00e9\u20ac\ud83d\ude00""#).unwrap();
    assert_eq!(s, "\"\\/\u{8}\u{c}\n\r\tAé€😀");
    let upper: String = from_str(r#""\u00E9\uD83D\uDE00""#).unwrap();
    assert_eq!(upper, "é😀");
}

#[test]
fn borrows_when_no_escape() {
    let input = r#"["plain", "with \"escape\"", "搜索"]"#.as_bytes();
    let v: Vec<Cow<str>> = from_slice(input).unwrap();
    assert!(matches!(v[0], Cow::Borrowed("plain")));
    assert!(matches!(v[1], Cow::Owned(ref s) if s == "with \"escape\""));
    assert!(matches!(v[2], Cow::Borrowed("搜索")));
    // The borrowed text points into the input itself.
    let start = input.as_ptr() as usize;
    let p = v[0].as_ptr() as usize;
    assert!(p > start && p < start + input.len());
}

#[test]
fn borrowed_str_rejects_escapes_with_a_clear_message() {
    let ok: Vec<&str> = from_str(r#"["a", "b"]"#).unwrap();
    assert_eq!(ok, ["a", "b"]);
    let err = from_str::<Vec<&str>>(r#"["a", "b\n"]"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "string with escapes cannot be borrowed as &str; use String or Cow<str> at line 1 column 7 (at [1])"
    );
}

#[test]
fn reader_str_says_where_the_text_lives() {
    let mut r = Reader::new(br#"["abc", "a\tc"]"#);
    r.begin_array("an array").unwrap();
    let mut first = true;
    assert!(r.next_element(&mut first).unwrap());
    assert!(matches!(r.read_str().unwrap(), Str::Borrowed("abc")));
    assert!(r.next_element(&mut first).unwrap());
    assert!(matches!(r.read_str().unwrap(), Str::Copied("a\tc")));
    assert!(!r.next_element(&mut first).unwrap());
    r.finish().unwrap();
}

#[test]
fn long_strings_cross_every_vector_width() {
    for len in [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 1000] {
        for special in ["", "\"", "\\", "\n", "\u{1}", "é", "😀"] {
            let s = format!("{}{special}{}", "x".repeat(len), "y".repeat(len / 2));
            let json = to_string(&s);
            assert_eq!(json, serde_json::to_string(&s).unwrap());
            assert_eq!(from_str::<String>(&json).unwrap(), s);
        }
    }
}

#[test]
fn chars_and_boxed_strs() {
    assert_eq!(from_str::<char>(r#""é""#).unwrap(), 'é');
    assert!(from_str::<char>(r#""ab""#).is_err());
    assert!(from_str::<char>(r#""""#).is_err());
    assert_eq!(to_string(&'"'), r#""\"""#);
    let b: Box<str> = from_str(r#""boxed""#).unwrap();
    assert_eq!(&*b, "boxed");
}

#[test]
fn surrogate_pairs_must_be_complete() {
    for bad in [
        r#""\ud800""#,
        r#""\ud800\n""#,
        r#""\udfff""#,
        r#""\ud800\ud800""#,
    ] {
        let err = from_str::<String>(bad).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::LoneSurrogate, "{bad}");
    }
}

#[test]
fn every_reader_reports_a_lone_surrogate_before_the_closing_quote() {
    // The in-situ DOM parser decodes escapes with the reader's code; it once
    // had its own copy that called this end of input.
    for doc in [r#""\ud800""#, r#"["\ud800"]"#, r#"{"k": "\ud800x"}"#] {
        let typed = jetjson::from_str::<jetjson::Value>(doc).unwrap_err();
        let mut bytes = doc.as_bytes().to_vec();
        let in_situ = jetjson::value::from_slice_mut(&mut bytes).unwrap_err();
        assert_eq!(typed.kind(), &ErrorKind::LoneSurrogate, "{doc}");
        assert_eq!(
            (in_situ.kind(), in_situ.offset()),
            (typed.kind(), typed.offset()),
            "{doc}"
        );
    }
}
