//! The serde bridge's entry points for generated code (`jetjson::__private`)
//! called by hand exactly as the derive calls them, `Serde<T>`,
//! `via_serde!`, serde impls for jetjson's `Value`, and MessagePack through
//! serde against rmp-serde.

#![cfg(feature = "serde")]

use std::collections::BTreeMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use jetjson::msgpack::{FromMsgpack, ToMsgpack};
use jetjson::{Error, FromJson, Reader, ToJson, Value, Writer};
use jetjson::{FromValue, ToValue};

// MARK: - A `with` module and a `serialize_with` function, as users write them

/// Seconds since the epoch, like chrono's `ts_seconds`.
mod ts_seconds {
    use super::*;

    pub fn serialize<S: Serializer>(t: &SystemTime, s: S) -> Result<S::Ok, S::Error> {
        let secs = t
            .duration_since(UNIX_EPOCH)
            .map_err(|_| serde::ser::Error::custom("before the epoch"))?
            .as_secs();
        s.serialize_u64(secs)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SystemTime, D::Error> {
        let secs = u64::deserialize(d)?;
        Ok(UNIX_EPOCH + Duration::from_secs(secs))
    }
}

fn upper<S: Serializer>(s: &str, ser: S) -> Result<S::Ok, S::Error> {
    ser.serialize_str(&s.to_uppercase())
}

/// What `#[derive(Json, ToValue, FromValue, Msgpack)]` makes of
/// `struct Event { #[serde(with = "ts_seconds")] at: SystemTime, #[serde(serialize_with = "upper")] name: String, tags: Tagged }`
/// where `Tagged` has only serde impls.
#[derive(Debug, PartialEq)]
struct Event {
    at: SystemTime,
    name: String,
    tags: Tagged,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "kind")]
enum Tagged {
    None,
    Some { values: Vec<u8> },
}

::jetjson::__private::require_serde!();

impl ToJson for Event {
    fn write_json(&self, __w: &mut Writer<'_>) {
        __w.write_raw(b"{\"at\":");
        ::jetjson::__private::serde_write_with(__w, |__s| ts_seconds::serialize(&self.at, __s));
        __w.write_raw(b",\"name\":");
        ::jetjson::__private::serde_write_with(__w, |__s| upper(&self.name, __s));
        __w.write_raw(b",\"tags\":");
        ::jetjson::__private::serde_write(&self.tags, __w);
        __w.write_byte(b'}');
    }
}

impl<'de> FromJson<'de> for Event {
    fn read_json(__r: &mut Reader<'de>) -> Result<Self, Error> {
        let (mut at, mut name, mut tags) = (None, None, None);
        __r.begin_object("struct Event")?;
        let mut first = true;
        while __r.next_member(&mut first)? {
            let key = __r.read_key()?.as_str().to_owned();
            match key.as_str() {
                "at" => {
                    at = Some(
                        ::jetjson::__private::serde_read_with(__r, |__d| {
                            ts_seconds::deserialize(__d)
                        })
                        .map_err(|e| e.field("at"))?,
                    )
                }
                "name" => {
                    name = Some(::jetjson::__private::serde_read(__r).map_err(|e| e.field("name"))?)
                }
                "tags" => {
                    tags = Some(::jetjson::__private::serde_read(__r).map_err(|e| e.field("tags"))?)
                }
                _ => __r.skip_value()?,
            }
        }
        Ok(Event {
            at: at.ok_or_else(|| ::jetjson::__private::missing_field(__r, "at"))?,
            name: name.ok_or_else(|| ::jetjson::__private::missing_field(__r, "name"))?,
            tags: tags.ok_or_else(|| ::jetjson::__private::missing_field(__r, "tags"))?,
        })
    }
}

impl ToValue for Event {
    fn to_value(&self) -> Value {
        let mut m = jetjson::Map::new();
        m.insert(
            "at".into(),
            ::jetjson::__private::serde_to_value_with(|__s| ts_seconds::serialize(&self.at, __s)),
        );
        m.insert(
            "name".into(),
            ::jetjson::__private::serde_to_value_with(|__s| upper(&self.name, __s)),
        );
        m.insert(
            "tags".into(),
            ::jetjson::__private::serde_to_value(&self.tags),
        );
        Value::Object(m)
    }
}

impl FromValue for Event {
    fn from_value_ref(__v: &Value) -> Result<Self, Error> {
        let field = |name: &'static str| __v.get(name).ok_or_else(|| Error::custom(name));
        Ok(Event {
            at: ::jetjson::__private::serde_from_value_with(field("at")?, |__d| {
                ts_seconds::deserialize(__d)
            })
            .map_err(|e| e.field("at"))?,
            name: ::jetjson::__private::serde_from_value(field("name")?)?,
            tags: ::jetjson::__private::serde_from_value(field("tags")?)?,
        })
    }
}

impl ToMsgpack for Event {
    fn write_msgpack(&self, __w: &mut jetjson::msgpack::Writer) {
        __w.write_map_len(3);
        __w.write_str("at");
        ::jetjson::__private::serde_write_msgpack_with(__w, |__s| {
            ts_seconds::serialize(&self.at, __s)
        });
        __w.write_str("name");
        ::jetjson::__private::serde_write_msgpack_with(__w, |__s| upper(&self.name, __s));
        __w.write_str("tags");
        ::jetjson::__private::serde_write_msgpack(&self.tags, __w);
    }
}

impl<'de> FromMsgpack<'de> for Event {
    fn read_msgpack(__r: &mut jetjson::msgpack::Reader<'de>) -> Result<Self, Error> {
        let n = __r.read_map_len()?;
        let (mut at, mut name, mut tags) = (None, None, None);
        for _ in 0..n {
            match __r.read_str()? {
                "at" => {
                    at = Some(::jetjson::__private::serde_read_msgpack_with(__r, |__d| {
                        ts_seconds::deserialize(__d)
                    })?)
                }
                "name" => name = Some(::jetjson::__private::serde_read_msgpack(__r)?),
                "tags" => tags = Some(::jetjson::__private::serde_read_msgpack(__r)?),
                _ => __r.skip_value()?,
            }
        }
        match (at, name, tags) {
            (Some(at), Some(name), Some(tags)) => Ok(Event { at, name, tags }),
            _ => Err(__r.missing_field("at")),
        }
    }
}

fn event() -> Event {
    Event {
        at: UNIX_EPOCH + Duration::from_secs(1_700_000_000),
        name: "launch".into(),
        tags: Tagged::Some { values: vec![1, 2] },
    }
}

#[test]
fn hooks_write_and_read_json() {
    let text = jetjson::to_string(&event());
    assert_eq!(
        text,
        r#"{"at":1700000000,"name":"LAUNCH","tags":{"kind":"Some","values":[1,2]}}"#
    );
    let back: Event = jetjson::from_str(&text).unwrap();
    assert_eq!(back.at, event().at);
    assert_eq!(back.name, "LAUNCH");
    assert_eq!(back.tags, event().tags);
    let e = jetjson::from_str::<Event>(r#"{"at": "soon", "name": "", "tags": {"kind": "None"}}"#)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected u64, found string at line 1 column 8 (at .at)"
    );
    let e = jetjson::from_str::<Event>(r#"{"at": 1, "name": "", "tags": {"kind": "Other"}}"#)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown variant `Other`, expected `None` or `Some` at line 1 column 40 (at .tags.kind)"
    );
}

#[test]
fn hooks_record_failures() {
    let bad = Event {
        at: UNIX_EPOCH - Duration::from_secs(1),
        ..event()
    };
    assert_eq!(
        jetjson::to_string(&bad),
        r#"{"at":null,"name":"LAUNCH","tags":{"kind":"Some","values":[1,2]}}"#
    );
    assert_eq!(
        jetjson::try_to_vec(&bad).unwrap_err().to_string(),
        "before the epoch"
    );
    let mut sink = Vec::new();
    assert!(jetjson::to_writer(&mut sink, &bad).is_err());
    assert_eq!(bad.to_value()["at"], Value::Null);
    assert_eq!(
        jetjson::value::to_value(&bad).unwrap_err().to_string(),
        "before the epoch"
    );
    assert_eq!(jetjson::msgpack::to_vec(&bad)[..5], *b"\x83\xa2at\xc0");
}

#[test]
fn hooks_convert_values_and_msgpack() {
    let v = event().to_value();
    assert_eq!(
        v,
        jetjson::from_str::<Value>(&jetjson::to_string(&event())).unwrap()
    );
    let back = Event::from_value_ref(&v).unwrap();
    assert_eq!(back.tags, event().tags);
    let bytes = jetjson::msgpack::to_vec(&event());
    let back: Event = jetjson::msgpack::from_slice(&bytes).unwrap();
    assert_eq!(back.at, event().at);
    assert_eq!(back.name, "LAUNCH");
}

// MARK: - Types with only serde impls: `Serde<T>` and `via_serde!`

/// A `serde_repr`-style enum: written as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Active = 1,
    Banned = 2,
}

impl Serialize for Status {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(*self as u8)
    }
}

impl<'de> Deserialize<'de> for Status {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match u8::deserialize(d)? {
            1 => Ok(Status::Active),
            2 => Ok(Status::Banned),
            n => Err(serde::de::Error::custom(format!(
                "invalid value: {n}, expected 1 or 2"
            ))),
        }
    }
}

jetjson::via_serde!(Status);

/// A string newtype that checks its text.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Uri(String);

impl Serialize for Uri {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Uri {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if !s.contains("://") {
            return Err(serde::de::Error::custom(format!("not a URI: {s}")));
        }
        Ok(Uri(s))
    }
}

jetjson::via_serde!(Uri);

/// A generic type through `via_serde!`.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Labeled<T> {
    label: String,
    value: T,
}

jetjson::via_serde!(Labeled<T> where T: Serialize + serde::de::DeserializeOwned);

#[cfg(feature = "derive")]
#[derive(jetjson::Json, ToValue, FromValue, jetjson::Msgpack, Debug, PartialEq)]
struct Account {
    home: Uri,
    status: Status,
    links: BTreeMap<Uri, Status>,
    by_status: BTreeMap<Status, Vec<Uri>>,
    wrapped: jetjson::serde::Serde<std::net::Ipv4Addr>,
}

#[cfg(feature = "derive")]
#[test]
fn serde_only_types_as_fields_and_keys() {
    let a = Account {
        home: Uri("https://a.example".into()),
        status: Status::Banned,
        links: BTreeMap::from([(Uri("http://b".into()), Status::Active)]),
        by_status: BTreeMap::from([(Status::Active, vec![Uri("ftp://c".into())])]),
        wrapped: jetjson::serde::Serde(std::net::Ipv4Addr::LOCALHOST),
    };
    let text = jetjson::to_string(&a);
    assert_eq!(
        text,
        r#"{"home":"https://a.example","status":2,"links":{"http://b":1},"by_status":{"1":["ftp://c"]},"wrapped":"127.0.0.1"}"#
    );
    assert_eq!(jetjson::from_str::<Account>(&text).unwrap(), a);
    let v = jetjson::value::to_value(&a).unwrap();
    assert_eq!(v, jetjson::from_str::<Value>(&text).unwrap());
    assert_eq!(jetjson::value::from_value::<Account>(v).unwrap(), a);
    let bytes = jetjson::msgpack::to_vec(&a);
    assert_eq!(jetjson::msgpack::from_slice::<Account>(&bytes).unwrap(), a);

    let e = jetjson::from_str::<Account>(&text.replace("https://a.example", "nope")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "not a URI: nope at line 1 column 9 (at .home)"
    );
    let e =
        jetjson::from_str::<Account>(&text.replace(r#""status":2"#, r#""status":3"#)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid value: 3, expected 1 or 2 at line 1 column 38 (at .status)"
    );
    let e = jetjson::from_str::<Account>(&text.replace(r#"{"1":"#, r#"{"x":"#)).unwrap_err();
    assert!(
        e.to_string().starts_with("expected a number as the key"),
        "{e}"
    );
}

#[test]
fn via_serde_implements_every_trait() {
    let s = Status::Active;
    assert_eq!(jetjson::to_string(&s), "1");
    assert_eq!(jetjson::from_str::<Status>("2").unwrap(), Status::Banned);
    assert_eq!(s.to_value(), Value::from(1));
    assert_eq!(
        Status::from_value_ref(&Value::from(2)).unwrap(),
        Status::Banned
    );
    assert_eq!(jetjson::msgpack::to_vec(&s), b"\x01");
    assert_eq!(
        jetjson::msgpack::from_slice::<Status>(b"\x02").unwrap(),
        Status::Banned
    );
    let m = BTreeMap::from([(Status::Banned, 0u8)]);
    assert_eq!(jetjson::to_string(&m), r#"{"2":0}"#);
    assert_eq!(
        jetjson::from_str::<BTreeMap<Status, u8>>(r#"{"2":0}"#).unwrap(),
        m
    );
    assert_eq!(
        jetjson::value::from_value::<BTreeMap<Status, u8>>(m.to_value()).unwrap(),
        m
    );
    let l = Labeled {
        label: "x".into(),
        value: vec![1u8],
    };
    assert_eq!(jetjson::to_string(&l), r#"{"label":"x","value":[1]}"#);
    assert_eq!(
        jetjson::from_str::<Labeled<Vec<u8>>>(r#"{"label":"x","value":[1]}"#).unwrap(),
        l
    );
}

// MARK: - serde impls for jetjson's DOM

#[test]
fn value_map_and_number_speak_serde() {
    let text = r#"{"a":[1,-2,3.5,"s",null,true],"b":{"c":18446744073709551615},"d":-0.0}"#;
    let v: Value = jetjson::from_str(text).unwrap();
    assert_eq!(serde_json::to_string(&v).unwrap(), text);
    assert_eq!(jetjson::serde::to_string(&v).unwrap(), text);
    assert_eq!(serde_json::from_str::<Value>(text).unwrap(), v);
    assert_eq!(jetjson::serde::from_str::<Value>(text).unwrap(), v);
    let m: jetjson::Map = serde_json::from_str(r#"{"k": 1}"#).unwrap();
    assert_eq!(m["k"], 1);
    let n: jetjson::Number = serde_json::from_str("-7").unwrap();
    assert_eq!(n.as_i64(), Some(-7));
    // serde_json's Value and jetjson's agree.
    let theirs: serde_json::Value = serde_json::from_str(text).unwrap();
    let ours: Value = serde_json::from_value(theirs.clone()).unwrap();
    assert_eq!(ours, v);
    assert_eq!(serde_json::to_value(&ours).unwrap(), theirs);
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Doc {
    id: u32,
    tags: BTreeMap<u16, String>,
    kind: Kind,
    ratio: Option<f32>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
enum Kind {
    A,
    B(i64),
    C { x: bool },
}

#[test]
fn to_value_and_from_value_without_text() {
    let d = Doc {
        id: 3,
        tags: BTreeMap::from([(1, "one".into())]),
        kind: Kind::C { x: true },
        ratio: Some(0.1),
    };
    let v = jetjson::serde::to_value(&d).unwrap();
    let via_text: Value = jetjson::from_slice(&jetjson::serde::to_vec(&d).unwrap()).unwrap();
    assert_eq!(v, via_text);
    assert_eq!(jetjson::serde::from_value::<Doc>(v).unwrap(), d);
    for kind in [Kind::A, Kind::B(-1)] {
        let v = jetjson::serde::to_value(&kind).unwrap();
        assert_eq!(jetjson::serde::from_value::<Kind>(v).unwrap(), kind);
    }
    let bad = jetjson::json!({"id": 3, "tags": {"x": "y"}, "kind": "A", "ratio": null});
    assert_eq!(
        jetjson::serde::from_value::<Doc>(bad)
            .unwrap_err()
            .to_string(),
        "expected a number as the key (at .tags)"
    );
    let bad = jetjson::json!({"id": -3, "tags": {}, "kind": "A", "ratio": null});
    assert_eq!(
        jetjson::serde::from_value::<Doc>(bad)
            .unwrap_err()
            .to_string(),
        "number out of range for u32 (at .id)"
    );
    let s = jetjson::json!("borrowed");
    let b: &str = Deserialize::deserialize(jetjson::serde::ValueDeserializer::new(&s)).unwrap();
    assert_eq!(b, "borrowed");
}

// MARK: - MessagePack through serde, against rmp-serde

#[test]
fn msgpack_matches_rmp_serde() {
    let d = Doc {
        id: 70_000,
        tags: BTreeMap::from([(1, "one".into()), (300, "x".repeat(40))]),
        kind: Kind::B(-129),
        ratio: Some(0.5),
    };
    let ours = jetjson::serde::msgpack::to_vec(&d).unwrap();
    assert_eq!(ours, rmp_serde::to_vec_named(&d).unwrap());
    assert_eq!(
        jetjson::serde::msgpack::from_slice::<Doc>(&ours).unwrap(),
        d
    );
    for kind in [Kind::A, Kind::C { x: false }] {
        let ours = jetjson::serde::msgpack::to_vec(&kind).unwrap();
        assert_eq!(ours, rmp_serde::to_vec_named(&kind).unwrap());
        assert_eq!(
            jetjson::serde::msgpack::from_slice::<Kind>(&ours).unwrap(),
            kind
        );
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct U;
    let v = (U, (), Some("s"), vec![1.5f64], 'c', u64::MAX, i64::MIN);
    let ours = jetjson::serde::msgpack::to_vec(&v).unwrap();
    assert_eq!(ours, rmp_serde::to_vec_named(&v).unwrap());
    let back: (U, (), Option<&str>, Vec<f64>, char, u64, i64) =
        jetjson::serde::msgpack::from_slice(&ours).unwrap();
    assert_eq!(back, v);
    // An iterator of unknown length is given its header afterwards.
    struct Odd;
    impl Serialize for Odd {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq((0..40u8).filter(|n| n % 2 == 1))
        }
    }
    let ours = jetjson::serde::msgpack::to_vec(&Odd).unwrap();
    assert_eq!(ours, rmp_serde::to_vec_named(&Odd).unwrap());
    // rmp-serde's output reads back, serde_json::Value too.
    let value = serde_json::json!({"a": [1, -1, 2.5, "x", null, true], "b": {}});
    let theirs = rmp_serde::to_vec_named(&value).unwrap();
    assert_eq!(
        jetjson::serde::msgpack::from_slice::<serde_json::Value>(&theirs).unwrap(),
        value
    );
    let e = jetjson::serde::msgpack::from_slice::<Doc>(b"\x81\xa2id\xa1x").unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected u32, found string at byte 4 (at .id)"
    );
    let deep = vec![0x91u8; 100_000];
    let e = jetjson::serde::msgpack::from_slice::<serde_json::Value>(&deep).unwrap_err();
    assert_eq!(*e.kind(), jetjson::ErrorKind::DepthLimit { limit: 128 });
}
