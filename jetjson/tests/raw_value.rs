//! `RawValue`: borrowed and boxed, in structs, sequences and maps; the exact
//! text it keeps (whitespace, escapes, numbers); the errors; the Value and
//! MessagePack conversions; and serde_json's `RawValue` as the oracle for
//! which text is captured.

#![cfg(feature = "derive")] // The structs around the raw values are derived.

use std::collections::{BTreeMap, HashMap};

use jetjson::{json, ErrorKind, RawValue, ReadOptions, Value};
use jetjson::{FromValue, ToValue};

// MARK: - Borrowed and boxed

#[test]
fn borrowed_points_into_the_input() {
    let input = br#"  {"a": [1, 2], "b": "x"}  "#;
    let raw: &RawValue = jetjson::from_slice(input).unwrap();
    assert_eq!(raw.get(), r#"{"a": [1, 2], "b": "x"}"#);
    // The text is the input's own bytes, not a copy.
    assert_eq!(raw.get().as_ptr(), input[2..].as_ptr());
}

#[test]
fn boxed_owns_a_copy_and_reads_from_any_input() {
    fn read(input: Vec<u8>) -> Box<RawValue> {
        // The input is dropped at the end of this function.
        jetjson::from_slice(&input).unwrap()
    }
    let raw = read(b"[true, null, \"\\n\"]\n".to_vec());
    assert_eq!(raw.get(), r#"[true, null, "\n"]"#);
    let copy = raw.clone();
    assert_eq!(copy.get(), raw.get());
    assert_ne!(copy.get().as_ptr(), raw.get().as_ptr());
    let again = copy.to_owned();
    drop(copy);
    assert_eq!(again.get(), raw.get());
    let text: Box<str> = again.into();
    assert_eq!(&*text, raw.get());
}

#[test]
fn every_kind_of_value_is_kept_as_written() {
    for text in [
        "null",
        "true",
        "false",
        "0",
        "-0",
        "-0.0",
        "1E+2",
        "1.000000000000000000001",
        "123456789012345678901234567890",
        "1e999",
        r#""""#,
        r#""a\"b\\c\u00e9\ud83d\ude00é""#,
        "[]",
        "{}",
        "[ 1 ,\n\t2 ]",
        r#"{ "k" : { "n" : [ ] } }"#,
    ] {
        let raw: &RawValue = jetjson::from_str(text).unwrap();
        assert_eq!(raw.get(), text);
        assert_eq!(jetjson::to_string(raw), text);
        let boxed: Box<RawValue> = jetjson::from_str(&format!(" \n{text}\t")).unwrap();
        assert_eq!(boxed.get(), text);
        assert_eq!(RawValue::from_json(text).unwrap().get(), text);
        assert_eq!(RawValue::from_string(text.to_owned()).unwrap().get(), text);
    }
}

// MARK: - Inside other types

#[derive(jetjson::Json, ToValue, Debug)]
struct Envelope<'a> {
    kind: &'a str,
    payload: &'a RawValue,
    extra: Option<&'a RawValue>,
}

#[derive(jetjson::Json, ToValue, FromValue, jetjson::Msgpack, Clone, Default, Debug)]
struct Owned {
    id: u32,
    #[json(default)]
    data: Box<RawValue>,
}

#[test]
fn struct_fields_hold_the_value_without_surrounding_whitespace() {
    let input = r#"{"kind": "k", "payload": 1 , "extra":  {"x" : [ 2 ]}
    }"#;
    let env: Envelope = jetjson::from_str(input).unwrap();
    assert_eq!(env.payload.get(), "1");
    assert_eq!(env.extra.map(RawValue::get), Some(r#"{"x" : [ 2 ]}"#));
    assert_eq!(
        jetjson::to_string(&env),
        r#"{"kind":"k","payload":1,"extra":{"x" : [ 2 ]}}"#
    );
    // Pretty output reindents what is inside the raw text too.
    assert_eq!(
        String::from_utf8(jetjson::to_vec_pretty(&env)).unwrap(),
        "{\n  \"kind\": \"k\",\n  \"payload\": 1,\n  \"extra\": {\n    \"x\": [\n      2\n    ]\n  }\n}"
    );

    // `null` in an `Option` is `None`; a missing key too.
    let env: Envelope = jetjson::from_str(r#"{"kind":"k","payload":null,"extra":null}"#).unwrap();
    assert_eq!(env.payload.get(), "null");
    assert!(env.extra.is_none());
    let env: Envelope = jetjson::from_str(r#"{"kind":"k","payload":[]}"#).unwrap();
    assert!(env.extra.is_none());
    // A missing `&RawValue` is a missing field.
    let err = jetjson::from_str::<Envelope>(r#"{"kind":"k"}"#).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::MissingField { .. }),
        "{err}"
    );
}

#[test]
fn boxed_fields_default_to_null_and_write_back_as_read() {
    let o: Owned = jetjson::from_str(r#"{"id":1}"#).unwrap();
    assert_eq!(o.data.get(), "null");
    let input = r#"{"id":2,"data":{"deep":[1.50,"\u0041"]}}"#;
    let o: Owned = jetjson::from_str(input).unwrap();
    assert_eq!(jetjson::to_string(&o), input);
    assert_eq!(jetjson::to_string(&o.clone()), input);
}

#[test]
fn sequences_and_maps_of_raw_values() {
    let input = r#"[1, "two", [3], {"four": 4}]"#;
    let v: Vec<&RawValue> = jetjson::from_str(input).unwrap();
    let texts: Vec<&str> = v.iter().map(|r| r.get()).collect();
    assert_eq!(texts, ["1", r#""two""#, "[3]", r#"{"four": 4}"#]);
    assert_eq!(jetjson::to_string(&v), r#"[1,"two",[3],{"four": 4}]"#);

    let input = r#"{"b": [true], "a": -1.5e-3}"#;
    let m: BTreeMap<String, Box<RawValue>> = jetjson::from_str(input).unwrap();
    assert_eq!(m["a"].get(), "-1.5e-3");
    assert_eq!(jetjson::to_string(&m), r#"{"a":-1.5e-3,"b":[true]}"#);
    let m: HashMap<&str, &RawValue> = jetjson::from_str(input).unwrap();
    assert_eq!(m["b"].get(), "[true]");
}

#[test]
fn numbers_survive_a_round_trip_byte_for_byte() {
    let input = r#"{"id":7,"data":1.000000000000000000001}"#;
    let o: Owned = jetjson::from_str(input).unwrap();
    assert_eq!(o.data.get(), "1.000000000000000000001");
    assert_eq!(jetjson::to_string(&o), input);
    // Where an f64 would round it.
    let f: f64 = jetjson::from_str(o.data.get()).unwrap();
    assert_eq!(jetjson::to_string(&f), "1.0");
    // Big integers and exponents too.
    for n in ["18446744073709551616", "-0", "1E400", "0.1e-999"] {
        let raw: &RawValue = jetjson::from_str(n).unwrap();
        assert_eq!(jetjson::to_string(&[raw]), format!("[{n}]"));
    }
}

#[test]
fn parse_decodes_the_text_later() {
    let raw = RawValue::from_json(r#"{"x": "borrowed"}"#).unwrap();
    let m: BTreeMap<&str, &str> = raw.parse().unwrap();
    assert_eq!(m["x"], "borrowed");
    let err = raw.parse::<Vec<u8>>().unwrap_err();
    assert_eq!(
        err.kind(),
        &ErrorKind::InvalidType {
            expected: "an array",
            found: "object"
        }
    );
}

// MARK: - Errors

#[test]
fn invalid_or_truncated_values_are_the_reader_s_errors() {
    for input in [
        "",
        "[1, 2",
        r#"{"a": "#,
        r#""abc"#,
        "[1, 2,]",
        "tru",
        "01",
        r#""\x""#,
        "\"\u{1}\"",
        r#""\ud800""#,
        "[1] 2",
    ] {
        let want = jetjson::validate(input.as_bytes()).unwrap_err();
        let got = jetjson::from_str::<&RawValue>(input).unwrap_err();
        assert_eq!(got.kind(), want.kind(), "{input:?}");
        assert_eq!(
            (got.line(), got.column()),
            (want.line(), want.column()),
            "{input:?}"
        );
        let got = RawValue::from_json(input).unwrap_err();
        assert_eq!(got.kind(), want.kind(), "{input:?}");
        assert!(
            RawValue::from_string(input.to_owned()).is_err(),
            "{input:?}"
        );
        assert!(
            jetjson::from_str::<Box<RawValue>>(input).is_err(),
            "{input:?}"
        );
    }
    // Invalid UTF-8 inside a string.
    let err = jetjson::from_slice::<&RawValue>(b"[\"\xff\"]").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::InvalidUtf8);
    // Inside a struct, the error carries the field's path.
    let err = jetjson::from_str::<Envelope>(r#"{"kind":"k","payload":[1,}"#).unwrap_err();
    assert_eq!(err.path(), ".payload", "{err}");
    assert_eq!((err.line(), err.column()), (1, 26));
}

#[test]
fn nesting_beyond_the_limit_is_an_error() {
    let deep = |n: usize| "[".repeat(n) + &"]".repeat(n);
    assert!(jetjson::from_str::<&RawValue>(&deep(128)).is_ok());
    let err = jetjson::from_str::<&RawValue>(&deep(129)).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit { limit: 128 });
    assert!(RawValue::from_json(&deep(129)).is_err());
    // The struct around it counts as a level.
    let nested = format!(r#"{{"id":1,"data":{}}}"#, deep(128));
    let err = jetjson::from_str::<Owned>(&nested).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit { limit: 128 });
    // A higher limit lets it through, and the conversions have none of
    // their own (the text was checked when it was read).
    let text = deep(10_000);
    let raw: &RawValue = ReadOptions::new()
        .max_depth(20_000)
        .from_str(&text)
        .unwrap();
    assert_eq!(raw.get().len(), 20_000);
    let v = raw.to_value();
    assert_eq!(v.to_string(), text);
    let packed = jetjson::msgpack::to_vec(raw);
    assert_eq!(packed.len(), 10_000);
}

// MARK: - Display, Debug, constants

#[test]
fn display_debug_and_constants() {
    let raw = RawValue::from_json(r#" {"a":"b"} "#).unwrap();
    assert_eq!(raw.to_string(), r#"{"a":"b"}"#);
    assert_eq!(format!("{raw:?}"), r#"RawValue({"a":"b"})"#);
    assert_eq!(RawValue::NULL.get(), "null");
    assert_eq!(RawValue::TRUE.get(), "true");
    assert_eq!(RawValue::FALSE.get(), "false");
    assert_eq!(Box::<RawValue>::default().get(), "null");
    assert_eq!(<&RawValue>::default().get(), "null");
    assert!(!jetjson::ToJson::is_json_empty(RawValue::NULL));
    let as_ref: &str = raw.as_ref();
    assert_eq!(as_ref, raw.get());
}

// MARK: - Value

#[test]
fn to_value_parses_the_text() {
    let raw = RawValue::from_json(r#"{"a": [1, 2.5, "\u00e9"], "b": null}"#).unwrap();
    assert_eq!(raw.to_value(), json!({"a": [1, 2.5, "é"], "b": null}));
    // Through a reference and a box too.
    let boxed = raw.to_owned();
    assert_eq!(boxed.to_value(), raw.to_value());
    assert_eq!((&raw).to_value(), raw.to_value());
    // A number no f64 holds becomes null, the rest is kept.
    let raw = RawValue::from_json(r#"[1e999, {"1e999": -1e400}, "1e999", 2]"#).unwrap();
    assert_eq!(raw.to_value(), json!([null, {"1e999": null}, "1e999", 2]));
    assert_eq!(
        RawValue::from_json("1e999").unwrap().to_value(),
        Value::Null
    );
}

#[test]
fn from_value_writes_compact_text() {
    let v = json!({"a": [1, 2.5, "é\n"], "b": {}, "c": 1e300});
    let raw = Box::<RawValue>::from_value_ref(&v).unwrap();
    assert_eq!(raw.get(), r#"{"a":[1,2.5,"é\n"],"b":{},"c":1e+300}"#);
    assert_eq!(raw.to_value(), v);
    let raw = Box::<RawValue>::from_value(Value::Null).unwrap();
    assert_eq!(raw.get(), "null");
}

#[test]
fn derived_structs_convert_with_their_raw_fields() {
    let o: Owned = jetjson::from_str(r#"{"id":3,"data":[ 1 , {"k":"v"} ]}"#).unwrap();
    let v = o.to_value();
    assert_eq!(v, json!({"id": 3, "data": [1, {"k": "v"}]}));
    let back = Owned::from_value(v).unwrap();
    assert_eq!(back.id, 3);
    assert_eq!(back.data.get(), r#"[1,{"k":"v"}]"#);
    // Missing: the `#[json(default)]`.
    let back = Owned::from_value(json!({"id": 4})).unwrap();
    assert_eq!(back.data.get(), "null");
}

// MARK: - MessagePack

#[test]
fn msgpack_transcodes_both_ways() {
    let raw = RawValue::from_json(r#"{"a": [1, -2, 2.5, true, null, "s"]}"#).unwrap();
    let packed = jetjson::msgpack::to_vec(raw);
    assert_eq!(packed, jetjson::msgpack::to_vec(&raw.to_value()));
    assert_eq!(
        packed,
        b"\x81\xa1a\x96\x01\xfe\xcb\x40\x04\x00\x00\x00\x00\x00\x00\xc3\xc0\xa1s"
    );
    let back: Box<RawValue> = jetjson::msgpack::from_slice(&packed).unwrap();
    assert_eq!(back.get(), r#"{"a":[1,-2,2.5,true,null,"s"]}"#);

    // float 32 is widened exactly, as for `Value`.
    let back: Box<RawValue> = jetjson::msgpack::from_slice(b"\xca\x3f\xc0\x00\x00").unwrap();
    assert_eq!(back.get(), "1.5");

    // In a derived struct.
    let o: Owned = jetjson::from_str(r#"{"id":5,"data":{"x":[0.5]}}"#).unwrap();
    let packed = jetjson::msgpack::to_vec(&o);
    let back: Owned = jetjson::msgpack::from_slice(&packed).unwrap();
    assert_eq!(jetjson::to_string(&back), r#"{"id":5,"data":{"x":[0.5]}}"#);
}

#[test]
fn msgpack_json_cannot_hold_is_an_error() {
    for (bytes, what) in [
        (&b"\xc4\x01x"[..], "bin"),
        (b"\xd4\x01\x00", "fixext 1"),
        (b"\xc7\x00\x05", "ext 8"),
        (b"\x81\x01\x02", "an integer key"),
        (b"\xcb\x7f\xf8\x00\x00\x00\x00\x00\x00", "NaN"),
        (b"\xca\x7f\x80\x00\x00", "infinity"),
        (b"\x92\x01", "a truncated array"),
        (b"\xc1", "the reserved byte"),
    ] {
        let err = jetjson::msgpack::from_slice::<Box<RawValue>>(bytes).unwrap_err();
        let want = jetjson::msgpack::from_slice::<Value>(bytes).unwrap_err();
        assert_eq!(err.kind(), want.kind(), "{what}");
        assert_eq!(err.offset(), want.offset(), "{what}");
    }
    // A huge number: nil, as for an infinite f64 written through `Value`.
    let raw = RawValue::from_json("[1e999]").unwrap();
    assert_eq!(jetjson::msgpack::to_vec(raw), b"\x91\xc0");
}

// MARK: - serde_json as the oracle

#[derive(serde::Deserialize)]
struct SerdeEnvelope<'a> {
    #[serde(borrow)]
    payload: &'a serde_json::value::RawValue,
}

#[derive(jetjson::Json, ToValue)]
struct OurEnvelope<'a> {
    payload: &'a RawValue,
}

#[test]
fn captures_the_same_text_as_serde_json() {
    for payload in [
        "1",
        " 1 ",
        "\n[1 ,2]\n",
        r#" { "a" : "b\"c" } "#,
        r#""\u00e9""#,
        "1.000000000000000000001",
        "-0",
        " null\t",
        "[[[],{}]]",
    ] {
        let input = format!(r#"{{"payload":{payload}}}"#);
        let ours: OurEnvelope = jetjson::from_str(&input).unwrap();
        let theirs: SerdeEnvelope = serde_json::from_str(&input).unwrap();
        assert_eq!(ours.payload.get(), theirs.payload.get(), "{input}");
        // And at the top level.
        let ours: &RawValue = jetjson::from_str(payload).unwrap();
        let theirs: &serde_json::value::RawValue = serde_json::from_str(payload).unwrap();
        assert_eq!(ours.get(), theirs.get(), "{payload:?}");
        // The owned constructors both drop the surrounding whitespace.
        let ours = RawValue::from_string(payload.to_owned()).unwrap();
        let theirs = serde_json::value::RawValue::from_string(payload.to_owned()).unwrap();
        assert_eq!(ours.get(), theirs.get(), "{payload:?}");
    }
    // Both reject what is not one value.
    for bad in ["", " ", "1 2", "[1,]", "{"] {
        assert!(RawValue::from_string(bad.to_owned()).is_err(), "{bad:?}");
        assert!(
            serde_json::value::RawValue::from_string(bad.to_owned()).is_err(),
            "{bad:?}"
        );
    }
}
