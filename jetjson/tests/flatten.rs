//! `#[serde(flatten)]` and internally tagged newtype variants: the same
//! bytes and values as serde_json where serde can do it, and what serde
//! cannot (`deny_unknown_fields` beside flatten, `u128`, borrowed strings)
//! checked against the expected result. Through JSON, `Value` and
//! MessagePack.

#![cfg(feature = "derive")]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use jetjson::{FromJsonOwned, FromValue, Json, Msgpack, ToJson, ToValue, Value};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Pagination {
    limit: u32,
    offset: u32,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Audit {
    created_by: String,
    #[serde(default)]
    revision: u64,
    #[serde(flatten)]
    stamp: Stamp,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Stamp {
    at: String,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Page {
    id: u64,
    #[serde(flatten)]
    pagination: Pagination,
    name: String,
    #[serde(flatten)]
    audit: Audit,
    #[serde(flatten)]
    extra: BTreeMap<String, Option<Vec<u32>>>,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct WithOption {
    id: u8,
    #[serde(flatten)]
    page: Option<Pagination>,
}

#[derive(Json, ToValue, FromValue, Msgpack, Debug, PartialEq, Clone)]
struct CatchValue {
    kind: String,
    #[json(flatten)]
    rest: Value,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct CatchHash {
    kind: String,
    #[serde(flatten)]
    rest: HashMap<String, i64>,
}

#[derive(Json, ToValue, FromValue, Msgpack, Debug, PartialEq, Clone)]
struct CatchMap {
    kind: String,
    #[json(flatten)]
    rest: jetjson::Map<String, Value>,
}

/// Checks JSON decode against serde_json, and that encoding gives serde's
/// bytes and reads back; the same value through `Value`.
fn same_as_serde<T>(text: &str)
where
    T: FromJsonOwned
        + ToJson
        + ToValue
        + FromValue
        + Serialize
        + DeserializeOwned
        + PartialEq
        + Debug,
{
    let expected: T = serde_json::from_str(text).unwrap();
    let ours: T = jetjson::from_str(text).unwrap();
    assert_eq!(ours, expected, "decoding {text}");
    let bytes = jetjson::to_string(&ours);
    assert_eq!(
        bytes,
        serde_json::to_string(&expected).unwrap(),
        "encoding {text}"
    );
    assert_eq!(jetjson::from_str::<T>(&bytes).unwrap(), expected);

    let value: Value = jetjson::from_str(text).unwrap();
    assert_eq!(
        T::from_value_ref(&value).unwrap(),
        expected,
        "from a Value of {text}"
    );
    assert_eq!(
        T::from_value(value.clone()).unwrap(),
        expected,
        "from an owned Value of {text}"
    );
    let to_value = ours.to_value();
    assert_eq!(
        to_value,
        jetjson::from_str::<Value>(&bytes).unwrap(),
        "to a Value"
    );
}

fn msgpack_round_trip<T>(value: &T)
where
    T: jetjson::msgpack::ToMsgpack
        + for<'de> jetjson::msgpack::FromMsgpack<'de>
        + Serialize
        + PartialEq
        + Debug,
{
    let bytes = jetjson::msgpack::to_vec(value);
    let back: T = jetjson::msgpack::from_slice(&bytes).unwrap();
    assert_eq!(&back, value);
    // rmp-serde reads what we wrote (serde's flatten reads any map).
    let json = serde_json::to_value(value).unwrap();
    let theirs: serde_json::Value = rmp_serde::from_slice(&bytes).unwrap();
    assert_eq!(theirs, json);
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct PageNoRest {
    id: u64,
    #[serde(flatten)]
    pagination: Pagination,
    name: String,
    #[serde(flatten)]
    audit: Audit,
}

#[test]
fn two_flattened_structs_nested_and_a_catch_all() {
    let text =
        r#"{"id":7,"limit":10,"offset":20,"name":"p","created_by":"ann","revision":3,"at":"noon"}"#;
    same_as_serde::<PageNoRest>(text);
    same_as_serde::<PageNoRest>(
        r#"{"at":"noon","limit":10,"name":"p","created_by":"ann","id":7,"offset":20}"#,
    );

    // With a catch-all beside a struct that flattens another, serde hands
    // the catch-all the nested struct's keys too, and fails ("expected a
    // sequence" for `created_by`); routed, it gets only what no field takes.
    let shuffled = r#"{"x":[1],"at":"noon","limit":10,"name":"p","created_by":"ann","id":7,"offset":20,"y":null}"#;
    assert!(serde_json::from_str::<Page>(shuffled).is_err());
    let page: Page = jetjson::from_str(shuffled).unwrap();
    let expected = Page {
        id: 7,
        pagination: Pagination {
            limit: 10,
            offset: 20,
        },
        name: "p".into(),
        audit: Audit {
            created_by: "ann".into(),
            revision: 0,
            stamp: Stamp { at: "noon".into() },
        },
        extra: BTreeMap::from([("x".to_owned(), Some(vec![1])), ("y".to_owned(), None)]),
    };
    assert_eq!(page, expected);
    let value: Value = jetjson::from_str(shuffled).unwrap();
    assert_eq!(Page::from_value_ref(&value).unwrap(), expected);
    assert_eq!(Page::from_value(value).unwrap(), expected);
    // Encoding: own fields and flattened members in declaration order.
    assert_eq!(
        jetjson::to_string(&page),
        r#"{"id":7,"limit":10,"offset":20,"name":"p","created_by":"ann","revision":0,"at":"noon","x":[1],"y":null}"#
    );
    msgpack_round_trip(&page);
}

#[test]
fn missing_and_repeated_keys_inside_flattened_fields() {
    let err =
        jetjson::from_str::<Page>(r#"{"id":7,"limit":10,"name":"p","created_by":"a","at":"t"}"#)
            .unwrap_err();
    assert_eq!(
        err.to_string(),
        "missing field `offset` at line 1 column 57"
    );
    let err = jetjson::from_str::<Page>(
        r#"{"id":7,"limit":10,"offset":1,"limit":2,"name":"p","created_by":"a","at":"t"}"#,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "duplicate field `limit` at line 1 column 31"
    );
    let err = jetjson::from_str::<Page>(
        r#"{"id":7,"limit":"ten","offset":1,"name":"p","created_by":"a","at":"t"}"#,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected u32, found string at line 1 column 17 (at .limit)"
    );
}

#[test]
fn option_is_none_when_none_of_its_keys_appear() {
    same_as_serde::<WithOption>(r#"{"id":1}"#);
    same_as_serde::<WithOption>(r#"{"id":1,"limit":2,"offset":3}"#);
    let v: WithOption = jetjson::from_str(r#"{"id":1,"other":true}"#).unwrap();
    assert_eq!(v.page, None);
    // serde makes a half-present inner value `None`, dropping `limit`;
    // jetjson reports it.
    let err = jetjson::from_str::<WithOption>(r#"{"id":1,"limit":2}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "missing field `offset` at line 1 column 19"
    );
    msgpack_round_trip(&WithOption { id: 1, page: None });
    msgpack_round_trip(&WithOption {
        id: 1,
        page: Some(Pagination {
            limit: 1,
            offset: 2,
        }),
    });
}

#[test]
fn catch_alls_keep_the_remaining_members_in_input_order() {
    let text = r#"{"kind":"k","b":1,"a":{"x":[true]},"c":"s"}"#;
    let v: CatchValue = jetjson::from_str(text).unwrap();
    assert_eq!(
        v.rest,
        jetjson::from_str::<Value>(r#"{"b":1,"a":{"x":[true]},"c":"s"}"#).unwrap()
    );
    assert_eq!(jetjson::to_string(&v), text);
    assert_eq!(CatchValue::from_value(v.to_value()).unwrap(), v);
    assert_eq!(CatchValue::from_value_ref(&v.to_value()).unwrap(), v);
    let bytes = jetjson::msgpack::to_vec(&v);
    assert_eq!(
        jetjson::msgpack::from_slice::<CatchValue>(&bytes).unwrap(),
        v
    );
    let v: CatchValue = jetjson::from_str(r#"{"b":1,"kind":"k","a":2}"#).unwrap();
    assert_eq!(jetjson::to_string(&v), r#"{"kind":"k","b":1,"a":2}"#);
    // A catch-all `Value` that is not an object has no members: `null`
    // writes none, anything else none and, where encoding can fail,
    // serde's error (serde_json gives the same through its own `Value`).
    let kind = String::from("k");
    let null = CatchValue {
        kind: kind.clone(),
        rest: Value::Null,
    };
    assert_eq!(jetjson::try_to_string(&null).unwrap(), r#"{"kind":"k"}"#);
    // MessagePack counts no members for it, so the map's length is right.
    let kind_only = jetjson::msgpack::to_vec(&jetjson::json!({"kind": "k"}));
    assert_eq!(jetjson::msgpack::to_vec(&null), kind_only);
    for (rest, what) in [
        (jetjson::json!(5), "an integer"),
        (jetjson::json!(-0.5), "a float"),
        (jetjson::json!("s"), "a string"),
        (jetjson::json!(false), "a boolean"),
        (jetjson::json!([]), "a sequence"),
    ] {
        let v = CatchValue {
            kind: kind.clone(),
            rest,
        };
        let message = format!("can only flatten structs and maps (got {what})");
        assert_eq!(jetjson::to_string(&v), r#"{"kind":"k"}"#);
        assert_eq!(jetjson::msgpack::to_vec(&v), kind_only);
        assert_eq!(jetjson::try_to_string(&v).unwrap_err().to_string(), message);
        assert_eq!(jetjson::to_value(&v).unwrap_err().to_string(), message);
        let io = jetjson::msgpack::to_writer(Vec::new(), &v).unwrap_err();
        assert_eq!(io.to_string(), message);
    }
    // One member: a HashMap's order is its own.
    same_as_serde::<CatchHash>(r#"{"n":-5,"kind":"k"}"#);
    let err = jetjson::from_str::<CatchHash>(r#"{"kind":"k","n":"x"}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected i64, found string at line 1 column 17 (at .n)"
    );

    let v: CatchMap = jetjson::from_str(r#"{"z":1,"kind":"k","a\u0062":2}"#).unwrap();
    assert_eq!(v.rest.keys().collect::<Vec<_>>(), ["z", "ab"]);
    assert_eq!(jetjson::to_string(&v), r#"{"kind":"k","z":1,"ab":2}"#);
    assert_eq!(CatchMap::from_value(v.to_value()).unwrap(), v);
    let bytes = jetjson::msgpack::to_vec(&v);
    assert_eq!(jetjson::msgpack::from_slice::<CatchMap>(&bytes).unwrap(), v);
    let hash = CatchHash {
        kind: "k".into(),
        rest: HashMap::from([("a".to_owned(), 1)]),
    };
    msgpack_round_trip(&hash);
}

#[derive(Json, ToValue, FromValue, Msgpack, Debug, PartialEq)]
#[json(deny_unknown_fields)]
struct Strict {
    id: u32,
    #[json(flatten)]
    page: Pagination,
}

#[test]
fn deny_unknown_fields_beside_flatten_rejects_what_no_field_takes() {
    // serde cannot do this (serde#2283): its buffered flatten sees no
    // unknown keys.
    let v: Strict = jetjson::from_str(r#"{"id":1,"limit":2,"offset":3}"#).unwrap();
    assert_eq!(v.page.limit, 2);
    let err = jetjson::from_str::<Strict>(r#"{"id":1,"limit":2,"offset":3,"oops":0}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown field `oops`, expected `id` at line 1 column 30"
    );
    let value: Value = jetjson::from_str(r#"{"id":1,"limit":2,"offset":3,"oops":0}"#).unwrap();
    assert!(Strict::from_value_ref(&value).is_err());
    let bytes = jetjson::msgpack::to_vec(&value);
    assert!(jetjson::msgpack::from_slice::<Strict>(&bytes).is_err());
}

#[derive(Json, ToValue, Msgpack, Debug, PartialEq)]
struct Borrowing<'a> {
    name: &'a str,
    #[json(flatten)]
    inner: BorrowedInner<'a>,
}

#[derive(Json, ToValue, Msgpack, Debug, PartialEq)]
struct BorrowedInner<'a> {
    big: u128,
    tag: &'a str,
    note: Cow<'a, str>,
}

#[test]
fn u128_and_borrowed_strings_inside_flatten() {
    // serde-rs/json#625: serde's flatten goes through a buffer that holds
    // no 128-bit integers, and borrows nothing.
    let text =
        r#"{"name":"n","big":340282366920938463463374607431768211455,"tag":"t","note":"plain"}"#;
    let v: Borrowing = jetjson::from_str(text).unwrap();
    assert_eq!(v.inner.big, u128::MAX);
    assert!(std::ptr::eq(
        v.inner.tag.as_ptr(),
        text[text.find("\"t\"").unwrap() + 1..].as_ptr()
    ));
    assert!(matches!(v.inner.note, Cow::Borrowed("plain")));
    assert_eq!(jetjson::to_string(&v), text);
    let bytes = jetjson::msgpack::to_vec(&v);
    let back: Borrowing = jetjson::msgpack::from_slice(&bytes).unwrap();
    assert_eq!(back, v);
}

// MARK: - Internally tagged newtype variants

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Created {
    id: u32,
    #[serde(default)]
    by: String,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
struct Closed {
    id: u32,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Event {
    Created(Created),
    Closed(Closed),
    Labels(BTreeMap<String, String>),
    Moved { from: u32, to: u32 },
    Ping,
}

#[test]
fn internally_tagged_newtype_variants() {
    for text in [
        r#"{"type":"created","id":1,"by":"me"}"#,
        r#"{"id":1,"type":"created"}"#,
        r#"{"id":1,"by":"me","type":"created"}"#,
        r#"{"type":"closed","id":2}"#,
        r#"{"type":"labels","a":"x","b":"y"}"#,
        r#"{"a":"x","type":"labels"}"#,
        r#"{"type":"moved","from":1,"to":2}"#,
        r#"{"type":"ping"}"#,
    ] {
        same_as_serde::<Event>(text);
        let event: Event = jetjson::from_str(text).unwrap();
        msgpack_round_trip(&event);
    }
    // The inner type's own rules apply: deny_unknown_fields, defaults,
    // missing fields.
    for (text, message) in [
        (
            r#"{"type":"closed","id":2,"x":1}"#,
            "unknown field `x`, expected `id` at line 1 column 25",
        ),
        (
            r#"{"type":"created"}"#,
            "missing field `id` at line 1 column 19",
        ),
        (
            r#"{"type":"created","id":1,"type":"closed"}"#,
            "duplicate field `type` at line 1 column 26",
        ),
        (r#"{"id":1}"#, "missing field `type` at line 1 column 9"),
    ] {
        let err = jetjson::from_str::<Event>(text).unwrap_err();
        assert_eq!(err.to_string(), message, "{text}");
        assert!(
            serde_json::from_str::<Event>(text).is_err(),
            "serde accepts {text}"
        );
    }
    assert_eq!(
        jetjson::to_string(&Event::Created(Created {
            id: 1,
            by: "b".into()
        })),
        r#"{"type":"created","id":1,"by":"b"}"#
    );
}

// MARK: - Flattened enums

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "type", rename_all = "lowercase")]
enum Shape {
    Circle { radius: f64 },
    Rect { w: u32, h: u32 },
    Named(Stamp),
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
enum Payment {
    Card { number: String },
    Cash(u32),
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "t", content = "c")]
enum Op {
    Add(i64),
    Clear,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(untagged)]
enum Auth {
    Token { token: String },
    Basic { user: String, password: String },
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Drawing {
    id: u32,
    #[serde(flatten)]
    shape: Shape,
    #[serde(flatten)]
    payment: Payment,
    #[serde(flatten)]
    op: Op,
    label: String,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Request {
    path: String,
    #[serde(flatten)]
    auth: Auth,
}

#[test]
fn flattened_enums_of_every_representation() {
    for text in [
        r#"{"id":1,"type":"circle","radius":2.5,"Card":{"number":"42"},"t":"Add","c":-3,"label":"a"}"#,
        r#"{"radius":2.5,"label":"a","Cash":7,"c":-3,"id":1,"t":"Add","type":"circle"}"#,
        r#"{"id":1,"type":"rect","w":3,"h":4,"Cash":0,"t":"Clear","label":"b"}"#,
        r#"{"id":1,"type":"named","at":"noon","Cash":1,"t":"Clear","label":"b"}"#,
        r#"{"id":1,"at":"noon","type":"named","Cash":1,"t":"Clear","label":"b"}"#,
    ] {
        same_as_serde::<Drawing>(text);
        let drawing: Drawing = jetjson::from_str(text).unwrap();
        msgpack_round_trip(&drawing);
    }
    for text in [
        r#"{"path":"/","token":"t"}"#,
        r#"{"user":"u","path":"/","password":"p"}"#,
    ] {
        same_as_serde::<Request>(text);
        let request: Request = jetjson::from_str(text).unwrap();
        msgpack_round_trip(&request);
    }
}

#[test]
fn errors_inside_flattened_enums_point_into_the_input() {
    let text = r#"{"id":1,"type":"circle","radius":"big","Cash":1,"t":"Clear","label":"b"}"#;
    let err = jetjson::from_str::<Drawing>(text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected f64, found string at line 1 column 34 (at .radius)"
    );
    assert_eq!(&text[err.offset()..err.offset() + 5], "\"big\"");
    let err =
        jetjson::from_str::<Drawing>(r#"{"id":1,"radius":1,"Cash":1,"t":"Clear","label":"b"}"#)
            .unwrap_err();
    assert_eq!(err.to_string(), "missing field `type` at line 1 column 53");
    let err = jetjson::from_str::<Request>(r#"{"path":"/","user":"u"}"#).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("data did not match any variant of untagged enum Auth"),
        "{err}"
    );
}

mod readme {
    //! The README's "Coming from serde" example, as it is written there.
    use std::collections::BTreeMap;

    use serde::{Deserialize, Serialize};

    #[derive(
        Serialize,
        Deserialize,
        jetjson::Json,
        jetjson::ToValue,
        jetjson::FromValue,
        Debug,
        PartialEq,
    )]
    struct Pod {
        name: String,
        #[serde(flatten)]
        meta: Meta,
        #[serde(flatten)]
        spec: Spec,
        #[serde(flatten)]
        extra: BTreeMap<String, u32>,
    }

    #[derive(
        Serialize,
        Deserialize,
        jetjson::Json,
        jetjson::ToValue,
        jetjson::FromValue,
        Debug,
        PartialEq,
    )]
    struct Meta {
        uid: u64,
    }

    #[derive(
        Serialize,
        Deserialize,
        jetjson::Json,
        jetjson::ToValue,
        jetjson::FromValue,
        Debug,
        PartialEq,
    )]
    #[serde(tag = "kind")]
    enum Spec {
        Job { retries: u8 },
        Service(Port),
    }

    #[derive(
        Serialize,
        Deserialize,
        jetjson::Json,
        jetjson::ToValue,
        jetjson::FromValue,
        Debug,
        PartialEq,
    )]
    struct Port {
        port: u16,
    }

    #[test]
    fn readme_example() {
        let text = r#"{"name":"web","uid":7,"kind":"Service","port":80,"replicas":3}"#;
        let pod: Pod = jetjson::from_str(text).unwrap();
        assert_eq!(pod.spec, Spec::Service(Port { port: 80 }));
        assert_eq!(pod.extra, BTreeMap::from([("replicas".to_owned(), 3)]));
        assert_eq!(jetjson::to_string(&pod), text);
        // serde's buffered flatten hands the catch-all `kind` and `port`
        // too, and fails on them.
        assert!(serde_json::from_str::<Pod>(text).is_err());
    }
}

#[cfg(all(feature = "indexmap", feature = "serde_json"))]
mod optional_catch_alls {
    use super::*;

    #[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
    struct WithIndexMap {
        id: u32,
        #[serde(flatten)]
        rest: indexmap::IndexMap<String, u32>,
    }

    #[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
    struct WithJsonMap {
        id: u32,
        #[serde(flatten)]
        extra: serde_json::Map<String, serde_json::Value>,
    }

    #[test]
    fn index_map_and_serde_json_map_catch_alls_keep_input_order() {
        let text = r#"{"z":1,"id":7,"a":2}"#;
        let v: WithIndexMap = jetjson::from_str(text).unwrap();
        assert_eq!(v, serde_json::from_str::<WithIndexMap>(text).unwrap());
        assert_eq!(v.rest.keys().collect::<Vec<_>>(), ["z", "a"]);
        assert_eq!(jetjson::to_string(&v), serde_json::to_string(&v).unwrap());
        msgpack_round_trip(&v);
        assert_eq!(WithIndexMap::from_value(v.to_value()).unwrap(), v);

        let text = r#"{"id":7,"x":{"deep":[1,2.5,"s"]},"y":null}"#;
        let v: WithJsonMap = jetjson::from_str(text).unwrap();
        assert_eq!(v, serde_json::from_str::<WithJsonMap>(text).unwrap());
        assert_eq!(jetjson::to_string(&v), serde_json::to_string(&v).unwrap());
        msgpack_round_trip(&v);
        assert_eq!(WithJsonMap::from_value(v.to_value()).unwrap(), v);
    }
}

#[cfg(feature = "serde_json")]
mod serde_json_value_catch_all {
    use super::*;

    #[derive(
        Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
    )]
    struct WithJsonValue {
        id: u32,
        #[serde(flatten)]
        extra: serde_json::Value,
    }

    #[test]
    fn serde_json_value_receives_the_remaining_members_as_an_object() {
        for text in [
            r#"{"id":7,"x":{"deep":[1,2.5,"s"]},"y":null}"#,
            r#"{"b":true,"id":7,"a":"s"}"#,
            r#"{"id":7}"#,
        ] {
            same_as_serde::<WithJsonValue>(text);
            let v: WithJsonValue = jetjson::from_str(text).unwrap();
            assert!(v.extra.is_object(), "{text}");
            msgpack_round_trip(&v);
        }
        let err = jetjson::from_str::<WithJsonValue>(r#"{"x":[1,}"#).unwrap_err();
        assert!(serde_json::from_str::<WithJsonValue>(r#"{"x":[1,}"#).is_err());
        assert!(err.to_string().contains("line 1 column"), "{err}");

        // Encoding: `Null` has no members, as in serde_json; a value that is
        // not an object has none either (serde_json fails to serialize it).
        let null = WithJsonValue {
            id: 1,
            extra: serde_json::Value::Null,
        };
        assert_eq!(jetjson::to_string(&null), r#"{"id":1}"#);
        assert_eq!(serde_json::to_string(&null).unwrap(), r#"{"id":1}"#);
        let id_only = jetjson::msgpack::to_vec(&jetjson::json!({"id": 1}));
        assert_eq!(jetjson::msgpack::to_vec(&null), id_only);
        let number = WithJsonValue {
            id: 1,
            extra: serde_json::json!(5),
        };
        assert_eq!(jetjson::to_string(&number), r#"{"id":1}"#);
        assert_eq!(
            serde_json::to_string(&number).unwrap_err().to_string(),
            "can only flatten structs and maps (got an integer)"
        );
        assert_eq!(
            number.to_value(),
            jetjson::from_str::<Value>(r#"{"id":1}"#).unwrap()
        );
        // Where encoding can fail, it fails with serde_json's error.
        for (extra, what) in [
            (serde_json::json!(5), "an integer"),
            (serde_json::json!(0.5), "a float"),
            (serde_json::json!("s"), "a string"),
            (serde_json::json!(true), "a boolean"),
            (serde_json::json!([1]), "a sequence"),
        ] {
            let v = WithJsonValue { id: 1, extra };
            let theirs = serde_json::to_string(&v).unwrap_err().to_string();
            assert_eq!(
                theirs,
                format!("can only flatten structs and maps (got {what})")
            );
            assert_eq!(jetjson::try_to_string(&v).unwrap_err().to_string(), theirs);
            assert_eq!(jetjson::to_value(&v).unwrap_err().to_string(), theirs);
            assert_eq!(jetjson::msgpack::to_vec(&v), id_only);
            let io = jetjson::msgpack::to_writer(Vec::new(), &v).unwrap_err();
            assert_eq!(io.to_string(), theirs);
        }
        assert!(jetjson::try_to_string(&null).is_ok());
    }
}

// MARK: - Untagged enums beside a catch-all

/// Decodes `text` through JSON, `Value` (borrowed and owned) and
/// MessagePack (the bytes of its `Value`), each compared with serde_json's
/// result on the same text: the same value, or an error where it errs.
fn decodes_as_serde<T>(text: &str) -> Option<T>
where
    T: FromJsonOwned
        + FromValue
        + jetjson::msgpack::FromMsgpackOwned
        + DeserializeOwned
        + PartialEq
        + Debug,
{
    let theirs = serde_json::from_str::<T>(text);
    let ours = jetjson::from_str::<T>(text);
    let value: Value = jetjson::from_str(text).unwrap();
    let by_ref = T::from_value_ref(&value);
    let owned = T::from_value(value.clone());
    let msgpack = jetjson::msgpack::from_slice::<T>(&jetjson::msgpack::to_vec(&value));
    match theirs {
        Ok(expected) => {
            assert_eq!(ours.as_ref().ok(), Some(&expected), "JSON {text}: {ours:?}");
            assert_eq!(
                by_ref.as_ref().ok(),
                Some(&expected),
                "Value {text}: {by_ref:?}"
            );
            assert_eq!(
                owned.as_ref().ok(),
                Some(&expected),
                "owned Value {text}: {owned:?}"
            );
            assert_eq!(
                msgpack.as_ref().ok(),
                Some(&expected),
                "MessagePack {text}: {msgpack:?}"
            );
            Some(expected)
        }
        Err(e) => {
            assert!(
                ours.is_err(),
                "serde_json fails on {text} ({e}), jetjson gives {ours:?}"
            );
            assert!(by_ref.is_err(), "Value {text}: {by_ref:?}");
            assert!(owned.is_err(), "owned Value {text}: {owned:?}");
            assert!(msgpack.is_err(), "MessagePack {text}: {msgpack:?}");
            None
        }
    }
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(untagged)]
enum Either {
    X { x: u8 },
    Y { y: u8 },
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct EitherThenRest {
    a: u8,
    #[serde(flatten)]
    u: Either,
    #[serde(flatten)]
    rest: BTreeMap<String, u8>,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct RestThenEither {
    a: u8,
    #[serde(flatten)]
    rest: BTreeMap<String, u8>,
    #[serde(flatten)]
    u: Either,
}

/// `Value` is serde's only with jetjson's `serde` feature.
#[cfg(feature = "serde")]
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct StructEitherRest {
    #[serde(flatten)]
    stamp: Stamp,
    #[serde(flatten)]
    u: Either,
    a: u8,
    #[serde(flatten)]
    rest: Value,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct EitherAndStruct {
    #[serde(flatten)]
    u: Either,
    #[serde(flatten)]
    page: Pagination,
}

#[test]
fn untagged_enum_beside_a_catch_all_shares_the_members_with_it() {
    // serde_json's catch-all sees every member no struct field took, those
    // the untagged enum reads included.
    let v = decodes_as_serde::<EitherThenRest>(r#"{"a":1,"y":2,"z":3}"#).unwrap();
    assert_eq!(v.u, Either::Y { y: 2 });
    assert_eq!(
        v.rest,
        BTreeMap::from([("y".to_owned(), 2), ("z".to_owned(), 3)])
    );
    let v = decodes_as_serde::<RestThenEither>(r#"{"a":1,"y":2,"z":3}"#).unwrap();
    assert_eq!(v.u, Either::Y { y: 2 });
    assert_eq!(v.rest.len(), 2);
    for text in [
        r#"{"y":2,"z":3,"a":1}"#,
        r#"{"a":1,"x":2,"y":2,"z":3}"#,
        r#"{"a":1,"x":2}"#,
        r#"{"a":1,"z":3}"#,
        r#"{"a":1,"x":"s"}"#,
        r#"{"a":1,"x":300}"#,
    ] {
        decodes_as_serde::<EitherThenRest>(text);
        decodes_as_serde::<RestThenEither>(text);
    }
    #[cfg(feature = "serde")]
    {
        for text in [
            r#"{"at":"t","a":1,"y":2,"z":[true]}"#,
            r#"{"z":null,"at":"t","a":1,"x":1}"#,
            r#"{"at":"t","a":1,"x":2,"at2":"s"}"#,
        ] {
            decodes_as_serde::<StructEitherRest>(text);
        }
        let text = r#"{"at":"t","a":1,"y":2,"z":[true]}"#;
        let v = decodes_as_serde::<StructEitherRest>(text).unwrap();
        assert_eq!(
            v.rest,
            jetjson::from_str::<Value>(r#"{"y":2,"z":[true]}"#).unwrap()
        );
    }
    // Without a catch-all, the enum reads what no struct takes.
    for text in [
        r#"{"limit":1,"y":2,"offset":3}"#,
        r#"{"x":2,"limit":1,"offset":3,"zz":0}"#,
    ] {
        same_as_serde::<EitherAndStruct>(text);
        let v: EitherAndStruct = jetjson::from_str(text).unwrap();
        msgpack_round_trip(&v);
    }

    // Encoding writes the enum's members and the map's, as serde_json
    // does, a key in both twice; neither reads that back (the enum's
    // variant sees `y` twice), and both fail alike.
    let v: EitherThenRest = jetjson::from_str(r#"{"a":1,"y":2,"z":3}"#).unwrap();
    let text = jetjson::to_string(&v);
    assert_eq!(text, serde_json::to_string(&v).unwrap());
    assert_eq!(text, r#"{"a":1,"y":2,"y":2,"z":3}"#);
    assert!(serde_json::from_str::<EitherThenRest>(&text).is_err());
    let err = jetjson::from_str::<EitherThenRest>(&text).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("data did not match any variant of untagged enum Either"),
        "{err}"
    );
    // A value whose map holds none of the enum's keys reads back.
    let v = EitherThenRest {
        a: 1,
        u: Either::X { x: 2 },
        rest: BTreeMap::from([("z".to_owned(), 3)]),
    };
    let text = jetjson::to_string(&v);
    assert_eq!(text, serde_json::to_string(&v).unwrap());
    let back = decodes_as_serde::<EitherThenRest>(&text).unwrap();
    assert_eq!(back.u, v.u);
    assert_eq!(back.rest.len(), 2);
}

// MARK: - deny_unknown_fields beside flattened enums

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
struct StrictEither {
    n: u8,
    #[serde(flatten)]
    e: Either,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "k")]
enum Kinds {
    A { a: u8 },
    B { b: u8 },
    C(Stamp),
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
struct StrictKinds {
    n: u8,
    #[serde(flatten)]
    e: Kinds,
}

/// The error of each decoder on `text`: JSON's message (with its
/// position), and whether `Value` (borrowed and owned) and MessagePack fail
/// with the same message without it.
fn strict_error<T>(text: &str) -> String
where
    T: FromJsonOwned + FromValue + jetjson::msgpack::FromMsgpackOwned + Debug,
{
    let err = jetjson::from_str::<T>(text).unwrap_err().to_string();
    let bare = err.split(" at line").next().unwrap().to_owned();
    let value: Value = jetjson::from_str(text).unwrap();
    let by_ref = T::from_value_ref(&value).unwrap_err().to_string();
    let owned = T::from_value(value.clone()).unwrap_err().to_string();
    assert_eq!(by_ref, bare, "Value {text}");
    assert_eq!(owned, bare, "owned Value {text}");
    let bytes = jetjson::msgpack::to_vec(&value);
    let msgpack = jetjson::msgpack::from_slice::<T>(&bytes)
        .unwrap_err()
        .to_string();
    assert!(msgpack.starts_with(&bare), "MessagePack {text}: {msgpack}");
    err
}

#[test]
fn deny_unknown_fields_beside_a_flattened_enum_rejects_what_its_variant_does_not_use() {
    // serde_json rejects all of these, the valid ones too: its buffered
    // flatten leaves the enum's keys among the unknown ones ("unknown field
    // `x`"; serde documents deny_unknown_fields as unsupported with
    // flatten). jetjson accepts what the chosen variant uses and rejects,
    // at its key, what no field and no part of that variant takes.
    for text in [r#"{"n":1,"x":2}"#, r#"{"y":3,"n":1}"#] {
        assert!(serde_json::from_str::<StrictEither>(text).is_err());
        let v: StrictEither = jetjson::from_str(text).unwrap();
        let value: Value = jetjson::from_str(text).unwrap();
        assert_eq!(StrictEither::from_value_ref(&value).unwrap(), v);
        assert_eq!(StrictEither::from_value(value).unwrap(), v);
        msgpack_round_trip(&v);
    }
    assert_eq!(
        serde_json::from_str::<StrictEither>(r#"{"n":1,"x":2,"zz":3}"#)
            .unwrap_err()
            .to_string(),
        "unknown field `x` at line 1 column 20"
    );
    assert_eq!(
        strict_error::<StrictEither>(r#"{"n":1,"x":2,"zz":3}"#),
        "unknown field `zz`, expected `x` at line 1 column 14"
    );
    assert_eq!(
        strict_error::<StrictEither>(r#"{"y":2,"n":1,"x":3}"#),
        "unknown field `y`, expected `x` at line 1 column 2"
    );

    for text in [
        r#"{"n":1,"k":"A","a":2}"#,
        r#"{"b":2,"n":1,"k":"B"}"#,
        r#"{"n":1,"at":"t","k":"C"}"#,
    ] {
        assert!(serde_json::from_str::<StrictKinds>(text).is_err());
        let v: StrictKinds = jetjson::from_str(text).unwrap();
        let value: Value = jetjson::from_str(text).unwrap();
        assert_eq!(StrictKinds::from_value_ref(&value).unwrap(), v);
        assert_eq!(StrictKinds::from_value(value).unwrap(), v);
        msgpack_round_trip(&v);
    }
    assert_eq!(
        serde_json::from_str::<StrictKinds>(r#"{"n":1,"k":"A","a":2,"b":3}"#)
            .unwrap_err()
            .to_string(),
        "unknown field `k` at line 1 column 27"
    );
    assert_eq!(
        strict_error::<StrictKinds>(r#"{"n":1,"k":"A","a":2,"b":3}"#),
        "unknown field `b`, expected `k` or `a` at line 1 column 22"
    );
    assert_eq!(
        strict_error::<StrictKinds>(r#"{"n":1,"k":"C","at":"t","a":3}"#),
        "unknown field `a`, expected `k` at line 1 column 25"
    );
    // A key that no variant claims is rejected as it is read, as before.
    assert_eq!(
        strict_error::<StrictKinds>(r#"{"n":1,"k":"A","a":2,"zz":3}"#),
        "unknown field `zz`, expected `n` at line 1 column 22"
    );
}

/// A flattened enum inside a struct that is flattened in turn.
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct HoldsEither {
    m: u8,
    #[serde(flatten)]
    e: Either,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct HoldsKinds {
    m: u8,
    #[serde(flatten)]
    e: Kinds,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
struct StrictNestedEither {
    n: u8,
    #[serde(flatten)]
    inner: HoldsEither,
}

/// [`StrictNestedEither`] without `deny_unknown_fields`, which serde_json
/// can read.
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct LaxNestedEither {
    n: u8,
    #[serde(flatten)]
    inner: HoldsEither,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
struct StrictNestedKinds {
    n: u8,
    #[serde(flatten)]
    inner: Option<HoldsKinds>,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct LaxNestedKinds {
    n: u8,
    #[serde(flatten)]
    inner: Option<HoldsKinds>,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Middle {
    #[serde(flatten)]
    inner: HoldsEither,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
struct StrictTwoLevels {
    n: u8,
    #[serde(flatten)]
    middle: Box<Middle>,
}

/// Reads `text` as `Strict` through JSON, `Value` and MessagePack, and as
/// `Lax` (the same fields without `deny_unknown_fields`) through serde_json:
/// the same members. serde_json cannot read `Strict` when a flattened field
/// has members (see above).
fn strict_reads_as_lax<Strict, Lax>(text: &str)
where
    Strict: FromJsonOwned
        + FromValue
        + jetjson::msgpack::ToMsgpack
        + for<'de> jetjson::msgpack::FromMsgpack<'de>
        + Serialize
        + DeserializeOwned
        + PartialEq
        + Debug,
    Lax: Serialize + DeserializeOwned,
{
    let v: Strict = jetjson::from_str(text).unwrap();
    let lax: Lax = serde_json::from_str(text).unwrap();
    assert_eq!(
        serde_json::to_value(&v).unwrap(),
        serde_json::to_value(&lax).unwrap(),
        "{text}"
    );
    let value: Value = jetjson::from_str(text).unwrap();
    assert_eq!(Strict::from_value_ref(&value).unwrap(), v, "{text}");
    assert_eq!(Strict::from_value(value).unwrap(), v, "{text}");
    msgpack_round_trip(&v);
}

#[test]
fn deny_unknown_fields_reaches_a_flattened_enum_inside_a_flattened_struct() {
    // The outer struct's `deny_unknown_fields` holds the enum to what its
    // variant uses, as when the enum is flattened into it directly, however
    // deep the enum sits (through `Option` and `Box` too).
    for text in [r#"{"n":1,"m":2,"x":3}"#, r#"{"y":3,"n":1,"m":2}"#] {
        strict_reads_as_lax::<StrictNestedEither, LaxNestedEither>(text);
    }
    assert_eq!(
        strict_error::<StrictNestedEither>(r#"{"n":1,"m":2,"x":3,"zz":4}"#),
        "unknown field `zz`, expected `x` at line 1 column 20"
    );
    assert_eq!(
        strict_error::<StrictNestedEither>(r#"{"y":2,"n":1,"m":2,"x":3}"#),
        "unknown field `y`, expected `x` at line 1 column 2"
    );
    // Without it, the member no variant uses is dropped, as serde_json does.
    let text = r#"{"n":1,"m":2,"x":3,"zz":4}"#;
    let lax: LaxNestedEither = jetjson::from_str(text).unwrap();
    assert_eq!(lax, serde_json::from_str::<LaxNestedEither>(text).unwrap());

    for text in [r#"{"n":1,"m":2,"k":"A","a":3}"#, r#"{"n":1}"#] {
        strict_reads_as_lax::<StrictNestedKinds, LaxNestedKinds>(text);
    }
    assert_eq!(
        strict_error::<StrictNestedKinds>(r#"{"n":1,"m":2,"k":"A","a":3,"b":4}"#),
        "unknown field `b`, expected `k` or `a` at line 1 column 28"
    );
    let text = r#"{"n":1,"m":2,"k":"A","a":3,"b":4}"#;
    let lax: LaxNestedKinds = jetjson::from_str(text).unwrap();
    assert_eq!(lax, serde_json::from_str::<LaxNestedKinds>(text).unwrap());

    let v: StrictTwoLevels = jetjson::from_str(r#"{"n":1,"m":2,"x":3}"#).unwrap();
    assert_eq!(v.middle.inner.e, Either::X { x: 3 });
    assert_eq!(
        strict_error::<StrictTwoLevels>(r#"{"n":1,"m":2,"x":3,"zz":4}"#),
        "unknown field `zz`, expected `x` at line 1 column 20"
    );
}

// MARK: - A catch-all inside a flattened struct

// The outermost decoder routes in two rounds: every field that takes its
// own keys, at any depth, first; then every catch-all, at any depth, gets
// what none of them took. serde_json's buffer instead hands a flattened
// struct that itself flattens something every member left when its turn
// comes, without taking any: its catch-all also sees the keys of siblings
// declared after it, and a catch-all of the outer struct also sees its
// keys. Where that makes a difference the tests say so, and check
// serde_json's answer too.

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Inner {
    x: i32,
    #[serde(flatten)]
    rest: BTreeMap<String, i32>,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Other {
    o: i32,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct InnerThenOther {
    #[serde(flatten)]
    inner: Inner,
    #[serde(flatten)]
    other: Other,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct OtherThenInner {
    #[serde(flatten)]
    other: Other,
    #[serde(flatten)]
    inner: Inner,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct OptionInnerThenOther {
    #[serde(flatten)]
    inner: Option<Inner>,
    #[serde(flatten)]
    other: Other,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct OtherThenOptionInner {
    #[serde(flatten)]
    other: Other,
    #[serde(flatten)]
    inner: Option<Inner>,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct BoxInnerThenOther {
    #[serde(flatten)]
    inner: Box<Inner>,
    #[serde(flatten)]
    other: Other,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct OtherThenBoxInner {
    #[serde(flatten)]
    other: Other,
    #[serde(flatten)]
    inner: Box<Inner>,
}

/// An untagged enum where `Inner` has its map.
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct InnerEither {
    n: u8,
    #[serde(flatten)]
    e: Either,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct InnerEitherThenOther {
    #[serde(flatten)]
    inner: InnerEither,
    #[serde(flatten)]
    other: Other,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct InnerEitherThenRest {
    #[serde(flatten)]
    inner: InnerEither,
    #[serde(flatten)]
    rest: BTreeMap<String, u8>,
}

/// Two levels: the map is inside `Inner`, inside `Middle`.
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct MiddleOfInner {
    m: i32,
    #[serde(flatten)]
    inner: Inner,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct MiddleThenOther {
    #[serde(flatten)]
    middle: Option<MiddleOfInner>,
    #[serde(flatten)]
    other: Other,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct OtherThenMiddle {
    #[serde(flatten)]
    other: Other,
    #[serde(flatten)]
    middle: Box<MiddleOfInner>,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
struct StrictInnerThenOther {
    #[serde(flatten)]
    inner: Inner,
    #[serde(flatten)]
    other: Other,
}

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
struct StrictInnerEitherThenOther {
    #[serde(flatten)]
    inner: InnerEither,
    #[serde(flatten)]
    other: Other,
}

/// Only a map, no key of its own.
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct OnlyRest {
    #[serde(flatten)]
    rest: BTreeMap<String, Option<Vec<String>>>,
}

/// Two catch-alls: the outer struct's map and `OnlyRest`'s.
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct OtherThenTwoRests {
    #[serde(flatten)]
    other: Other,
    #[serde(flatten)]
    only: OnlyRest,
    #[serde(flatten)]
    rest: BTreeMap<String, Option<Vec<String>>>,
}

/// Two catch-alls beside `Inner`'s, with `Inner` first.
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct InnerOtherRest {
    #[serde(flatten)]
    inner: Inner,
    #[serde(flatten)]
    other: Other,
    #[serde(flatten)]
    rest: BTreeMap<String, i32>,
}

/// Two catch-alls side by side.
#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct TwoMaps {
    a: u8,
    #[serde(flatten)]
    other: Other,
    #[serde(flatten)]
    m1: BTreeMap<String, u8>,
    #[serde(flatten)]
    m2: HashMap<String, u8>,
}

/// Decodes `text` through JSON, `Value` (borrowed and owned) and
/// MessagePack, each expected to give `expected`.
fn decodes_to<T>(text: &str, expected: &T)
where
    T: FromJsonOwned + FromValue + jetjson::msgpack::FromMsgpackOwned + PartialEq + Debug,
{
    let ours = jetjson::from_str::<T>(text);
    assert_eq!(ours.as_ref().ok(), Some(expected), "JSON {text}: {ours:?}");
    let value: Value = jetjson::from_str(text).unwrap();
    let by_ref = T::from_value_ref(&value);
    assert_eq!(
        by_ref.as_ref().ok(),
        Some(expected),
        "Value {text}: {by_ref:?}"
    );
    let owned = T::from_value(value.clone());
    assert_eq!(
        owned.as_ref().ok(),
        Some(expected),
        "owned Value {text}: {owned:?}"
    );
    let msgpack = jetjson::msgpack::from_slice::<T>(&jetjson::msgpack::to_vec(&value));
    assert_eq!(
        msgpack.as_ref().ok(),
        Some(expected),
        "MessagePack {text}: {msgpack:?}"
    );
}

fn inner(x: i32, rest: &[(&str, i32)]) -> Inner {
    Inner {
        x,
        rest: rest.iter().map(|&(k, v)| (k.to_owned(), v)).collect(),
    }
}

#[test]
fn a_catch_all_inside_a_flattened_struct_leaves_a_later_sibling_its_keys() {
    let text = r#"{"x":1,"a":2,"o":3}"#;
    // Before: "missing field `o`", the map inside `inner` having taken it.
    let expected = InnerThenOther {
        inner: inner(1, &[("a", 2)]),
        other: Other { o: 3 },
    };
    decodes_to(text, &expected);
    // serde_json reads it too; its `inner` map also holds `o`, which
    // `other` is declared after (in the other order, it does not).
    let theirs: InnerThenOther = serde_json::from_str(text).unwrap();
    assert_eq!(theirs.other, expected.other);
    assert_eq!(theirs.inner, inner(1, &[("a", 2), ("o", 3)]));

    // Declared the other way round: serde_json's answer.
    let v = decodes_as_serde::<OtherThenInner>(text).unwrap();
    assert_eq!(v.inner, expected.inner);
    assert_eq!(v.other, expected.other);
    for text in [
        r#"{"o":3,"a":2,"x":1}"#,
        r#"{"a":2,"b":4,"o":3,"x":1}"#,
        r#"{"x":1,"o":3}"#,
        r#"{"x":1,"a":2}"#,
        r#"{"x":1,"a":"s","o":3}"#,
    ] {
        decodes_as_serde::<OtherThenInner>(text);
    }
    // The same members, whichever way the fields are declared; it writes
    // what it read.
    let v: InnerThenOther = jetjson::from_str(r#"{"o":3,"b":4,"x":1,"a":2}"#).unwrap();
    assert_eq!(v.inner, inner(1, &[("a", 2), ("b", 4)]));
    assert_eq!(jetjson::to_string(&v), r#"{"x":1,"a":2,"b":4,"o":3}"#);
    assert_eq!(jetjson::to_string(&v), serde_json::to_string(&v).unwrap());
    msgpack_round_trip(&v);
    // A value the map cannot hold is its error, as serde_json's.
    let err = jetjson::from_str::<InnerThenOther>(r#"{"x":1,"a":"s","o":3}"#).unwrap_err();
    assert!(serde_json::from_str::<InnerThenOther>(r#"{"x":1,"a":"s","o":3}"#).is_err());
    assert!(err.to_string().contains("at line 1 column"), "{err}");
}

#[test]
fn a_catch_all_inside_an_option_or_a_box() {
    let text = r#"{"x":1,"a":2,"o":3}"#;
    let v = OptionInnerThenOther {
        inner: Some(inner(1, &[("a", 2)])),
        other: Other { o: 3 },
    };
    decodes_to(text, &v);
    let v = BoxInnerThenOther {
        inner: Box::new(inner(1, &[("a", 2)])),
        other: Other { o: 3 },
    };
    decodes_to(text, &v);
    msgpack_round_trip(&v);
    for text in [
        text,
        r#"{"o":3,"a":2,"x":1}"#,
        r#"{"x":1,"o":3}"#,
        // Only the map's members: `Inner` cannot be made (no `x`), so the
        // `Option` is `None`, as in serde.
        r#"{"a":2,"o":3}"#,
        r#"{"o":3}"#,
        // Or a value its map cannot hold: `None` too.
        r#"{"o":3,"a":"s","b":2}"#,
    ] {
        decodes_as_serde::<OtherThenOptionInner>(text);
        decodes_as_serde::<OtherThenBoxInner>(text);
    }
    // Once `x` appeared, `Inner` must be whole (serde makes a flattened
    // `Option` `None` on any error).
    let text = r#"{"x":"s","a":2,"o":3}"#;
    decodes_as_serde::<OtherThenBoxInner>(text);
    assert!(jetjson::from_str::<OtherThenOptionInner>(text).is_err());
    let v = decodes_as_serde::<OtherThenOptionInner>(r#"{"a":2,"o":3}"#).unwrap();
    assert_eq!(v.inner, None);
    let v = decodes_as_serde::<OtherThenOptionInner>(r#"{"a":"s","o":3}"#).unwrap();
    assert_eq!(v.inner, None);
    // Once `x` appeared, the map's error is the error.
    let err = jetjson::from_str::<OtherThenOptionInner>(r#"{"a":"s","x":1,"o":3}"#).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("expected i32, found string at line 1 column 6"),
        "{err}"
    );
    // Before `other`, as for `Inner` itself.
    let v: OptionInnerThenOther = jetjson::from_str(r#"{"a":2,"o":3}"#).unwrap();
    assert_eq!(v.inner, None);
    assert_eq!(v.other, Other { o: 3 });
}

#[test]
fn an_untagged_enum_inside_a_flattened_struct() {
    // The enum gets what no field claims: `other`'s `o` is not among it.
    for text in [
        r#"{"n":1,"y":2,"o":3}"#,
        r#"{"o":3,"x":5,"n":1}"#,
        r#"{"n":1,"x":5,"y":2,"o":3,"zz":0}"#,
        r#"{"n":1,"o":3}"#,
        r#"{"n":1,"x":"s","o":3}"#,
    ] {
        decodes_as_serde::<InnerEitherThenOther>(text);
    }
    let v = decodes_as_serde::<InnerEitherThenOther>(r#"{"n":1,"y":2,"o":3}"#).unwrap();
    assert_eq!(v.inner.e, Either::Y { y: 2 });
    assert_eq!(v.other, Other { o: 3 });

    // Beside an outer catch-all, both get the members no field claims, as
    // an untagged enum and a catch-all side by side do. serde_json's map
    // also holds `n` (`inner`'s own key).
    let text = r#"{"n":1,"y":2,"z":3}"#;
    let expected = InnerEitherThenRest {
        inner: InnerEither {
            n: 1,
            e: Either::Y { y: 2 },
        },
        rest: BTreeMap::from([("y".to_owned(), 2), ("z".to_owned(), 3)]),
    };
    decodes_to(text, &expected);
    let theirs: InnerEitherThenRest = serde_json::from_str(text).unwrap();
    assert_eq!(theirs.inner, expected.inner);
    assert_eq!(
        theirs.rest,
        BTreeMap::from([
            ("n".to_owned(), 1),
            ("y".to_owned(), 2),
            ("z".to_owned(), 3)
        ])
    );
}

#[test]
fn a_catch_all_two_levels_down() {
    let text = r#"{"m":0,"x":1,"a":2,"o":3}"#;
    let expected = MiddleThenOther {
        middle: Some(MiddleOfInner {
            m: 0,
            inner: inner(1, &[("a", 2)]),
        }),
        other: Other { o: 3 },
    };
    decodes_to(text, &expected);
    for text in [
        text,
        r#"{"o":3,"a":2,"x":1,"b":5,"m":0}"#,
        r#"{"m":0,"x":1,"o":3}"#,
        r#"{"m":0,"o":3}"#,
    ] {
        decodes_as_serde::<OtherThenMiddle>(text);
    }
    let v: OtherThenMiddle = jetjson::from_str(text).unwrap();
    assert_eq!(Some(*v.middle.clone()), expected.middle);
    msgpack_round_trip(&v);
}

#[test]
fn deny_unknown_fields_with_a_catch_all_inside_a_flattened_struct() {
    // The catch-all takes what no field claims: nothing is unknown.
    // serde_json fails on these ("unknown field `x`"): the members its
    // buffer handed `inner` stay in it.
    let text = r#"{"x":1,"a":2,"o":3}"#;
    let expected = StrictInnerThenOther {
        inner: inner(1, &[("a", 2)]),
        other: Other { o: 3 },
    };
    decodes_to(text, &expected);
    assert!(serde_json::from_str::<StrictInnerThenOther>(text).is_err());
    msgpack_round_trip(&expected);
    // A missing field is still missing.
    let err = jetjson::from_str::<StrictInnerThenOther>(r#"{"x":1,"a":2}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `o`"), "{err}");

    // An untagged enum inside is held to what its variant uses, as one
    // flattened into the outer struct directly.
    let v: StrictInnerEitherThenOther = jetjson::from_str(r#"{"n":1,"y":2,"o":3}"#).unwrap();
    assert_eq!(v.inner.e, Either::Y { y: 2 });
    let value: Value = jetjson::from_str(r#"{"n":1,"y":2,"o":3}"#).unwrap();
    assert_eq!(
        StrictInnerEitherThenOther::from_value_ref(&value).unwrap(),
        v
    );
    assert_eq!(
        strict_error::<StrictInnerEitherThenOther>(r#"{"n":1,"y":2,"o":3,"zz":4}"#),
        "unknown field `zz`, expected `y` at line 1 column 20"
    );
}

#[test]
fn two_catch_alls_each_get_every_member_no_field_claims() {
    // As serde_json: each catch-all gets every member no field claims
    // (the value read once for each), whichever is nested.
    for text in [
        r#"{"o":3,"a":["b","\u00e9"],"c":null}"#,
        r#"{"a":["x\"y"],"o":3,"c":[]}"#,
        r#"{"o":3}"#,
        r#"{"o":3,"a":[1]}"#,
    ] {
        if let Some(v) = decodes_as_serde::<OtherThenTwoRests>(text) {
            assert_eq!(v.only.rest, v.rest, "{text}");
            msgpack_round_trip(&v);
        }
    }
    let v: OtherThenTwoRests = jetjson::from_str(r#"{"o":3,"a":["1"],"c":null}"#).unwrap();
    let keys: Vec<&str> = v.rest.keys().map(String::as_str).collect();
    assert_eq!(keys, ["a", "c"]);
    // A value neither can hold is the first one's error.
    let err = jetjson::from_str::<OtherThenTwoRests>(r#"{"o":3,"a":["1",}"#).unwrap_err();
    assert!(err.to_string().contains("line 1 column 17"), "{err}");

    // Side by side, the same (`other` first: serde_json's `m1` would get
    // `o` too if declared before it).
    for text in [
        r#"{"a":1,"o":2,"b":3,"c":4}"#,
        r#"{"c":4,"o":2,"a":1}"#,
        r#"{"a":1,"o":2}"#,
        r#"{"a":1,"o":2,"b":300}"#,
    ] {
        decodes_as_serde::<TwoMaps>(text);
    }
    let v = decodes_as_serde::<TwoMaps>(r#"{"a":1,"o":2,"b":3,"c":4}"#).unwrap();
    assert_eq!(v.m1.len(), 2);
    assert_eq!(v.m2, v.m1.clone().into_iter().collect());
    // Each writes its members, as serde_json does (so a key twice).
    let text = jetjson::to_string(&v);
    assert_eq!(text, serde_json::to_string(&v).unwrap());
    assert!(text.starts_with(r#"{"a":1,"o":2,"b":3,"c":4,"#), "{text}");

    // With `Inner` before `other`, serde_json's buffer gives `inner`'s map
    // `o` too, and the outer map `x` (`inner`'s own key).
    let text = r#"{"x":1,"a":2,"o":3}"#;
    let expected = InnerOtherRest {
        inner: inner(1, &[("a", 2)]),
        other: Other { o: 3 },
        rest: BTreeMap::from([("a".to_owned(), 2)]),
    };
    decodes_to(text, &expected);
    let theirs: InnerOtherRest = serde_json::from_str(text).unwrap();
    assert_eq!(theirs.inner, inner(1, &[("a", 2), ("o", 3)]));
    assert_eq!(
        theirs.rest,
        BTreeMap::from([("a".to_owned(), 2), ("x".to_owned(), 1)])
    );
}

/// Every ordered choice of distinct members from `pool`, as objects.
fn objects(pool: &[&str]) -> Vec<String> {
    fn go(pool: &[&str], used: &mut Vec<usize>, out: &mut Vec<String>) {
        let members: Vec<&str> = used.iter().map(|&i| pool[i]).collect();
        out.push(format!("{{{}}}", members.join(",")));
        for i in 0..pool.len() {
            if !used.contains(&i) {
                used.push(i);
                go(pool, used, out);
                used.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(pool, &mut Vec::new(), &mut out);
    out
}

/// JSON, `Value` (borrowed and owned) and MessagePack give the same value,
/// or all fail.
fn formats_agree<T>(text: &str)
where
    T: FromJsonOwned + FromValue + jetjson::msgpack::FromMsgpackOwned + PartialEq + Debug,
{
    let ours = jetjson::from_str::<T>(text).ok();
    let value: Value = jetjson::from_str(text).unwrap();
    assert_eq!(T::from_value_ref(&value).ok(), ours, "Value {text}");
    assert_eq!(
        T::from_value(value.clone()).ok(),
        ours,
        "owned Value {text}"
    );
    let bytes = jetjson::msgpack::to_vec(&value);
    assert_eq!(
        jetjson::msgpack::from_slice::<T>(&bytes).ok(),
        ours,
        "MessagePack {text}"
    );
}

#[test]
fn nested_catch_alls_in_every_order_of_the_members() {
    let pool = [
        r#""x":1"#,
        r#""a":2"#,
        r#""o":3"#,
        r#""n":4"#,
        r#""y":5"#,
        r#""m":true"#,
    ];
    for text in objects(&pool) {
        // serde_json's answer wherever its buffer does not show the order
        // of the fields (a claiming sibling first).
        decodes_as_serde::<OtherThenInner>(&text);
        if text.contains(r#""x""#) && text.contains(r#""m""#) {
            // `x` appeared, so `Inner` must be whole, and its map cannot
            // hold `m` (serde_json makes the `Option` `None`).
            formats_agree::<OtherThenOptionInner>(&text);
            assert!(jetjson::from_str::<OtherThenOptionInner>(&text).is_err());
        } else {
            decodes_as_serde::<OtherThenOptionInner>(&text);
        }
        decodes_as_serde::<OtherThenBoxInner>(&text);
        decodes_as_serde::<OtherThenMiddle>(&text);
        decodes_as_serde::<InnerEitherThenOther>(&text);
        decodes_as_serde::<TwoMaps>(&text);
        // Elsewhere, the formats agree with each other.
        formats_agree::<InnerThenOther>(&text);
        formats_agree::<OptionInnerThenOther>(&text);
        formats_agree::<BoxInnerThenOther>(&text);
        formats_agree::<MiddleThenOther>(&text);
        formats_agree::<InnerEitherThenRest>(&text);
        formats_agree::<StrictInnerThenOther>(&text);
        formats_agree::<StrictInnerEitherThenOther>(&text);
        formats_agree::<InnerOtherRest>(&text);
        formats_agree::<OtherThenTwoRests>(&text);
    }
}

/// Flattened members are taken out of the object their type writes, in the
/// writer's buffer: through `to_writer`, whose blocks go to the sink at
/// element boundaries, a flattened struct larger than a block (its `{`
/// written long before its `}`) still comes out inline, as serde_json
/// writes it; first among the members or after others, empty or not.
#[test]
fn flattened_members_larger_than_a_writer_block() {
    #[derive(Json, Serialize)]
    struct Big {
        names: Vec<String>,
        #[serde(flatten)]
        audit: Audit,
    }
    #[derive(Json, Serialize)]
    struct Outer {
        #[serde(flatten)]
        first: Big,
        id: u32,
        #[serde(flatten)]
        later: Big,
        #[serde(flatten)]
        none: Empty,
    }
    #[derive(Json, Serialize)]
    struct Empty {}
    let big = |n: usize| Big {
        names: (0..n).map(|i| format!("name number {i}")).collect(),
        audit: Audit {
            created_by: "ada".into(),
            revision: 1,
            stamp: Stamp { at: "now".into() },
        },
    };
    let value = Outer {
        first: big(20_000),
        id: 7,
        later: big(3),
        none: Empty {},
    };
    let expected = serde_json::to_string(&value).unwrap();
    assert_eq!(jetjson::to_string(&value), expected);
    let mut out = Vec::new();
    jetjson::to_writer(&mut out, &value).unwrap();
    assert!(out.len() > 256 * 1024, "{}", out.len());
    assert_eq!(String::from_utf8(out).unwrap(), expected);
}
