//! Shared by the integration tests: finding `../shared/data`.

#![allow(dead_code)] // Each test binary uses a different part of this module.

use std::path::PathBuf;

/// `<repo>/../shared/data/<sub>`, or `None` (after printing the skip notice)
/// when it is absent, as on a fresh clone.
pub fn shared_data(sub: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data")
        .join(sub);
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("skipped: ../shared/data not found ({})", dir.display());
        None
    }
}

/// The files of a data folder, sorted by name, with their bytes.
pub fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("readable data folder")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&p).expect("readable data file");
            (name, bytes)
        })
        .collect();
    out.sort();
    out
}

/// Whether `got`, jetjson's output for a round-trip file, reproduces `want`,
/// the file's text.
///
/// Byte for byte, with one allowance: the nativejson-benchmark files spell
/// a positive exponent without its sign (`1.7976931348623157e308`), while
/// jetjson writes it as serde_json, JavaScript and Python do (`e+308`). Where
/// that spelling is the only difference, the two texts are compared by value
/// instead: both must parse to equal `Value`s whose floats have the same bits.
pub fn reproduces_roundtrip_text(got: &[u8], want: &[u8]) -> bool {
    if got == want {
        return true;
    }
    let unsigned = String::from_utf8_lossy(got).replace("e+", "e");
    if unsigned.as_bytes() != want {
        return false;
    }
    match (
        jetjson::from_slice::<jetjson::Value>(got),
        jetjson::from_slice::<jetjson::Value>(want),
    ) {
        (Ok(a), Ok(b)) => a == b && same_float_bits(&a, &b),
        _ => false,
    }
}

/// Whether every float in `a` has the bits of the float at the same place in
/// `b` (`a == b` already holds, so the shapes match).
fn same_float_bits(a: &jetjson::Value, b: &jetjson::Value) -> bool {
    use jetjson::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            x.as_f64().map(f64::to_bits) == y.as_f64().map(f64::to_bits)
        }
        (Value::Array(x), Value::Array(y)) => x.iter().zip(y).all(|(x, y)| same_float_bits(x, y)),
        (Value::Object(x), Value::Object(y)) => x
            .iter()
            .all(|(k, v)| y.get(k).is_some_and(|w| same_float_bits(v, w))),
        _ => true,
    }
}
