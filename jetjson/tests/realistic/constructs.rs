//! Constructs the four models meet in other real crates, each on its own:
//! chrono's own `with` modules, a `with` module on an `Option`, `other` in
//! internally and adjacently tagged enums, flatten inside a struct variant,
//! a flattened `Option` of an untagged enum and a flattened type parameter.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use jetjson::{FromValue, Json, Msgpack, ToValue};
use serde::{Deserialize, Serialize};

use crate::harness;

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, PartialEq)]
struct ChronoModules {
    #[serde(with = "chrono::serde::ts_seconds")]
    created: DateTime<Utc>,
    #[serde(with = "chrono::serde::ts_milliseconds_option", default)]
    expires: Option<DateTime<Utc>>,
}

mod opt_secs {
    use chrono::{DateTime, Utc};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(t: &Option<DateTime<Utc>>, s: S) -> Result<S::Ok, S::Error> {
        match t {
            Some(t) => s.serialize_some(&t.timestamp()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DateTime<Utc>>, D::Error> {
        Ok(Option::<i64>::deserialize(d)?.and_then(|n| DateTime::from_timestamp(n, 0)))
    }
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, PartialEq)]
struct OptionWith {
    #[serde(with = "opt_secs", default, skip_serializing_if = "Option::is_none")]
    at: Option<DateTime<Utc>>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, PartialEq)]
#[serde(tag = "kind")]
enum Internal {
    A {
        x: u8,
    },
    #[serde(other)]
    Unknown,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    A(u8),
    #[serde(other)]
    Other,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, PartialEq)]
struct Meta {
    name: String,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, PartialEq)]
#[serde(tag = "kind")]
enum FlatInVariant {
    A {
        #[serde(flatten)]
        meta: Meta,
        x: u8,
    },
    B(Meta),
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, PartialEq)]
#[serde(untagged)]
enum Val {
    S { value: String },
    N { number: i64 },
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, PartialEq)]
struct OptionalUntagged {
    name: String,
    #[serde(flatten)]
    v: Option<Val>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, PartialEq)]
struct Generic<A> {
    id: u32,
    #[serde(flatten)]
    attrs: A,
}

#[test]
fn each_construct_agrees_with_serde_json() {
    macro_rules! same {
        ($t:ty: $($text:expr),+) => {$(
            let v = harness::json::<$t>(concat!(stringify!($t), " ", $text), $text);
            harness::msgpack(stringify!($t), &v);
        )+};
    }
    same!(ChronoModules: r#"{"created":1700000000,"expires":1700000000123}"#, r#"{"created":0}"#, r#"{"created":-1,"expires":null}"#);
    same!(OptionWith: r#"{"at":1700000000}"#, "{}", r#"{"at":null}"#);
    same!(Internal: r#"{"kind":"A","x":1}"#, r#"{"kind":"Z","x":1}"#);
    same!(Adjacent: r#"{"t":"A","c":1}"#, r#"{"t":"Q"}"#, r#"{"t":"Q","c":null}"#);
    same!(FlatInVariant: r#"{"kind":"A","name":"n","x":1}"#, r#"{"x":2,"name":"m","kind":"A"}"#, r#"{"kind":"B","name":"n"}"#);
    same!(OptionalUntagged: r#"{"name":"a","value":"v"}"#, r#"{"number":3,"name":"a"}"#, r#"{"name":"a"}"#);
    same!(Generic<Meta>: r#"{"id":1,"name":"n"}"#);
    same!(Generic<BTreeMap<String, u8>>: r#"{"id":1,"a":2,"b":3}"#);
}
