//! `#[derive(Json)]` on every struct shape: exact bytes out, values back in,
//! and the exact text of decoding errors (position and field path).

#![cfg(feature = "derive")]

use std::collections::BTreeMap;

use jetjson::{FromJson, Json, ToJson};

fn to_s<T: ToJson>(value: &T) -> String {
    jetjson::to_string(value)
}

fn err<T: for<'de> FromJson<'de> + std::fmt::Debug>(input: &str) -> String {
    jetjson::from_str::<T>(input).unwrap_err().to_string()
}

#[derive(Json, Debug, PartialEq, Clone)]
struct User {
    id: u64,
    name: String,
    age: u32,
    admin: bool,
    score: f64,
    nick: Option<String>,
}

fn ada() -> User {
    User {
        id: 1,
        name: "Ada \"the\" first".into(),
        age: 36,
        admin: true,
        score: 0.5,
        nick: None,
    }
}

#[test]
fn writes_named_struct() {
    assert_eq!(
        to_s(&ada()),
        r#"{"id":1,"name":"Ada \"the\" first","age":36,"admin":true,"score":0.5,"nick":null}"#
    );
}

#[test]
fn reads_named_struct_in_and_out_of_order() {
    let in_order =
        r#"{"id":1,"name":"Ada \"the\" first","age":36,"admin":true,"score":0.5,"nick":null}"#;
    assert_eq!(jetjson::from_str::<User>(in_order).unwrap(), ada());
    let shuffled = r#" { "score" : 0.5 , "admin":true, "age":36,
        "name":"Ada \"the\" first", "id":1 } "#;
    assert_eq!(jetjson::from_str::<User>(shuffled).unwrap(), ada());
}

#[test]
fn round_trips_and_matches_serde_json() {
    #[derive(Json, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Mixed {
        a: i8,
        b: Vec<u16>,
        c: BTreeMap<String, f32>,
        d: (bool, char),
        e: Option<Box<Mixed>>,
    }
    let v = Mixed {
        a: -3,
        b: vec![1, 2, 65535],
        c: [("x".to_owned(), 1.25f32)].into_iter().collect(),
        d: (false, 'é'),
        e: Some(Box::new(Mixed {
            a: 0,
            b: vec![],
            c: BTreeMap::new(),
            d: (true, '"'),
            e: None,
        })),
    };
    let ours = jetjson::to_vec(&v);
    assert_eq!(ours, serde_json::to_vec(&v).unwrap());
    assert_eq!(jetjson::from_slice::<Mixed>(&ours).unwrap(), v);
}

#[test]
fn unknown_fields_are_skipped() {
    let input = r#"{"extra":{"deep":[1,{"x":null}]},"id":1,"name":"n","age":2,"admin":false,"score":1,"z":"q"}"#;
    let u: User = jetjson::from_str(input).unwrap();
    assert_eq!(u.id, 1);
    assert_eq!(u.score, 1.0);
}

#[test]
fn option_fields_may_be_missing() {
    let u: User =
        jetjson::from_str(r#"{"id":1,"name":"n","age":2,"admin":false,"score":1}"#).unwrap();
    assert_eq!(u.nick, None);
}

#[test]
fn missing_field_error() {
    assert_eq!(
        err::<User>(r#"{"id":1,"name":"n"}"#),
        "missing field `age` at line 1 column 20"
    );
}

#[test]
fn duplicate_field_error_points_at_the_key() {
    assert_eq!(
        err::<User>(r#"{"id":1,"id":2}"#),
        "duplicate field `id` at line 1 column 9"
    );
}

#[test]
fn type_error_has_position_and_path() {
    assert_eq!(
        err::<User>("{\"id\":1,\n\"name\":\"n\",\n\"age\": \"old\"}"),
        "expected u32, found string at line 3 column 8 (at .age)"
    );
}

#[test]
fn nested_error_path() {
    #[derive(Json, Debug)]
    struct Team {
        users: Vec<User>,
    }
    let input = r#"{"users":[
        {"id":1,"name":"a","age":1,"admin":true,"score":1},
        {"id":2,"name":"b","age":2,"admin":true,"score":1},
        {"id":3,"name":"c","age":-3,"admin":true,"score":1}]}"#;
    assert_eq!(
        err::<Team>(input),
        "number out of range for u32 at line 4 column 34 (at .users[2].age)"
    );
}

#[test]
fn not_an_object() {
    assert_eq!(
        err::<User>("[1]"),
        "expected struct User, found array at line 1 column 1"
    );
    assert_eq!(
        err::<User>(r#"{"id":1"#),
        "unexpected end of input at line 1 column 8"
    );
    assert_eq!(
        err::<User>(r#"{"id":1,}"#),
        "expected an object key (a string) at line 1 column 9"
    );
}

#[test]
fn keys_with_escapes_match_by_value() {
    #[derive(Json, Debug, PartialEq)]
    struct K {
        #[json(rename = "a\"b")]
        quote: u8,
        #[json(rename = "tab\t")]
        tab: u8,
        plain: u8,
    }
    let v = K {
        quote: 1,
        tab: 2,
        plain: 3,
    };
    let text = to_s(&v);
    assert_eq!(text, r#"{"a\"b":1,"tab\t":2,"plain":3}"#);
    assert_eq!(jetjson::from_str::<K>(&text).unwrap(), v);
    // The key `plain` spelt with an escape still matches.
    assert_eq!(
        jetjson::from_str::<K>(r#"{"pl\u0061in":3,"tab\t":2,"a\"b":1}"#).unwrap(),
        v
    );
}

#[test]
fn empty_struct() {
    #[derive(Json, Debug, PartialEq)]
    struct Empty {}
    assert_eq!(to_s(&Empty {}), "{}");
    assert_eq!(
        jetjson::from_str::<Empty>(r#"{"a":[1,2]}"#).unwrap(),
        Empty {}
    );
}

#[test]
fn unit_struct_is_null() {
    #[derive(Json, Debug, PartialEq)]
    struct Unit;
    assert_eq!(to_s(&Unit), "null");
    assert_eq!(jetjson::from_str::<Unit>("null").unwrap(), Unit);
    assert_eq!(
        err::<Unit>("{}"),
        "expected null, found object at line 1 column 1"
    );
}

#[test]
fn newtype_struct_is_its_value() {
    #[derive(Json, Debug, PartialEq)]
    struct Meters(f64);
    #[derive(Json, Debug, PartialEq)]
    struct Id(u64);
    assert_eq!(to_s(&Meters(1.5)), "1.5");
    assert_eq!(jetjson::from_str::<Meters>("2").unwrap(), Meters(2.0));
    // Emptiness is the inner value's.
    assert!(Id(0).is_json_empty());
    assert!(!Id(7).is_json_empty());
    assert_eq!(
        err::<Id>("true"),
        "expected u64, found boolean at line 1 column 1"
    );
}

#[test]
fn tuple_struct_is_an_array() {
    #[derive(Json, Debug, PartialEq)]
    struct Pair(i32, String);
    assert_eq!(to_s(&Pair(-1, "x".into())), r#"[-1,"x"]"#);
    assert_eq!(
        jetjson::from_str::<Pair>(r#" [ 4 , "y" ] "#).unwrap(),
        Pair(4, "y".into())
    );
    assert_eq!(
        err::<Pair>("[1]"),
        "expected tuple struct Pair with 2 elements, found 1 at line 1 column 4"
    );
    assert_eq!(
        err::<Pair>(r#"[1,"a",2]"#),
        "too many elements for tuple struct Pair with 2 elements at line 1 column 7"
    );
    assert_eq!(
        err::<Pair>(r#"[1,2]"#),
        "expected a string, found number at line 1 column 4 (at [1])"
    );
}

#[test]
fn tuple_struct_skipped_element() {
    #[derive(Json, Debug, PartialEq)]
    struct Three(u8, #[json(skip)] u8, u8);
    assert_eq!(to_s(&Three(1, 2, 3)), "[1,3]");
    assert_eq!(jetjson::from_str::<Three>("[1,3]").unwrap(), Three(1, 0, 3));
}

#[test]
fn generic_struct() {
    #[derive(Json, Debug, PartialEq)]
    struct Page<T> {
        items: Vec<T>,
        next: Option<u32>,
    }
    let p = Page {
        items: vec!["a".to_owned()],
        next: Some(2),
    };
    let text = to_s(&p);
    assert_eq!(text, r#"{"items":["a"],"next":2}"#);
    assert_eq!(jetjson::from_str::<Page<String>>(&text).unwrap(), p);
}

#[test]
fn generic_with_where_clause_and_phantom() {
    use std::marker::PhantomData;
    trait Unit {}
    struct Kg;
    impl Unit for Kg {}
    #[derive(Json, Debug, PartialEq)]
    struct Weight<U: Unit, T = f64>
    where
        T: Copy,
    {
        value: T,
        #[json(skip)]
        unit: PhantomData<U>,
    }
    impl std::fmt::Debug for Kg {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("Kg")
        }
    }
    impl PartialEq for Kg {
        fn eq(&self, _: &Kg) -> bool {
            true
        }
    }
    let w: Weight<Kg> = Weight {
        value: 2.5,
        unit: PhantomData,
    };
    assert_eq!(to_s(&w), r#"{"value":2.5}"#);
    assert_eq!(
        jetjson::from_str::<Weight<Kg>>(r#"{"value":2.5}"#).unwrap(),
        w
    );
}

#[test]
fn raw_identifiers_lose_their_prefix() {
    #[derive(Json, Debug, PartialEq)]
    struct Raw {
        r#type: String,
        r#match: bool,
    }
    let v = Raw {
        r#type: "t".into(),
        r#match: true,
    };
    assert_eq!(to_s(&v), r#"{"type":"t","match":true}"#);
    assert_eq!(jetjson::from_str::<Raw>(&to_s(&v)).unwrap(), v);
}

#[test]
fn fields_named_like_locals() {
    // Generated locals are `__r`, `__w`, `__f_*`; user fields named `r`, `w`,
    // `e`, `first`, `next` must not clash.
    #[derive(Json, Debug, PartialEq)]
    struct Clash {
        r: u8,
        w: u8,
        e: u8,
        first: u8,
        next: u8,
        field: u8,
    }
    let v = Clash {
        r: 1,
        w: 2,
        e: 3,
        first: 4,
        next: 5,
        field: 6,
    };
    assert_eq!(jetjson::from_str::<Clash>(&to_s(&v)).unwrap(), v);
}

#[test]
fn to_json_and_from_json_alone() {
    #[derive(jetjson::ToJson)]
    struct Out {
        a: u8,
    }
    #[derive(jetjson::FromJson, Debug, PartialEq)]
    struct In {
        a: u8,
    }
    assert_eq!(to_s(&Out { a: 1 }), r#"{"a":1}"#);
    assert_eq!(jetjson::from_str::<In>(r#"{"a":1}"#).unwrap(), In { a: 1 });
}

#[test]
fn pretty_output() {
    #[derive(Json)]
    struct P {
        a: Vec<u8>,
        b: bool,
    }
    assert_eq!(
        jetjson::to_string_pretty(&P {
            a: vec![1],
            b: false
        }),
        "{\n  \"a\": [\n    1\n  ],\n  \"b\": false\n}"
    );
}

#[test]
fn deep_recursion_is_limited() {
    #[derive(Json, Debug)]
    struct Node {
        next: Option<Box<Node>>,
    }
    let deep = r#"{"next":"#.repeat(200) + "null" + &"}".repeat(200);
    let e = jetjson::from_str::<Node>(&deep).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("nesting deeper than the limit of 128"),
        "{e}"
    );
    let ok = r#"{"next":"#.repeat(100) + "null" + &"}".repeat(100);
    assert!(jetjson::from_str::<Node>(&ok).is_ok());
}
