//! Structs that borrow from the input: `&str` points into it, `Cow<str>`
//! borrows when the text has no escape and owns it otherwise.

#![cfg(feature = "derive")]

use std::borrow::Cow;

use jetjson::Json;

fn points_into(s: &str, input: &str) -> bool {
    let range = input.as_bytes().as_ptr_range();
    range.contains(&s.as_ptr())
}

#[derive(Json, Debug, PartialEq)]
struct Student<'a> {
    id: i64,
    #[json(rename = "s_name")]
    name: &'a str,
    #[json(omit_empty)]
    tags: Vec<&'a str>,
}

#[test]
fn str_fields_point_into_the_input() {
    let input = String::from(r#"{"id":11,"s_name":"qq","tags":["a","b"]}"#);
    let s: Student = jetjson::from_str(&input).unwrap();
    assert_eq!(
        s,
        Student {
            id: 11,
            name: "qq",
            tags: vec!["a", "b"]
        }
    );
    assert!(points_into(s.name, &input));
    assert!(s.tags.iter().all(|t| points_into(t, &input)));
    assert_eq!(jetjson::to_string(&s), input);
}

#[test]
fn str_with_escape_is_an_error_naming_the_field() {
    let e = jetjson::from_str::<Student>(r#"{"id":1,"s_name":"a\nb"}"#).unwrap_err();
    assert_eq!(
        e.to_string(),
        "string with escapes cannot be borrowed as &str; use String or Cow<str> at line 1 column 18 (at .s_name)"
    );
}

#[derive(Json, Debug, PartialEq)]
struct Doc<'a> {
    title: Cow<'a, str>,
    body: Cow<'a, str>,
}

#[test]
fn cow_borrows_without_escapes_and_owns_with_them() {
    let input = String::from(r#"{"title":"plain","body":"line\nbreak"}"#);
    let d: Doc = jetjson::from_str(&input).unwrap();
    assert!(matches!(d.title, Cow::Borrowed(t) if points_into(t, &input)));
    assert!(matches!(&d.body, Cow::Owned(b) if b == "line\nbreak"));
    assert_eq!(jetjson::to_string(&d), input);
}

#[test]
fn two_lifetimes_and_a_type_parameter() {
    #[derive(Json, Debug, PartialEq)]
    struct Pair<'a, 'b, T> {
        left: &'a str,
        right: Cow<'b, str>,
        extra: T,
    }
    let input = r#"{"left":"l","right":"r","extra":[1,2]}"#;
    let p: Pair<Vec<u8>> = jetjson::from_str(input).unwrap();
    assert_eq!(
        p,
        Pair {
            left: "l",
            right: Cow::Borrowed("r"),
            extra: vec![1, 2]
        }
    );
    assert_eq!(jetjson::to_string(&p), input);
}

#[test]
fn lifetime_named_de() {
    #[derive(Json, Debug, PartialEq)]
    struct Odd<'de> {
        s: &'de str,
    }
    let o: Odd = jetjson::from_str(r#"{"s":"x"}"#).unwrap();
    assert_eq!(o.s, "x");
}

#[test]
fn borrowed_enum_variants() {
    #[derive(Json, Debug, PartialEq)]
    #[json(tag = "kind")]
    enum Token<'a> {
        Word { text: &'a str },
        Space,
    }
    let input = r#"[{"text":"hi","kind":"Word"},{"kind":"Space"}]"#;
    let tokens: Vec<Token> = jetjson::from_str(input).unwrap();
    assert_eq!(tokens, vec![Token::Word { text: "hi" }, Token::Space]);
    match tokens[0] {
        Token::Word { text } => assert!(points_into(text, input)),
        Token::Space => unreachable!(),
    }
}

#[test]
fn owned_types_are_from_json_owned() {
    #[derive(Json, Debug, PartialEq)]
    struct Owned {
        s: String,
    }
    fn read_from_temp<T: jetjson::FromJsonOwned>() -> T {
        let text = String::from(r#"{"s":"x"}"#);
        jetjson::from_str(&text).unwrap()
    }
    assert_eq!(read_from_temp::<Owned>(), Owned { s: "x".into() });
}
