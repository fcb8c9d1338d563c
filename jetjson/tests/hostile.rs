//! Hostile input, table-driven: every case ends in the stated error (or
//! value), never a panic, a hang or an unbounded allocation.

use jetjson::{from_slice, validate, ErrorKind, ReadOptions};

#[derive(Debug)]
enum Want {
    Ok,
    Kind(ErrorKind),
}

fn table() -> Vec<(&'static str, Vec<u8>, Want)> {
    use ErrorKind::*;
    use Want::Kind;
    let long_digits = "1".repeat(100_000).into_bytes();
    let long_fraction = format!("0.{}", "7".repeat(100_000)).into_bytes();
    vec![
        ("empty", b"".to_vec(), Kind(UnexpectedEof)),
        ("only whitespace", b" \n\t\r ".to_vec(), Kind(UnexpectedEof)),
        (
            "byte order mark",
            b"\xef\xbb\xbf{}".to_vec(),
            Kind(ExpectedValue),
        ),
        ("NUL before value", b"\x00[]".to_vec(), Kind(ExpectedValue)),
        (
            "NUL after value",
            b"[]\x00".to_vec(),
            Kind(TrailingCharacters),
        ),
        (
            "NUL in string",
            b"[\"a\x00b\"]".to_vec(),
            Kind(ControlCharacter),
        ),
        (
            "raw newline in string",
            b"[\"a\nb\"]".to_vec(),
            Kind(ControlCharacter),
        ),
        ("DEL in string is allowed", b"[\"\x7f\"]".to_vec(), Want::Ok),
        (
            "lone high surrogate",
            br#"["\ud800"]"#.to_vec(),
            Kind(LoneSurrogate),
        ),
        (
            "lone low surrogate",
            br#"["\udc00"]"#.to_vec(),
            Kind(LoneSurrogate),
        ),
        (
            "swapped surrogates",
            br#"["\udc00\ud800"]"#.to_vec(),
            Kind(LoneSurrogate),
        ),
        (
            "high then non-surrogate",
            br#"["\ud800\u0041"]"#.to_vec(),
            Kind(LoneSurrogate),
        ),
        (
            "high then letter",
            br#"["\ud800x"]"#.to_vec(),
            Kind(LoneSurrogate),
        ),
        ("valid pair", br#"["\ud83d\ude00"]"#.to_vec(), Want::Ok),
        ("short \\u", br#"["\u12"]"#.to_vec(), Kind(InvalidEscape)),
        ("bad hex", br#"["\u12g4"]"#.to_vec(), Kind(InvalidEscape)),
        (
            "UTF-8 overlong",
            b"[\"\xc0\xaf\"]".to_vec(),
            Kind(InvalidUtf8),
        ),
        (
            "UTF-8 surrogate",
            b"[\"\xed\xa0\x80\"]".to_vec(),
            Kind(InvalidUtf8),
        ),
        (
            "UTF-8 beyond U+10FFFF",
            b"[\"\xf4\x90\x80\x80\"]".to_vec(),
            Kind(InvalidUtf8),
        ),
        (
            "UTF-8 truncated",
            b"[\"\xe6\x90\"]".to_vec(),
            Kind(InvalidUtf8),
        ),
        (
            "UTF-8 stray continuation",
            b"[\"\x80\"]".to_vec(),
            Kind(InvalidUtf8),
        ),
        (
            "non-UTF-8 outside strings",
            b"[\xff]".to_vec(),
            Kind(ExpectedValue),
        ),
        ("leading zero", b"[00]".to_vec(), Kind(InvalidNumber)),
        (
            "leading zero negative",
            b"[-01]".to_vec(),
            Kind(InvalidNumber),
        ),
        ("plus sign", b"[+1]".to_vec(), Kind(ExpectedValue)),
        ("hex", b"[0x1]".to_vec(), Kind(ExpectedCommaOrBracket)),
        ("NaN", b"[NaN]".to_vec(), Kind(ExpectedValue)),
        ("Infinity", b"[Infinity]".to_vec(), Kind(ExpectedValue)),
        ("100,000 digits", long_digits, Want::Ok),
        ("100,000 fraction digits", long_fraction, Want::Ok),
        (
            "huge exponent",
            b"1e999999999999999999999".to_vec(),
            Want::Ok,
        ),
        (
            "huge negative exponent",
            b"1e-999999999999999999999".to_vec(),
            Want::Ok,
        ),
        (
            "comment",
            b"[1 /* x */]".to_vec(),
            Kind(ExpectedCommaOrBracket),
        ),
        ("line comment", b"// x\n[1]".to_vec(), Kind(ExpectedValue)),
        ("trailing comma", b"[1,]".to_vec(), Kind(ExpectedValue)),
        (
            "trailing comma in object",
            b"{\"a\":1,}".to_vec(),
            Kind(ExpectedKey),
        ),
        ("single quotes", b"['a']".to_vec(), Kind(ExpectedValue)),
        ("unquoted key", b"{a:1}".to_vec(), Kind(ExpectedKey)),
        ("two documents", b"{} {}".to_vec(), Kind(TrailingCharacters)),
        ("mismatched brackets", b"[}".to_vec(), Kind(ExpectedValue)),
        (
            "mismatched close",
            b"[1}".to_vec(),
            Kind(ExpectedCommaOrBracket),
        ),
        (
            "a million [",
            vec![b'['; 1_000_000],
            Kind(DepthLimit { limit: 128 }),
        ),
        (
            "a million {\"a\":",
            b"{\"a\":".repeat(1_000_000),
            Kind(DepthLimit { limit: 128 }),
        ),
    ]
}

#[test]
fn every_hostile_input_gets_its_stated_result() {
    let mut wrong = Vec::new();
    for (name, input, want) in table() {
        let got = validate(&input);
        let ok = match (&got, &want) {
            (Ok(()), Want::Ok) => true,
            (Err(e), Want::Kind(k)) => e.kind() == k,
            _ => false,
        };
        if !ok {
            wrong.push(format!("{name}: want {want:?}, got {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[test]
fn typed_targets_bound_numbers() {
    let digits = "9".repeat(100_000);
    assert!(matches!(
        from_slice::<u64>(digits.as_bytes()).unwrap_err().kind(),
        ErrorKind::NumberOutOfRange { .. }
    ));
    assert!(matches!(
        from_slice::<f64>(digits.as_bytes()).unwrap_err().kind(),
        ErrorKind::NumberOutOfRange { .. }
    ));
    let tiny = format!("0.{}1", "0".repeat(100_000));
    assert_eq!(from_slice::<f64>(tiny.as_bytes()).unwrap(), 0.0);
    assert_eq!(from_slice::<f64>(b"1e-999999").unwrap(), 0.0);
    assert!(from_slice::<f64>(b"1e999999").is_err());
}

#[test]
fn a_raised_depth_limit_still_never_recurses() {
    // validate and skip_value keep an explicit stack, so a million levels
    // under a raised limit are fine.
    let n = 1_000_000;
    let deep = "[".repeat(n) + &"]".repeat(n);
    assert!(ReadOptions::new()
        .max_depth(n)
        .validate(deep.as_bytes())
        .is_ok());
    let deep_objects = "{\"a\":".repeat(n) + "1" + &"}".repeat(n);
    assert!(ReadOptions::new()
        .max_depth(n)
        .validate(deep_objects.as_bytes())
        .is_ok());
}

#[test]
fn truncation_at_every_byte_is_unexpected_eof_at_the_end() {
    let doc = r#"{"a": [1, -2.5e-3, true, false, null, "x\"\\\u00e9\ud83d\ude00 搜索"], "b": {"c": {}}, "d": []}"#;
    assert!(validate(doc.as_bytes()).is_ok());
    for cut in 0..doc.len() {
        let prefix = &doc.as_bytes()[..cut];
        let err = validate(prefix).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (&ErrorKind::UnexpectedEof, cut),
            "cut at {cut}: {:?}",
            String::from_utf8_lossy(prefix)
        );
        // A typed read of the same prefix fails the same way.
        let typed = from_slice::<std::collections::BTreeMap<String, Vec<Option<String>>>>(prefix);
        assert!(typed.is_err(), "cut at {cut}");
    }
}
