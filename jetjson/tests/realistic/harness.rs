//! The checks every realistic document goes through.

use std::fmt::Debug;

use jetjson::msgpack::{FromMsgpackOwned, ToMsgpack};
use jetjson::{FromJsonOwned, FromValue, ToJson, ToValue, Value};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The traits a model's root type has: both libraries' JSON, the `Value`
/// conversions and serde's traits for the oracles.
pub trait Model:
    FromJsonOwned + ToJson + ToValue + FromValue + Serialize + DeserializeOwned + PartialEq + Debug
{
}

impl<T> Model for T where
    T: FromJsonOwned
        + ToJson
        + ToValue
        + FromValue
        + Serialize
        + DeserializeOwned
        + PartialEq
        + Debug
{
}

/// Decodes `text` with both libraries (equal values), encodes the value with
/// both (equal bytes, compact and pretty), reads our output back, goes
/// through `Value` both ways and through the serde bridge. Returns the value.
pub fn json<T: Model>(name: &str, text: &str) -> T {
    let expected: T = serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("{name}: serde_json rejects the sample: {e}"));
    let ours: T =
        jetjson::from_str(text).unwrap_or_else(|e| panic!("{name}: jetjson rejects: {e}"));
    assert_eq!(ours, expected, "{name}: decoded values differ");

    // One value through both writers (maps keep that value's own order).
    let compact = jetjson::to_string(&expected);
    assert_eq!(
        compact,
        serde_json::to_string(&expected).unwrap(),
        "{name}: compact text differs"
    );
    assert_eq!(
        jetjson::to_string_pretty(&expected),
        serde_json::to_string_pretty(&expected).unwrap(),
        "{name}: pretty text differs"
    );
    let back: T = jetjson::from_str(&compact)
        .unwrap_or_else(|e| panic!("{name}: jetjson rejects its own output: {e}\n{compact}"));
    assert_eq!(back, expected, "{name}: own output reads back differently");

    // The `Value` path.
    let value: Value = jetjson::from_str(text).unwrap();
    let from_ref = T::from_value_ref(&value)
        .unwrap_or_else(|e| panic!("{name}: FromValue (by reference) rejects: {e}"));
    assert_eq!(from_ref, expected, "{name}: from_value_ref differs");
    let from_owned =
        T::from_value(value).unwrap_or_else(|e| panic!("{name}: FromValue rejects: {e}"));
    assert_eq!(from_owned, expected, "{name}: from_value differs");
    assert_eq!(
        expected.to_value(),
        jetjson::from_str::<Value>(&compact).unwrap(),
        "{name}: ToValue differs from parsing our output"
    );

    // The serde bridge on the same types.
    let bridged: T = jetjson::serde::from_str(text)
        .unwrap_or_else(|e| panic!("{name}: the serde bridge rejects: {e}"));
    assert_eq!(bridged, expected, "{name}: bridge decodes differently");
    assert_eq!(
        jetjson::serde::to_string(&expected).unwrap(),
        compact,
        "{name}: bridge encodes differently"
    );
    expected
}

/// MessagePack: our bytes read back to the value, rmp-serde reads them to
/// the same value (typed) and writes the same bytes, and we read what
/// rmp-serde writes.
pub fn msgpack<T>(name: &str, v: &T)
where
    T: ToMsgpack + FromMsgpackOwned + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let bytes = jetjson::msgpack::to_vec(v);
    let back: T = jetjson::msgpack::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{name}: our MessagePack does not read back: {e}"));
    assert_eq!(&back, v, "{name}: MessagePack round trip differs");
    let theirs: T = rmp_serde::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{name}: rmp-serde cannot read our MessagePack: {e}"));
    assert_eq!(
        &theirs, v,
        "{name}: rmp-serde reads our MessagePack as another value"
    );
    let named = rmp_serde::to_vec_named(v).unwrap();
    let from_rmp: T = jetjson::msgpack::from_slice(&named)
        .unwrap_or_else(|e| panic!("{name}: we cannot read rmp-serde's MessagePack: {e}"));
    assert_eq!(
        &from_rmp, v,
        "{name}: rmp-serde's MessagePack reads differently"
    );
    assert!(
        bytes == named,
        "{name}: our MessagePack bytes differ from rmp-serde's"
    );
}

/// [`msgpack`], and for models without binary members (`Uuid` is 16 raw
/// bytes in MessagePack), rmp-serde reads our bytes to the
/// `serde_json::Value` of the value.
pub fn msgpack_json<T>(name: &str, v: &T)
where
    T: ToMsgpack + FromMsgpackOwned + Serialize + DeserializeOwned + PartialEq + Debug,
{
    msgpack(name, v);
    let bytes = jetjson::msgpack::to_vec(v);
    let theirs: serde_json::Value = rmp_serde::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{name}: rmp-serde cannot read our MessagePack: {e}"));
    assert_eq!(
        theirs,
        serde_json::to_value(v).unwrap(),
        "{name}: rmp-serde reads our MessagePack as another value"
    );
}

/// Both libraries reject `text` (also through `Value` and the bridge);
/// returns jetjson's message, which must name a line and column.
pub fn reject<T: Model>(name: &str, text: &str) -> String {
    assert!(
        serde_json::from_str::<T>(text).is_err(),
        "{name}: serde_json accepts the broken document"
    );
    let err = match jetjson::from_str::<T>(text) {
        Ok(v) => panic!("{name}: jetjson accepts the broken document as {v:?}"),
        Err(e) => e,
    };
    assert!(err.line() >= 1 && err.column() >= 1, "{name}: {err}");
    if let Ok(value) = jetjson::from_str::<Value>(text) {
        assert!(
            T::from_value(value).is_err(),
            "{name}: FromValue accepts the broken document"
        );
    }
    assert!(
        jetjson::serde::from_str::<T>(text).is_err(),
        "{name}: the bridge accepts the broken document"
    );
    err.to_string()
}
