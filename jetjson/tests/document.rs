//! `Document` against `Value` (and serde_json): the same accept/reject and
//! errors, the same values at every node, the same output; navigation
//! (lookups, pointers, iteration) checked on every node of the corpora;
//! hostile input through `Document`.

mod common;

use jetjson::document::{Kind, Node};
use jetjson::{Document, ReadOptions, Value};
use proptest::prelude::*;

// MARK: - The oracle check

/// Parses `bytes` with `Document` and with `Value` and checks that they
/// agree: both fail with the same error, or both succeed with the same
/// value at every node, the same output and the same navigation.
fn agree(bytes: &[u8]) {
    agree_with(bytes, &ReadOptions::new(), true);
}

fn agree_with(bytes: &[u8], opts: &ReadOptions, walk_nodes: bool) {
    let value: Result<Value, _> = opts.from_slice(bytes);
    let doc = opts.parse_document(bytes);
    match (value, doc) {
        (Ok(v), Ok(d)) => {
            assert_eq!(d.to_value(), v);
            assert_eq!(jetjson::to_vec(&d), jetjson::to_vec(&v));
            assert_eq!(jetjson::to_vec_pretty(&d), jetjson::to_vec_pretty(&v));
            let mut streamed = Vec::new();
            jetjson::to_writer(&mut streamed, &d).unwrap();
            assert_eq!(streamed, jetjson::to_vec(&v));
            if walk_nodes {
                walk(d.root(), &v, &mut String::new(), d.root());
            }
        }
        (Err(a), Err(b)) => {
            assert_eq!(
                a.kind(),
                b.kind(),
                "input {:?}",
                String::from_utf8_lossy(bytes)
            );
            assert_eq!(
                (a.line(), a.column(), a.offset()),
                (b.line(), b.column(), b.offset())
            );
            assert_eq!(a.to_string(), b.to_string());
        }
        (Ok(_), Err(e)) => panic!("Document rejects what Value accepts: {e}"),
        (Err(e), Ok(_)) => panic!("Document accepts what Value rejects: {e}"),
    }
}

/// RFC 6901 escaping of one token.
fn escape_token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// Checks `node` against `v` and recurses into every child; `path` is the
/// pointer from `root` to `node`.
fn walk(node: Node<'_>, v: &Value, path: &mut String, root: Node<'_>) {
    assert_eq!(
        root.pointer(path).map(|n| n.index()),
        Some(node.index()),
        "pointer {path}"
    );
    assert_eq!(node.is_null(), v.is_null());
    assert_eq!(node.as_bool(), v.as_bool());
    assert_eq!(node.as_i64(), v.as_i64());
    assert_eq!(node.as_u64(), v.as_u64());
    assert_eq!(
        node.as_f64().map(f64::to_bits),
        v.as_f64().map(f64::to_bits)
    );
    assert_eq!(node.as_number().as_ref(), v.as_number());
    assert_eq!(node.is_f64(), v.is_f64());
    assert_eq!(node.is_i64(), v.is_i64());
    assert_eq!(node.as_str(), v.as_str());
    assert_eq!(node.len(), v.len(), "len at {path}");
    assert_eq!(node.to_value(), *v);
    assert_eq!(jetjson::to_vec(&node), jetjson::to_vec(v));
    // The raw text reads back as the same value, and decoding agrees.
    assert_eq!(jetjson::from_str::<Value>(node.raw()).unwrap(), *v);
    assert_eq!(node.decode::<Value>().unwrap(), *v);
    let input = node.document().input();
    assert_eq!(
        &input[node.offset()..node.offset() + node.raw().len()],
        node.raw()
    );
    match v {
        Value::Array(items) => {
            assert_eq!(node.kind(), Kind::Array);
            assert_eq!(node.elements().len(), items.len());
            assert!(node.at(items.len()).is_none());
            assert!(node.get("0").is_none());
            for (i, (child, item)) in node.elements().zip(items).enumerate() {
                assert_eq!(node.at(i).map(|n| n.index()), Some(child.index()));
                let len = path.len();
                path.push('/');
                path.push_str(&i.to_string());
                walk(child, item, path, root);
                path.truncate(len);
            }
        }
        Value::Object(map) => {
            assert_eq!(node.kind(), Kind::Object);
            assert!(node.at(0).is_none());
            let keys: Vec<&str> = node.members().map(|(k, _)| k).collect();
            let want: Vec<&str> = map.keys().map(String::as_str).collect();
            assert_eq!(keys, want, "member order at {path}");
            assert_eq!(node.members().len(), map.len());
            for (key, child) in node.members() {
                assert_eq!(node.get(key).map(|n| n.index()), Some(child.index()));
                let len = path.len();
                path.push('/');
                path.push_str(&escape_token(key));
                walk(child, &map[key], path, root);
                path.truncate(len);
            }
            assert!(node.get("\u{0}no such key").is_none());
        }
        Value::String(_) => assert_eq!(node.kind(), Kind::String),
        Value::Number(_) => assert_eq!(node.kind(), Kind::Number),
        Value::Bool(_) => assert_eq!(node.kind(), Kind::Bool),
        Value::Null => assert_eq!(node.kind(), Kind::Null),
    }
}

// MARK: - Data folders

#[test]
fn corpora_agree_with_value_at_every_node() {
    let Some(dir) = common::shared_data("corpus") else {
        return;
    };
    let cases = common::files(&dir);
    assert!(cases.len() >= 3);
    for (name, bytes) in &cases {
        agree(bytes);
        // serde_json reads our output as the same value it reads the input as.
        let doc = Document::parse(bytes).unwrap();
        let theirs: serde_json::Value = serde_json::from_slice(bytes).unwrap();
        let ours: serde_json::Value = serde_json::from_slice(&jetjson::to_vec(&doc)).unwrap();
        assert_eq!(ours, theirs, "{name}");
        // A handful of allocations: the slot array should not need to grow
        // on real documents.
        assert!(
            doc.slot_count() <= bytes.len() / 8 + 4,
            "{name}: {} slots",
            doc.slot_count()
        );
    }
}

#[test]
fn jsonchecker_and_roundtrip_agree_with_value() {
    for sub in ["jsonchecker", "roundtrip"] {
        let Some(dir) = common::shared_data(sub) else {
            return;
        };
        for (name, bytes) in common::files(&dir) {
            agree(&bytes);
            let ours = Document::parse(&bytes);
            if !name.contains("_EXCLUDE") {
                let serde = serde_json::from_slice::<serde_json::Value>(&bytes);
                assert_eq!(
                    ours.is_ok(),
                    serde.is_ok(),
                    "serde_json disagrees on {name}"
                );
            }
            if sub == "roundtrip" {
                let text = std::str::from_utf8(&bytes).unwrap().trim_end();
                let written = jetjson::to_string(&ours.unwrap());
                // Byte for byte, but for the one file that spells an
                // exponent without `+` (compared by value there).
                assert!(
                    common::reproduces_roundtrip_text(written.as_bytes(), text.as_bytes()),
                    "{name}: {written} vs {text}"
                );
            }
        }
    }
}

// MARK: - Cases

#[test]
fn small_documents_agree() {
    for text in [
        "0",
        "-0",
        "-0.0",
        "1e400",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "123456789012345678901234567890",
        "1.5e-7",
        "\"\"",
        r#""a\"b\\c\/d\u00e9\ud83d\ude00\n""#,
        " [ ] ",
        "{}",
        "[[],{},[[]],{\"a\":{}}]",
        r#"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#,
        r#"{"a":1,"b":2,"a":3}"#,
        r#"{"a":[1,2],"b":0,"a":{"x":[3]},"c":1,"a":null}"#,
        r#"{"k":{"a":1,"a":{"b":1,"b":2}},"k":{"a":{"c":1,"c":[1,{"d":1,"d":2}]},"a":3}}"#,
        r#"{"\u0061":1,"a":2}"#,
        r#"{"":1,"":2}"#,
        "[1,]",
        "[1 2]",
        "{\"a\" 1}",
        "{\"a\":1,}",
        "{,}",
        "tru",
        "nul",
        "[01]",
        "\"\\x\"",
        "\"\\ud800\"",
        "\"\u{1}\"",
        "[1] x",
        "\u{feff}[]",
        "",
        "   ",
        "[\"é\", \"搜索\", \"😀\"]",
    ] {
        agree(text.as_bytes());
    }
}

/// Short integers are read by byte tests before the word-wise scan: every
/// shape of one to four digits, signed or not, with a leading zero, a
/// fraction or an exponent, before every kind of byte that can follow (and
/// the end of the input), in every place a value stands.
#[test]
fn short_numbers_agree_before_every_terminator() {
    let numbers = [
        "0", "7", "00", "01", "10", "99", "000", "012", "100", "999", "1000", "0123", "-0", "-5",
        "-10", "-999", "1.", "1.5", "12.5", "123.5", "0.5", "1e2", "12E3", "123e", "9-", "5a",
    ];
    let after = [
        "", ",", "]", "}", " ", "\n", "x", "0", ".", "e", "-", "\"\"",
    ];
    for n in numbers {
        for a in after {
            agree(format!("{n}{a}").as_bytes());
            agree(format!("[{n}{a}").as_bytes());
            agree(format!("[{n}{a}]").as_bytes());
            agree(format!("[1,{n}{a},2]").as_bytes());
            agree(format!("{{\"k\":{n}{a}}}").as_bytes());
            agree(format!("{{\"k\": {n}{a},\"z\":0}}").as_bytes());
        }
    }
}

/// Integers of four digits or more take a word-wise path of their own
/// (after the short one above, before the full scan): every length to
/// past `u64`, with signs, leading zeros, fractions and exponents, before
/// every kind of byte that can follow and near the end of the input.
#[test]
fn long_integers_agree_before_every_terminator() {
    let mut numbers: Vec<String> = Vec::new();
    for len in 4..=21 {
        let digits: String = "98765432109876543210987".chars().take(len).collect();
        numbers.push(digits.clone());
        numbers.push(format!("-{digits}"));
        numbers.push(format!("0{digits}"));
        numbers.push(format!("{digits}.5"));
        numbers.push(format!("{digits}e3"));
        numbers.push(format!("{digits}E-2"));
        numbers.push("1".to_string() + &"0".repeat(len - 1));
    }
    numbers.extend(
        [
            "18446744073709551615",
            "18446744073709551616",
            "999999999999999",
            "1000000000000000",
        ]
        .map(String::from),
    );
    let after = ["", ",", "]", "}", " ", "\n", "x", ".", "e", "-", "\"\""];
    for n in &numbers {
        for a in after {
            agree(format!("{n}{a}").as_bytes());
            agree(format!("[{n}{a}]").as_bytes());
            agree(format!("[1,{n}{a},2]").as_bytes());
            agree(format!("{{\"k\":{n}{a}}}").as_bytes());
        }
    }
}

#[test]
fn repeated_keys_resolve_as_value_does() {
    let doc = Document::parse(br#"{"a":1,"b":2,"a":{"x":3},"c":4,"b":5}"#).unwrap();
    let root = doc.root();
    assert_eq!(root.len(), 3);
    let members: Vec<(&str, String)> = root.members().map(|(k, v)| (k, v.to_string())).collect();
    assert_eq!(
        members,
        [
            ("a", r#"{"x":3}"#.to_string()),
            ("b", "5".into()),
            ("c", "4".into())
        ]
    );
    assert_eq!(
        root.get("a").unwrap().pointer("/x").unwrap().as_u64(),
        Some(3)
    );
    assert_eq!(root.pointer("/b").unwrap().as_u64(), Some(5));
    assert_eq!(jetjson::to_string(&doc), r#"{"a":{"x":3},"b":5,"c":4}"#);

    // A repeat found by walking back over nested values, one spelled with
    // an escape.
    let text = br#"{"a":[[1],{"a":2}],"b":{"c":[3]},"\u0061":4,"b\n":5,"b\u000a":6}"#;
    agree(text);
    let doc = Document::parse(text).unwrap();
    assert_eq!(jetjson::to_string(&doc), r#"{"a":4,"b":{"c":[3]},"b\n":6}"#);

    // Objects large enough to fill the filter, with and without repeats.
    for n in [10usize, 64, 65, 1000] {
        let mut text = String::from("{");
        for i in 0..n {
            text.push_str(&format!("\"k{i}\":{i},"));
        }
        text.push_str("\"k3\":\"last\",\"k0\":[0]}");
        agree(text.as_bytes());
        let doc = Document::parse(text.as_bytes()).unwrap();
        assert_eq!(doc.root().len(), n);
        assert_eq!(doc.root().get("k3").unwrap().as_str(), Some("last"));
        let distinct = (0..n)
            .map(|i| format!("\"k{i}\":{i}"))
            .collect::<Vec<_>>()
            .join(",");
        agree(format!("{{{distinct}}}").as_bytes());
    }
}

#[test]
fn navigation_misses_are_none() {
    let doc = Document::parse(br#"{"a":[1,[2,3],{"b":4}],"s":"x"}"#).unwrap();
    let root = doc.root();
    assert!(root.get("z").is_none());
    assert!(root.pointer("/a/3").is_none());
    assert!(root.pointer("/a/-").is_none());
    assert!(root.pointer("/a/01").is_none());
    assert!(root.pointer("/s/0").is_none());
    assert!(root.pointer("/a~2").is_none());
    assert_eq!(root.pointer("").map(|n| n.index()), Some(0));
    let a = root.get("a").unwrap();
    assert_eq!(a.at(2).unwrap().get("b").unwrap().as_u64(), Some(4));
    assert_eq!(a.at(1).unwrap().at(1).unwrap().as_u64(), Some(3));
    assert!(root.get("s").unwrap().at(0).is_none());
    assert_eq!(root.get("s").unwrap().len(), 0);
    assert_eq!(root.get("s").unwrap().elements().count(), 0);
    assert_eq!(a.members().count(), 0);
    assert_eq!(a.raw(), r#"[1,[2,3],{"b":4}]"#);
    assert_eq!(root.get("s").unwrap().raw(), r#""x""#);
}

#[test]
fn strings_borrow_from_the_input_unless_escaped() {
    let input = br#"["plain", "esc\naped", "caf\u00e9"]"#;
    let doc = Document::parse(input).unwrap();
    let range = input.as_ptr_range();
    let plain = doc.root().at(0).unwrap().as_str().unwrap();
    assert!(range.contains(&plain.as_ptr()));
    let escaped = doc.root().at(1).unwrap();
    assert_eq!(escaped.as_str(), Some("esc\naped"));
    assert!(!range.contains(&escaped.as_str().unwrap().as_ptr()));
    assert_eq!(escaped.raw(), r#""esc\naped""#);
    assert_eq!(escaped.offset(), 10);
    assert_eq!(doc.root().at(2).unwrap().as_str(), Some("café"));
}

/// The boundary of the parser's one `unsafe` (the input as `&str`): text is
/// accepted only when all of it is UTF-8.
#[test]
fn invalid_utf8_anywhere_is_rejected() {
    for bad in [
        &b"\"\xff\""[..],
        b"[\"ok\", \"\xc3\"]",
        b"[\"\xe2\x82\"]",
        b"{\"\xed\xa0\x80\":1}",
        b"[1]\xc3\xa9",
        b"\xc3\xa9",
        b"[\xc3\xa9]",
        b"[\"a\\n\xff\"]",
    ] {
        assert!(Document::parse(bad).is_err());
        agree(bad);
    }
    let good = "{\"é\":\"\u{10ffff}\u{7ff}\u{800}\\u00e9\"}";
    let doc = Document::parse(good.as_bytes()).unwrap();
    assert_eq!(doc.input(), good);
    agree(good.as_bytes());
}

#[cfg(feature = "derive")]
#[test]
fn decode_reads_a_part_with_positions_in_the_whole_input() {
    #[derive(jetjson::Json, Debug, PartialEq)]
    struct Point {
        x: i32,
        y: i32,
    }
    let input = b"{\n  \"pts\": [{\"x\": 1, \"y\": 2}, {\"x\": \"no\", \"y\": 0}]\n}";
    let doc = Document::parse(input).unwrap();
    let pts = doc.root().get("pts").unwrap();
    assert_eq!(
        pts.at(0).unwrap().decode::<Point>().unwrap(),
        Point { x: 1, y: 2 }
    );
    let err = pts.decode::<Vec<Point>>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected i32, found string at line 2 column 35 (at [1].x)"
    );
    let name: &str = Document::parse(br#"{"n":"borrowed"}"#)
        .map(|d| {
            let s: &str = d.root().get("n").unwrap().decode().unwrap();
            assert_eq!(s, "borrowed");
            "ok"
        })
        .unwrap();
    assert_eq!(name, "ok");
}

#[test]
fn decode_without_the_derive() {
    let doc = Document::parse(b"{\"xs\": [1, 2], \"s\": \"a\\nb\"}").unwrap();
    let xs: Vec<u8> = doc.root().get("xs").unwrap().decode().unwrap();
    assert_eq!(xs, [1, 2]);
    let s: String = doc.root().get("s").unwrap().decode().unwrap();
    assert_eq!(s, "a\nb");
    let err = doc
        .root()
        .get("xs")
        .unwrap()
        .decode::<Vec<bool>>()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected a boolean, found number at line 1 column 9 (at [0])"
    );
}

// MARK: - Hostile input

#[test]
fn million_deep_nesting_is_a_depth_error() {
    let n = 1_000_000;
    let deep = "[".repeat(n) + &"]".repeat(n);
    let err = Document::parse(deep.as_bytes()).unwrap_err();
    assert!(matches!(
        err.kind(),
        jetjson::ErrorKind::DepthLimit { limit: 128 }
    ));
    agree_with(deep.as_bytes(), &ReadOptions::new(), false);
    let objects = "{\"a\":".repeat(n) + "1" + &"}".repeat(n);
    agree_with(objects.as_bytes(), &ReadOptions::new(), false);
    // With the limit lifted it parses, writes and converts without recursion.
    let opts = ReadOptions::new().max_depth(2 * n);
    let doc = opts.parse_document(deep.as_bytes()).unwrap();
    assert_eq!(jetjson::to_vec(&doc), deep.as_bytes());
    let doc = opts.parse_document(objects.as_bytes()).unwrap();
    assert_eq!(jetjson::to_vec(&doc), objects.as_bytes());
    let v = doc.to_value();
    assert_eq!(jetjson::to_vec(&v), objects.as_bytes());
    // Deep repeats exercise the writer's redirect stack.
    let dup = "{\"a\":0,\"a\":".repeat(10_000) + "1" + &"}".repeat(10_000);
    agree_with(dup.as_bytes(), &ReadOptions::new().max_depth(20_000), false);
}

#[test]
fn ten_megabyte_strings() {
    let big = "x".repeat(10 << 20);
    let text = format!("[\"{big}\",\"{}\\n\"]", "é".repeat(5 << 20));
    agree_with(text.as_bytes(), &ReadOptions::new(), false);
    let doc = Document::parse(text.as_bytes()).unwrap();
    assert_eq!(
        doc.root().at(0).unwrap().as_str().map(str::len),
        Some(10 << 20)
    );
    assert_eq!(
        doc.root().at(1).unwrap().as_str().map(str::len),
        Some((10 << 20) + 1)
    );
    let unterminated = format!("\"{big}");
    agree_with(unterminated.as_bytes(), &ReadOptions::new(), false);
}

#[test]
fn truncation_at_every_byte() {
    let text = r#"{"a":[1,-2.5e3,true,false,null,"s\u00e9\n"],"b":{"c":{},"d":[]},"a":"x"}"#;
    for end in 0..=text.len() {
        agree(&text.as_bytes()[..end]);
    }
    // And a byte flipped at every position.
    for at in 0..text.len() {
        for b in [b'"', b'{', b']', b',', b'0', 0xff, b' '] {
            let mut bytes = text.as_bytes().to_vec();
            bytes[at] = b;
            agree(&bytes);
        }
    }
}

// MARK: - Random documents

/// A JSON text with random whitespace, escapes, number spellings and keys
/// drawn from a small set (so that repeats, also spelt with escapes, are
/// common).
fn json_text() -> impl Strategy<Value = String> {
    let ws = prop::sample::select(vec!["", "", " ", "\n", "\t ", "\r\n  "]);
    let string = prop::collection::vec(
        prop_oneof![
            4 => prop::char::range('a', 'e').prop_map(|c| c.to_string()),
            1 => Just("\\n".to_string()),
            1 => Just("\\u0061".to_string()),
            1 => Just("\\ud83d\\ude00".to_string()),
            1 => Just("é".to_string()),
            1 => Just("\\\"".to_string()),
            1 => Just("/".to_string()),
        ],
        0..6,
    )
    .prop_map(|parts| format!("\"{}\"", parts.concat()));
    let leaf = prop_oneof![
        Just("null".to_string()),
        Just("true".to_string()),
        Just("false".to_string()),
        any::<i64>().prop_map(|v| v.to_string()),
        any::<u64>().prop_map(|v| v.to_string()),
        any::<f64>()
            .prop_filter("finite", |v| v.is_finite())
            .prop_map(|v| format!("{v:e}")),
        (-1000i32..1000, -30i32..30).prop_map(|(m, e)| format!("{m}.5e{e}")),
        Just("123456789012345678901234567890".to_string()),
        Just("-0".to_string()),
        string.clone(),
    ];
    leaf.prop_recursive(5, 64, 6, move |inner| {
        let ws = ws.clone();
        prop_oneof![
            (
                prop::collection::vec((inner.clone(), ws.clone()), 0..6),
                ws.clone()
            )
                .prop_map(|(items, w)| {
                    let body: Vec<String> = items
                        .into_iter()
                        .map(|(v, w)| format!("{w}{v}{w}"))
                        .collect();
                    format!("[{w}{}]", body.join(","))
                }),
            (
                prop::collection::vec(
                    (
                        prop::sample::select(vec!["a", "b", "\\u0061", "é", ""]),
                        inner,
                        ws.clone()
                    ),
                    0..6
                ),
                ws
            )
                .prop_map(|(members, w)| {
                    let body: Vec<String> = members
                        .into_iter()
                        .map(|(k, v, w)| format!("{w}\"{k}\"{w}:{w}{v}"))
                        .collect();
                    format!("{{{w}{}}}", body.join(","))
                }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_documents_agree(text in json_text()) {
        agree(text.as_bytes());
        let doc = Document::parse(text.as_bytes()).unwrap();
        let theirs: serde_json::Value = serde_json::from_str(&text).unwrap();
        let ours: serde_json::Value = serde_json::from_slice(&jetjson::to_vec(&doc)).unwrap();
        prop_assert_eq!(ours, theirs);
    }

    #[test]
    fn mutated_documents_agree(text in json_text(), at in any::<prop::sample::Index>(), b in any::<u8>()) {
        let mut bytes = text.into_bytes();
        let i = at.index(bytes.len());
        bytes[i] = b;
        agree(&bytes);
        bytes.truncate(i);
        agree(&bytes);
    }
}

// MARK: - Lazy lookups

/// Every node of `v` by its pointer, with the pointer.
fn pointers(v: &Value, path: &mut String, out: &mut Vec<(String, Value)>) {
    out.push((path.clone(), v.clone()));
    let len = path.len();
    match v {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push_str(&format!("/{i}"));
                pointers(item, path, out);
                path.truncate(len);
            }
        }
        Value::Object(map) => {
            for (k, item) in map.iter() {
                path.push('/');
                path.push_str(&escape_token(k));
                pointers(item, path, out);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

#[test]
fn get_and_get_many_agree_with_value_on_the_corpora() {
    let Some(dir) = common::shared_data("corpus") else {
        return;
    };
    for (name, bytes) in common::files(&dir) {
        let v: Value = jetjson::from_slice(&bytes).unwrap();
        let mut all = Vec::new();
        pointers(&v, &mut String::new(), &mut all);
        // The corpora have no repeated keys, so first and last occurrence agree.
        let step = (all.len() / 2000).max(1);
        let sample: Vec<&(String, Value)> = all.iter().step_by(step).collect();
        // `get` one by one on a few (each reads up to its value) ...
        for (p, want) in sample.iter().step_by(10) {
            let text = jetjson::get(&bytes, p).unwrap().unwrap();
            assert_eq!(
                &jetjson::from_str::<Value>(text).unwrap(),
                want,
                "{name} {p}"
            );
        }
        // ... and `get_many` on all in one pass.
        let mut ps: Vec<&str> = sample.iter().map(|(p, _)| p.as_str()).collect();
        ps.push("/no/such/path");
        ps.push("bad");
        let got = jetjson::get_many(&bytes, &ps).unwrap();
        for ((p, want), text) in sample.iter().zip(&got) {
            let text = text.unwrap_or_else(|| panic!("{name}: get_many missed {p}"));
            assert_eq!(
                &jetjson::from_str::<Value>(text).unwrap(),
                want,
                "{name} {p}"
            );
        }
        assert_eq!(got[got.len() - 2..], [None, None]);
    }
}

#[test]
fn get_reads_only_the_way_to_the_value() {
    let input = br#"{"a": {"b": [1, 2, {"c": "d"}]}, "a": 5, "e": [tru"#;
    assert_eq!(jetjson::get(input, "/a/b/2/c").unwrap(), Some(r#""d""#));
    // The first of a repeated key.
    assert_eq!(jetjson::get(input, "/a/b/0").unwrap(), Some("1"));
    assert_eq!(
        jetjson::get_many(input, &["/a/b/1", "/a"]).unwrap(),
        [Some("2"), Some(r#"{"b": [1, 2, {"c": "d"}]}"#)]
    );
    let err = jetjson::get(input, "/e/0").unwrap_err();
    assert_eq!(
        err.to_string(),
        "unexpected end of input at line 1 column 51"
    );
    let err = jetjson::get(input, "/zzz").unwrap_err();
    assert_eq!(
        err.to_string(),
        "unexpected end of input at line 1 column 51"
    );
    let err = jetjson::get(br#"{"a": nul, "b": 1}"#, "/b").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid literal (expected true, false or null) at line 1 column 10"
    );
    assert!(jetjson::get_many(input, &["/x"]).is_err());
    assert_eq!(jetjson::get(b"[1, 2]", "/01").unwrap(), None);
    assert_eq!(jetjson::get(b"[1, 2]", "/-").unwrap(), None);
    assert_eq!(jetjson::get(b"\"s\"", "/0").unwrap(), None);
    assert_eq!(
        jetjson::get(br#"{"a/b~": 1}"#, "/a~1b~0").unwrap(),
        Some("1")
    );
    assert!(jetjson::get(b"", "").is_err());
    assert!(jetjson::get(b"[", "/0").is_err());
    assert!(jetjson::get(b"{\"a\":1", "/b").is_err());
    // Deep input is a depth error, not a crash.
    let deep = "[".repeat(100_000);
    let path = "/0".repeat(100_000);
    assert!(jetjson::get(deep.as_bytes(), &path).is_err());
    assert!(jetjson::get_many(deep.as_bytes(), &[path.as_str()]).is_err());
}

#[test]
fn get_never_panics_on_truncation() {
    let text = r#"{"a":[1,{"b":"\u00e9"}],"c":{"d":[]}}"#;
    for end in 0..=text.len() {
        let bytes = &text.as_bytes()[..end];
        for p in ["", "/a", "/a/1/b", "/c/d", "/c/d/0", "/z"] {
            let got = jetjson::get(bytes, p);
            if let Ok(Some(t)) = got {
                assert!(jetjson::validate(t.as_bytes()).is_ok());
            }
            let many = jetjson::get_many(bytes, &[p, "/a/0"]);
            if let (Ok(one), Ok(many)) = (jetjson::get(bytes, p), many) {
                assert_eq!(one, many[0]);
            }
        }
    }
}

/// The writer ends every value with a `,` that a closing bracket
/// overwrites: output streamed in blocks (a block may end right at such a
/// comma), and nodes written among other values, come out as `Value`'s.
#[test]
fn commas_survive_block_boundaries_and_neighbours() {
    let unit = r#"[],{},[1],{"a":[]},[[{}]],"s,",{"k":{"":[true,null,-1.5]}},"#;
    for count in [1usize, 7, 1000, 5000] {
        let text = format!("[{}0]", unit.repeat(count));
        // Node by node only where it is quick; the whole output always.
        agree_with(text.as_bytes(), &ReadOptions::new(), count < 100);
    }
    let doc = Document::parse(br#"{"a":[1,[],{}],"b":"x,","c":{}}"#).unwrap();
    let root = doc.root();
    let parts = [
        root.get("a").unwrap(),
        root.get("b").unwrap(),
        root.get("c").unwrap(),
        root.pointer("/a/1").unwrap(),
        root.pointer("/a/0").unwrap(),
    ];
    assert_eq!(
        jetjson::to_string(&parts[..]),
        r#"[[1,[],{}],"x,",{},[],1]"#
    );
}

/// Integers are written from their input text, floats formatted: every
/// spelling of a number writes what `Value` writes for it, at the input's
/// end and inside it (where the 32-byte copy reads past the number).
#[test]
fn numbers_write_as_value_writes_them() {
    let cases = [
        ("7", "7"),
        ("-7", "-7"),
        ("1.0", "1.0"),
        ("10e1", "100.0"),
        ("-0", "-0.0"),
        ("18446744073709551615", "18446744073709551615"),
        ("18446744073709551616", "1.8446744073709552e+19"),
        ("-9223372036854775808", "-9223372036854775808"),
        ("-9223372036854775809", "-9.223372036854776e+18"),
        (
            "[0, -1 ,12345678901234567890,1.5e3,{\"k\":99}]",
            "[0,-1,12345678901234567890,1500.0,{\"k\":99}]",
        ),
    ];
    for (text, want) in cases {
        let doc = jetjson::Document::parse(text.as_bytes()).unwrap();
        let value: jetjson::Value = jetjson::from_slice(text.as_bytes()).unwrap();
        assert_eq!(String::from_utf8(jetjson::to_vec(&doc)).unwrap(), want);
        assert_eq!(jetjson::to_vec(&doc), jetjson::to_vec(&value), "{text}");
    }
}
