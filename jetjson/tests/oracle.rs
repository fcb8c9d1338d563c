//! Differential tests with serde_json (built with `float_roundtrip`) as the
//! oracle, on JSON text generated structurally: random values written with
//! random whitespace, escapes and number spellings, then mutated.
//!
//! - valid text: jetjson reads the same value as serde_json, as a
//!   self-describing value and as typed values;
//! - mutated text: both accept or both reject (but for the differences the
//!   fuzz crate's docs list), and agree on the value when both accept;
//! - typed structs: each library reads what the other wrote.

#[allow(dead_code)] // The fuzz crate's public items are not all used here.
#[path = "../../fuzz/src/lib.rs"]
mod fuzz;
#[allow(dead_code)] // Shared with proptest_roundtrip.rs, which uses other parts.
mod proptest_strategies;

use fuzz::{Any, Doc};
use jetjson::{from_slice, to_vec};
use proptest::prelude::*;
use proptest_strategies::{any_value, doc};

// MARK: - Rendering

/// A stream of choices taken from proptest's bytes (zeros when it runs out,
/// which picks the plainest form).
struct Choices<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Choices<'_> {
    fn next(&mut self) -> u8 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    fn pick(&mut self, n: u8) -> u8 {
        self.next() % n
    }
}

/// How freely `render` may spell a value.
#[derive(Clone, Copy)]
struct Style {
    /// Integers may be spelled as floats (`5.0`, `5e0`); off for typed
    /// targets, where that changes the answer.
    float_ints: bool,
    /// Objects may gain members the value does not have.
    extra_members: bool,
}

fn whitespace(c: &mut Choices<'_>, out: &mut Vec<u8>) {
    if c.next() < 192 {
        return;
    }
    if c.next() < 96 {
        // Indentation: a line break (sometimes `\r\n`), then up to 40
        // spaces, a tab now and then among them.
        if c.next() < 64 {
            out.push(b'\r');
        }
        out.push(b'\n');
        for _ in 0..c.pick(41) {
            out.push(if c.next() < 16 { b'\t' } else { b' ' });
        }
        return;
    }
    for _ in 0..=c.pick(3) {
        out.push(b" \t\n\r"[usize::from(c.pick(4))]);
    }
}

fn render_string(s: &str, c: &mut Choices<'_>, out: &mut Vec<u8>) {
    out.push(b'"');
    for ch in s.chars() {
        let hex = |out: &mut Vec<u8>, unit: u32, upper: bool| {
            let text = if upper {
                format!("\\u{unit:04X}")
            } else {
                format!("\\u{unit:04x}")
            };
            out.extend_from_slice(text.as_bytes());
        };
        let choice = c.pick(8);
        let upper = c.next() & 1 == 1;
        match ch {
            '"' => out.extend_from_slice(if choice == 0 { b"\\u0022" } else { b"\\\"" }),
            '\\' => out.extend_from_slice(if choice == 0 { b"\\u005c" } else { b"\\\\" }),
            '\u{8}' if choice != 0 => out.extend_from_slice(b"\\b"),
            '\u{c}' if choice != 0 => out.extend_from_slice(b"\\f"),
            '\n' if choice != 0 => out.extend_from_slice(b"\\n"),
            '\r' if choice != 0 => out.extend_from_slice(b"\\r"),
            '\t' if choice != 0 => out.extend_from_slice(b"\\t"),
            '/' if choice == 1 => out.extend_from_slice(b"\\/"),
            c if (c as u32) < 0x20 => hex(out, c as u32, upper),
            c if choice == 2 => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    hex(out, u32::from(*unit), upper);
                }
            }
            c => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.push(b'"');
}

/// Other spellings of the same float: `{:e}` with its mantissa padded or
/// its exponent signed, upper-case `E`, plain decimal, 40 digits.
fn render_f64(v: f64, c: &mut Choices<'_>) -> String {
    let e = format!("{v:e}");
    let (mantissa, exp) = e.split_once('e').unwrap_or((&e, "0"));
    match c.pick(6) {
        0 => e.clone(),
        1 => format!("{v}"),
        2 if !exp.starts_with('-') => format!("{mantissa}E+{exp}"),
        3 if mantissa.contains('.') => format!("{mantissa}000e{exp}"),
        3 => format!("{mantissa}.000e{exp}"),
        4 => format!("{v:.40e}"),
        _ => {
            let text = format!("{v:?}");
            // Debug may print `inf`/`NaN`, never for finite values.
            if text.contains(['i', 'N']) {
                e.clone()
            } else {
                text
            }
        }
    }
}

fn render(v: &Any, c: &mut Choices<'_>, style: Style, out: &mut Vec<u8>) {
    whitespace(c, out);
    match v {
        Any::Null => out.extend_from_slice(b"null"),
        Any::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        Any::U64(n) => {
            let text = match c.pick(4) {
                1 if style.float_ints => format!("{n}.0"),
                2 if style.float_ints => format!("{n}e0"),
                3 if style.float_ints => format!("{n}.000E-00"),
                _ => n.to_string(),
            };
            out.extend_from_slice(text.as_bytes());
        }
        Any::I64(n) => {
            let text = match c.pick(3) {
                1 if style.float_ints => format!("{n}.0"),
                2 if style.float_ints => format!("{n}E+1"),
                _ => n.to_string(),
            };
            out.extend_from_slice(text.as_bytes());
        }
        Any::F64(f) => out.extend_from_slice(render_f64(*f, c).as_bytes()),
        Any::String(s) => render_string(s, c, out),
        Any::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    whitespace(c, out);
                    out.push(b',');
                }
                render(item, c, style, out);
                whitespace(c, out);
            }
            whitespace(c, out);
            out.push(b']');
        }
        Any::Object(members) => {
            // Members in a rotated order (struct decoders guess in order
            // first), maybe with an extra one.
            let mut order: Vec<&(String, Any)> = members.iter().collect();
            if !order.is_empty() {
                let shift = usize::from(c.next()) % order.len();
                order.rotate_left(shift);
            }
            let extra = (
                String::from("zz_extra"),
                Any::Array(vec![Any::Null, Any::F64(1.5)]),
            );
            if style.extra_members && c.pick(4) == 0 {
                order.push(&extra);
            }
            out.push(b'{');
            for (i, (k, v)) in order.into_iter().enumerate() {
                if i > 0 {
                    whitespace(c, out);
                    out.push(b',');
                }
                whitespace(c, out);
                render_string(k, c, out);
                whitespace(c, out);
                out.push(b':');
                render(v, c, style, out);
                whitespace(c, out);
            }
            whitespace(c, out);
            out.push(b'}');
        }
    }
    whitespace(c, out);
}

fn text_of(v: &Any, choices: &[u8], style: Style) -> Vec<u8> {
    let mut out = Vec::new();
    render(
        v,
        &mut Choices {
            bytes: choices,
            at: 0,
        },
        style,
        &mut out,
    );
    out
}

/// Edits that make text invalid, or valid in another way.
#[derive(Debug, Clone)]
enum Edit {
    Delete(usize),
    Insert(usize, u8),
    Replace(usize, u8),
    Truncate(usize),
    Repeat(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let byte = prop::sample::select(vec![
        b'"', b'\\', b',', b':', b'[', b']', b'{', b'}', b'0', b'1', b'-', b'+', b'.', b'e', b'u',
        b'd', b'n', b't', b' ', b'\n', 0x00, 0x1f, 0x7f, 0x80, 0xbf, 0xc3, 0xed, 0xf0, 0xff,
    ]);
    prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), byte.clone()).prop_map(|(at, b)| Edit::Insert(at, b)),
        (any::<usize>(), byte).prop_map(|(at, b)| Edit::Replace(at, b)),
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), 1usize..8).prop_map(|(at, n)| Edit::Repeat(at, n)),
    ]
}

fn apply(text: &mut Vec<u8>, e: &Edit) {
    let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
    let len = text.len();
    match *e {
        Edit::Delete(i) if len > 0 => {
            text.remove(at(i, len));
        }
        Edit::Insert(i, b) => text.insert(at(i, len + 1), b),
        Edit::Replace(i, b) if len > 0 => text[at(i, len)] = b,
        Edit::Truncate(i) => text.truncate(at(i, len + 1)),
        Edit::Repeat(i, n) if len > 0 => {
            let start = at(i, len);
            let end = (start + n).min(len);
            let piece = text[start..end].to_vec();
            text.splice(start..start, piece);
        }
        _ => {}
    }
}

// MARK: - Properties

const FREE: Style = Style {
    float_ints: true,
    extra_members: true,
};
const TYPED: Style = Style {
    float_ints: false,
    extra_members: false,
};

proptest! {
    // 256 cases unless PROPTEST_CASES says otherwise; nothing is written
    // to the tree on failure.
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn generated_text_reads_as_serde_json_reads_it(
        v in any_value(),
        choices in prop::collection::vec(any::<u8>(), 0..1024),
    ) {
        let text = text_of(&v, &choices, FREE);
        let theirs: serde_json::Value = match serde_json::from_slice(&text) {
            Ok(t) => t,
            Err(e) => panic!("generator wrote invalid JSON ({e}): {}", String::from_utf8_lossy(&text)),
        };
        let ours: Any = match from_slice(&text) {
            Ok(v) => v,
            Err(e) => panic!("jetjson rejects valid JSON ({e}): {}", String::from_utf8_lossy(&text)),
        };
        if let Err(diff) = ours.check_serde(&theirs) {
            panic!("values differ{diff}\n{}", String::from_utf8_lossy(&text));
        }
        // The whole differential target (typed reads too) and the validate
        // target's cross-checks.
        fuzz::differential_serde_json(&text);
        fuzz::validate(&text);
        fuzz::roundtrip(&text);
    }

    #[test]
    fn mutated_text_is_judged_as_serde_json_judges_it(
        v in any_value(),
        choices in prop::collection::vec(any::<u8>(), 0..256),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let mut text = text_of(&v, &choices, FREE);
        for e in &edits {
            apply(&mut text, e);
        }
        fuzz::differential_serde_json(&text);
        fuzz::validate(&text);
        fuzz::typed_from_slice(&text);
    }

    #[test]
    fn typed_structs_read_what_either_library_wrote(
        d in doc(),
        choices in prop::collection::vec(any::<u8>(), 0..1024),
    ) {
        // serde_json reads jetjson's output, and jetjson serde_json's.
        let ours = to_vec(&d);
        let theirs = serde_json::to_vec(&d).unwrap();
        prop_assert_eq!(&serde_json::from_slice::<Doc<'_>>(&ours).unwrap(), &d);
        prop_assert_eq!(&from_slice::<Doc<'_>>(&theirs).unwrap(), &d);
        let pretty = serde_json::to_vec_pretty(&d).unwrap();
        prop_assert_eq!(&from_slice::<Doc<'_>>(&pretty).unwrap(), &d);

        // The same value spelled freely (whitespace, escapes, member
        // order, float spellings): both read the same `Doc`, unless an
        // escape landed in the borrowed `tag`, which both then reject.
        let any = Any::from_serde(&serde_json::to_value(&d).unwrap());
        let text = text_of(&any, &choices, TYPED);
        let a = from_slice::<Doc<'_>>(&text);
        let b = serde_json::from_slice::<Doc<'_>>(&text);
        match (&a, &b) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
            (Err(_), Err(_)) => {}
            _ => prop_assert!(false, "jetjson {:?} vs serde_json {:?} on {}", a, b, String::from_utf8_lossy(&text)),
        }
        fuzz::differential_serde_json(&text);
    }
}

#[test]
fn known_differences_are_the_documented_ones() {
    // Floats are no longer among them: both write `1e+300`, both read either.
    assert_eq!(jetjson::to_string(&1e300), "1e+300");
    assert_eq!(serde_json::to_string(&1e300).unwrap(), "1e+300");
    assert_eq!(from_slice::<f64>(b"1e300").unwrap(), 1e300);
    // Nesting: jetjson 128 levels, serde_json 127.
    let deep = |n: usize| "[".repeat(n) + &"]".repeat(n);
    assert!(jetjson::validate(deep(128).as_bytes()).is_ok());
    assert!(serde_json::from_str::<serde_json::Value>(&deep(128)).is_err());
    assert!(serde_json::from_str::<serde_json::Value>(&deep(127)).is_ok());
    // `-0` as an integer.
    assert_eq!(from_slice::<i64>(b"-0").unwrap(), 0);
    assert!(serde_json::from_slice::<i64>(b"-0").is_err());
    // Unknown fields: serde_json skips bad UTF-8 unchecked, jetjson rejects.
    let skipped = b"{\"zz\":\"\xff\",\"key\":\"k\",\"count\":1,\"flags\":[],\"pair\":[1,\"c\"]}";
    assert!(serde_json::from_slice::<fuzz::Item<'_>>(skipped).is_ok());
    assert!(from_slice::<fuzz::Item<'_>>(skipped).is_err());
    // A serde-derived struct also reads an array of its fields.
    let array = br#"["k", 1, [], [1, "c"], null]"#;
    assert!(serde_json::from_slice::<fuzz::Item<'_>>(array).is_ok());
    assert!(from_slice::<fuzz::Item<'_>>(array).is_err());
}
