//! `#[serde_with::serde_as]` beside the derive: the attribute macro, placed
//! above `#[derive]`, rewrites each `#[serde_as(as = "..")]` into
//! `#[serde(with = "::serde_with::As::<..>")]`, which jetjson reads and
//! calls through the serde bridge. Needs the `serde` feature.

#![cfg(feature = "serde")]

use std::time::Duration;

use jetjson::{FromValue, Json, ToValue, Value};
use serde::{Deserialize, Serialize};
use serde_with::{serde_as, DisplayFromStr, DurationSeconds, NoneAsEmptyString};

#[serde_as]
#[derive(Json, ToValue, FromValue, Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Service {
    #[serde_as(as = "DisplayFromStr")]
    listen_port: u16,
    #[serde_as(as = "Vec<DisplayFromStr>")]
    shard_ids: Vec<u64>,
    #[serde_as(as = "Option<DurationSeconds<u64>>")]
    timeout: Option<Duration>,
    #[serde_as(as = "NoneAsEmptyString")]
    nickname: Option<String>,
    plain: String,
}

fn sample() -> Service {
    Service {
        listen_port: 8080,
        shard_ids: vec![1, 20],
        timeout: Some(Duration::from_secs(30)),
        nickname: None,
        plain: "p".into(),
    }
}

#[test]
fn serde_as_fields_write_and_read_as_serde_json_does() {
    let v = sample();
    let ours = jetjson::to_string(&v);
    assert_eq!(ours, serde_json::to_string(&v).unwrap());
    assert_eq!(
        ours,
        r#"{"listenPort":"8080","shardIds":["1","20"],"timeout":30,"nickname":"","plain":"p"}"#
    );
    for text in [
        ours.as_str(),
        r#"{"listenPort":"1","shardIds":[],"nickname":"n","plain":""}"#,
        r#"{"listenPort":"1","shardIds":["7"],"timeout":null,"nickname":"","plain":""}"#,
    ] {
        assert_eq!(
            jetjson::from_str::<Service>(text).unwrap(),
            serde_json::from_str::<Service>(text).unwrap(),
            "{text}"
        );
    }
    let value = jetjson::to_value(&v).unwrap();
    assert_eq!(value, jetjson::from_str::<Value>(&ours).unwrap());
    assert_eq!(jetjson::from_value::<Service>(value).unwrap(), v);
}

#[test]
fn serde_as_errors_carry_the_field_path() {
    let text = r#"{"listenPort":"80x","shardIds":[],"nickname":"","plain":""}"#;
    assert!(serde_json::from_str::<Service>(text).is_err());
    let err = jetjson::from_str::<Service>(text).unwrap_err();
    assert_eq!(err.path(), ".listenPort");
    assert_eq!(err.line(), 1);
    let text = r#"{"listenPort":"80","shardIds":["1","x"],"nickname":"","plain":""}"#;
    let err = jetjson::from_str::<Service>(text).unwrap_err();
    assert!(serde_json::from_str::<Service>(text).is_err());
    assert_eq!(err.path(), ".shardIds[1]");
}
