//! serde parity of the derive without the bridge: bounds as serde infers
//! them, `Cow<'static, str>` fields, `from`/`try_from`/`into`, `expecting`,
//! per-variant `untagged`, the closest-variant error of untagged enums and
//! `Maybe`-style fields, in JSON, `Value` and MessagePack, against
//! serde_json on the same types where serde has the feature.

#![cfg(feature = "derive")]

use std::borrow::Cow;
use std::fmt::Debug;

use jetjson::msgpack::{self, FromMsgpack, ToMsgpack};
use jetjson::{FromJsonOwned, FromValue, Json, Msgpack, ToJson, ToValue, Value};
use serde::{Deserialize, Serialize};

/// Writes `v` with both libraries (same text), reads the text back with
/// both (same value), and round-trips it through `Value` and MessagePack.
fn same_as_serde<T>(v: &T) -> String
where
    T: Serialize
        + for<'de> Deserialize<'de>
        + ToJson
        + FromJsonOwned
        + ToValue
        + FromValue
        + ToMsgpack
        + for<'de> FromMsgpack<'de>
        + PartialEq
        + Debug,
{
    let ours = jetjson::to_string(v);
    assert_eq!(ours, serde_json::to_string(v).unwrap());
    assert_eq!(&jetjson::from_str::<T>(&ours).unwrap(), v);
    assert_eq!(&serde_json::from_str::<T>(&ours).unwrap(), v);
    let value = jetjson::value::to_value(v).unwrap();
    assert_eq!(value, jetjson::from_str::<Value>(&ours).unwrap());
    assert_eq!(&jetjson::value::from_value::<T>(value).unwrap(), v);
    let bytes = msgpack::to_vec(v);
    assert_eq!(&msgpack::from_slice::<T>(&bytes).unwrap(), v);
    ours
}

fn json_err<T: FromJsonOwned + Debug>(text: &str) -> String {
    jetjson::from_str::<T>(text).unwrap_err().to_string()
}

// MARK: - Bounds

/// No jetjson impls and no `Default`: a parameter used only in a skipped
/// `Option<U>` is not bound at all (`Option<U>: Default` holds).
#[derive(Debug, PartialEq, Clone, Serialize, Deserialize)]
struct Opaque;

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
struct Defaults<T, U> {
    #[serde(default)]
    list: Vec<T>,
    #[serde(skip)]
    cache: Option<U>,
}

#[test]
fn default_fields_bound_their_type_by_default_and_skipped_ones_need_no_trait() {
    // `U = Opaque` has no jetjson impls and no `Default`: the skipped field
    // asks only `Option<U>: Default`. (serde's derive would ask `U: Default`,
    // so this type cannot derive serde's `Deserialize` with `U = Opaque`.)
    let v: Defaults<u8, Opaque> = Defaults {
        list: vec![1, 2],
        cache: None,
    };
    assert_eq!(jetjson::to_string(&v), r#"{"list":[1,2]}"#);
    assert_eq!(
        jetjson::from_str::<Defaults<u8, Opaque>>(r#"{"list":[1,2]}"#).unwrap(),
        v
    );
    let value = jetjson::value::to_value(&v).unwrap();
    assert_eq!(
        jetjson::value::from_value::<Defaults<u8, Opaque>>(value).unwrap(),
        v
    );
    assert_eq!(
        msgpack::from_slice::<Defaults<u8, Opaque>>(&msgpack::to_vec(&v)).unwrap(),
        v
    );
    let with_u8: Defaults<u8, u8> = Defaults {
        list: vec![3],
        cache: None,
    };
    assert_eq!(same_as_serde(&with_u8), r#"{"list":[3]}"#);
    let missing: Defaults<u8, Opaque> = jetjson::from_str("{}").unwrap();
    assert_eq!(missing.list, Vec::<u8>::new());
}

#[derive(Json, ToValue, FromValue, Serialize, Deserialize, Debug, PartialEq)]
#[serde(bound(serialize = "T: Serialize", deserialize = "T: Deserialize<'de>"))]
#[json(bound(
    serialize = "T: ToJson + ToValue",
    deserialize = "T: jetjson::FromJson<'de> + FromValue"
))]
struct Given<T> {
    #[serde(skip_serializing_if = "Option::is_none")]
    t: Option<T>,
}

#[test]
fn given_bounds_replace_the_inferred_ones() {
    // The given bound is every impl's, `FromValue` included (which gets a
    // `'de` of its own for the bound to name).
    let v = Given { t: Some(3u8) };
    let value = jetjson::value::to_value(&v).unwrap();
    assert_eq!(jetjson::value::from_value::<Given<u8>>(value).unwrap(), v);
    assert_eq!(jetjson::to_string(&v), serde_json::to_string(&v).unwrap());
    assert_eq!(jetjson::from_str::<Given<u8>>(r#"{"t":3}"#).unwrap(), v);
    assert_eq!(jetjson::to_string(&Given::<u8> { t: None }), "{}");
}

/// `#[serde(bound)]` alone: written for serde's traits, so jetjson keeps
/// the predicates and adds its own inferred bounds beside them.
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
#[serde(bound = "T: Serialize + serde::de::DeserializeOwned")]
struct SerdeBound<T> {
    items: Vec<T>,
    #[serde(default)]
    first: Option<T>,
}

/// The per-direction spelling, on a field.
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
struct FieldSerdeBound<T> {
    #[serde(bound(serialize = "T: Serialize", deserialize = "T: Deserialize<'de>"))]
    t: T,
}

#[test]
fn serde_bounds_are_kept_beside_the_inferred_ones() {
    let v = SerdeBound {
        items: vec![1u16, 2],
        first: Some(7),
    };
    assert_eq!(same_as_serde(&v), r#"{"items":[1,2],"first":7}"#);
    let missing: SerdeBound<u16> = jetjson::from_str(r#"{"items":[]}"#).unwrap();
    assert_eq!(missing.first, None);
    let v = FieldSerdeBound {
        t: String::from("x"),
    };
    assert_eq!(same_as_serde(&v), r#"{"t":"x"}"#);
}

// MARK: - Cow<'static, str>

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
struct Labels {
    name: Cow<'static, str>,
    note: Option<Cow<'static, str>>,
}

#[test]
fn static_cow_fields_are_read_by_owning() {
    let v = Labels {
        name: Cow::Borrowed("a\"b"),
        note: Some(Cow::Owned("n".into())),
    };
    assert_eq!(same_as_serde(&v), r#"{"name":"a\"b","note":"n"}"#);
    let text = String::from(r#"{"name":"plain"}"#);
    let read: Labels = jetjson::from_str(&text).unwrap();
    drop(text);
    assert_eq!(read.name, "plain");
    assert_eq!(read.note, None);
    assert_eq!(
        json_err::<Labels>(r#"{"note":null}"#),
        "missing field `name` at line 1 column 14"
    );
}

// MARK: - from, try_from, into, expecting

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(from = "u32", into = "u32")]
struct Tenths(f64);

impl From<u32> for Tenths {
    fn from(n: u32) -> Self {
        Tenths(f64::from(n) / 10.0)
    }
}

impl From<Tenths> for u32 {
    fn from(t: Tenths) -> u32 {
        (t.0 * 10.0).round() as u32
    }
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(try_from = "u64", into = "u64")]
struct Even(u64);

impl TryFrom<u64> for Even {
    type Error = String;
    fn try_from(n: u64) -> Result<Self, String> {
        if n % 2 == 0 {
            Ok(Even(n))
        } else {
            Err(format!("{n} is odd"))
        }
    }
}

impl From<Even> for u64 {
    fn from(e: Even) -> u64 {
        e.0
    }
}

#[test]
fn from_and_into_convert_through_the_other_type() {
    assert_eq!(same_as_serde(&Tenths(1.5)), "15");
    assert_eq!(same_as_serde(&vec![Even(2), Even(4)]), "[2,4]");
}

#[test]
fn try_from_errors_are_the_conversions_display_at_the_value() {
    assert_eq!(
        json_err::<Vec<Even>>("[2, 3]"),
        "3 is odd at line 1 column 5 (at [1])"
    );
    let serde = serde_json::from_str::<Vec<Even>>("[2, 3]").unwrap_err();
    assert!(serde.to_string().starts_with("3 is odd"), "{serde}");
    let value = jetjson::value::from_value::<Even>(Value::from(3u64)).unwrap_err();
    assert_eq!(value.to_string(), "3 is odd");
    let bytes = msgpack::to_vec(&3u64);
    let packed = msgpack::from_slice::<Even>(&bytes).unwrap_err();
    assert_eq!(packed.to_string(), "3 is odd at byte 0");
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
#[serde(expecting = "a point")]
struct Point {
    x: i32,
    y: i32,
}

#[test]
fn expecting_is_the_expected_text_of_the_types_errors() {
    assert_eq!(same_as_serde(&Point { x: 1, y: 2 }), r#"{"x":1,"y":2}"#);
    assert_eq!(
        json_err::<Point>("[1, 2]"),
        "expected a point, found array at line 1 column 1"
    );
    let serde = serde_json::from_str::<Point>("true").unwrap_err();
    assert!(serde.to_string().contains("expected a point"), "{serde}");
    let value = jetjson::value::from_value::<Point>(Value::Bool(true)).unwrap_err();
    assert!(value.to_string().contains("expected a point"), "{value}");
}

// MARK: - untagged variants

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
enum Token {
    Word(String),
    Stop,
    #[serde(untagged)]
    Number(i64),
    #[serde(untagged)]
    Free(String),
}

#[test]
fn untagged_variants_are_written_bare_and_read_after_the_tagged_forms() {
    assert_eq!(same_as_serde(&Token::Word("w".into())), r#"{"Word":"w"}"#);
    assert_eq!(same_as_serde(&Token::Stop), r#""Stop""#);
    assert_eq!(same_as_serde(&Token::Number(-4)), "-4");
    assert_eq!(same_as_serde(&Token::Free("x".into())), r#""x""#);
    // "Stop" is the tagged unit variant; any other string is `Free`.
    for text in [r#""Stop""#, r#""Word""#, r#"{"Word":"w"}"#, "7", r#""go""#] {
        assert_eq!(
            jetjson::from_str::<Token>(text).unwrap(),
            serde_json::from_str::<Token>(text).unwrap(),
            "{text}"
        );
    }
    assert!(jetjson::from_str::<Token>("true").is_err());
    assert!(serde_json::from_str::<Token>("true").is_err());
}

// MARK: - the closest untagged variant

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Shape {
    Circle { radius: f64 },
    Rect { w: f64, h: f64 },
}

#[test]
fn no_variant_matched_names_the_closest_and_its_error() {
    assert_eq!(
        json_err::<Shape>(r#"{"radius":"big"}"#),
        "data did not match any variant of untagged enum Shape; the closest was `Circle`: \
         expected f64, found string at line 1 column 11 (at .radius)"
    );
    assert_eq!(
        json_err::<Vec<Shape>>(r#"[{"w":1,"h":"x"}]"#),
        "data did not match any variant of untagged enum Shape; the closest was `Rect`: \
         expected f64, found string at line 1 column 13 (at [0].h)"
    );
    let serde = serde_json::from_str::<Shape>(r#"{"radius":"big"}"#).unwrap_err();
    assert!(serde
        .to_string()
        .starts_with("data did not match any variant of untagged enum Shape"));
    let value =
        jetjson::value::from_value::<Shape>(jetjson::from_str(r#"{"radius":"big"}"#).unwrap())
            .unwrap_err();
    assert_eq!(
        value.to_string(),
        "data did not match any variant of untagged enum Shape; the closest was `Circle`: \
         expected f64, found string (at .radius)"
    );
    let bytes = msgpack::to_vec(&jetjson::from_str::<Value>(r#"{"w":1.0,"h":true}"#).unwrap());
    let packed = msgpack::from_slice::<Shape>(&bytes)
        .unwrap_err()
        .to_string();
    assert!(
        packed.starts_with(
            "data did not match any variant of untagged enum Shape; the closest was `Rect`: \
             expected f64"
        ),
        "{packed}"
    );
}

// MARK: - Maybe

/// A stand-in for `jetjson::Maybe` (another branch adds it): the derive
/// goes by the type's name, `Maybe<T>`, and calls its `is_absent`.
mod tri {
    use jetjson::{FromJson, Reader, ToJson, Writer};

    #[derive(Debug, PartialEq, Default)]
    pub enum Maybe<T> {
        #[default]
        Absent,
        Null,
        Present(T),
    }

    impl<T> Maybe<T> {
        pub fn is_absent(&self) -> bool {
            matches!(self, Maybe::Absent)
        }
    }

    impl<T: ToJson> ToJson for Maybe<T> {
        fn write_json(&self, w: &mut Writer<'_>) {
            match self {
                Maybe::Present(v) => v.write_json(w),
                _ => w.write_null(),
            }
        }
    }

    impl<'de, T: FromJson<'de>> FromJson<'de> for Maybe<T> {
        fn read_json(r: &mut Reader<'de>) -> Result<Self, jetjson::Error> {
            Ok(match Option::<T>::read_json(r)? {
                Some(v) => Maybe::Present(v),
                None => Maybe::Null,
            })
        }
        fn json_missing() -> Option<Self> {
            Some(Maybe::Absent)
        }
    }

    impl<T: jetjson::ToValue> jetjson::ToValue for Maybe<T> {
        fn to_value(&self) -> jetjson::Value {
            match self {
                Maybe::Present(v) => v.to_value(),
                _ => jetjson::Value::Null,
            }
        }
    }

    impl<T: jetjson::FromValue> jetjson::FromValue for Maybe<T> {
        fn from_value_ref(v: &jetjson::Value) -> Result<Self, jetjson::Error> {
            Ok(match Option::<T>::from_value_ref(v)? {
                Some(v) => Maybe::Present(v),
                None => Maybe::Null,
            })
        }
        fn value_missing() -> Option<Self> {
            Some(Maybe::Absent)
        }
    }

    pub type Nick = Maybe<String>;
}

use tri::{Maybe, Nick};

#[derive(Json, ToValue, FromValue, Debug, PartialEq)]
struct Patch {
    name: Maybe<String>,
    #[json(skip_serializing_if = "Maybe::is_absent")]
    nick: Nick,
}

#[test]
fn maybe_fields_are_left_out_when_absent() {
    let absent = Patch {
        name: Maybe::Absent,
        nick: Maybe::Absent,
    };
    assert_eq!(jetjson::to_string(&absent), "{}");
    assert_eq!(
        jetjson::value::to_value(&absent).unwrap(),
        jetjson::from_str::<Value>("{}").unwrap()
    );
    let null = Patch {
        name: Maybe::Null,
        nick: Maybe::Present("n".into()),
    };
    assert_eq!(jetjson::to_string(&null), r#"{"name":null,"nick":"n"}"#);
    assert_eq!(jetjson::from_str::<Patch>("{}").unwrap(), absent);
    assert_eq!(
        jetjson::from_str::<Patch>(r#"{"name":null,"nick":"n"}"#).unwrap(),
        null
    );
}

// MARK: - A variant that is never written

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
enum Phase {
    Open,
    #[serde(skip_serializing)]
    Internal(u8),
}

#[test]
fn a_skipped_variant_is_an_error_where_encoding_can_fail() {
    let serde_err = serde_json::to_string(&Phase::Internal(1)).unwrap_err();
    assert_eq!(
        serde_err.to_string(),
        "the enum variant Phase::Internal cannot be serialized"
    );
    let err = jetjson::try_to_string(&Phase::Internal(1)).unwrap_err();
    assert_eq!(err.to_string(), serde_err.to_string());
    let err = jetjson::to_value(&vec![Phase::Open, Phase::Internal(1)]).unwrap_err();
    assert_eq!(err.to_string(), serde_err.to_string());
    let io = jetjson::to_writer(Vec::new(), &Phase::Internal(1)).unwrap_err();
    assert_eq!(io.kind(), std::io::ErrorKind::InvalidData);
    let io = msgpack::to_writer(Vec::new(), &Phase::Internal(1)).unwrap_err();
    assert_eq!(io.to_string(), serde_err.to_string());
    // The infallible entry points write `null` in its place, as before.
    assert_eq!(jetjson::to_string(&[Phase::Internal(1)]), "[null]");
    assert_eq!(jetjson::try_to_string(&Phase::Open).unwrap(), r#""Open""#);
    // It is still read.
    assert_eq!(
        jetjson::from_str::<Phase>(r#"{"Internal":2}"#).unwrap(),
        Phase::Internal(2)
    );
}
