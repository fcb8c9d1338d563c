//! Fields whose types hold a `'static` borrow inside a container
//! (`Vec<Cow<'static, str>>`, maps keyed or valued by one): the input does
//! not live for `'static`, so they are read owning, as serde reads them.

#![cfg(feature = "derive")]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use jetjson::{FromValue, Json, Msgpack, ToValue};
use serde::{Deserialize, Serialize};

#[derive(Json, ToValue, FromValue, Msgpack, Serialize, Deserialize, Debug, PartialEq)]
struct Labels {
    names: Vec<Cow<'static, str>>,
    by_key: BTreeMap<String, Cow<'static, str>>,
    counts: HashMap<Cow<'static, str>, u8>,
    maybe: Option<Vec<Cow<'static, str>>>,
    one: Cow<'static, str>,
}

#[test]
fn nested_static_borrows_read_owned_and_agree_with_serde() {
    let text = r#"{"names":["a","b\n"],"by_key":{"k":"v"},"counts":{"x":1},"one":"o"}"#;
    let ours: Labels = jetjson::from_str(text).unwrap();
    let theirs: Labels = serde_json::from_str(text).unwrap();
    assert_eq!(ours, theirs);
    assert_eq!(ours.maybe, None);
    assert!(matches!(ours.names[0], Cow::Owned(_)));
    assert_eq!(
        jetjson::to_string(&ours),
        serde_json::to_string(&theirs).unwrap()
    );
    assert_eq!(Labels::from_value(ours.to_value()).unwrap(), ours);
    let bytes = jetjson::msgpack::to_vec(&ours);
    assert_eq!(
        jetjson::msgpack::from_slice::<Labels>(&bytes).unwrap(),
        ours
    );

    let err = jetjson::from_str::<Labels>(r#"{"names":[1],"by_key":{},"counts":{},"one":""}"#)
        .unwrap_err();
    assert_eq!(err.line(), 1);
    assert_eq!(err.column(), 10, "{err}");
    assert!(err.to_string().starts_with("expected "), "{err}");
    let err = jetjson::from_str::<Labels>(r#"{"by_key":{},"counts":{},"one":""}"#).unwrap_err();
    assert_eq!(err.to_string(), "missing field `names` at line 1 column 35");
}
