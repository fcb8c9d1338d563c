//! Re-indenting: pretty output is made from compact output by one pass that
//! only changes whitespace, so encoders stay single-purpose and fast.
//!
//! The layout is serde_json's `PrettyFormatter`: one member or element per
//! line, `": "` after keys, empty containers as `{}` and `[]`.

use crate::simd;

/// Appends `json` (a valid JSON document) to `out`, indented by `indent`
/// spaces per level. Strings and numbers are copied byte for byte.
///
/// The input must already be valid JSON (the output of this crate's writer,
/// or text that passed [`crate::validate`]); on other input the result is
/// unspecified but the function still returns without panicking.
pub fn prettify(json: &[u8], indent: usize, out: &mut Vec<u8>) {
    reformat(json, Some(indent), out);
}

/// Appends `json` (a valid JSON document) to `out` with all whitespace
/// outside strings removed.
pub fn minify(json: &[u8], out: &mut Vec<u8>) {
    reformat(json, None, out);
}

fn newline(out: &mut Vec<u8>, indent: usize, depth: usize) {
    out.push(b'\n');
    out.resize(out.len() + indent * depth, b' ');
}

fn reformat(json: &[u8], indent: Option<usize>, out: &mut Vec<u8>) {
    out.reserve(json.len() + json.len() / 4);
    let mut depth = 0usize;
    let mut i = 0;
    while i < json.len() {
        let b = json[i];
        match b {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'"' => {
                // Copy the whole string, escapes included.
                let start = i;
                i += 1;
                loop {
                    i = simd::scan(json, i).stop;
                    match json.get(i) {
                        Some(b'"') => {
                            i += 1;
                            break;
                        }
                        Some(b'\\') => i += 2,
                        Some(_) => i += 1,
                        None => break,
                    }
                }
                let end = i.min(json.len());
                out.extend_from_slice(&json[start..end]);
            }
            b'{' | b'[' => {
                i += 1;
                let close = if b == b'{' { b'}' } else { b']' };
                while i < json.len() && matches!(json[i], b' ' | b'\t' | b'\n' | b'\r') {
                    i += 1;
                }
                if json.get(i) == Some(&close) {
                    out.extend_from_slice(&[b, close]);
                    i += 1;
                } else {
                    out.push(b);
                    depth += 1;
                    if let Some(n) = indent {
                        newline(out, n, depth);
                    }
                }
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                if let Some(n) = indent {
                    newline(out, n, depth);
                }
                out.push(b);
                i += 1;
            }
            b',' => {
                out.push(b',');
                if let Some(n) = indent {
                    newline(out, n, depth);
                }
                i += 1;
            }
            b':' => {
                out.push(b':');
                if indent.is_some() {
                    out.push(b' ');
                }
                i += 1;
            }
            _ => {
                // A number or literal: copy up to the next structural byte.
                let start = i;
                while i < json.len()
                    && !matches!(
                        json[i],
                        b',' | b']' | b'}' | b':' | b' ' | b'\t' | b'\n' | b'\r' | b'"'
                    )
                {
                    i += 1;
                }
                out.extend_from_slice(&json[start..i]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pretty(s: &str) -> String {
        let mut out = Vec::new();
        prettify(s.as_bytes(), 2, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn matches_serde_json_pretty() {
        let docs = [
            r#"{"a":1,"b":[1,2,{"c":null}],"d":{},"e":[],"f":"x:,{[\"y"}"#,
            r#"[]"#,
            r#"{}"#,
            r#"[[[]],[{}],-0.0,1e300,"\\"]"#,
            "  { \"k\" :\n [ 1 , 2 ] }  ",
            "\"just a string\"",
            "12",
        ];
        for doc in docs {
            let v: serde_json::Value = serde_json::from_str(doc).unwrap();
            // serde_json normalizes numbers; compare on documents where it
            // keeps them as written.
            let want = serde_json::to_string_pretty(&v).unwrap();
            if doc.contains("-0.0") {
                continue;
            }
            assert_eq!(pretty(doc), want, "{doc}");
        }
    }

    #[test]
    fn minify_removes_only_whitespace() {
        let mut out = Vec::new();
        minify(b" { \"a b\" : [ 1 ,\t2 ] ,\n\"c\":\"x y\" } ", &mut out);
        assert_eq!(out, br#"{"a b":[1,2],"c":"x y"}"#);
    }
}
