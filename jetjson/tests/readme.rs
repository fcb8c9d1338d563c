//! The examples in README.md, kept compiling and true.

#![cfg(feature = "derive")]

use jetjson::{json, Json, Value};

#[derive(Json, Debug, PartialEq)]
#[json(rename_all = "camelCase")]
struct Student<'a> {
    id: i64,
    #[json(rename = "s_name")]
    name: &'a str,
    #[json(omit_empty)]
    tags: Vec<String>,
    #[json(default)]
    retry_count: u32,
}

#[test]
fn typed_example() -> Result<(), jetjson::Error> {
    let s: Student = jetjson::from_str(r#"{"id": 11, "s_name": "qq", "retryCount": 2}"#)?;
    assert_eq!(
        jetjson::to_string(&s),
        r#"{"id":11,"s_name":"qq","retryCount":2}"#
    );
    let err = jetjson::from_str::<Student>(r#"{"id": "11"}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected i64, found string at line 1 column 8 (at .id)"
    );
    Ok(())
}

#[test]
fn value_example() -> Result<(), jetjson::Error> {
    let mut v: Value = jetjson::from_str(r#"{"name": "jetjson", "tags": ["fast"]}"#)?;
    assert_eq!(v["tags"][0], "fast");
    assert!(v["missing"]["deeper"].is_null());
    v["stats"]["stars"] = 42.into();
    assert_eq!(v.pointer("/stats/stars"), Some(&json!(42)));
    assert_eq!(
        jetjson::to_string(&v),
        r#"{"name":"jetjson","tags":["fast"],"stats":{"stars":42}}"#
    );
    Ok(())
}
