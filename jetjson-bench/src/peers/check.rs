//! Comparisons against serde_json's answers, run once per step before timing.
//!
//! Typed values compare with `PartialEq`; DOMs are converted to
//! `serde_json::Value` first. A difference is reported with the path of the
//! first differing element, so a "MISMATCH" cell can be explained.

use super::{Checked, Input};
use crate::schema::Schema;
use serde::Serialize;
use serde_json::Value;
use std::fmt::Display;

/// A decoded `T` must equal serde_json's.
pub fn typed<T: Schema, E: Display>(
    input: &Input<T>,
    got: Result<T, E>,
) -> Result<Checked, String> {
    let got = got.map_err(|e| format!("decode failed: {e}"))?;
    if got == input.value {
        Ok(Checked::ok())
    } else {
        let got = serde_json::to_value(&got).unwrap_or(Value::Null);
        Err(format!(
            "decoded value differs: {}",
            first_difference(&input.value_dom, &got)
        ))
    }
}

/// A DOM parsed from the input must equal serde_json's, once converted.
pub fn dom<T, D: Serialize, E: Display>(
    input: &Input<T>,
    got: Result<D, E>,
) -> Result<Checked, String> {
    same_dom(&input.dom, got, "parsed DOM")
}

/// A DOM built from `T` must equal `serde_json::to_value(&t)`, once converted.
pub fn value_dom<T, D: Serialize, E: Display>(
    input: &Input<T>,
    got: Result<D, E>,
) -> Result<Checked, String> {
    same_dom(&input.value_dom, got, "DOM of T")
}

/// JSON written from `T` must parse (with serde_json) back to `T`.
pub fn json_text<T: Schema, E: Display>(
    input: &Input<T>,
    got: Result<&[u8], E>,
) -> Result<Checked, String> {
    let text = got.map_err(|e| format!("encode failed: {e}"))?;
    let back: Result<T, _> = serde_json::from_slice(text);
    typed(
        input,
        back.map_err(|e| format!("its output does not parse back: {e}")),
    )?;
    Ok(Checked::sized(text.len()))
}

/// JSON written from a DOM of the input must parse (with serde_json) to the input's DOM.
pub fn dom_text<T, E: Display>(input: &Input<T>, got: Result<&[u8], E>) -> Result<Checked, String> {
    let text = got.map_err(|e| format!("encode failed: {e}"))?;
    let back: Value =
        serde_json::from_slice(text).map_err(|e| format!("its output does not parse back: {e}"))?;
    if back == input.dom {
        Ok(Checked::sized(text.len()))
    } else {
        Err(format!(
            "written DOM differs: {}",
            first_difference(&input.dom, &back)
        ))
    }
}

/// The text a lookup found must parse (with serde_json) to the value at
/// the input's pointer.
pub fn got_text<T, E: Display>(input: &Input<T>, got: Result<&str, E>) -> Result<Checked, String> {
    let text = got.map_err(|e| format!("get failed: {e}"))?;
    let want = input
        .dom
        .pointer(&input.pointer)
        .ok_or_else(|| format!("serde_json finds nothing at {}", input.pointer))?;
    let back: Value =
        serde_json::from_str(text).map_err(|e| format!("its text does not parse: {e}"))?;
    if &back == want {
        Ok(Checked::ok())
    } else {
        Err(format!(
            "value at {} differs: {}",
            input.pointer,
            first_difference(want, &back)
        ))
    }
}

/// A binary encoding decoded back (by the same system) must equal `T`.
pub fn round_trip<T: Schema, E: Display>(
    input: &Input<T>,
    size: usize,
    back: Result<T, E>,
) -> Result<Checked, String> {
    typed(
        input,
        back.map_err(|e| format!("its output does not decode back: {e}")),
    )?;
    Ok(Checked::sized(size))
}

fn same_dom<D: Serialize, E: Display>(
    want: &Value,
    got: Result<D, E>,
    what: &str,
) -> Result<Checked, String> {
    let got = got.map_err(|e| format!("{what} failed: {e}"))?;
    let got = serde_json::to_value(&got).map_err(|e| format!("{what} does not convert: {e}"))?;
    if &got == want {
        Ok(Checked::ok())
    } else {
        Err(format!("{what} differs: {}", first_difference(want, &got)))
    }
}

/// The path of the first place where `want` and `got` differ, with both values.
pub fn first_difference(want: &Value, got: &Value) -> String {
    fn walk(path: &mut String, want: &Value, got: &Value) -> Option<String> {
        match (want, got) {
            (Value::Object(a), Value::Object(b)) => {
                for (k, va) in a {
                    let len = path.len();
                    path.push('.');
                    path.push_str(k);
                    match b.get(k) {
                        Some(vb) => {
                            if let Some(d) = walk(path, va, vb) {
                                return Some(d);
                            }
                        }
                        None => return Some(format!("{path}: missing")),
                    }
                    path.truncate(len);
                }
                b.keys()
                    .find(|k| !a.contains_key(*k))
                    .map(|k| format!("{path}.{k}: unexpected key"))
            }
            (Value::Array(a), Value::Array(b)) => {
                for (i, (va, vb)) in a.iter().zip(b).enumerate() {
                    let len = path.len();
                    path.push_str(&format!("[{i}]"));
                    if let Some(d) = walk(path, va, vb) {
                        return Some(d);
                    }
                    path.truncate(len);
                }
                (a.len() != b.len())
                    .then(|| format!("{path}: {} elements, expected {}", b.len(), a.len()))
            }
            _ if want == got => None,
            _ => Some(format!(
                "{path}: got {}, expected {}",
                short(got),
                short(want)
            )),
        }
    }
    let mut path = String::new();
    walk(&mut path, want, got).unwrap_or_else(|| "(no visible difference)".into())
}

fn short(v: &Value) -> String {
    let mut s = v.to_string();
    if s.len() > 60 {
        let mut end = 57;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        s.truncate(end);
        s.push_str("...");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::first_difference;
    use serde_json::json;

    #[test]
    fn names_the_first_differing_path() {
        let a = json!({"a": [1, {"b": 2.5}], "c": "x"});
        let b = json!({"a": [1, {"b": 2.4}], "c": "x"});
        assert_eq!(first_difference(&a, &b), ".a[1].b: got 2.4, expected 2.5");
        let c = json!({"a": [1], "c": "x"});
        assert_eq!(first_difference(&a, &c), ".a: 1 elements, expected 2");
    }
}
