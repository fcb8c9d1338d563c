//! `Value`, `ValueRef` and in-situ parsing: each operation, the shared
//! conformance folders, and a differential test against serde_json.

mod common;

use std::borrow::Cow;
use std::path::PathBuf;

use jetjson::value::{from_slice_mut, Map, Number, ValueOptions, ValueRef};
use jetjson::{json, ErrorKind, Value};

// MARK: - Helpers

fn data_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("skipped: ../shared/data not found");
        None
    }
}

fn files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    out.sort();
    out
}

fn parse(text: &str) -> Value {
    jetjson::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// serde_json's compact text of `v` (floats included: jetjson writes them
/// byte for byte as serde_json does).
fn serde_compact(v: &serde_json::Value) -> Vec<u8> {
    serde_json::to_vec(v).unwrap()
}

/// serde_json's pretty text of `v` indented by `indent` spaces.
fn serde_pretty(v: &serde_json::Value, indent: usize) -> Vec<u8> {
    let spaces = " ".repeat(indent);
    let mut out = Vec::new();
    let fmt = serde_json::ser::PrettyFormatter::with_indent(spaces.as_bytes());
    let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
    serde::Serialize::serialize(v, &mut ser).unwrap();
    out
}

/// serde_json's view of the same text, keys sorted.
fn serde(text: &[u8]) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_slice(text).unwrap();
    v.sort_all_objects();
    v
}

/// A copy of `v` with every object's keys sorted (for comparing with
/// serde_json's default `BTreeMap` order).
fn sorted(v: &Value) -> Value {
    match v {
        Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
        Value::Object(m) => {
            let mut m: Map = m.iter().map(|(k, v)| (k.clone(), sorted(v))).collect();
            m.sort_keys();
            Value::Object(m)
        }
        other => other.clone(),
    }
}

/// Structural equality with serde_json's value: same kinds, same numbers in
/// the same form (u64 / i64 / f64 bits), same strings, same members.
fn same_as_serde(ours: &Value, theirs: &serde_json::Value, path: &str) {
    use serde_json::Value as S;
    match (ours, theirs) {
        (Value::Null, S::Null) => {}
        (Value::Bool(a), S::Bool(b)) => assert_eq!(a, b, "{path}"),
        (Value::Number(a), S::Number(b)) => {
            assert_eq!(a.as_u64(), b.as_u64(), "{path}");
            assert_eq!(a.as_i64(), b.as_i64(), "{path}");
            assert_eq!(a.is_f64(), b.is_f64(), "{path}");
            assert_eq!(
                a.as_f64().map(f64::to_bits),
                b.as_f64().map(f64::to_bits),
                "{path}"
            );
        }
        (Value::String(a), S::String(b)) => assert_eq!(a, b, "{path}"),
        (Value::Array(a), S::Array(b)) => {
            assert_eq!(a.len(), b.len(), "{path}");
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                same_as_serde(x, y, &format!("{path}[{i}]"));
            }
        }
        (Value::Object(a), S::Object(b)) => {
            assert_eq!(a.len(), b.len(), "{path}");
            for (k, x) in a {
                let y = b.get(k).unwrap_or_else(|| panic!("{path}.{k} missing"));
                same_as_serde(x, y, &format!("{path}.{k}"));
            }
        }
        _ => panic!("{path}: {ours} vs {theirs}"),
    }
}

// MARK: - Reading

#[test]
fn reads_every_kind() {
    let v = parse(
        r#" {"n": null, "t": true, "f": false, "i": -12, "u": 7, "x": 1.5, "s": "h\u00e9", "a": [], "o": {}} "#,
    );
    assert!(v["n"].is_null());
    assert_eq!(v["t"].as_bool(), Some(true));
    assert_eq!(v["f"], false);
    assert_eq!(v["i"].as_i64(), Some(-12));
    assert_eq!(v["u"].as_u64(), Some(7));
    assert_eq!(v["x"].as_f64(), Some(1.5));
    assert_eq!(v["s"].as_str(), Some("hé"));
    assert_eq!(v["a"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["o"].as_object().map(Map::len), Some(0));
    assert_eq!(v.len(), 9);
}

#[test]
fn integers_are_exact() {
    let v = parse(
        "[18446744073709551615, -9223372036854775808, 9007199254740993, 9223372036854775807, 0]",
    );
    assert_eq!(v[0].as_u64(), Some(u64::MAX));
    assert_eq!(v[0].as_i64(), None);
    assert_eq!(v[1].as_i64(), Some(i64::MIN));
    assert_eq!(v[2].as_u64(), Some(9007199254740993));
    assert_eq!(v[3].as_i64(), Some(i64::MAX));
    assert!(v[4].is_u64() && v[4].is_i64() && !v[4].is_f64());
    assert_eq!(
        jetjson::to_string(&v),
        "[18446744073709551615,-9223372036854775808,9007199254740993,9223372036854775807,0]"
    );
}

#[test]
fn numbers_beyond_64_bits_become_rounded_floats() {
    let v = parse("[18446744073709551616, -9223372036854775809, 123456789012345678901234567890, 1e999999999999]".replace(", 1e999999999999", "").as_str());
    assert_eq!(v[0].as_f64(), Some(18446744073709551616.0));
    assert!(v[0].is_f64());
    assert_eq!(v[1].as_f64(), Some(-9223372036854775809.0));
    assert_eq!(v[2].as_f64(), Some(123456789012345678901234567890.0));
    assert_eq!(
        jetjson::to_string(&v),
        "[1.8446744073709552e+19,-9.223372036854776e+18,1.2345678901234568e+29]"
    );
    let err = jetjson::from_str::<Value>("[1e999]").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::NumberOutOfRange { ty: "f64" });
    assert_eq!((err.line(), err.column()), (1, 2));
}

#[test]
fn floats_round_trip_shortest_and_keep_negative_zero() {
    for text in [
        "0.1",
        "-0.0",
        "5e-324",
        "1.7976931348623157e308",
        "2.2250738585072014e-308",
        "1.2345",
        "100.0",
        "1e16",
        "1e+16",
        "1e308",
        "1.5e-7",
    ] {
        let v = parse(text);
        let want: f64 = text.parse().unwrap();
        assert_eq!(v.as_f64().unwrap().to_bits(), want.to_bits(), "{text}");
        let serde_text = String::from_utf8(serde_compact(&serde_json::json!(want))).unwrap();
        assert_eq!(v.to_string(), serde_text, "{text}");
        assert_eq!(
            v.to_string(),
            serde_json::to_string(&want).unwrap(),
            "{text}"
        );
    }
    let z = parse("-0");
    assert!(z.as_f64().unwrap().is_sign_negative());
    assert_eq!(z.to_string(), "-0.0");
    assert_eq!(Value::from(-0.0).to_string(), "-0.0");
}

#[test]
fn rejects_what_the_reader_rejects_with_the_same_error() {
    let cases = [
        "",
        " ",
        "[",
        "[1,]",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{1:2}",
        "01",
        "1.",
        "-",
        "[1 2]",
        "tru",
        "nul",
        "fals",
        "\"\\x\"",
        "\"\\ud800\"",
        "\"abc",
        "\"a\u{1}b\"",
        "[1]x",
        "{\"a\":}",
        "[\"\\u12\"]",
        "{\"a\":1 \"b\":2}",
    ];
    for case in cases {
        let ours = jetjson::from_str::<Value>(case).unwrap_err();
        let reader = jetjson::validate(case.as_bytes()).unwrap_err();
        assert_eq!(ours.kind(), reader.kind(), "{case:?}");
        assert_eq!(ours.offset(), reader.offset(), "{case:?}");
        // The borrowed and in-situ parsers agree too.
        let borrowed = jetjson::from_str::<ValueRef>(case).unwrap_err();
        assert_eq!(
            (borrowed.kind(), borrowed.offset()),
            (reader.kind(), reader.offset()),
            "{case:?}"
        );
        let mut buf = case.as_bytes().to_vec();
        let insitu = from_slice_mut(&mut buf).unwrap_err();
        assert_eq!(
            (insitu.kind(), insitu.offset()),
            (reader.kind(), reader.offset()),
            "{case:?}"
        );
    }
}

#[test]
fn depth_limit_applies_and_a_raised_limit_is_safe() {
    let deep = "[".repeat(129) + &"]".repeat(129);
    let err = jetjson::from_str::<Value>(&deep).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit { limit: 128 });
    let ok = "[".repeat(128) + &"]".repeat(128);
    assert!(jetjson::from_str::<Value>(&ok).is_ok());

    let n = 1_000_000;
    let deep = "[".repeat(n) + &"]".repeat(n);
    let v = ValueOptions::new().max_depth(n).from_str(&deep).unwrap();
    assert_eq!(jetjson::to_string(&v), deep);
    let deep_obj = "{\"a\":".repeat(n) + "1" + &"}".repeat(n);
    let v = ValueOptions::new()
        .max_depth(n)
        .from_str(&deep_obj)
        .unwrap();
    assert_eq!(v.to_string(), deep_obj);
    let mut buf = deep_obj.clone().into_bytes();
    let r = ValueOptions::new()
        .max_depth(n)
        .from_slice_mut(&mut buf)
        .unwrap();
    assert_eq!(r.to_string(), deep_obj);
}

#[test]
fn duplicate_keys_last_wins_at_first_position() {
    let v = parse(r#"{"a":1,"b":2,"a":3}"#);
    assert_eq!(v.to_string(), r#"{"a":3,"b":2}"#);
    // Large objects (hash-indexed) behave the same.
    let mut text = String::from("{");
    for i in 0..100 {
        text += &format!("\"k{i}\":{i},");
    }
    text += "\"k5\":\"last\"}";
    let v = parse(&text);
    assert_eq!(v.len(), 100);
    assert_eq!(v["k5"], "last");
    assert_eq!(v.as_object().unwrap().get_index(5).unwrap().0, "k5");

    let opts = ValueOptions::new().reject_duplicate_keys(true);
    let err = opts
        .from_str("{\n \"x\": {\"a\":1,\"b\":2,\"a\":3}}")
        .unwrap_err();
    assert_eq!(err.to_string(), "duplicate key `a` at line 2 column 20");
    assert!(matches!(err.kind(), ErrorKind::InvalidValue { .. }));
    let err = opts.from_str(&text).unwrap_err();
    assert!(err.to_string().starts_with("duplicate key `k5`"), "{err}");
    assert!(opts.from_str(r#"{"a":{"a":1},"b":{"a":2}}"#).is_ok());
    let mut buf = br#"{"a\u0062":1,"ab":2}"#.to_vec();
    let err = opts.from_slice_mut(&mut buf).unwrap_err();
    assert!(err.to_string().starts_with("duplicate key `ab`"), "{err}");
}

#[test]
fn key_order_round_trips() {
    for text in [
        r#"{"z":1,"a":2,"m":{"y":[],"b":{}},"c":null}"#,
        r#"[{"b":1,"a":2},{"a":1,"b":2}]"#,
    ] {
        assert_eq!(parse(text).to_string(), text);
    }
    let v = parse(r#"{"b":1,"a":2}"#);
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["b", "a"]);
    // Equality ignores member order, as for JSON objects.
    assert_eq!(v, parse(r#"{"a":2,"b":1}"#));
    assert_ne!(v, parse(r#"{"a":2,"b":2}"#));
    assert_ne!(v, parse(r#"{"a":2}"#));
}

// MARK: - Indexing and pointers

#[test]
fn reading_through_index_never_panics() {
    let v = json!({"a": [1, {"b": "c"}], "s": "str"});
    assert_eq!(v["a"][1]["b"], "c");
    assert!(v["a"][2].is_null());
    assert!(v["a"]["b"].is_null());
    assert!(v["s"][0].is_null());
    assert!(v["s"]["x"].is_null());
    assert!(v["zz"]["yy"][7]["x"].is_null());
    assert!(v[0].is_null());
    assert_eq!(v.get("a").and_then(|a| a.get(0)), Some(&json!(1)));
    assert_eq!(v.get("missing"), None);
    assert_eq!(v.get(String::from("s")), Some(&json!("str")));
}

#[test]
fn writing_through_index_creates_objects() {
    let mut v = Value::Null;
    v["a"]["b"] = 1.into();
    v["a"]["c"] = json!([1, 2]);
    v["a"]["c"][0] = "x".into();
    v["z"] = Value::Null;
    assert_eq!(v.to_string(), r#"{"a":{"b":1,"c":["x",2]},"z":null}"#);
    *v.get_mut("z").unwrap() = true.into();
    assert_eq!(v["z"], true);
    *v.pointer_mut("/a/c/1").unwrap() = 3.into();
    assert_eq!(v["a"]["c"][1], 3);
    let mut list = Value::Null;
    list.push(1.into());
    list.push(json!({"k": "v"}));
    assert_eq!(list.to_string(), r#"[1,{"k":"v"}]"#);
}

#[test]
#[should_panic(expected = "cannot index into a JSON number with the key `b`")]
fn writing_a_key_into_a_number_panics() {
    let mut v = json!({"a": 1});
    v["a"]["b"] = 2.into();
}

#[test]
#[should_panic(expected = "index 5 out of range for a JSON array of length 2")]
fn writing_past_the_end_of_an_array_panics() {
    let mut v = json!([1, 2]);
    v[5] = 2.into();
}

#[test]
fn pointer_follows_rfc_6901() {
    // The example document of RFC 6901, section 5.
    let v = parse(
        r#"{"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4,
            "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8}"#,
    );
    assert_eq!(v.pointer(""), Some(&v));
    assert_eq!(v.pointer("/foo"), Some(&json!(["bar", "baz"])));
    assert_eq!(v.pointer("/foo/0"), Some(&json!("bar")));
    assert_eq!(v.pointer("/"), Some(&json!(0)));
    assert_eq!(v.pointer("/a~1b"), Some(&json!(1)));
    assert_eq!(v.pointer("/c%d"), Some(&json!(2)));
    assert_eq!(v.pointer("/e^f"), Some(&json!(3)));
    assert_eq!(v.pointer("/g|h"), Some(&json!(4)));
    assert_eq!(v.pointer("/i\\j"), Some(&json!(5)));
    assert_eq!(v.pointer("/k\"l"), Some(&json!(6)));
    assert_eq!(v.pointer("/ "), Some(&json!(7)));
    assert_eq!(v.pointer("/m~0n"), Some(&json!(8)));
    // Malformed pointers and missing steps.
    for bad in [
        "foo", "/m~2n", "/m~", "/foo/01", "/foo/-", "/foo/2", "/foo/+1", "/foo/0/x", "/nope",
    ] {
        assert_eq!(v.pointer(bad), None, "{bad}");
    }
    // `~01` is `~1`, not `/`.
    let w = json!({"~1": "tilde-one", "/": "slash"});
    assert_eq!(w.pointer("/~01"), Some(&json!("tilde-one")));
    assert_eq!(w.pointer("/~1"), Some(&json!("slash")));
    // An object key that looks like an index.
    let n = json!({"0": "zero", "": {"": "empty-empty"}});
    assert_eq!(n.pointer("/0"), Some(&json!("zero")));
    assert_eq!(n.pointer("//"), Some(&json!("empty-empty")));

    let mut m = v.clone();
    *m.pointer_mut("/foo/1").unwrap() = json!("qux");
    *m.pointer_mut("/m~0n").unwrap() = json!(9);
    assert_eq!(m["foo"][1], "qux");
    assert_eq!(m["m~n"], 9);
    assert!(m.pointer_mut("/foo/9").is_none());
}

// MARK: - Building

#[test]
fn json_macro_builds_every_shape() {
    let x = 5;
    let name = String::from("n");
    let opt: Option<u8> = None;
    let inner = json!({"k": [true]});
    let v = json!({
        "null": null,
        "bools": [true, false],
        "expr": x * 2,
        "neg": -1,
        "float": 2.5,
        "string": name,
        "opt": opt,
        "some": Some("s"),
        "vec": vec![1, 2],
        "inner": &inner,
        "nested": [[], {}, [{"a": {}}]],
        ("dyn".to_string() + "amic"): "key",
        "trailing": [1, 2,],
    });
    assert_eq!(
        v.to_string(),
        r#"{"null":null,"bools":[true,false],"expr":10,"neg":-1,"float":2.5,"string":"n","opt":null,"some":"s","vec":[1,2],"inner":{"k":[true]},"nested":[[],{},[{"a":{}}]],"dynamic":"key","trailing":[1,2]}"#
    );
    assert_eq!(json!(null), Value::Null);
    assert_eq!(json!([]), Value::Array(vec![]));
    assert_eq!(json!({}), Value::Object(Map::new()));
    assert_eq!(json!("s"), "s");
}

#[test]
fn from_impls_and_comparisons_with_plain_values() {
    assert_eq!(Value::from(1u8), 1);
    assert_eq!(Value::from(-1i64), -1);
    assert_eq!(Value::from(u64::MAX), u64::MAX);
    assert_eq!(Value::from(1.5f32), 1.5);
    assert_eq!(Value::from(f64::NAN), Value::Null);
    assert_eq!(Value::from(f64::INFINITY), Value::Null);
    assert_eq!(Value::from("s"), "s");
    assert_eq!(Value::from(String::from("s")), String::from("s"));
    assert_eq!(Value::from(Cow::Borrowed("s")), *"s");
    assert_eq!(Value::from('c'), "c");
    assert_eq!(Value::from(true), true);
    assert_eq!(Value::from(()), Value::Null);
    assert_eq!(Value::from(None::<i32>), Value::Null);
    assert_eq!(Value::from(Some(3)), 3);
    assert_eq!(Value::from(vec!["a", "b"]), json!(["a", "b"]));
    assert_eq!(Value::from(&[1, 2][..]), json!([1, 2]));
    assert_eq!(Value::from([1, 2]), json!([1, 2]));
    let arr: Value = (1..4).collect();
    assert_eq!(arr, json!([1, 2, 3]));
    let obj: Value = vec![("a", 1), ("b", 2)].into_iter().collect();
    assert_eq!(obj, json!({"a": 1, "b": 2}));
    // Plain values on either side.
    assert!(1 == json!(1) && json!(1) == 1u64 && json!(1) == 1.0);
    let owned = String::from("x");
    assert!("x" == json!("x") && json!("x") == "x" && json!("x") == owned && owned == json!("x"));
    assert!(true == json!(true) && json!(false) != true);
    assert!(json!(1) != "1" && json!("1") != 1);
    // Integers and floats are different numbers, as in serde_json.
    assert_ne!(json!(1), json!(1.0));
    assert_eq!(json!(0.0), json!(-0.0));
}

#[test]
fn accessors_and_iteration() {
    let mut v = json!({"a": [1, 2, 3], "b": "s", "c": {"x": 1}});
    assert!(v.is_object() && v["a"].is_array() && v["b"].is_string() && v["a"][0].is_number());
    assert_eq!(
        v["a"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_u64)
            .sum::<u64>(),
        6
    );
    for x in v["a"].as_array_mut().unwrap() {
        *x = Value::from(x.as_i64().unwrap() * 10);
    }
    assert_eq!(v["a"], json!([10, 20, 30]));
    let keys: Vec<String> = v
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, _)| k.clone())
        .collect();
    assert_eq!(keys, ["a", "b", "c"]);
    for (_, val) in v.as_object_mut().unwrap() {
        if val.is_string() {
            *val = json!(null);
        }
    }
    assert!(v["b"].is_null());
    let taken = v["c"].take();
    assert_eq!(taken, json!({"x": 1}));
    assert!(v["c"].is_null());
    let m = v.clone().into_object().unwrap();
    assert_eq!(m.len(), 3);
    assert_eq!(json!("s").into_string(), Some("s".to_string()));
    assert_eq!(json!(1).as_null(), None);
    assert_eq!(json!(null).as_null(), Some(()));
    assert_eq!(json!(1).type_name(), "number");
    assert_eq!(json!([1, 2]).len(), 2);
    assert!(json!("abc").is_empty());
}

#[test]
fn map_keeps_order_through_insert_and_remove() {
    let mut m = Map::new();
    for i in (0..40).rev() {
        assert_eq!(m.insert(format!("k{i}"), Value::from(i)), None);
    }
    assert_eq!(
        m.insert("k7".into(), Value::from("seven")),
        Some(Value::from(7))
    );
    assert_eq!(m.get_index(32).unwrap().0, "k7");
    assert_eq!(m.remove("k39"), Some(Value::from(39)));
    assert_eq!(m.get_index(0).unwrap().0, "k38");
    assert!(m.contains_key("k0") && !m.contains_key("k39"));
    m.retain(|k, _| k.len() == 2);
    assert_eq!(
        m.keys().cloned().collect::<Vec<_>>(),
        ["k9", "k8", "k7", "k6", "k5", "k4", "k3", "k2", "k1", "k0"]
    );
    m.sort_keys();
    assert_eq!(m.keys().next().unwrap(), "k0");
    assert_eq!(m["k7"], "seven");
    assert_eq!(m.get_key_value("k1").map(|(k, _)| k.as_str()), Some("k1"));
}

// MARK: - Output

#[test]
fn pretty_output_matches_serde_json() {
    let text = r#"{"a":[1,2,{"b":null,"c":[]}],"d":{},"e":"x\ny","f":-0.0,"g":1e300}"#;
    let v = parse(text);
    let s: serde_json::Value = serde_json::from_str(text).unwrap();
    // The document's keys are already sorted, so serde_json's order matches.
    let compact = String::from_utf8(serde_compact(&s)).unwrap();
    let pretty = String::from_utf8(serde_pretty(&s, 2)).unwrap();
    assert_eq!(v.to_string(), compact);
    assert_eq!(format!("{v:#}"), pretty);
    assert_eq!(v.to_string_pretty(2), pretty);
    assert_eq!(
        String::from_utf8(jetjson::to_vec_pretty(&v)).unwrap(),
        pretty
    );
    assert_eq!(pretty, serde_json::to_string_pretty(&s).unwrap());
    assert!(pretty.contains("1e+300"), "{pretty}");
    for indent in [0usize, 1, 4, 8] {
        assert_eq!(
            v.to_vec_pretty(indent),
            serde_pretty(&s, indent),
            "indent {indent}"
        );
    }
    assert_eq!(format!("{:?}", json!({"a": [1]})), r#"{"a":[1]}"#);
    assert_eq!(format!("{:#?}", json!([1])), "[\n  1\n]");
}

#[test]
fn to_writer_streams_a_value() {
    let v = json!({"a": vec!["x"; 3]});
    let mut out = Vec::new();
    jetjson::to_writer(&mut out, &v).unwrap();
    assert_eq!(out, br#"{"a":["x","x","x"]}"#);
}

// MARK: - Deep values

/// A value `depth` arrays deep, built without parsing.
fn deep_array(depth: usize) -> Value {
    let mut v = Value::Array(Vec::new());
    for _ in 1..depth {
        v = Value::Array(vec![v]);
    }
    v
}

#[test]
fn a_million_levels_drop_clone_compare_and_print() {
    let n = 1_000_000;
    let a = deep_array(n);
    let b = a.clone();
    assert_eq!(a, b);
    let mut c = deep_array(n);
    // Differ at the bottom.
    {
        let mut cur = &mut c;
        while let Value::Array(inner) = cur {
            if inner.is_empty() {
                inner.push(Value::Null);
                break;
            }
            cur = &mut inner[0];
        }
    }
    assert_ne!(a, c);
    let text = a.to_string();
    assert_eq!(text.len(), 2 * n);
    assert_eq!(format!("{a:?}").len(), 2 * n);
    assert_eq!(a.to_string_pretty(0).len(), 2 * n + 2 * (n - 1));
    let parsed = ValueOptions::new().max_depth(n).from_str(&text).unwrap();
    assert_eq!(parsed, a);

    let mut obj = Value::Null;
    for i in 0..n {
        let mut m = Map::new();
        m.insert("k".to_string(), obj);
        if i % 2 == 0 {
            m.insert("x".to_string(), Value::from(i));
        }
        obj = Value::Object(m);
    }
    let copy = obj.clone();
    assert_eq!(copy, obj);
    let owned = ValueOptions::new()
        .max_depth(n)
        .from_slice_borrowed(obj.to_string().as_bytes())
        .unwrap()
        .into_owned();
    assert_eq!(owned, obj);
    drop((a, b, c, parsed, obj, copy, owned));
}

// MARK: - Borrowed and in-situ

#[test]
fn value_ref_borrows_unescaped_strings() {
    let input = br#"{"k": "plain", "e\u00e9": "tab\there", "n": [1, -2, 3.5]}"#;
    let v: ValueRef = jetjson::from_slice(input).unwrap();
    let m = v.as_object().unwrap();
    assert!(matches!(m.get_index(0).unwrap().0, Cow::Borrowed("k")));
    assert!(matches!(m.get_index(1).unwrap().0, Cow::Owned(k) if k == "eé"));
    assert!(matches!(&v["k"], ValueRef::String(Cow::Borrowed("plain"))));
    assert_eq!(v["eé"], "tab\there");
    assert_eq!(v["n"][2], 3.5);
    assert_eq!(v.pointer("/n/1"), Some(&ValueRef::Number(Number::from(-2))));
    let owned = v.clone().into_owned();
    assert_eq!(owned, v);
    assert_eq!(v, owned);
    assert_eq!(jetjson::to_vec(&v), jetjson::to_vec(&owned));
}

#[test]
fn in_situ_unescapes_into_the_buffer() {
    let cases: &[(&str, &str)] = &[
        (r#""""#, ""),
        (r#""plain""#, "plain"),
        (r#""\n""#, "\n"),
        (
            r#""a\"b\\c\/d\be\ff\ng\rh\ti""#,
            "a\"b\\c/d\u{8}e\u{c}f\ng\rh\ti",
        ),
        (r#""\u00e9\u20ac\ud83d\ude00""#, "é€😀"),
        (r#""é\u00e9é""#, "ééé"),
        (r#""\u0000""#, "\0"),
        (r#""x\\""#, "x\\"),
        (
            r#""long run before the escape, more than sixteen bytes \u0041 and after it too""#,
            "long run before the escape, more than sixteen bytes A and after it too",
        ),
    ];
    for &(text, want) in cases {
        let mut buf = text.as_bytes().to_vec();
        let range = buf.as_ptr_range();
        let v = from_slice_mut(&mut buf).unwrap();
        match &v {
            ValueRef::String(Cow::Borrowed(s)) => {
                assert_eq!(*s, want, "{text}");
                // The text lives inside the buffer.
                assert!(
                    range.start <= s.as_ptr() && s.as_ptr() <= range.end,
                    "{text}"
                );
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // Keys too, and many strings in a row.
    let mut buf = br#"{"a\tb": ["\u0031", "2", "\"3\""], "c": {"d\u00e9": "\\"}} "#.to_vec();
    let v = from_slice_mut(&mut buf).unwrap();
    assert_eq!(
        v.to_string(),
        r#"{"a\tb":["1","2","\"3\""],"c":{"dé":"\\"}}"#
    );
    let m = v.as_object().unwrap();
    assert!(m.keys().all(|k| matches!(k, Cow::Borrowed(_))));
}

#[test]
fn in_situ_rejects_bad_strings_at_the_right_place() {
    for case in [
        r#"["ok\n", "\q"]"#,
        r#"["\ud800"]"#,
        r#"["\ud800\u0041"]"#,
        r#"["\udc00"]"#,
        r#"["\u12"#,
        r#"["\u12G4"]"#,
        "[\"a\\n\u{1}\"]",
        r#"["unterminated\n"#,
        r#"["\"#,
        r#"{"a\n": 1, "b": tru}"#,
        r#"{"\u00e9": 1} x"#,
    ] {
        let want = jetjson::validate(case.as_bytes()).unwrap_err();
        let mut buf = case.as_bytes().to_vec();
        let got = from_slice_mut(&mut buf).unwrap_err();
        assert_eq!(
            (got.kind(), got.offset()),
            (want.kind(), want.offset()),
            "{case}"
        );
    }
    let mut bad = b"[\"\xff\"]".to_vec();
    assert_eq!(
        from_slice_mut(&mut bad).unwrap_err().kind(),
        &ErrorKind::InvalidUtf8
    );
    let mut bad = b"[\"\\n\xc3\"]".to_vec();
    let err = from_slice_mut(&mut bad).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (&ErrorKind::InvalidUtf8, 4));
}

// MARK: - Typed conversions

#[test]
fn to_value_and_from_value() {
    let v = jetjson::value::to_value(&vec![(1u8, "a")]).unwrap();
    assert_eq!(v, json!([[1, "a"]]));
    let back: Vec<(u8, String)> = jetjson::value::from_value(v).unwrap();
    assert_eq!(back, [(1, "a".to_string())]);
    let err = jetjson::value::from_value::<Vec<u8>>(json!([1, -1])).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::NumberOutOfRange { ty: "u8" });
    let n: Number = jetjson::from_str("12").unwrap();
    assert_eq!(jetjson::to_string(&n), "12");
    assert_eq!(format!("{n:?}"), "Number(12)");
    assert_eq!(Number::from_f64(f64::NAN), None);
    assert_eq!(Number::from_i128(-1).and_then(|n| n.as_i64()), Some(-1));
    assert_eq!(Number::from_i128(i128::MAX), None);
}

#[test]
fn to_value_and_from_value_at_the_crate_root() {
    // The same functions as in `jetjson::value`, where serde_json has them.
    let v = jetjson::to_value(&std::collections::BTreeMap::from([("k", [0.5, 1e16])])).unwrap();
    assert_eq!(v, json!({"k": [0.5, 1e16]}));
    assert_eq!(v.to_string(), r#"{"k":[0.5,1e+16]}"#);
    assert_eq!(
        jetjson::to_value("s").unwrap(),
        jetjson::value::to_value("s").unwrap()
    );
    let back: std::collections::HashMap<String, Vec<f64>> = jetjson::from_value(v).unwrap();
    assert_eq!(back["k"], [0.5, 1e16]);
    let err = jetjson::from_value::<Vec<(u8, bool)>>(json!([[1, true], [2, 3]])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected a boolean, found number (at [1][1])"
    );
    assert_eq!((err.line(), err.column()), (0, 0));
    // A `Value` converts to itself, moved, and a raw text to its parse.
    let raw = jetjson::RawValue::from_json(r#"{"a": [1]}"#).unwrap();
    assert_eq!(jetjson::to_value(raw).unwrap(), json!({"a": [1]}));
    let same: Value = jetjson::from_value(json!([null])).unwrap();
    assert_eq!(same, json!([null]));
}

// MARK: - Shared data

#[test]
fn jsonchecker_through_value() {
    let Some(dir) = data_dir() else { return };
    let mut failures = Vec::new();
    for path in files(&dir.join("jsonchecker")) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let must_pass = name.starts_with("pass") || name.contains("EXCLUDE");
        let owned = jetjson::from_slice::<Value>(&bytes);
        let borrowed = jetjson::from_slice::<ValueRef>(&bytes);
        let mut buf = bytes.clone();
        let insitu = from_slice_mut(&mut buf);
        for (mode, ok) in [
            ("owned", owned.is_ok()),
            ("borrowed", borrowed.is_ok()),
            ("in situ", insitu.is_ok()),
        ] {
            if ok != must_pass {
                failures.push(format!("{name} ({mode}): accepted = {ok}"));
            }
        }
        if let (Ok(a), Ok(b)) = (&owned, &borrowed) {
            if a != b {
                failures.push(format!("{name}: borrowed differs"));
            }
        }
        if must_pass {
            if let Ok(v) = &owned {
                same_as_serde(v, &serde(&bytes), &name);
                assert_eq!(
                    sorted(v).to_string().into_bytes(),
                    serde_compact(&serde(&bytes)),
                    "{name}"
                );
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn roundtrip_files_reproduce_their_bytes() {
    let Some(dir) = data_dir() else { return };
    let mut failures = Vec::new();
    for path in files(&dir.join("roundtrip")) {
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        let want = text.trim_end();
        let v: Value = jetjson::from_slice(&bytes).unwrap();
        let r: ValueRef = jetjson::from_slice(&bytes).unwrap();
        let mut buf = bytes.clone();
        let s = from_slice_mut(&mut buf).unwrap();
        for (mode, got) in [
            ("owned", v.to_string()),
            ("borrowed", r.to_string()),
            ("in situ", s.to_string()),
        ] {
            // Byte for byte, except that `1e308` in a file may come back
            // as `1e+308` (see `reproduces_roundtrip_text`).
            if !common::reproduces_roundtrip_text(got.as_bytes(), want.as_bytes()) {
                failures.push(format!("{} ({mode}): {got}", path.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn corpora_agree_with_serde_json() {
    let Some(dir) = data_dir() else { return };
    for name in ["canada", "citm_catalog", "twitter"] {
        let bytes = std::fs::read(dir.join(format!("corpus/{name}.json"))).unwrap();
        let ours: Value = jetjson::from_slice(&bytes).unwrap();
        let theirs = serde(&bytes);
        same_as_serde(&ours, &theirs, name);
        // Same bytes out, compact and pretty (keys sorted as serde_json's
        // default map holds them).
        let ours_sorted = sorted(&ours);
        assert!(
            jetjson::to_vec(&ours_sorted) == serde_compact(&theirs),
            "{name} compact"
        );
        assert!(
            ours_sorted.to_vec_pretty(2) == serde_pretty(&theirs, 2),
            "{name} pretty"
        );
        assert!(
            ours_sorted.to_vec_pretty(4) == serde_pretty(&theirs, 4),
            "{name} pretty 4"
        );
        // In input order, our output reads back (in serde_json) as the input.
        let compact = jetjson::to_vec(&ours);
        assert_eq!(serde(&compact), theirs, "{name}");
        // Key order survives: the output is the input minified.
        let mut minified = Vec::new();
        jetjson::write::pretty::minify(&bytes, &mut minified);
        if name != "canada" {
            // canada.json writes floats with trailing zeros the shortest form drops.
            assert!(compact == minified, "{name} order");
        }
        // The borrowed and in-situ DOMs are the same value with the same output.
        let r: ValueRef = jetjson::from_slice(&bytes).unwrap();
        assert!(r == ours, "{name} borrowed");
        let mut buf = bytes.clone();
        let s = from_slice_mut(&mut buf).unwrap();
        assert!(s == ours, "{name} in situ");
        assert!(jetjson::to_vec(&s) == compact, "{name} in situ output");
        // Clone and equality on real data.
        assert!(ours.clone() == ours);
    }
}
