//! Derived types as map keys, against serde_json on the same types: an enum
//! of unit variants is its (renamed) variant name, a newtype or transparent
//! struct is its inner type's key (integers quoted). Encoding, decoding,
//! `Value` both ways, aliases, `other`, and the errors for a key that names
//! no variant or is not an integer.

#![cfg(feature = "derive")]

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use jetjson::msgpack;
use jetjson::{FromJsonOwned, FromValue, Json, Msgpack, ToJson, ToValue, Value};
use serde::{Deserialize, Serialize};

#[derive(
    Serialize,
    Deserialize,
    Json,
    ToValue,
    FromValue,
    Msgpack,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Debug,
    Clone,
    Copy,
)]
#[serde(rename_all = "snake_case")]
enum Status {
    Open,
    #[serde(alias = "shut")]
    Closed,
    #[serde(rename = "wip")]
    InProgress,
}

#[derive(
    Serialize,
    Deserialize,
    Json,
    ToValue,
    FromValue,
    Msgpack,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Debug,
)]
struct UserId(u64);

#[derive(
    Serialize,
    Deserialize,
    Json,
    ToValue,
    FromValue,
    Msgpack,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Debug,
)]
#[serde(transparent)]
struct Name {
    inner: String,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, PartialEq, Debug)]
struct C {
    by_status: HashMap<Status, u32>,
    by_user: BTreeMap<UserId, String>,
    by_name: BTreeMap<Name, u8>,
}

/// The same maps, all ordered: the written text is deterministic.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, PartialEq, Debug)]
struct Ordered {
    by_status: BTreeMap<Status, u32>,
    by_user: BTreeMap<UserId, String>,
    by_name: BTreeMap<Name, u8>,
}

/// A generic newtype: a key exactly when its parameter is.
#[derive(
    Serialize,
    Deserialize,
    Json,
    ToValue,
    FromValue,
    Msgpack,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Debug,
)]
struct Id<T>(T);

/// A newtype of a type that is no key: it derives (and works as a value)
/// all the same.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, PartialEq, Debug)]
struct Tags(Vec<String>);

/// Unknown names read as the `other` variant.
#[derive(
    Serialize, Deserialize, Json, ToValue, FromValue, PartialEq, Eq, PartialOrd, Ord, Debug,
)]
#[serde(rename_all = "UPPERCASE")]
enum Level {
    Low,
    High,
    #[serde(other)]
    Other,
}

/// Signed integers and a transparent struct with a skipped field.
#[derive(
    Serialize, Deserialize, Json, ToValue, FromValue, PartialEq, Eq, PartialOrd, Ord, Debug,
)]
struct Offset(i16);

#[derive(
    Serialize, Deserialize, Json, ToValue, FromValue, PartialEq, Eq, PartialOrd, Ord, Debug,
)]
#[serde(transparent)]
struct Tagged {
    key: char,
    #[serde(skip)]
    seen: u8,
}

fn ordered() -> Ordered {
    Ordered {
        by_status: BTreeMap::from([
            (Status::Open, 1),
            (Status::Closed, 2),
            (Status::InProgress, 3),
        ]),
        by_user: BTreeMap::from([
            (UserId(17), "ann".to_owned()),
            (UserId(0), "root".to_owned()),
            (UserId(u64::MAX), "max".to_owned()),
        ]),
        by_name: BTreeMap::from([
            (
                Name {
                    inner: "b\"q\\\n".to_owned(),
                },
                2,
            ),
            (
                Name {
                    inner: "a".to_owned(),
                },
                1,
            ),
            (
                Name {
                    inner: "é ✓".to_owned(),
                },
                3,
            ),
        ]),
    }
}

/// Writes `v` with both libraries (the same text), reads that text back
/// with both (the same value), and goes through `Value` both ways and
/// MessagePack.
fn same_as_serde<T>(v: &T) -> String
where
    T: Serialize + for<'de> Deserialize<'de> + ToJson + FromJsonOwned + ToValue + FromValue,
    T: PartialEq + Debug,
{
    let ours = jetjson::to_string(v);
    assert_eq!(ours, serde_json::to_string(v).unwrap());
    assert_eq!(&jetjson::from_str::<T>(&ours).unwrap(), v);
    assert_eq!(&serde_json::from_str::<T>(&ours).unwrap(), v);
    let value = jetjson::value::to_value(v).unwrap();
    assert_eq!(value, jetjson::from_str::<Value>(&ours).unwrap());
    assert_eq!(jetjson::to_string(&value), ours);
    assert_eq!(&jetjson::value::from_value::<T>(value.clone()).unwrap(), v);
    assert_eq!(&T::from_value_ref(&value).unwrap(), v);
    ours
}

fn json_err<T: FromJsonOwned + Debug>(text: &str) -> jetjson::Error {
    jetjson::from_str::<T>(text).unwrap_err()
}

#[test]
fn keys_write_and_read_as_serde_json_does() {
    let text = same_as_serde(&ordered());
    assert_eq!(
        text,
        concat!(
            r#"{"by_status":{"open":1,"closed":2,"wip":3},"#,
            r#""by_user":{"0":"root","17":"ann","18446744073709551615":"max"},"#,
            r#""by_name":{"a":1,"b\"q\\\n":2,"é ✓":3}}"#,
        )
    );
}

#[test]
fn hash_map_keys() {
    let c = C {
        by_status: HashMap::from([(Status::InProgress, 7)]),
        by_user: BTreeMap::from([(UserId(42), "x".to_owned())]),
        by_name: BTreeMap::new(),
    };
    assert_eq!(
        same_as_serde(&c),
        r#"{"by_status":{"wip":7},"by_user":{"42":"x"},"by_name":{}}"#
    );
    // Several entries, in whatever order the map has: read back the same.
    let text = r#"{"by_status":{"open":1,"wip":3,"closed":2},"by_user":{"9":"a","1":"b"},"by_name":{"z":0,"y":1}}"#;
    let ours: C = jetjson::from_str(text).unwrap();
    let theirs: C = serde_json::from_str(text).unwrap();
    assert_eq!(ours, theirs);
    assert_eq!(ours.by_status.len(), 3);
    assert_eq!(
        jetjson::from_str::<C>(&jetjson::to_string(&ours)).unwrap(),
        ours
    );
    let value = jetjson::value::to_value(&ours).unwrap();
    assert_eq!(value, jetjson::from_str::<Value>(text).unwrap());
    assert_eq!(jetjson::value::from_value::<C>(value).unwrap(), theirs);
}

#[test]
fn maps_of_keys_alone() {
    let statuses = BTreeMap::from([(Status::Closed, true), (Status::Open, false)]);
    assert_eq!(same_as_serde(&statuses), r#"{"open":false,"closed":true}"#);
    let users: HashMap<UserId, u8> = HashMap::from([(UserId(3), 4)]);
    assert_eq!(same_as_serde(&users), r#"{"3":4}"#);
    // A key's `to_value_key`, the `Value` object's member names.
    let value = jetjson::value::to_value(&statuses).unwrap();
    let keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["open", "closed"]);
}

#[test]
fn aliases_are_read() {
    let text = r#"{"shut":5,"open":1}"#;
    let ours: BTreeMap<Status, u32> = jetjson::from_str(text).unwrap();
    let theirs: BTreeMap<Status, u32> = serde_json::from_str(text).unwrap();
    assert_eq!(ours, theirs);
    assert_eq!(
        ours,
        BTreeMap::from([(Status::Closed, 5), (Status::Open, 1)])
    );
    let value = jetjson::from_str::<Value>(text).unwrap();
    assert_eq!(
        jetjson::value::from_value::<BTreeMap<Status, u32>>(value).unwrap(),
        theirs
    );
    // Written under the variant's own name.
    assert_eq!(jetjson::to_string(&ours), r#"{"open":1,"closed":5}"#);
    // Escaped key text is unescaped before it is matched.
    let ours: BTreeMap<Status, u32> = jetjson::from_str(r#"{"\u0077ip":2}"#).unwrap();
    assert_eq!(ours, BTreeMap::from([(Status::InProgress, 2)]));
}

#[test]
fn other_catches_unknown_names() {
    let text = r#"{"LOW":1,"HIGH":2,"MEDIUM":3}"#;
    let ours: BTreeMap<Level, u8> = jetjson::from_str(text).unwrap();
    let theirs: BTreeMap<Level, u8> = serde_json::from_str(text).unwrap();
    assert_eq!(ours, theirs);
    assert_eq!(ours[&Level::Other], 3);
    let value = jetjson::from_str::<Value>(text).unwrap();
    assert_eq!(
        jetjson::value::from_value::<BTreeMap<Level, u8>>(value).unwrap(),
        theirs
    );
    assert_eq!(
        jetjson::to_string(&ours),
        serde_json::to_string(&theirs).unwrap()
    );
}

#[test]
fn unknown_variant_key_is_an_error_at_the_key() {
    let text = "{\"by_status\":{\"open\":1,\n  \"nope\":2},\"by_user\":{},\"by_name\":{}}";
    let err = json_err::<C>(text);
    let message = err.to_string();
    assert!(message.contains("unknown variant `nope`"), "{message}");
    assert!(message.contains("`open`, `closed`, `wip`"), "{message}");
    // The key's own position: line 2, column 3 (its opening quote).
    assert_eq!((err.line(), err.column()), (2, 3), "{message}");
    assert_eq!(&text[err.offset()..err.offset() + 6], "\"nope\"");
    assert!(err.path().contains("by_status"), "{}", err.path());
    // serde_json refuses it too.
    let theirs = serde_json::from_str::<C>(text).unwrap_err().to_string();
    assert!(theirs.contains("unknown variant `nope`"), "{theirs}");

    // From a `Value`: the same message.
    let value = jetjson::from_str::<Value>(text).unwrap();
    let err = jetjson::value::from_value::<C>(value.clone()).unwrap_err();
    assert!(err.to_string().contains("unknown variant `nope`"), "{err}");
    assert!(err.path().contains("by_status"), "{}", err.path());
    let err = C::from_value_ref(&value).unwrap_err();
    assert!(err.to_string().contains("unknown variant `nope`"), "{err}");
}

#[test]
fn integer_key_that_is_not_a_number_is_an_error() {
    for key in ["abc", "", "1.5", "-1", "+1", "01", "18446744073709551616"] {
        let text = format!(r#"{{"{key}":"x"}}"#);
        assert!(
            serde_json::from_str::<BTreeMap<UserId, String>>(&text).is_err(),
            "serde_json reads {text}"
        );
        let err = json_err::<BTreeMap<UserId, String>>(&text);
        assert_eq!(err.offset(), 1, "{text}: {err}");
        let value = jetjson::from_str::<Value>(&text).unwrap();
        assert!(
            jetjson::value::from_value::<BTreeMap<UserId, String>>(value).is_err(),
            "{text}"
        );
    }
    let err = json_err::<Ordered>(r#"{"by_status":{},"by_user":{"12x":"a"},"by_name":{}}"#);
    assert!(err.path().contains("by_user"), "{}", err.path());
    assert!(err.to_string().contains("u64"), "{err}");
    // A negative key for a signed inner type is fine.
    let offsets = BTreeMap::from([(Offset(-3), 1u8), (Offset(12), 2)]);
    assert_eq!(same_as_serde(&offsets), r#"{"-3":1,"12":2}"#);
}

#[test]
fn generic_newtype_keys() {
    let by_int = BTreeMap::from([(Id(5u32), "five".to_owned()), (Id(1), "one".to_owned())]);
    assert_eq!(same_as_serde(&by_int), r#"{"1":"one","5":"five"}"#);
    let by_str = BTreeMap::from([(Id("k".to_owned()), 1u8)]);
    assert_eq!(same_as_serde(&by_str), r#"{"k":1}"#);
    let nested = BTreeMap::from([(Id(Status::Closed), 1u8), (Id(Status::Open), 0)]);
    assert_eq!(same_as_serde(&nested), r#"{"open":0,"closed":1}"#);
    let nested = BTreeMap::from([(Id(UserId(8)), 1u8)]);
    assert_eq!(same_as_serde(&nested), r#"{"8":1}"#);
    assert!(json_err::<BTreeMap<Id<u8>, u8>>(r#"{"300":1}"#)
        .to_string()
        .contains("u8"));
}

#[test]
fn transparent_key_with_a_skipped_field() {
    let map = BTreeMap::from([(Tagged { key: 'x', seen: 0 }, 1u8)]);
    assert_eq!(same_as_serde(&map), r#"{"x":1}"#);
    assert!(json_err::<BTreeMap<Tagged, u8>>(r#"{"xy":1}"#)
        .to_string()
        .contains("char"));
}

#[test]
fn newtype_of_a_non_key_is_still_a_value() {
    let tags = Tags(vec!["a".to_owned(), "b".to_owned()]);
    assert_eq!(same_as_serde(&tags), r#"["a","b"]"#);
}

#[test]
fn msgpack_maps_use_the_value_impls_for_keys() {
    // MessagePack keys are values of any type: no key trait is involved.
    let c = ordered();
    let bytes = msgpack::to_vec(&c);
    assert_eq!(msgpack::from_slice::<Ordered>(&bytes).unwrap(), c);
    assert_eq!(bytes, rmp_serde::to_vec_named(&c).unwrap());
}
