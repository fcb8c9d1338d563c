//! Every `#[json(..)]` attribute, and the `#[serde(..)]` spellings of the
//! same settings: exact bytes, values read back, and error messages.

#![cfg(feature = "derive")]

use std::borrow::Cow;

use jetjson::{FromJson, Json, ToJson};

fn to_s<T: ToJson>(value: &T) -> String {
    jetjson::to_string(value)
}

fn from<T: for<'de> FromJson<'de>>(input: &str) -> T {
    jetjson::from_str(input).unwrap_or_else(|e| panic!("{input}: {e}"))
}

fn err<T: for<'de> FromJson<'de> + std::fmt::Debug>(input: &str) -> String {
    jetjson::from_str::<T>(input).unwrap_err().to_string()
}

// MARK: - Names

#[test]
fn rename_and_alias() {
    #[derive(Json, Debug, PartialEq)]
    struct S {
        #[json(rename = "ID")]
        id: u8,
        #[json(alias = "nom", alias = "nombre")]
        name: String,
    }
    let v = S {
        id: 1,
        name: "x".into(),
    };
    assert_eq!(to_s(&v), r#"{"ID":1,"name":"x"}"#);
    assert_eq!(from::<S>(r#"{"ID":1,"name":"x"}"#), v);
    assert_eq!(from::<S>(r#"{"nom":"x","ID":1}"#), v);
    assert_eq!(from::<S>(r#"{"ID":1,"nombre":"x"}"#), v);
    assert_eq!(
        err::<S>(r#"{"ID":1,"nom":"x","name":"y"}"#),
        "duplicate field `name` at line 1 column 19"
    );
}

#[test]
fn rename_all_rules() {
    macro_rules! case {
        ($rule:literal, $expected:literal) => {{
            #[derive(Json, Debug, PartialEq)]
            #[json(rename_all = $rule)]
            struct S {
                user_id: u8,
                very_long_name: u8,
            }
            let v = S {
                user_id: 1,
                very_long_name: 2,
            };
            assert_eq!(to_s(&v), $expected, "{}", $rule);
            assert_eq!(from::<S>($expected), v);
        }};
    }
    case!("camelCase", r#"{"userId":1,"veryLongName":2}"#);
    case!("lowerCamelCase", r#"{"userId":1,"veryLongName":2}"#);
    case!("snake_case", r#"{"user_id":1,"very_long_name":2}"#);
    case!("kebab-case", r#"{"user-id":1,"very-long-name":2}"#);
    case!(
        "SCREAMING_SNAKE_CASE",
        r#"{"USER_ID":1,"VERY_LONG_NAME":2}"#
    );
    case!(
        "SCREAMING-KEBAB-CASE",
        r#"{"USER-ID":1,"VERY-LONG-NAME":2}"#
    );
    case!("PascalCase", r#"{"UserId":1,"VeryLongName":2}"#);
    case!("lowercase", r#"{"user_id":1,"very_long_name":2}"#);
    case!("UPPERCASE", r#"{"USER_ID":1,"VERY_LONG_NAME":2}"#);
}

#[test]
fn rename_beats_rename_all() {
    #[derive(Json, Debug, PartialEq)]
    #[json(rename_all = "camelCase")]
    struct S {
        first_name: u8,
        #[json(rename = "last_name")]
        last_name: u8,
    }
    assert_eq!(
        to_s(&S {
            first_name: 1,
            last_name: 2
        }),
        r#"{"firstName":1,"last_name":2}"#
    );
}

#[test]
fn rename_per_direction() {
    #[derive(Json, Debug, PartialEq)]
    struct S {
        #[serde(rename(serialize = "out", deserialize = "in"))]
        v: u8,
    }
    assert_eq!(to_s(&S { v: 1 }), r#"{"out":1}"#);
    assert_eq!(from::<S>(r#"{"in":1}"#), S { v: 1 });
}

// MARK: - Skipping and omitting

#[test]
fn skip_variants() {
    #[derive(Json, Debug, PartialEq)]
    struct S {
        a: u8,
        #[json(skip)]
        b: u8,
        #[json(skip_serializing)]
        c: u8,
        #[json(skip_deserializing)]
        d: u8,
    }
    let v = S {
        a: 1,
        b: 2,
        c: 3,
        d: 4,
    };
    assert_eq!(to_s(&v), r#"{"a":1,"d":4}"#);
    // `b` and `d` are never read; `c` is read.
    assert_eq!(
        from::<S>(r#"{"a":1,"b":9,"c":3,"d":9}"#),
        S {
            a: 1,
            b: 0,
            c: 3,
            d: 0
        }
    );
}

#[test]
fn omit_empty_like_go() {
    #[derive(Json, Debug, PartialEq, Default)]
    struct S {
        #[json(omit_empty)]
        name: String,
        #[json(omit_empty)]
        tags: Vec<String>,
        #[json(omit_empty)]
        count: u32,
        #[json(omit_empty)]
        on: bool,
        #[json(omit_empty)]
        maybe: Option<u8>,
        #[json(omit_empty)]
        ratio: f64,
    }
    assert_eq!(to_s(&S::default()), "{}");
    // Every field left out reads back as empty.
    assert_eq!(from::<S>("{}"), S::default());
    let full = S {
        name: "n".into(),
        tags: vec!["t".into()],
        count: 2,
        on: true,
        maybe: Some(0),
        ratio: 0.5,
    };
    let text = to_s(&full);
    assert_eq!(
        text,
        r#"{"name":"n","tags":["t"],"count":2,"on":true,"maybe":0,"ratio":0.5}"#
    );
    assert_eq!(from::<S>(&text), full);
    let some = S {
        count: 3,
        ratio: 1.0,
        ..S::default()
    };
    assert_eq!(to_s(&some), r#"{"count":3,"ratio":1.0}"#);
}

#[test]
fn commas_around_conditional_fields() {
    // Conditional first, always-written in the middle, conditional last.
    #[derive(Json)]
    struct S {
        #[json(omit_empty)]
        a: u8,
        b: u8,
        #[json(omit_empty)]
        c: u8,
    }
    assert_eq!(to_s(&S { a: 0, b: 2, c: 0 }), r#"{"b":2}"#);
    assert_eq!(to_s(&S { a: 1, b: 2, c: 3 }), r#"{"a":1,"b":2,"c":3}"#);
    assert_eq!(to_s(&S { a: 0, b: 2, c: 3 }), r#"{"b":2,"c":3}"#);

    // Only conditional fields.
    #[derive(Json)]
    struct T {
        #[json(omit_empty)]
        a: u8,
        #[json(omit_empty)]
        b: u8,
        #[json(omit_empty)]
        c: u8,
    }
    for (a, b, c, expected) in [
        (0, 0, 0, "{}"),
        (1, 0, 0, r#"{"a":1}"#),
        (0, 2, 0, r#"{"b":2}"#),
        (0, 0, 3, r#"{"c":3}"#),
        (1, 0, 3, r#"{"a":1,"c":3}"#),
        (0, 2, 3, r#"{"b":2,"c":3}"#),
        (1, 2, 3, r#"{"a":1,"b":2,"c":3}"#),
    ] {
        assert_eq!(to_s(&T { a, b, c }), expected);
    }

    // One conditional field alone.
    #[derive(Json)]
    struct U {
        #[json(omit_empty)]
        a: u8,
    }
    assert_eq!(to_s(&U { a: 0 }), "{}");
    assert_eq!(to_s(&U { a: 5 }), r#"{"a":5}"#);
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}

#[test]
fn skip_serializing_if() {
    #[derive(Json, Debug, PartialEq)]
    struct S {
        id: u8,
        #[json(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
        #[json(skip_serializing_if = "is_zero", default)]
        n: u8,
    }
    assert_eq!(
        to_s(&S {
            id: 1,
            note: None,
            n: 0
        }),
        r#"{"id":1}"#
    );
    assert_eq!(
        to_s(&S {
            id: 1,
            note: Some("x".into()),
            n: 2
        }),
        r#"{"id":1,"note":"x","n":2}"#
    );
    assert_eq!(
        from::<S>(r#"{"id":1}"#),
        S {
            id: 1,
            note: None,
            n: 0
        }
    );
}

// MARK: - Defaults

fn forty_two() -> u32 {
    42
}

#[test]
fn field_defaults() {
    #[derive(Json, Debug, PartialEq)]
    struct S {
        #[json(default)]
        a: Vec<u8>,
        #[json(default = "forty_two")]
        b: u32,
        #[json(skip, default = "forty_two")]
        c: u32,
    }
    assert_eq!(
        from::<S>("{}"),
        S {
            a: vec![],
            b: 42,
            c: 42
        }
    );
    assert_eq!(
        from::<S>(r#"{"a":[1],"b":1}"#),
        S {
            a: vec![1],
            b: 1,
            c: 42
        }
    );
}

#[test]
fn container_default() {
    #[derive(Json, Debug, PartialEq)]
    #[json(default)]
    struct Config {
        port: u16,
        host: String,
        #[json(skip)]
        secret: u8,
    }
    impl Default for Config {
        fn default() -> Self {
            Config {
                port: 8080,
                host: "localhost".into(),
                secret: 7,
            }
        }
    }
    assert_eq!(from::<Config>("{}"), Config::default());
    assert_eq!(
        from::<Config>(r#"{"host":"example.com"}"#),
        Config {
            port: 8080,
            host: "example.com".into(),
            secret: 7
        }
    );
}

#[test]
fn container_default_path() {
    fn base() -> P {
        P { x: 1, y: 2 }
    }
    #[derive(Json, Debug, PartialEq)]
    #[json(default = "base")]
    struct P {
        x: i32,
        y: i32,
    }
    assert_eq!(from::<P>(r#"{"y":5}"#), P { x: 1, y: 5 });
}

// MARK: - Unknown fields

#[test]
fn deny_unknown_fields() {
    #[derive(Json, Debug, PartialEq)]
    #[json(deny_unknown_fields)]
    struct S {
        a: u8,
        #[json(rename = "B")]
        b: u8,
    }
    assert_eq!(from::<S>(r#"{"a":1,"B":2}"#), S { a: 1, b: 2 });
    assert_eq!(
        err::<S>(r#"{"a":1, "c\n":2}"#),
        "unknown field `c\n`, expected `a` or `B` at line 1 column 9"
    );

    #[derive(Json, Debug)]
    #[json(deny_unknown_fields)]
    struct None {}
    assert_eq!(
        err::<None>(r#"{"x":1}"#),
        "unknown field `x`, there are none at line 1 column 2"
    );
}

// MARK: - with, base64, transparent

mod hex {
    use jetjson::{Error, Reader, Writer};

    pub fn write_json(v: &u32, w: &mut Writer<'_>) {
        w.write_str(&format!("{v:#x}"));
    }

    pub fn read_json(r: &mut Reader<'_>) -> Result<u32, Error> {
        let s = r.read_string()?;
        u32::from_str_radix(s.trim_start_matches("0x"), 16)
            .map_err(|_| r.invalid_value("expected hex"))
    }
}

#[test]
fn with_module() {
    #[derive(Json, Debug, PartialEq)]
    struct S {
        #[json(with = "hex")]
        color: u32,
        #[json(with = "hex", default)]
        other: u32,
    }
    let v = S {
        color: 0xff00,
        other: 1,
    };
    assert_eq!(to_s(&v), r#"{"color":"0xff00","other":"0x1"}"#);
    assert_eq!(from::<S>(&to_s(&v)), v);
    assert_eq!(from::<S>(r#"{"color":"0x1"}"#).other, 0);
    assert_eq!(
        err::<S>(r#"{"other":"0x1"}"#),
        "missing field `color` at line 1 column 16"
    );
    assert_eq!(
        err::<S>(r#"{"color":"zz"}"#),
        "expected hex at line 1 column 14 (at .color)"
    );
}

#[test]
fn json_with_wins_over_serde_with() {
    // `#[serde(with)]` names a serde module (through the bridge); beside
    // `#[json(with)]`, jetjson calls only the jetjson module.
    #[derive(Json, Debug, PartialEq)]
    struct S {
        #[json(with = "hex")]
        #[serde(with = "hex")]
        color: u32,
    }
    assert_eq!(to_s(&S { color: 16 }), r#"{"color":"0x10"}"#);
}

#[test]
fn base64_bytes() {
    #[derive(Json, Debug, PartialEq)]
    struct Blob {
        #[json(base64)]
        data: Vec<u8>,
        #[json(with = "::jetjson::base64")]
        more: Vec<u8>,
    }
    let v = Blob {
        data: b"World".to_vec(),
        more: vec![0, 255],
    };
    assert_eq!(to_s(&v), r#"{"data":"V29ybGQ=","more":"AP8="}"#);
    assert_eq!(from::<Blob>(&to_s(&v)), v);
}

#[test]
fn transparent() {
    // `omit_empty` reads a missing field as `Default::default()`, Go's zero value.
    #[derive(Json, Debug, PartialEq, Default)]
    #[json(transparent)]
    struct Name {
        inner: String,
        #[json(skip)]
        cached_len: usize,
    }
    #[derive(Json, Debug, PartialEq)]
    struct Person {
        name: Name,
        #[json(omit_empty)]
        nick: Name,
    }
    #[derive(Json, Debug, PartialEq)]
    #[json(transparent)]
    struct Maybe(Option<u8>);
    #[derive(Json, Debug, PartialEq)]
    struct Holder {
        m: Maybe,
    }

    let n = Name {
        inner: "x".into(),
        cached_len: 0,
    };
    assert_eq!(to_s(&n), r#""x""#);
    assert_eq!(from::<Name>(r#""x""#), n);
    let p = Person {
        name: n,
        nick: Name {
            inner: String::new(),
            cached_len: 0,
        },
    };
    assert_eq!(to_s(&p), r#"{"name":"x"}"#);
    // Missing: the inner type decides (`Option` is `None`).
    assert_eq!(from::<Holder>("{}"), Holder { m: Maybe(None) });
}

// MARK: - serde spellings

#[test]
fn serde_attributes_give_serde_json_bytes() {
    #[derive(serde::Serialize, serde::Deserialize, Json, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    struct Tweet<'a> {
        id_str: String,
        #[serde(rename = "user")]
        author: &'a str,
        reply_count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        possibly_sensitive: Option<bool>,
        #[serde(skip)]
        local: u8,
        #[serde(alias = "retweets")]
        retweet_count: u64,
        #[serde(borrow)]
        lang: Cow<'a, str>,
    }
    let t = Tweet {
        id_str: "12".into(),
        author: "ada",
        reply_count: 3,
        possibly_sensitive: None,
        local: 0,
        retweet_count: 9,
        lang: Cow::Borrowed("en"),
    };
    let ours = jetjson::to_string(&t);
    assert_eq!(ours, serde_json::to_string(&t).unwrap());
    assert_eq!(
        ours,
        r#"{"idStr":"12","user":"ada","replyCount":3,"retweetCount":9,"lang":"en"}"#
    );
    let with = Tweet {
        possibly_sensitive: Some(true),
        ..t
    };
    let ours = jetjson::to_string(&with);
    assert_eq!(ours, serde_json::to_string(&with).unwrap());
    let back: Tweet = jetjson::from_str(&ours).unwrap();
    assert_eq!(back, serde_json::from_str::<Tweet>(&ours).unwrap());
    let aliased = r#"{"idStr":"1","user":"u","replyCount":0,"retweets":5,"lang":"de"}"#;
    assert_eq!(
        jetjson::from_str::<Tweet>(aliased).unwrap(),
        serde_json::from_str::<Tweet>(aliased).unwrap()
    );
}

#[test]
fn json_wins_over_serde() {
    #[derive(serde::Serialize, Json)]
    struct S {
        #[serde(rename = "serde_name")]
        #[json(rename = "json_name")]
        a: u8,
        #[serde(rename = "same")]
        #[json(rename = "same")]
        b: u8,
    }
    let v = S { a: 1, b: 2 };
    assert_eq!(to_s(&v), r#"{"json_name":1,"same":2}"#);
    assert_eq!(
        serde_json::to_string(&v).unwrap(),
        r#"{"serde_name":1,"same":2}"#
    );
}

#[test]
fn serde_flatten_under_json_skip_is_accepted() {
    #[derive(serde::Serialize, Json, Default)]
    struct Inner {
        x: u8,
    }
    #[derive(serde::Serialize, Json)]
    struct Outer {
        a: u8,
        #[serde(flatten)]
        #[json(skip)]
        inner: Inner,
    }
    let v = Outer {
        a: 1,
        inner: Inner { x: 2 },
    };
    assert_eq!(to_s(&v), r#"{"a":1}"#);
    assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"a":1,"x":2}"#);
}
