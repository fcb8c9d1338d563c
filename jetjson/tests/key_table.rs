//! The derive's out-of-order key lookup: a perfect hash found at expansion
//! time (jetjson-codegen's `keytable.rs`) and read by the runtime's
//! `KeyTable`. The two hash functions are written twice, once per crate;
//! here they must agree, and a struct must find every field by every name
//! in any order, and no field by a near miss.
#![cfg(feature = "derive")]

use jetjson::{FromJson, Json, ToJson};

#[test]
fn the_runtime_hash_is_the_derives() {
    let mut keys: Vec<Vec<u8>> = vec![Vec::new()];
    for n in 1..=40usize {
        keys.push((0..n).map(|i| b'a' + (i * 7 % 26) as u8).collect());
        keys.push((0..n).map(|i| 0xff - i as u8).collect());
    }
    for seed in [1u64, 0x9E37_79B9_7F4A_7C15, u64::MAX] {
        for key in &keys {
            assert_eq!(
                jetjson::__private::key_hash(key, seed),
                jetjson_codegen::key_hash(key, seed),
                "{key:?}"
            );
        }
    }
}

#[derive(Json, Debug, PartialEq, Default)]
#[json(rename_all = "camelCase")]
struct Wide {
    id: u64,
    #[json(alias = "fullName", alias = "n")]
    name: String,
    created_at: String,
    updated_at: String,
    retry_count: u32,
    a: u8,
    ab: u8,
    abc: u8,
    a_rather_long_field_name_past_sixteen_bytes: bool,
    a_rather_long_field_name_past_sixteen_bytez: bool,
    #[json(default)]
    tags: Vec<String>,
}

#[test]
fn every_name_is_found_in_any_order() {
    let members = [
        r#""tags":["x"]"#,
        r#""aRatherLongFieldNamePastSixteenBytez":true"#,
        r#""aRatherLongFieldNamePastSixteenBytes":false"#,
        r#""abc":3"#,
        r#""ab":2"#,
        r#""a":1"#,
        r#""retryCount":4"#,
        r#""updatedAt":"u""#,
        r#""createdAt":"c""#,
        r#""fullName":"N""#,
        r#""id":7"#,
        // Near misses: a name's length, ends and middle, but not the name.
        r#""createdAT":0"#,
        r#""ac":0"#,
        r#""":0"#,
        r#""aRatherLongFieldNamePastSixteenBytex":0"#,
    ];
    let want = Wide {
        id: 7,
        name: "N".into(),
        created_at: "c".into(),
        updated_at: "u".into(),
        retry_count: 4,
        a: 1,
        ab: 2,
        abc: 3,
        a_rather_long_field_name_past_sixteen_bytes: false,
        a_rather_long_field_name_past_sixteen_bytez: true,
        tags: vec!["x".into()],
    };
    for rotate in 0..members.len() {
        let mut order = members.to_vec();
        order.rotate_left(rotate);
        let text = format!("{{{}}}", order.join(","));
        assert_eq!(jetjson::from_str::<Wide>(&text).unwrap(), want, "{text}");
    }
    let back = jetjson::to_string(&want);
    assert_eq!(jetjson::from_str::<Wide>(&back).unwrap(), want);
    for alias in ["name", "n"] {
        let text = back.replace(r#""name""#, &format!("\"{alias}\""));
        assert_eq!(jetjson::from_str::<Wide>(&text).unwrap().name, "N");
    }
    let err = jetjson::from_str::<Wide>(r#"{"id":1,"n":"a","fullName":"b"}"#).unwrap_err();
    assert!(err.to_string().contains("duplicate field `name`"), "{err}");
}

// The trait is what the derive implements; named here so that the test
// breaks loudly if the derive stops implementing it.
fn _bounds<T: for<'de> FromJson<'de> + ToJson>() {}
const _: fn() = _bounds::<Wide>;

#[derive(Json, Debug, PartialEq)]
struct Spaced {
    id: u32,
    name: String,
    kind: u8,
}

/// The in-order guess compares a key with its colon (`"id":`); a key spaced
/// from its colon, or any other whitespace, takes the full path and reads
/// the same.
#[test]
fn keys_spaced_from_their_colons_read_the_same() {
    let want = Spaced {
        id: 1,
        name: "n".into(),
        kind: 2,
    };
    for text in [
        r#"{"id":1,"name":"n","kind":2}"#,
        r#"{"id": 1,"name":  "n","kind":	2}"#,
        r#"{"id" :1, "name" : "n" , "kind"
            :2}"#,
        "{\n  \"id\": 1,\n  \"name\": \"n\",\n  \"kind\": 2\n}",
        r#"{"kind" :2,"id":1,"name"	:"n"}"#,
    ] {
        assert_eq!(jetjson::from_str::<Spaced>(text).unwrap(), want, "{text}");
    }
    let err = jetjson::from_str::<Spaced>(r#"{"id" 1}"#).unwrap_err();
    assert_eq!(err.to_string(), "expected `:` at line 1 column 7");
}
