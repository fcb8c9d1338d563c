//! The member loop of derived struct decoders (JSON and `Value`): the
//! in-order guess and its fallback, aliases, duplicates (also past 64
//! fields), unknown keys, and keys that cannot be compared with the raw
//! input.

#![cfg(feature = "derive")]

use jetjson::{FromJson, FromValue, Json, ToValue};

fn from<T: for<'de> FromJson<'de>>(input: &str) -> T {
    jetjson::from_str::<T>(input).unwrap()
}

fn err<T: for<'de> FromJson<'de> + std::fmt::Debug>(input: &str) -> String {
    jetjson::from_str::<T>(input).unwrap_err().to_string()
}

fn value_err<T: FromValue + std::fmt::Debug>(input: &str) -> String {
    let v: jetjson::Value = jetjson::from_str(input).unwrap();
    let by_ref = T::from_value_ref(&v).unwrap_err().to_string();
    let owned = T::from_value(v).unwrap_err().to_string();
    assert_eq!(by_ref, owned);
    owned
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq)]
struct Three {
    a: u8,
    #[json(alias = "bee")]
    b: u8,
    c: u8,
}

#[test]
fn any_order_and_unknown_keys_skipped() {
    let want = Three { a: 1, b: 2, c: 3 };
    assert_eq!(from::<Three>(r#"{"a":1,"b":2,"c":3}"#), want);
    assert_eq!(from::<Three>(r#"{"c":3,"b":2,"a":1}"#), want);
    assert_eq!(
        from::<Three>(r#"{"x":[1,{"a":9}],"a":1,"bee":2,"y":null,"c":3}"#),
        want
    );
    // The guess compares raw bytes: a key that only starts like a field's
    // name, or spells it with an escape, is matched after parsing.
    assert_eq!(from::<Three>(r#"{"ab":0,"a":1,"\u0062":2,"c" : 3}"#), want);
    assert_eq!(
        err::<Three>(r#"{"a":1,"b":2,"bee":2,"c":3}"#),
        "duplicate field `b` at line 1 column 14"
    );
    assert_eq!(
        err::<Three>(r#"{"a":1,"c":3}"#),
        "missing field `b` at line 1 column 14"
    );
    assert_eq!(
        err::<Three>(r#"{"a":1,"b":"2"}"#),
        "expected u8, found string at line 1 column 12 (at .b)"
    );
}

#[test]
fn value_members_match_the_json_loop() {
    let v = Three { a: 1, b: 2, c: 3 }.to_value();
    assert_eq!(
        Three::from_value_ref(&v).unwrap(),
        Three { a: 1, b: 2, c: 3 }
    );
    let aliased: jetjson::Value = jetjson::from_str(r#"{"c":3,"x":0,"bee":2,"a":1}"#).unwrap();
    assert_eq!(
        Three::from_value(aliased).unwrap(),
        Three { a: 1, b: 2, c: 3 }
    );
    assert_eq!(
        value_err::<Three>(r#"{"a":1,"b":2,"bee":2,"c":3}"#),
        "duplicate field `b`"
    );
    assert_eq!(
        value_err::<Three>(r#"{"a":1,"b":true,"c":3}"#),
        "expected u8, found boolean (at .b)"
    );
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq)]
#[json(deny_unknown_fields)]
struct Strict {
    a: u8,
    b: u8,
}

#[test]
fn deny_unknown_fields_refuses_in_the_loop() {
    assert_eq!(from::<Strict>(r#"{"b":2,"a":1}"#), Strict { a: 1, b: 2 });
    assert_eq!(
        err::<Strict>(r#"{"a":1,"z":2}"#),
        "unknown field `z`, expected `a` or `b` at line 1 column 8"
    );
    assert_eq!(
        value_err::<Strict>(r#"{"a":1,"z":2}"#),
        "unknown field `z`, expected `a` or `b`"
    );
}

/// Names the raw-input guess must not be used for: a quote, a backslash.
#[derive(Json, ToValue, FromValue, Debug, PartialEq)]
struct Odd {
    #[json(rename = "q\"k")]
    quote: u8,
    #[json(rename = "b\\s")]
    slash: u8,
    plain: u8,
}

#[test]
fn keys_with_escapes_are_matched_after_parsing() {
    let want = Odd {
        quote: 1,
        slash: 2,
        plain: 3,
    };
    assert_eq!(
        jetjson::to_string(&want),
        r#"{"q\"k":1,"b\\s":2,"plain":3}"#
    );
    assert_eq!(from::<Odd>(r#"{"q\"k":1,"b\\s":2,"plain":3}"#), want);
    assert_eq!(from::<Odd>(r#"{"plain":3,"b\\s":2,"q\"k":1}"#), want);
    // `\b` is a backspace, not the field `b\s`'s backslash.
    assert!(jetjson::from_str::<Odd>(r#"{"q\"k":1,"b\s":2,"plain":3}"#).is_err());
}

macro_rules! wide {
    ($($field:ident)*) => {
        #[derive(Json, ToValue, FromValue, Debug, Default, PartialEq)]
        #[json(default)]
        struct Wide {
            $($field: u8,)*
            #[json(alias = "last_alias")]
            last: u8,
        }
    };
}

wide!(
    f00 f01 f02 f03 f04 f05 f06 f07 f08 f09 f10 f11 f12 f13 f14 f15
    f16 f17 f18 f19 f20 f21 f22 f23 f24 f25 f26 f27 f28 f29 f30 f31
    f32 f33 f34 f35 f36 f37 f38 f39 f40 f41 f42 f43 f44 f45 f46 f47
    f48 f49 f50 f51 f52 f53 f54 f55 f56 f57 f58 f59 f60 f61 f62 f63
    f64 f65 f66
);

#[test]
fn duplicates_past_sixty_four_fields() {
    let w: Wide = from(r#"{"f00":1,"f66":2,"last":3}"#);
    assert_eq!((w.f00, w.f66, w.last), (1, 2, 3));
    assert_eq!(
        err::<Wide>(r#"{"f63":1,"f63":2}"#),
        "duplicate field `f63` at line 1 column 10"
    );
    assert_eq!(
        err::<Wide>(r#"{"f64":1,"f64":2}"#),
        "duplicate field `f64` at line 1 column 10"
    );
    assert_eq!(
        err::<Wide>(r#"{"last":1,"last_alias":2}"#),
        "duplicate field `last` at line 1 column 11"
    );
    assert_eq!(
        value_err::<Wide>(r#"{"last":1,"last_alias":2}"#),
        "duplicate field `last`"
    );
}
