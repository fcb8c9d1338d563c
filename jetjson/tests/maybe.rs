//! `Maybe<T>`: a missing key, `null` and a value kept apart, in JSON, from a
//! `Value` and in MessagePack; with a hand-written decoder and derived
//! structs.

use jetjson::{json, Error, ErrorKind, FromJson, Maybe, Reader, ToJson, Value};
use jetjson::{FromValue, ToValue};

// MARK: - The type on its own

#[test]
fn reads_null_and_values() {
    assert_eq!(
        jetjson::from_str::<Maybe<u8>>(" null ").unwrap(),
        Maybe::Null
    );
    assert_eq!(
        jetjson::from_str::<Maybe<u8>>("7").unwrap(),
        Maybe::Present(7)
    );
    assert_eq!(
        jetjson::from_str::<Maybe<&str>>(r#""s""#).unwrap(),
        Maybe::Present("s")
    );
    let v: Vec<Maybe<u8>> = jetjson::from_str("[1, null, 2]").unwrap();
    assert_eq!(v, [Maybe::Present(1), Maybe::Null, Maybe::Present(2)]);
    // `null` is `Null` before `T` is asked, even when `T` takes `null`.
    assert_eq!(
        jetjson::from_str::<Maybe<Option<u8>>>("null").unwrap(),
        Maybe::Null
    );
    // A bad value is `T`'s error; a bad `null` a literal error.
    let err = jetjson::from_str::<Maybe<u8>>("300").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::NumberOutOfRange { ty: "u8" });
    let err = jetjson::from_str::<Maybe<u8>>("nul").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::UnexpectedEof);
    let err = jetjson::from_str::<Maybe<u8>>("nulL").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::InvalidLiteral);
}

#[test]
fn missing_is_absent_in_every_format() {
    assert_eq!(Maybe::<u8>::json_missing(), Some(Maybe::Absent));
    assert_eq!(Maybe::<u8>::value_missing(), Some(Maybe::Absent));
    assert_eq!(
        <Maybe<u8> as jetjson::msgpack::FromMsgpack>::msgpack_missing(),
        Some(Maybe::Absent)
    );
    // Plain `Option` cannot tell them apart.
    assert_eq!(Option::<u8>::json_missing(), Some(None));
}

#[test]
fn writes_null_for_absent_and_null() {
    assert_eq!(jetjson::to_string(&Maybe::<u8>::Absent), "null");
    assert_eq!(jetjson::to_string(&Maybe::<u8>::Null), "null");
    assert_eq!(jetjson::to_string(&Maybe::Present([1, 2])), "[1,2]");
    assert!(Maybe::<u8>::Absent.is_json_empty());
    assert!(Maybe::<u8>::Null.is_json_empty());
    // As for `Some`, a present value is never empty, even an empty one.
    assert!(!Maybe::Present("").is_json_empty());
    assert!(!Maybe::Present(Vec::<u8>::new()).is_json_empty());
}

#[test]
fn helpers() {
    let absent = Maybe::<String>::default();
    assert!(absent.is_absent() && !absent.is_null() && !absent.is_present());
    let null = Maybe::<String>::from(None);
    assert!(null.is_null());
    let mut present = Maybe::from(Some(String::from("a")));
    assert!(present.is_present());
    assert_eq!(present.as_option().map(String::as_str), Some("a"));
    if let Some(s) = present.as_option_mut() {
        s.push('b');
    }
    assert_eq!(present.as_ref().map(String::len), Maybe::Present(2));
    if let Maybe::Present(s) = present.as_mut() {
        s.push('c');
    }
    assert_eq!(present.clone().into_option().as_deref(), Some("abc"));
    assert_eq!(null.clone().into_option(), None);
    assert_eq!(absent.clone().unwrap_or("d".into()), "d");
    assert_eq!(present.clone().unwrap_or("d".into()), "abc");

    let nested: Option<Option<String>> = present.clone().into();
    assert_eq!(nested.as_ref().map(|o| o.as_deref()), Some(Some("abc")));
    assert_eq!(Option::<Option<String>>::from(null.clone()), Some(None));
    assert_eq!(Option::<Option<String>>::from(absent.clone()), None);

    let mut target = Some(String::from("old"));
    absent.apply_to(&mut target);
    assert_eq!(target.as_deref(), Some("old"));
    present.apply_to(&mut target);
    assert_eq!(target.as_deref(), Some("abc"));
    null.apply_to(&mut target);
    assert_eq!(target, None);

    // Ordered as declared: Absent < Null < Present.
    assert!(Maybe::<u8>::Absent < Maybe::Null && Maybe::Null < Maybe::Present(0));
}

// MARK: - A hand-written struct decoder

/// A decoder written the way generated ones are: a local per field, and
/// `json_missing` for the keys that never came.
#[derive(Debug, PartialEq)]
struct Patch {
    name: Maybe<String>,
    age: Maybe<u8>,
}

impl<'de> FromJson<'de> for Patch {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let (mut name, mut age) = (None, None);
        r.begin_object("a patch")?;
        let mut first = true;
        while r.next_member(&mut first)? {
            let key = r.read_key()?.as_str().to_owned();
            match key.as_str() {
                "name" => name = Some(Maybe::read_json(r).map_err(|e| e.field("name"))?),
                "age" => age = Some(Maybe::read_json(r).map_err(|e| e.field("age"))?),
                _ => r.skip_value()?,
            }
        }
        let missing = |field| Error::without_position(ErrorKind::MissingField { field });
        Ok(Patch {
            name: name
                .or_else(Maybe::json_missing)
                .ok_or_else(|| missing("name"))?,
            age: age
                .or_else(Maybe::json_missing)
                .ok_or_else(|| missing("age"))?,
        })
    }
}

#[test]
fn hand_written_decoder_tells_the_three_apart() {
    let p: Patch = jetjson::from_str(r#"{"age": null, "x": 1}"#).unwrap();
    assert_eq!(
        p,
        Patch {
            name: Maybe::Absent,
            age: Maybe::Null
        }
    );
    let p: Patch = jetjson::from_str(r#"{"name": "Ada", "age": 36}"#).unwrap();
    assert_eq!(p.name, Maybe::Present("Ada".to_owned()));
    assert_eq!(p.age, Maybe::Present(36));
    let p: Patch = jetjson::from_str("{}").unwrap();
    assert!(p.name.is_absent() && p.age.is_absent());
    let err = jetjson::from_str::<Patch>(r#"{"age": "36"}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected u8, found string at line 1 column 9 (at .age)"
    );
}

// MARK: - Value

#[test]
fn value_conversions() {
    assert_eq!(Maybe::<u8>::Absent.to_value(), Value::Null);
    assert_eq!(Maybe::<u8>::Null.to_value(), Value::Null);
    assert_eq!(Maybe::Present("x").to_value(), json!("x"));
    assert_eq!(Maybe::<u8>::from_value(Value::Null).unwrap(), Maybe::Null);
    assert_eq!(
        Maybe::<String>::from_value(json!("x")).unwrap(),
        Maybe::Present("x".to_owned())
    );
    assert_eq!(
        Maybe::<u8>::from_value_ref(&json!(5)).unwrap(),
        Maybe::Present(5)
    );
    assert_eq!(
        Maybe::<u8>::from_value_ref(&Value::Null).unwrap(),
        Maybe::Null
    );
    let err = Maybe::<u8>::from_value(json!(true)).unwrap_err();
    assert_eq!(err.to_string(), "expected u8, found boolean");
}

// MARK: - MessagePack

#[test]
fn msgpack_nil_is_null() {
    use jetjson::msgpack;
    assert_eq!(msgpack::to_vec(&Maybe::<u8>::Absent), [0xc0]);
    assert_eq!(msgpack::to_vec(&Maybe::<u8>::Null), [0xc0]);
    assert_eq!(msgpack::to_vec(&Maybe::Present(5u8)), [0x05]);
    assert_eq!(
        msgpack::from_slice::<Maybe<u8>>(&[0xc0]).unwrap(),
        Maybe::Null
    );
    assert_eq!(
        msgpack::from_slice::<Maybe<u8>>(&[0x05]).unwrap(),
        Maybe::Present(5)
    );
    assert!(msgpack::from_slice::<Maybe<u8>>(&[0xa1, b'x']).is_err());
    assert!(jetjson::msgpack::ToMsgpack::is_msgpack_empty(
        &Maybe::<u8>::Null
    ));
    assert!(!jetjson::msgpack::ToMsgpack::is_msgpack_empty(
        &Maybe::Present(0u8)
    ));
}

// MARK: - Derived structs

#[cfg(feature = "derive")]
mod derived {
    use super::*;

    #[derive(jetjson::Json, ToValue, FromValue, jetjson::Msgpack, Debug, PartialEq, Default)]
    struct UserPatch {
        name: Maybe<String>,
        email: Maybe<String>,
        age: Maybe<u8>,
        #[json(omit_empty)]
        note: Maybe<String>,
    }

    #[test]
    fn derive_reads_a_missing_key_as_absent() {
        let p: UserPatch = jetjson::from_str(r#"{"email": null, "age": 37}"#).unwrap();
        assert_eq!(
            p,
            UserPatch {
                name: Maybe::Absent,
                email: Maybe::Null,
                age: Maybe::Present(37),
                note: Maybe::Absent,
            }
        );
        let p: UserPatch = jetjson::from_str("{}").unwrap();
        assert_eq!(p, UserPatch::default());
        let err = jetjson::from_str::<UserPatch>(r#"{"age": -1}"#).unwrap_err();
        assert_eq!(err.path(), ".age");
    }

    #[test]
    fn derive_omit_empty_leaves_out_absent_and_null() {
        let mut p = UserPatch {
            name: Maybe::Present("Ada".into()),
            ..UserPatch::default()
        };
        let text = jetjson::to_string(&p);
        assert!(!text.contains("note"), "{text}");
        p.note = Maybe::Null;
        assert!(!jetjson::to_string(&p).contains("note"));
        p.note = Maybe::Present(String::new());
        assert!(jetjson::to_string(&p).ends_with(r#""note":""}"#));
        // Whatever becomes of the other `Absent` fields, the text reads back
        // as the same patch wherever they are null or left out.
        p.email = Maybe::Null;
        let back: UserPatch = jetjson::from_str(&jetjson::to_string(&p)).unwrap();
        assert_eq!(back.name, p.name);
        assert!(back.email.is_null());
        assert!(!back.age.is_present());
    }

    #[test]
    fn derive_value_and_msgpack_read_a_missing_key_as_absent() {
        let p = UserPatch::from_value(json!({"name": null, "age": 3})).unwrap();
        assert_eq!(
            (p.name, p.email, p.age),
            (Maybe::Null, Maybe::Absent, Maybe::Present(3))
        );
        // {"email": nil}
        let bytes = b"\x81\xa5email\xc0";
        let p: UserPatch = jetjson::msgpack::from_slice(bytes).unwrap();
        assert_eq!(
            (p.name, p.email, p.age),
            (Maybe::Absent, Maybe::Null, Maybe::Absent)
        );
        let bytes = b"\x81\xa3age\x07";
        let p: UserPatch = jetjson::msgpack::from_slice(bytes).unwrap();
        assert_eq!(p.age, Maybe::Present(7));
        assert!(p.name.is_absent());
    }
}
