//! The shared conformance sets: json.org's JSON_checker files and the
//! nativejson-benchmark round-trip files. Adding a file adds a case.

mod common;

use std::collections::BTreeMap;

/// `fail*` files that RFC 8259 allows (json.org's checker predates it): a
/// top-level scalar, and 20 levels of nesting.
fn rfc8259_allows(name: &str) -> bool {
    name.contains("_EXCLUDE")
}

#[test]
fn jsonchecker_pass_accepted_fail_rejected() {
    let Some(dir) = common::shared_data("jsonchecker") else {
        return;
    };
    let mut wrong = Vec::new();
    let cases = common::files(&dir);
    assert!(cases.len() >= 30, "expected the whole jsonchecker set");
    for (name, bytes) in &cases {
        let result = jetjson::validate(bytes);
        let should_pass = name.starts_with("pass") || rfc8259_allows(name);
        if result.is_ok() != should_pass {
            wrong.push(format!("{name}: {result:?}"));
        }
        // serde_json (the oracle) agrees on every file.
        let serde = serde_json::from_slice::<serde_json::Value>(bytes);
        if name.starts_with("pass") || !rfc8259_allows(name) {
            assert_eq!(serde.is_ok(), should_pass, "serde_json disagrees on {name}");
        }
    }
    assert!(wrong.is_empty(), "misjudged files:\n{}", wrong.join("\n"));
}

/// Re-encodes a round-trip document through the first typed reading that
/// accepts it.
fn typed_roundtrip(bytes: &[u8]) -> Option<Vec<u8>> {
    if let Ok(v) = jetjson::from_slice::<Vec<Option<bool>>>(bytes) {
        return Some(jetjson::to_vec(&v));
    }
    if let Ok(v) = jetjson::from_slice::<Vec<i64>>(bytes) {
        return Some(jetjson::to_vec(&v));
    }
    if let Ok(v) = jetjson::from_slice::<Vec<u64>>(bytes) {
        return Some(jetjson::to_vec(&v));
    }
    if let Ok(v) = jetjson::from_slice::<Vec<f64>>(bytes) {
        return Some(jetjson::to_vec(&v));
    }
    if let Ok(v) = jetjson::from_slice::<Vec<String>>(bytes) {
        return Some(jetjson::to_vec(&v));
    }
    if let Ok(v) = jetjson::from_slice::<BTreeMap<String, Option<String>>>(bytes) {
        return Some(jetjson::to_vec(&v));
    }
    None
}

#[test]
fn roundtrip_files_reproduce_their_bytes() {
    let Some(dir) = common::shared_data("roundtrip") else {
        return;
    };
    let mut wrong = Vec::new();
    for (name, bytes) in common::files(&dir) {
        let text = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
        // Byte for byte, except that `1e308` in a file may come back as
        // `1e+308` (see `reproduces_roundtrip_text`).
        match typed_roundtrip(text) {
            Some(out) if common::reproduces_roundtrip_text(&out, text) => {}
            other => wrong.push(format!(
                "{name}: {} -> {:?}",
                String::from_utf8_lossy(text),
                other.map(|o| String::from_utf8_lossy(&o).into_owned())
            )),
        }
        // Re-indenting and minifying change nothing in a compact document.
        let mut min = Vec::new();
        jetjson::write::pretty::minify(text, &mut min);
        assert_eq!(min, text, "{name}");
    }
    assert!(
        wrong.is_empty(),
        "round trips that differ:\n{}",
        wrong.join("\n")
    );
}
