//! Input → the exact error message, with line, column and path.

use std::collections::BTreeMap;

use jetjson::{from_str, validate, Category, ErrorKind};

fn validate_err(text: &str) -> String {
    validate(text.as_bytes()).unwrap_err().to_string()
}

#[test]
fn syntax_errors_name_what_was_expected_and_where() {
    let cases = [
        ("", "unexpected end of input at line 1 column 1"),
        ("[1, 2", "unexpected end of input at line 1 column 6"),
        ("[1 2]", "expected `,` or `]` at line 1 column 4"),
        ("{\"a\" 1}", "expected `:` at line 1 column 6"),
        (
            "{\"a\":1 \"b\":2}",
            "expected `,` or `}` at line 1 column 8",
        ),
        (
            "{\"a\":1,}",
            "expected an object key (a string) at line 1 column 8",
        ),
        (
            "{a:1}",
            "expected an object key (a string) at line 1 column 2",
        ),
        ("[1,]", "expected a JSON value at line 1 column 4"),
        (
            "[tru]",
            "invalid literal (expected true, false or null) at line 1 column 5",
        ),
        ("[nul", "unexpected end of input at line 1 column 5"),
        ("[01]", "invalid number at line 1 column 3"),
        ("[1.]", "invalid number at line 1 column 4"),
        ("[\"\\x\"]", "invalid escape at line 1 column 3"),
        (
            "[\"\\ud800\"]",
            "lone surrogate in \\u escape at line 1 column 3",
        ),
        (
            "[\"\\udc00\\ud800\"]",
            "lone surrogate in \\u escape at line 1 column 3",
        ),
        (
            "[\"a\tb\"]",
            "control character in string (must be escaped) at line 1 column 4",
        ),
        (
            "[1] x",
            "trailing characters after the value at line 1 column 5",
        ),
        ("\u{feff}[1]", "expected a JSON value at line 1 column 1"),
        (
            "{\n  \"a\": [\n    1,\n    x\n  ]\n}",
            "expected a JSON value at line 4 column 5",
        ),
        // Columns count characters, not bytes.
        ("[\"搜索\", @]", "expected a JSON value at line 1 column 8"),
    ];
    for (input, want) in cases {
        assert_eq!(validate_err(input), want, "input: {input:?}");
    }
}

#[test]
fn invalid_utf8_is_reported_at_the_bad_byte() {
    let err = validate(b"[\"ab\xff\"]").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::InvalidUtf8);
    assert_eq!((err.line(), err.column()), (1, 5));
    // Also past an escape, where the string is copied.
    let err = validate(b"[\"a\\nb\xc3\x28\"]").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::InvalidUtf8);
    assert_eq!(err.offset(), 6);
}

#[test]
fn type_errors_carry_the_path() {
    let err = from_str::<Vec<u32>>("[1, 2, \"3\"]").unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected u32, found string at line 1 column 8 (at [2])"
    );
    assert_eq!(err.path(), "[2]");
    assert_eq!(err.classify(), Category::Data);

    let err = from_str::<BTreeMap<String, Vec<bool>>>("{\"ok\": [true],\n \"bad\": [false, null]}")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected a boolean, found null at line 2 column 17 (at .bad[1])"
    );

    let err = from_str::<Vec<Vec<u8>>>("[[1], [2, 300]]").unwrap_err();
    assert_eq!(
        err.to_string(),
        "number out of range for u8 at line 1 column 11 (at [1][1])"
    );
}

#[test]
fn depth_limit_is_an_error_that_says_so() {
    let deep = "[".repeat(129) + &"]".repeat(129);
    let err = validate(deep.as_bytes()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "nesting deeper than the limit of 128 at line 1 column 129"
    );
    let ok = "[".repeat(128) + &"]".repeat(128);
    assert!(validate(ok.as_bytes()).is_ok());
}

#[test]
fn eof_errors_are_classified_as_eof() {
    let err = from_str::<Vec<u8>>("[1,").unwrap_err();
    assert!(err.is_eof());
    let io: std::io::Error = err.into();
    assert_eq!(io.kind(), std::io::ErrorKind::UnexpectedEof);
}
