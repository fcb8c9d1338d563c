//! The serde bridge (`jetjson::serde`) against serde_json: the same values
//! read, the same bytes written, jetjson's strictness, depth limit and
//! error messages.

#![cfg(feature = "serde")]

mod common;

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use jetjson::ErrorKind;

/// Bytes equal, or equal but for serde_json's `+` in a float's exponent
/// (`1e+16`), which jetjson's writer leaves out (both read back the same).
fn assert_same_json(ours: &[u8], theirs: &[u8]) {
    if ours == theirs {
        return;
    }
    let theirs = String::from_utf8_lossy(theirs).replace("e+", "e");
    assert_eq!(String::from_utf8_lossy(ours), theirs);
}

/// `value` written by the bridge and by serde_json, then read back by both.
fn roundtrip<T>(value: &T) -> Vec<u8>
where
    T: Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let ours = jetjson::serde::to_vec(value).unwrap();
    let theirs = serde_json::to_vec(value).unwrap();
    assert_same_json(&ours, &theirs);
    let back: T = jetjson::serde::from_slice(&ours).unwrap();
    assert_eq!(&back, value);
    let back: T = jetjson::serde::from_slice(&theirs).unwrap();
    assert_eq!(&back, value);
    ours
}

fn err<'de, T: Deserialize<'de> + std::fmt::Debug>(input: &'de str) -> String {
    jetjson::serde::from_str::<T>(input)
        .unwrap_err()
        .to_string()
}

// MARK: - The corpora, into serde-only structs

// The bench's corpus types (they derive serde, and jetjson, which these
// tests do not use).
#[cfg(feature = "derive")]
#[allow(dead_code)]
#[path = "../../jetjson-bench/src/schema/canada.rs"]
mod canada;
#[cfg(feature = "derive")]
#[allow(dead_code)]
#[path = "../../jetjson-bench/src/schema/citm.rs"]
mod citm;
#[cfg(feature = "derive")]
#[allow(dead_code)]
#[path = "../../jetjson-bench/src/schema/twitter.rs"]
mod twitter;

#[cfg(feature = "derive")]
fn corpus_case<T>(name: &str)
where
    T: Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let Some(dir) = common::shared_data("corpus") else {
        return;
    };
    let bytes = std::fs::read(dir.join(name)).unwrap();
    let ours: T = jetjson::serde::from_slice(&bytes).unwrap();
    let theirs: T = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(ours, theirs, "{name}");
    let out = jetjson::serde::to_vec(&ours).unwrap();
    assert_same_json(&out, &serde_json::to_vec(&theirs).unwrap());
    let pretty = jetjson::serde::to_vec_pretty(&ours).unwrap();
    assert_same_json(&pretty, &serde_json::to_vec_pretty(&theirs).unwrap());

    // As serde_json::Value, and as jetjson::Value through serde.
    let ours: serde_json::Value = jetjson::serde::from_slice(&bytes).unwrap();
    let theirs: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(ours, theirs, "{name} as serde_json::Value");
    let dom: jetjson::Value = jetjson::serde::from_slice(&bytes).unwrap();
    assert_eq!(dom, jetjson::from_slice::<jetjson::Value>(&bytes).unwrap());
    // Skipping the whole document builds nothing and accepts it.
    jetjson::serde::from_slice::<IgnoredAny>(&bytes).unwrap();
}

#[cfg(feature = "derive")]
#[test]
fn canada_matches_serde_json() {
    corpus_case::<canada::Canada>("canada.json");
}

#[cfg(feature = "derive")]
#[test]
fn citm_catalog_matches_serde_json() {
    corpus_case::<citm::CitmCatalog>("citm_catalog.json");
}

#[cfg(feature = "derive")]
#[test]
fn twitter_matches_serde_json() {
    corpus_case::<twitter::Twitter>("twitter.json");
}

// MARK: - Conformance sets

#[test]
fn conformance_sets_agree_with_validate_and_serde_json() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for set in ["jsonchecker", "roundtrip"] {
        let Some(dir) = common::shared_data(set) else {
            return;
        };
        for (name, bytes) in common::files(&dir) {
            checked += 1;
            let valid = jetjson::validate(&bytes).is_ok();
            let ours = jetjson::serde::from_slice::<serde_json::Value>(&bytes);
            let ignored = jetjson::serde::from_slice::<IgnoredAny>(&bytes);
            if ignored.is_ok() != valid {
                wrong.push(format!(
                    "{set}/{name}: IgnoredAny {ignored:?}, validate {valid}"
                ));
            }
            if ours.is_ok() != valid {
                wrong.push(format!("{set}/{name}: bridge {ours:?}, validate {valid}"));
                continue;
            }
            let Ok(ours) = ours else { continue };
            let theirs: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            if ours != theirs {
                wrong.push(format!("{set}/{name}: {ours} != {theirs}"));
            }
            let out = jetjson::serde::to_vec(&ours).unwrap();
            let want = serde_json::to_vec(&theirs).unwrap();
            if out != want && out != String::from_utf8_lossy(&want).replace("e+", "e").as_bytes() {
                wrong.push(format!(
                    "{set}/{name}: wrote {} not {}",
                    String::from_utf8_lossy(&out),
                    String::from_utf8_lossy(&want)
                ));
            }
        }
    }
    assert!(checked > 50, "expected both sets");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

// MARK: - The data model

#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Unit;

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Meters(f64);

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Pair(i8, String);

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Everything {
    b: bool,
    i: i64,
    u: u64,
    f: f64,
    f32: f32,
    c: char,
    s: String,
    none: Option<u8>,
    some: Option<Option<u8>>,
    unit: (),
    unit_struct: Unit,
    newtype: Meters,
    tuple: (u8, i16, String),
    tuple_struct: Pair,
    seq: Vec<Vec<u32>>,
    map: BTreeMap<String, Vec<bool>>,
    big: i128,
    ubig: u128,
}

#[test]
fn every_shape_matches_serde_json() {
    let v = Everything {
        b: true,
        i: i64::MIN,
        u: u64::MAX,
        f: -0.0,
        f32: 0.1,
        c: 'é',
        s: "tab\t\"quote\" \u{1} é \u{2028}".into(),
        none: None,
        some: Some(Some(3)),
        unit: (),
        unit_struct: Unit,
        newtype: Meters(1e300),
        tuple: (1, -2, "three".into()),
        tuple_struct: Pair(-1, String::new()),
        seq: vec![vec![], vec![1, 2]],
        map: BTreeMap::from([("a".into(), vec![true]), ("".into(), vec![])]),
        big: i128::MIN,
        ubig: u128::MAX,
    };
    roundtrip(&v);
    let text = jetjson::serde::to_string(&v).unwrap();
    assert!(
        text.contains(r#""big":-170141183460469231731687303715884105728"#),
        "{text}"
    );
    assert!(text.contains(r#""f":-0.0,"f32":0.1"#), "{text}");
}

#[test]
fn pretty_matches_serde_json() {
    let v = BTreeMap::from([("a", vec![Some(1), None]), ("b", vec![])]);
    assert_eq!(
        jetjson::serde::to_vec_pretty(&v).unwrap(),
        serde_json::to_vec_pretty(&v).unwrap()
    );
    assert_eq!(
        jetjson::serde::to_string_pretty(&v).unwrap(),
        serde_json::to_string_pretty(&v).unwrap()
    );
}

#[test]
fn non_finite_floats_are_null() {
    let v = [f64::NAN, f64::INFINITY, 1.0];
    assert_eq!(jetjson::serde::to_string(&v).unwrap(), "[null,null,1.0]");
    assert_eq!(serde_json::to_string(&v).unwrap(), "[null,null,1.0]");
}

#[test]
fn wide_integers_both_ways() {
    assert_eq!(roundtrip(&u128::MAX), u128::MAX.to_string().as_bytes());
    roundtrip(&i128::MIN);
    assert_eq!(
        err::<u128>("-1"),
        "number out of range for u128 at line 1 column 1"
    );
    assert_eq!(
        err::<i128>("170141183460469231731687303715884105728"),
        "number out of range for i128 at line 1 column 1"
    );
    // deserialize_any offers an integer beyond 64 bits as a float, as
    // serde_json does (serde's buffering for untagged enums and serde_json's
    // Value have no 128-bit form); typed 128-bit fields stay exact.
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Any {
        Small(u64),
        Negative(i64),
        Float(f64),
    }
    for text in [
        "18446744073709551616",
        "-9223372036854775809",
        "7",
        "-7",
        "-0",
        "1.5e300",
    ] {
        let ours: Any = jetjson::serde::from_str(text).unwrap();
        let theirs: Any = serde_json::from_str(text).unwrap();
        assert_eq!(ours, theirs, "{text}");
        let ours: serde_json::Value = jetjson::serde::from_str(text).unwrap();
        let theirs: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(ours, theirs, "{text}");
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t")]
    enum Tagged {
        Wide { n: i128 },
    }
    // Inside serde's buffer a wide integer is a float, as with serde_json.
    let text = r#"{"t": "Wide", "n": 18446744073709551616}"#;
    assert!(jetjson::serde::from_str::<Tagged>(text).is_err());
    assert!(serde_json::from_str::<Tagged>(text).is_err());
    assert_eq!(
        jetjson::serde::from_str::<Any>("1e400")
            .unwrap_err()
            .to_string(),
        "number out of range for f64 at line 1 column 1"
    );
    let v: serde_json::Value = jetjson::serde::from_str("-0").unwrap();
    assert!(v.as_f64().unwrap().is_sign_negative());
    // jetjson's Value takes the nearest float, as jetjson::from_slice does.
    let v: jetjson::Value = jetjson::serde::from_str("18446744073709551616").unwrap();
    assert_eq!(
        v,
        jetjson::from_str::<jetjson::Value>("18446744073709551616").unwrap()
    );
}

#[test]
fn options_and_units() {
    roundtrip(&Some(Meters(1.0)));
    roundtrip(&None::<Unit>);
    // `null` is `None` for the outer Option, as in serde_json.
    assert_eq!(
        jetjson::serde::from_str::<Option<Option<u8>>>("null").unwrap(),
        None
    );
    assert_eq!(
        jetjson::serde::from_str::<Option<Unit>>("null").unwrap(),
        None
    );
    roundtrip(&vec![Some(1), None]);
    assert_eq!(
        err::<()>("0"),
        "expected null, found number at line 1 column 1"
    );
    assert_eq!(
        err::<Option<u8>>("nul"),
        "unexpected end of input at line 1 column 4"
    );
}

// MARK: - Strings and bytes

#[derive(Deserialize, Debug)]
struct Borrowing<'a> {
    plain: &'a str,
    #[serde(borrow)]
    cow: Cow<'a, str>,
    #[serde(borrow)]
    bytes: &'a [u8],
}

#[test]
fn borrows_strings_and_bytes_without_escapes() {
    let input = r#"{"plain": "abc", "cow": "def", "bytes": "ghi"}"#;
    let v: Borrowing = jetjson::serde::from_str(input).unwrap();
    assert_eq!(v.plain, "abc");
    assert!(matches!(v.cow, Cow::Borrowed("def")), "{:?}", v.cow);
    assert_eq!(v.bytes, b"ghi");
    let base = input.as_ptr() as usize;
    assert_eq!(v.plain.as_ptr() as usize - base, 11);

    // An escape cannot be borrowed: Cow owns it, &str is an error.
    let v: Borrowing =
        jetjson::serde::from_str(r#"{"plain": "a", "cow": "d\ne", "bytes": "g"}"#).unwrap();
    assert!(matches!(v.cow, Cow::Owned(ref s) if s == "d\ne"));
    assert_eq!(
        err::<Borrowing>(r#"{"plain": "a\tb", "cow": "", "bytes": ""}"#),
        "invalid type: string \"a\\tb\", expected a borrowed string at line 1 column 11 (at .plain)"
    );
}

/// Bytes through `serialize_bytes`/`deserialize_bytes` (what serde_bytes
/// does).
#[derive(Debug, PartialEq)]
struct Bytes(Vec<u8>);

impl Serialize for Bytes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Bytes;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E>(self, v: &[u8]) -> Result<Bytes, E> {
                Ok(Bytes(v.to_vec()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Bytes, A::Error> {
                let mut out = Vec::new();
                while let Some(b) = a.next_element()? {
                    out.push(b);
                }
                Ok(Bytes(out))
            }
        }
        d.deserialize_bytes(V)
    }
}

#[test]
fn bytes_are_arrays_of_numbers() {
    let v = Bytes(vec![0, 1, 255]);
    assert_eq!(roundtrip(&v), b"[0,1,255]");
    assert_eq!(roundtrip(&Bytes(vec![])), b"[]");
    assert_eq!(
        jetjson::serde::from_str::<Bytes>(r#""hi""#).unwrap(),
        Bytes(b"hi".to_vec())
    );
    assert_eq!(
        err::<Bytes>("[1, 256]"),
        "number out of range for u8 at line 1 column 5 (at [1])"
    );
}

// MARK: - Enums, in every representation

#[derive(Serialize, Deserialize, Debug, PartialEq)]
enum External {
    Unit,
    Newtype(u8),
    Tuple(u8, String),
    Struct { a: i32, b: Option<bool> },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "type")]
enum Internal {
    Unit,
    Struct { a: i32, b: Vec<u8> },
    Newtype(Inner),
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Inner {
    x: u64,
    s: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(String),
    Tuple(u8, u8),
    Struct { a: i32 },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Int(i64),
    Text(String),
    List(Vec<Untagged>),
    Record { name: String, age: u8 },
    Nothing,
}

#[test]
fn externally_tagged_enums() {
    assert_eq!(roundtrip(&External::Unit), br#""Unit""#);
    assert_eq!(roundtrip(&External::Newtype(7)), br#"{"Newtype":7}"#);
    assert_eq!(
        roundtrip(&External::Tuple(1, "x".into())),
        br#"{"Tuple":[1,"x"]}"#
    );
    assert_eq!(
        roundtrip(&External::Struct { a: -1, b: None }),
        br#"{"Struct":{"a":-1,"b":null}}"#
    );
    // serde_json's other spellings of a unit variant and a struct variant.
    assert_eq!(
        jetjson::serde::from_str::<External>(r#"{"Unit": null}"#).unwrap(),
        External::Unit
    );
    assert_eq!(
        jetjson::serde::from_str::<External>(r#"{"Struct": [2, true]}"#).unwrap(),
        External::Struct {
            a: 2,
            b: Some(true)
        }
    );
    assert_eq!(
        err::<External>(r#""Nope""#),
        "unknown variant `Nope`, expected one of `Unit`, `Newtype`, `Tuple`, `Struct` at line 1 column 1"
    );
    assert_eq!(
        err::<External>(r#"{"Newtype": 1, "Unit": null}"#),
        "expected enum External as an object with exactly one key at line 1 column 16"
    );
    assert_eq!(
        err::<External>("{}"),
        "expected enum External, found an empty object at line 1 column 3"
    );
    assert_eq!(
        err::<External>(r#"{"Newtype": "7"}"#),
        "expected u8, found string at line 1 column 13 (at .Newtype)"
    );
    assert_eq!(
        err::<External>(r#""Newtype""#),
        "invalid type: unit variant, expected newtype variant at line 1 column 1"
    );
}

#[test]
fn internally_tagged_enums() {
    assert_eq!(roundtrip(&Internal::Unit), br#"{"type":"Unit"}"#);
    roundtrip(&Internal::Struct { a: 1, b: vec![2] });
    roundtrip(&Internal::Newtype(Inner {
        x: u64::MAX,
        s: "é\n".into(),
    }));
    // The tag need not come first.
    assert_eq!(
        jetjson::serde::from_str::<Internal>(r#"{"b": [], "a": 5, "type": "Struct"}"#).unwrap(),
        Internal::Struct { a: 5, b: vec![] }
    );
    assert_eq!(
        err::<Internal>(r#"{"a": 5}"#),
        "missing field `type` at line 1 column 9"
    );
}

#[test]
fn adjacently_tagged_enums() {
    assert_eq!(roundtrip(&Adjacent::Unit), br#"{"t":"Unit"}"#);
    assert_eq!(
        roundtrip(&Adjacent::Newtype("n".into())),
        br#"{"t":"Newtype","c":"n"}"#
    );
    roundtrip(&Adjacent::Tuple(1, 2));
    roundtrip(&Adjacent::Struct { a: -3 });
    assert_eq!(
        jetjson::serde::from_str::<Adjacent>(r#"{"c": {"a": 4}, "t": "Struct"}"#).unwrap(),
        Adjacent::Struct { a: 4 }
    );
}

#[test]
fn untagged_enums() {
    roundtrip(&Untagged::Int(-4));
    roundtrip(&Untagged::Text("t".into()));
    roundtrip(&Untagged::Nothing);
    roundtrip(&Untagged::List(vec![
        Untagged::Int(1),
        Untagged::Record {
            name: "Ada".into(),
            age: 36,
        },
        Untagged::List(vec![]),
    ]));
    assert_eq!(
        err::<Untagged>("true"),
        "data did not match any variant of untagged enum Untagged at line 1 column 1"
    );
}

// MARK: - Maps and keys

#[test]
fn integer_bool_and_char_keys_are_quoted() {
    let m = BTreeMap::from([(-1i32, "a"), (7, "b")]);
    assert_eq!(
        roundtrip(
            &m.clone()
                .into_iter()
                .map(|(k, v)| (k, v.to_string()))
                .collect::<BTreeMap<_, _>>()
        ),
        br#"{"-1":"a","7":"b"}"#
    );
    roundtrip(&BTreeMap::from([(u128::MAX, 1u8), (0, 2)]));
    roundtrip(&BTreeMap::from([(i64::MIN, ())]));
    assert_eq!(
        roundtrip(&BTreeMap::from([(true, 1u8), (false, 0)])),
        br#"{"false":0,"true":1}"#
    );
    assert_eq!(roundtrip(&BTreeMap::from([('x', 1u8)])), br#"{"x":1}"#);
    #[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
    enum Key {
        A,
        B,
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Id(u32);
    assert_eq!(roundtrip(&BTreeMap::from([(Key::B, 1u8)])), br#"{"B":1}"#);
    assert_eq!(roundtrip(&BTreeMap::from([(Id(3), 1u8)])), br#"{"3":1}"#);
    assert_eq!(
        roundtrip(&BTreeMap::from([(Some(4u8), 1u8)])),
        br#"{"4":1}"#
    );

    // Keys are read from the text between the quotes, as serde_json reads them.
    assert_eq!(
        err::<BTreeMap<u8, u8>>(r#"{"1": 1, "x": 2}"#),
        "expected a number as the key at line 1 column 11"
    );
    assert_eq!(
        err::<BTreeMap<u8, u8>>(r#"{"256": 1}"#),
        "number out of range for u8 at line 1 column 3"
    );
    assert_eq!(
        err::<BTreeMap<u8, u8>>(r#"{"1 ": 1}"#),
        "expected a number as the key at line 1 column 4"
    );
    assert_eq!(
        err::<BTreeMap<i8, u8>>(r#"{"\u0031": 1}"#),
        "expected a number as the key at line 1 column 3"
    );
    assert!(serde_json::from_str::<BTreeMap<i8, u8>>(r#"{"\u0031": 1}"#).is_err());
    assert!(serde_json::from_str::<BTreeMap<u8, u8>>(r#"{"1 ": 1}"#).is_err());
    assert_eq!(
        err::<BTreeMap<bool, u8>>(r#"{"yes": 1}"#),
        "invalid type: string \"yes\", expected a boolean at line 1 column 2"
    );
    // A float key, when asked for (serde_json reads and writes them quoted).
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct F(f64);
    impl Eq for F {}
    impl PartialOrd for F {
        fn partial_cmp(&self, o: &F) -> Option<std::cmp::Ordering> {
            Some(self.cmp(o))
        }
    }
    impl Ord for F {
        fn cmp(&self, o: &F) -> std::cmp::Ordering {
            self.0.total_cmp(&o.0)
        }
    }
    assert_eq!(
        roundtrip(&BTreeMap::from([(F(1.5), 1u8), (F(-2.0), 2)])),
        br#"{"-2.0":2,"1.5":1}"#
    );
    let m = BTreeMap::from([(F(f64::NAN), 1u8)]);
    assert_eq!(
        jetjson::serde::to_vec(&m).unwrap_err().to_string(),
        serde_json::to_vec(&m).unwrap_err().to_string()
    );
}

#[test]
fn keys_json_cannot_have_are_errors() {
    let m = BTreeMap::from([((1, 2), 3)]);
    assert_eq!(
        jetjson::serde::to_vec(&m).unwrap_err().to_string(),
        serde_json::to_vec(&m).unwrap_err().to_string()
    );
    let m = BTreeMap::from([(vec![1], 3)]);
    assert_eq!(
        jetjson::serde::to_vec(&m).unwrap_err().to_string(),
        "key must be a string"
    );
    assert!(serde_json::to_vec(&m).is_err());
    let m = BTreeMap::from([(Unit, 3)]);
    assert!(jetjson::serde::to_vec(&m).is_err());
    assert!(serde_json::to_vec(&m).is_err());
    let mut m = std::collections::HashMap::new();
    m.insert(Some(()), 1);
    assert!(jetjson::serde::to_vec(&m).is_err());
    assert!(serde_json::to_vec(&m).is_err());
}

#[test]
fn structs_read_from_arrays_too() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct P {
        x: i8,
        y: i8,
    }
    assert_eq!(
        jetjson::serde::from_str::<P>("[1, -1]").unwrap(),
        P { x: 1, y: -1 }
    );
    assert_eq!(
        serde_json::from_str::<P>("[1, -1]").unwrap(),
        P { x: 1, y: -1 }
    );
    assert_eq!(
        err::<(u8, u8)>("[1, 2, 3]"),
        "too many elements for a tuple at line 1 column 6"
    );
}

// MARK: - Strictness and limits

#[test]
fn same_strictness_as_jetjson() {
    for bad in [
        "[1,]",
        "{\"a\":1,}",
        "01",
        "NaN",
        "[1] x",
        "\"\\x\"",
        "\"\u{1}\"",
        "// c\n1",
        "\u{feff}1",
        "\"\\ud800\"",
        "[",
        "{\"a\" 1}",
        "1.",
        "-",
        "tru",
        "\"abc",
    ] {
        // The same error at the same place (the bridge adds a path, as
        // jetjson's typed decoders do).
        let ours = jetjson::serde::from_str::<serde_json::Value>(bad).unwrap_err();
        let native = jetjson::from_str::<jetjson::Value>(bad).unwrap_err();
        let place = |e: &jetjson::Error| (e.kind().clone(), e.line(), e.column());
        assert_eq!(place(&ours), place(&native), "{bad:?}");
        let skipped = jetjson::serde::from_str::<IgnoredAny>(bad).unwrap_err();
        assert_eq!(skipped.to_string(), native.to_string(), "{bad:?}");
        assert!(
            serde_json::from_str::<serde_json::Value>(bad).is_err(),
            "{bad:?}"
        );
    }
    let bad_utf8 = b"\"\xff\"";
    assert_eq!(
        *jetjson::serde::from_slice::<String>(bad_utf8)
            .unwrap_err()
            .kind(),
        ErrorKind::InvalidUtf8
    );
}

/// A million open brackets: the depth limit (128) stops serde's recursion
/// long before the stack runs out.
#[test]
fn deep_nesting_is_a_depth_error_not_a_stack_overflow() {
    let deep = "[".repeat(1_000_000);
    let message = "nesting deeper than the limit of 128 at line 1 column 129";
    let e = jetjson::serde::from_str::<serde_json::Value>(&deep).unwrap_err();
    assert!(e.to_string().starts_with(message), "{e}");
    assert_eq!(e.path(), "[0]".repeat(128));
    assert_eq!(*e.kind(), ErrorKind::DepthLimit { limit: 128 });
    let e = jetjson::serde::from_str::<jetjson::Value>(&deep).unwrap_err();
    assert!(e.to_string().starts_with(message), "{e}");
    let e = jetjson::serde::from_str::<IgnoredAny>(&deep).unwrap_err();
    assert_eq!(e.to_string(), message);
    let e = jetjson::serde::from_str::<Untagged>(&deep).unwrap_err();
    assert_eq!(*e.kind(), ErrorKind::DepthLimit { limit: 128 });
    let objects = "{\"a\":".repeat(1_000_000);
    let e = jetjson::serde::from_str::<serde_json::Value>(&objects).unwrap_err();
    assert_eq!(*e.kind(), ErrorKind::DepthLimit { limit: 128 });
    // Inside an ignored field of a struct.
    #[derive(Deserialize, Debug)]
    struct S {
        #[allow(dead_code)]
        a: u8,
    }
    let input = format!("{{\"a\": 1, \"skip\": {deep}}}");
    let e = jetjson::serde::from_str::<S>(&input).unwrap_err();
    assert_eq!(*e.kind(), ErrorKind::DepthLimit { limit: 128 });

    // 128 levels are fine; the reader's own limit is the bridge's.
    let ok = "[".repeat(128) + &"]".repeat(128);
    jetjson::serde::from_str::<serde_json::Value>(&ok).unwrap();
    let deeper = "[".repeat(129) + &"]".repeat(129);
    jetjson::serde::from_str::<serde_json::Value>(&deeper).unwrap_err();
    let mut r = jetjson::ReadOptions::new()
        .max_depth(200)
        .reader(deeper.as_bytes());
    serde_json::Value::deserialize(jetjson::serde::Deserializer::new(&mut r)).unwrap();
    let mut r = jetjson::ReadOptions::new().max_depth(3).reader(b"[[[[]]]]");
    let e = IgnoredAny::deserialize(jetjson::serde::Deserializer::new(&mut r)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "nesting deeper than the limit of 3 at line 1 column 4"
    );
    let mut r = jetjson::ReadOptions::new().max_depth(3).reader(b"[[[[]]]]");
    let e = Vec::<Vec<Vec<Vec<u8>>>>::deserialize(jetjson::serde::Deserializer::new(&mut r))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "nesting deeper than the limit of 3 at line 1 column 4 (at [0][0][0])"
    );
}

// MARK: - Error positions and paths

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Users {
    users: Vec<User>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct User {
    name: String,
    age: u32,
}

#[test]
fn errors_have_line_column_and_path() {
    let input = "{\"users\": [\n  {\"name\": \"a\", \"age\": 1},\n  {\"name\": \"b\", \"age\": 2},\n  {\"name\": \"c\", \"age\": \"x\"}]}";
    assert_eq!(
        err::<Users>(input),
        "expected u32, found string at line 4 column 24 (at .users[2].age)"
    );
    assert_eq!(
        err::<Users>(r#"{"users": [{"name": "a"}]}"#),
        "missing field `age` at line 1 column 25 (at .users[0])"
    );
    assert_eq!(
        err::<Users>(r#"{"users": [{"name": "a", "agee": 1}]}"#),
        "unknown field `agee`, expected `name` or `age` at line 1 column 26 (at .users[0])"
    );
    assert_eq!(
        err::<Users>(r#"{"users": [{"name": "a", "name": "b", "age": 1}]}"#),
        "duplicate field `name` at line 1 column 26 (at .users[0])"
    );
    // Columns count characters, not bytes.
    assert_eq!(
        err::<BTreeMap<String, u8>>("{\"é\": \"x\"}"),
        "expected u8, found string at line 1 column 7 (at .é)"
    );
    assert_eq!(
        err::<Vec<u8>>("[1, 2"),
        "unexpected end of input at line 1 column 6"
    );
    assert_eq!(
        err::<u8>("1 2"),
        "trailing characters after the value at line 1 column 3"
    );
}

/// A visitor's own error gets the position of the value it was reading.
#[derive(Debug)]
struct Even(#[allow(dead_code)] u32);

impl<'de> Deserialize<'de> for Even {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = u32::deserialize(d)?;
        if n % 2 == 1 {
            return Err(serde::de::Error::custom(format!("{n} is odd")));
        }
        Ok(Even(n))
    }
}

#[test]
fn custom_errors_get_position_and_path() {
    assert_eq!(
        err::<BTreeMap<String, Vec<Even>>>("{\"a\": [2,\n 4, 5]}"),
        "5 is odd at line 2 column 5 (at .a[2])"
    );
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct S {
        #[serde(deserialize_with = "odd_string")]
        s: String,
    }
    fn odd_string<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        let s = String::deserialize(d)?;
        Err(serde::de::Error::invalid_value(
            serde::de::Unexpected::Str(&s),
            &"something else",
        ))
    }
    assert_eq!(
        err::<S>(r#"{"s": "v"}"#),
        "invalid value: string \"v\", expected something else at line 1 column 7 (at .s)"
    );
}

// MARK: - Serialization failures

/// A `Serialize` impl that fails when asked to.
struct Fails(bool);

impl Serialize for Fails {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 {
            Err(serde::ser::Error::custom("refused"))
        } else {
            s.serialize_str("fine")
        }
    }
}

#[test]
fn serialize_errors_are_returned() {
    let e = jetjson::serde::to_vec(&[Fails(false), Fails(true)]).unwrap_err();
    assert_eq!(e.to_string(), "refused");
    assert_eq!(
        jetjson::serde::to_string(&[Fails(false)]).unwrap(),
        r#"["fine"]"#
    );
    let mut out = Vec::new();
    assert!(jetjson::serde::to_writer(&mut out, &(1, Fails(true))).is_err());
}

/// The bridge inside an infallible encoder: `Serde<T>` in a derived type.
#[test]
fn failures_inside_to_json_write_null_and_are_kept() {
    use jetjson::serde::Serde;
    use jetjson::ToValue;
    let v = (1, Serde(Fails(true)), vec![Serde(Fails(false))]);
    assert_eq!(jetjson::to_string(&v), r#"[1,null,["fine"]]"#);
    assert_eq!(jetjson::try_to_vec(&v).unwrap_err().to_string(), "refused");
    assert_eq!(
        jetjson::try_to_string(&v).unwrap_err().to_string(),
        "refused"
    );
    let mut out = Vec::new();
    let e = jetjson::to_writer(&mut out, &v).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
    assert_eq!(e.to_string(), "refused");
    assert_eq!(out, br#"[1,null,["fine"]]"#);
    // A clean value after a failed one: nothing left over.
    assert_eq!(
        jetjson::try_to_string(&Serde(Fails(false))).unwrap(),
        r#""fine""#
    );
    // A map key that JSON cannot have.
    let m = BTreeMap::from([(Serde((1, 2)), 3)]);
    assert_eq!(jetjson::to_string(&m), r#"{"null":3}"#);
    assert_eq!(
        jetjson::try_to_vec(&m).unwrap_err().to_string(),
        "key must be a string"
    );
    // Value and MessagePack carry it too.
    assert_eq!(v.to_value()[1], jetjson::Value::Null);
    assert_eq!(
        jetjson::value::to_value(&v).unwrap_err().to_string(),
        "refused"
    );
    assert_eq!(
        jetjson::serde::to_value(&v.1).unwrap_err().to_string(),
        "refused"
    );
    assert_eq!(jetjson::msgpack::to_vec(&v.1), b"\xc0");
}

/// Scopes nest: an inner fallible call sees only its own failure, and the
/// outer one only its own.
#[test]
fn failure_scopes_nest() {
    struct Nested;
    impl Serialize for Nested {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let inner = jetjson::try_to_vec(&jetjson::serde::Serde(Fails(true)));
            assert_eq!(inner.unwrap_err().to_string(), "refused");
            s.serialize_u8(1)
        }
    }
    let v = (jetjson::serde::Serde(Nested), 2);
    assert_eq!(jetjson::try_to_string(&v).unwrap(), "[1,2]");
    let v = (
        jetjson::serde::Serde(Fails(true)),
        jetjson::serde::Serde(Nested),
    );
    assert_eq!(
        jetjson::try_to_string(&v).unwrap_err().to_string(),
        "refused"
    );
}
