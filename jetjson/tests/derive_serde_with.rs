//! serde functions through the bridge: `#[serde(with)]`, `serialize_with`,
//! `deserialize_with` and `#[json(serde)]` fields, in JSON, `Value` and
//! MessagePack, against serde_json on the same types. Needs the `serde`
//! feature (the bridge); without it this file compiles to nothing.

// The `serde` feature comes with the bridge's branch; until that is merged,
// cargo does not know the feature and would warn about the `cfg` below.
#![allow(unexpected_cfgs)]
#![cfg(feature = "serde")]

use jetjson::msgpack;
use jetjson::{FromValue, Json, Msgpack, ToValue, Value};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

mod hex {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(n: &u32, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{n:#x}"))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        let s = String::deserialize(d)?;
        u32::from_str_radix(s.trim_start_matches("0x"), 16).map_err(serde::de::Error::custom)
    }
}

fn upper<S: Serializer>(s: &str, ser: S) -> Result<S::Ok, S::Error> {
    ser.serialize_str(&s.to_uppercase())
}

fn lower<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(String::deserialize(d)?.to_lowercase())
}

/// A type with serde impls only.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Foreign {
    a: u8,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
struct Bridged {
    #[serde(with = "hex")]
    color: u32,
    #[serde(serialize_with = "upper")]
    shout: String,
    #[serde(deserialize_with = "lower", default)]
    quiet: String,
    #[json(serde)]
    foreign: Foreign,
}

fn sample() -> Bridged {
    Bridged {
        color: 255,
        shout: "HI".into(),
        quiet: "lo".into(),
        foreign: Foreign { a: 1 },
    }
}

#[test]
fn serde_functions_write_and_read_as_serde_json_does() {
    let v = sample();
    let ours = jetjson::to_string(&v);
    assert_eq!(ours, serde_json::to_string(&v).unwrap());
    assert_eq!(
        ours,
        r#"{"color":"0xff","shout":"HI","quiet":"lo","foreign":{"a":1}}"#
    );
    let text = r#"{"color":"0x10","shout":"a","quiet":"LOUD","foreign":{"a":2}}"#;
    assert_eq!(
        jetjson::from_str::<Bridged>(text).unwrap(),
        serde_json::from_str::<Bridged>(text).unwrap()
    );
}

#[test]
fn serde_functions_in_value_and_msgpack() {
    let v = sample();
    let value = jetjson::value::to_value(&v).unwrap();
    assert_eq!(
        value,
        jetjson::from_str::<Value>(&jetjson::to_string(&v)).unwrap()
    );
    assert_eq!(jetjson::value::from_value::<Bridged>(value).unwrap(), v);
    let bytes = msgpack::to_vec(&v);
    assert_eq!(msgpack::from_slice::<Bridged>(&bytes).unwrap(), v);
}

#[test]
fn a_missing_bridged_field_is_missing_unless_default() {
    let err = jetjson::from_str::<Bridged>(r#"{"shout":"a","foreign":{"a":1}}"#).unwrap_err();
    assert!(
        err.to_string().starts_with("missing field `color`"),
        "{err}"
    );
    let v: Bridged = jetjson::from_str(r#"{"color":"0x1","shout":"a","foreign":{"a":1}}"#).unwrap();
    assert_eq!(v.quiet, "");
}

/// `#[json(serde)]` on an `Option`: a missing key is `None`, as serde's
/// derive makes it; a required serde-only field stays required.
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
struct OptionalForeign {
    #[json(serde)]
    maybe: Option<Foreign>,
    #[json(serde)]
    must: Foreign,
}

#[test]
fn a_missing_serde_option_is_none() {
    let text = r#"{"must":{"a":1}}"#;
    let ours = jetjson::from_str::<OptionalForeign>(text).unwrap();
    assert_eq!(ours, serde_json::from_str::<OptionalForeign>(text).unwrap());
    assert_eq!(ours.maybe, None);
    let value = jetjson::from_str::<Value>(text).unwrap();
    assert_eq!(
        jetjson::value::from_value::<OptionalForeign>(value).unwrap(),
        ours
    );
    let err = jetjson::from_str::<OptionalForeign>(r#"{"maybe":null}"#).unwrap_err();
    assert!(serde_json::from_str::<OptionalForeign>(r#"{"maybe":null}"#).is_err());
    assert!(err.to_string().starts_with("missing field `must`"), "{err}");
}

/// A serde bound on a generic type with a bridged field: the bridged field
/// keeps the serde predicate, the native one gets jetjson's inferred bound.
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
#[serde(bound = "T: Serialize + serde::de::DeserializeOwned")]
struct BoundBridged<T> {
    #[json(serde)]
    bridged: T,
    native: Vec<u8>,
}

#[test]
fn a_serde_bound_serves_the_bridged_field() {
    let v = BoundBridged {
        bridged: Foreign { a: 3 },
        native: vec![1],
    };
    let text = jetjson::to_string(&v);
    assert_eq!(text, serde_json::to_string(&v).unwrap());
    assert_eq!(
        jetjson::from_str::<BoundBridged<Foreign>>(&text).unwrap(),
        v
    );
}

#[test]
fn bridged_errors_carry_the_field_path() {
    let err = jetjson::from_str::<Bridged>(r#"{"color":"zz","shout":"a","foreign":{"a":1}}"#)
        .unwrap_err();
    assert_eq!(err.path(), ".color");
}
