//! Property tests of the serde bridge against serde_json: for random serde
//! values, the bridge writes serde_json's bytes and reads back the same
//! value, from its own output and from serde_json's.

#![cfg(feature = "serde")]

use std::collections::BTreeMap;

use proptest::prelude::*;
use serde::{Deserialize, Serialize};

/// Bytes equal, or equal but for serde_json's `+` in a float's exponent
/// (`1e+16`; jetjson writes `1e16`), looked for outside strings only.
fn same_json(ours: &[u8], theirs: &[u8]) -> bool {
    ours == theirs || without_exponent_plus(ours) == without_exponent_plus(theirs)
}

fn without_exponent_plus(json: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for &b in json {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
        } else if b == b'"' {
            in_string = true;
        } else if b == b'+' && out.last() == Some(&b'e') {
            continue;
        }
        out.push(b);
    }
    out
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            3 => any::<char>(),
            2 => (0u8..0x20).prop_map(char::from),
            2 => prop::sample::select(vec!['"', '\\', '/', '\u{7f}', '\u{2028}', 'é', '\u{10ffff}']),
            3 => prop::char::range('a', 'z'),
        ],
        0..40,
    )
    .prop_map(|cs| cs.into_iter().collect())
}

fn finite() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<u64>()
            .prop_map(f64::from_bits)
            .prop_filter("finite", |v| v.is_finite()),
        (-100_000i64..100_000).prop_map(|v| v as f64 / 64.0),
    ]
}

/// Any JSON value, as serde_json's `Value`.
fn json() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::Value as J;
    let leaf = prop_oneof![
        Just(J::Null),
        any::<bool>().prop_map(J::Bool),
        any::<i64>().prop_map(J::from),
        any::<u64>().prop_map(J::from),
        finite().prop_map(J::from),
        text().prop_map(J::String),
    ];
    leaf.prop_recursive(6, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(J::Array),
            prop::collection::btree_map(text(), inner, 0..8)
                .prop_map(|m| J::Object(m.into_iter().collect())),
        ]
    })
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
enum Shape {
    Dot,
    Circle(f64),
    Rect(u16, u16),
    Poly {
        points: Vec<(i32, i32)>,
        closed: bool,
    },
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Event {
    Click { x: i64, y: i64 },
    Key { code: u32, text: String },
    Idle,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
enum Loose {
    Number(i64),
    Text(String),
    Flags(Vec<bool>),
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Record {
    id: u64,
    small: i8,
    wide: i128,
    uwide: u128,
    ratio: f32,
    name: String,
    maybe: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tags: Vec<String>,
    by_id: BTreeMap<u32, String>,
    by_name: BTreeMap<String, Option<bool>>,
    shape: Shape,
    event: Event,
    loose: Loose,
    pair: (char, Option<u8>),
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::Dot),
        finite().prop_map(Shape::Circle),
        (any::<u16>(), any::<u16>()).prop_map(|(w, h)| Shape::Rect(w, h)),
        (
            prop::collection::vec(any::<(i32, i32)>(), 0..5),
            any::<bool>()
        )
            .prop_map(|(points, closed)| Shape::Poly { points, closed }),
    ]
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        any::<(i64, i64)>().prop_map(|(x, y)| Event::Click { x, y }),
        (any::<u32>(), text()).prop_map(|(code, text)| Event::Key { code, text }),
        Just(Event::Idle),
    ]
}

fn loose() -> impl Strategy<Value = Loose> {
    prop_oneof![
        any::<i64>().prop_map(Loose::Number),
        text().prop_map(Loose::Text),
        prop::collection::vec(any::<bool>(), 0..4).prop_map(Loose::Flags),
    ]
}

prop_compose! {
    fn record()(
        id in any::<u64>(),
        small in any::<i8>(),
        wide in any::<i128>(),
        uwide in any::<u128>(),
        ratio in any::<f32>().prop_filter("finite", |v| v.is_finite()),
        name in text(),
        maybe in prop::option::of(text()),
        tags in prop::collection::vec(text(), 0..3),
        by_id in prop::collection::btree_map(any::<u32>(), text(), 0..4),
        by_name in prop::collection::btree_map(text(), prop::option::of(any::<bool>()), 0..4),
        shape in shape(),
        event in event(),
        loose in loose(),
        pair in (any::<char>(), prop::option::of(any::<u8>())),
    ) -> Record {
        Record { id, small, wide, uwide, ratio, name, maybe, tags, by_id, by_name, shape, event, loose, pair }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn json_values_match_serde_json(v in json()) {
        let ours = jetjson::serde::to_vec(&v).unwrap();
        let theirs = serde_json::to_vec(&v).unwrap();
        prop_assert!(same_json(&ours, &theirs), "{} vs {}", String::from_utf8_lossy(&ours), String::from_utf8_lossy(&theirs));
        let back: serde_json::Value = jetjson::serde::from_slice(&theirs).unwrap();
        prop_assert_eq!(&back, &v);
        let back: serde_json::Value = jetjson::serde::from_slice(&ours).unwrap();
        prop_assert_eq!(&back, &v);
        // Pretty output too, and jetjson's own Value through serde.
        let pretty = jetjson::serde::to_vec_pretty(&v).unwrap();
        prop_assert!(same_json(&pretty, &serde_json::to_vec_pretty(&v).unwrap()));
        let dom: jetjson::Value = jetjson::serde::from_slice(&theirs).unwrap();
        prop_assert_eq!(&dom, &jetjson::from_slice::<jetjson::Value>(&theirs).unwrap());
        prop_assert_eq!(jetjson::serde::to_value(&v).unwrap(), dom);
        // MessagePack through serde: rmp-serde's bytes, read back.
        let packed = jetjson::serde::msgpack::to_vec(&v).unwrap();
        prop_assert_eq!(&packed, &rmp_serde::to_vec_named(&v).unwrap());
        let back: serde_json::Value = jetjson::serde::msgpack::from_slice(&packed).unwrap();
        prop_assert_eq!(&back, &v);
    }

    #[test]
    fn records_match_serde_json(r in record()) {
        let ours = jetjson::serde::to_vec(&r).unwrap();
        let theirs = serde_json::to_vec(&r).unwrap();
        prop_assert!(same_json(&ours, &theirs), "{} vs {}", String::from_utf8_lossy(&ours), String::from_utf8_lossy(&theirs));
        let back: Record = jetjson::serde::from_slice(&ours).unwrap();
        prop_assert_eq!(&back, &r);
        let back: Record = jetjson::serde::from_slice(&theirs).unwrap();
        prop_assert_eq!(&back, &r);
        // A Value holds integers beyond 64 bits as floats, as from text.
        let narrow = Record { wide: r.wide as i64 as i128, uwide: u128::from(r.uwide as u64), ..r.clone() };
        let back: Record = jetjson::serde::from_value(jetjson::serde::to_value(&narrow).unwrap()).unwrap();
        prop_assert_eq!(&back, &narrow);
        let packed = jetjson::serde::msgpack::to_vec(&r).unwrap();
        let back: Record = jetjson::serde::msgpack::from_slice(&packed).unwrap();
        prop_assert_eq!(&back, &r);
    }

    /// Arbitrary bytes: skipped (`IgnoredAny`) exactly when
    /// `jetjson::validate` accepts them. Read into a `serde_json::Value`
    /// they must also fit it: a number past f64's range (`1e310`) is valid
    /// JSON but no f64, so serde_json and the bridge both refuse it.
    #[test]
    fn arbitrary_text_accepted_like_validate(bytes in prop::collection::vec(
        prop::sample::select(b"[]{},:\"\\ 0123456789.eE+-tfrulnsa\x01\xc3\xa9".to_vec()), 0..24)) {
        accepted_like_validate(&bytes)?;
    }
}

fn accepted_like_validate(bytes: &[u8]) -> Result<(), TestCaseError> {
    let valid = jetjson::validate(bytes).is_ok();
    prop_assert_eq!(
        jetjson::serde::from_slice::<serde::de::IgnoredAny>(bytes).is_ok(),
        valid
    );
    let ours = jetjson::serde::from_slice::<serde_json::Value>(bytes);
    let theirs = serde_json::from_slice::<serde_json::Value>(bytes);
    prop_assert_eq!(
        ours.is_ok(),
        valid && theirs.is_ok(),
        "{:?}",
        String::from_utf8_lossy(bytes)
    );
    if let (Ok(ours), Ok(theirs)) = (ours, theirs) {
        prop_assert_eq!(ours, theirs);
    }
    Ok(())
}

/// The cases the property found, and their neighbours at f64's edges:
/// valid JSON all, representable only some.
#[test]
fn out_of_range_numbers_are_valid_json_but_no_f64() {
    for text in [
        "1e310",
        "-1e310",
        "1e309",
        "[1.0e310]",
        "{\"a\":1e400}",
        "1.5e308",
        "1e-400",
        "-0e999999",
    ] {
        assert!(jetjson::validate(text.as_bytes()).is_ok(), "{text}");
        accepted_like_validate(text.as_bytes()).unwrap();
    }
    let err = jetjson::serde::from_slice::<serde_json::Value>(b"[1, 1e310]").unwrap_err();
    assert!(err.to_string().contains("out of range"), "{err}");
    assert!(err.to_string().contains("[1]"), "{err}");
}
