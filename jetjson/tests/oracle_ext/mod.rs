//! Shared checks of tests/std_types.rs and tests/ext_types.rs: a type's
//! jetjson impls against its own serde impl (through serde_json and
//! rmp-serde).

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use jetjson::msgpack::{FromMsgpackOwned, ToMsgpack};
use jetjson::value::{FromValue, FromValueKey, ToValue, ToValueKey};
use jetjson::{FromJsonKey, FromJsonOwned, ToJson, ToJsonKey, Value};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// All the traits a checked type has.
pub trait Both:
    Serialize
    + DeserializeOwned
    + ToJson
    + FromJsonOwned
    + ToValue
    + FromValue
    + ToMsgpack
    + FromMsgpackOwned
    + PartialEq
    + Debug
{
}
impl<T> Both for T where
    T: Serialize
        + DeserializeOwned
        + ToJson
        + FromJsonOwned
        + ToValue
        + FromValue
        + ToMsgpack
        + FromMsgpackOwned
        + PartialEq
        + Debug
{
}

/// Writes `v` in every format and compares with serde's bytes; reads each
/// back and compares with what serde reads from the same bytes.
#[track_caller]
pub fn same<T: Both>(v: &T) {
    let ours = jetjson::to_string(v);
    let theirs = serde_json::to_string(v).unwrap();
    assert_eq!(ours, theirs, "JSON of {v:?}");
    let back: T = jetjson::from_str(&ours).unwrap_or_else(|e| panic!("{ours}: {e}"));
    assert_eq!(
        back,
        serde_json::from_str::<T>(&ours).unwrap(),
        "read {ours}"
    );

    let value = v.to_value();
    assert_eq!(
        value,
        jetjson::from_str::<Value>(&ours).unwrap(),
        "to_value of {v:?}"
    );
    assert_eq!(
        T::from_value_ref(&value).unwrap(),
        back,
        "from_value_ref {ours}"
    );
    assert_eq!(T::from_value(value).unwrap(), back, "from_value {ours}");

    let mp = jetjson::msgpack::to_vec(v);
    assert_eq!(
        mp,
        rmp_serde::to_vec_named(v).unwrap(),
        "MessagePack of {v:?}"
    );
    let back: T = jetjson::msgpack::from_slice(&mp).unwrap_or_else(|e| panic!("{v:?}: {e}"));
    assert_eq!(
        back,
        rmp_serde::from_slice::<T>(&mp).unwrap(),
        "MessagePack read of {v:?}"
    );
}

/// As a map key: the same object text as serde_json, read back, and the
/// same through `Value`.
#[track_caller]
pub fn same_key<K>(k: K)
where
    K: Serialize
        + DeserializeOwned
        + ToJsonKey
        + for<'de> FromJsonKey<'de>
        + ToValueKey
        + FromValueKey
        + Eq
        + Hash
        + Debug
        + Clone,
{
    let map = HashMap::from([(k.clone(), 1u8)]);
    let ours = jetjson::to_string(&map);
    assert_eq!(ours, serde_json::to_string(&map).unwrap(), "key {k:?}");
    let back: HashMap<K, u8> = jetjson::from_str(&ours).unwrap_or_else(|e| panic!("{ours}: {e}"));
    assert_eq!(back, serde_json::from_str::<HashMap<K, u8>>(&ours).unwrap());
    assert_eq!(back, map);
    let value = map.to_value();
    assert_eq!(HashMap::<K, u8>::from_value(value).unwrap(), map);
}

/// serde_json and jetjson agree on `input`: both accept it with equal
/// values (through `Value` too), or both reject it, jetjson with a
/// position.
#[track_caller]
pub fn agree<T: Both>(input: &str) {
    let ours = jetjson::from_str::<T>(input);
    let theirs = serde_json::from_str::<T>(input);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "{input}");
            let v: Value = jetjson::from_str(input).unwrap();
            assert_eq!(&T::from_value(v).unwrap(), b, "from_value {input}");
        }
        (Err(e), Err(_)) => {
            assert!(e.line() > 0, "{input}: error without a position: {e}");
            if let Ok(v) = jetjson::from_str::<Value>(input) {
                assert!(T::from_value_ref(&v).is_err(), "from_value accepts {input}");
            }
        }
        _ => panic!("{input}: jetjson {ours:?}, serde_json {theirs:?}"),
    }
}

/// The same for MessagePack bytes against rmp-serde.
#[track_caller]
pub fn agree_msgpack<T: Both>(input: &[u8]) {
    let ours = jetjson::msgpack::from_slice::<T>(input);
    let theirs = rmp_serde::from_slice::<T>(input);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{input:02x?}"),
        (Err(_), Err(_)) => {}
        _ => panic!("{input:02x?}: jetjson {ours:?}, rmp-serde {theirs:?}"),
    }
}
