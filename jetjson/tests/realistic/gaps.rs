//! Where jetjson does not do what serde_json does on these models, each
//! minimised to a few lines. The tests here are `#[ignore]`d and fail when
//! run (`cargo test ... --test realistic -- --ignored`); they pass once the
//! gap is closed, or stay as a documented, deliberate difference.
//!
//! Every construct these models once had to replace with a stand-in now
//! compiles and agrees with serde_json: `IndexMap` and `serde_json::Map`
//! catch-alls under `#[serde(flatten)]`, and `Cow<'static, str>` inside a
//! container (the models use them directly).

use jetjson::{FromValue, Json, Msgpack, ToValue};
use serde::{Deserialize, Serialize};

/// A flattened externally tagged enum beside another field, as a Kubernetes
/// `Volume` (`{"name":..,"emptyDir":{..}}`).
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Debug, PartialEq)]
struct Volume {
    name: String,
    #[serde(flatten)]
    source: Source,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
enum Source {
    EmptyDir {},
    Secret { secret_name: String },
}

#[test]
fn flattened_enum_with_two_variant_keys_takes_the_first() {
    let text = r#"{"name":"v","emptyDir":{},"secret":{"secretName":"s"}}"#;
    let theirs: Volume = serde_json::from_str(text).unwrap();
    assert_eq!(theirs.source, Source::EmptyDir {});
    let ours: Volume = jetjson::from_str(text).unwrap();
    assert_eq!(ours, theirs);
}

/// JSON:API pagination links flattened beside `self`, every one optional.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, PartialEq)]
struct Links {
    #[serde(rename = "self")]
    this: Option<String>,
    #[serde(flatten)]
    page: Option<Page>,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, PartialEq)]
struct Page {
    next: Option<String>,
    prev: Option<String>,
}

#[test]
#[ignore = "deliberate: a flattened Option is None when none of its keys appear (jetjson's documented rule); serde gives Some of an all-None struct"]
fn gap_flattened_option_of_an_all_optional_struct() {
    let text = r#"{"self":"s"}"#;
    let theirs: Links = serde_json::from_str(text).unwrap();
    assert_eq!(
        theirs.page,
        Some(Page {
            next: None,
            prev: None
        })
    );
    // jetjson: `page: None` (so it writes `{"self":"s"}`, serde
    // `{"self":"s","next":null,"prev":null}`).
    let ours: Links = jetjson::from_str(text).unwrap();
    assert_eq!(ours, theirs);
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum State {
    Open,
    Closed,
}

#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u8,
    b: u8,
}

#[test]
fn two_expected_names_are_worded_as_serde_words_them() {
    let err = jetjson::from_str::<State>(r#""merged""#).unwrap_err();
    // serde_json: "unknown variant `merged`, expected `open` or `closed` at line 1 column 8"
    assert!(
        err.to_string()
            .starts_with("unknown variant `merged`, expected `open` or `closed`"),
        "{err}"
    );
    let err = jetjson::from_str::<Strict>(r#"{"a":1,"c":2}"#).unwrap_err();
    // serde_json: "unknown field `c`, expected `a` or `b` at line 1 column 10"
    assert!(
        err.to_string()
            .starts_with("unknown field `c`, expected `a` or `b`"),
        "{err}"
    );
}
