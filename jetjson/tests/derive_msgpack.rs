//! `#[derive(Msgpack)]`: the bytes each shape and attribute gives, written
//! out by hand from the MessagePack spec, read back; the errors of missing,
//! repeated and unknown members; the four enum representations; depth and
//! truncation.

#![cfg(feature = "derive")]

use std::borrow::Cow;
use std::collections::BTreeMap;

use jetjson::msgpack::{self, FromMsgpack, ToMsgpack};
use jetjson::{ErrorKind, Json, Msgpack};

fn enc<T: ToMsgpack + ?Sized>(v: &T) -> Vec<u8> {
    msgpack::to_vec(v)
}

/// A string in its fixstr form.
fn s(text: &str) -> Vec<u8> {
    assert!(text.len() < 32);
    let mut out = vec![0xa0 | text.len() as u8];
    out.extend_from_slice(text.as_bytes());
    out
}

/// Concatenates byte pieces.
fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

fn kind_of<'a, T: FromMsgpack<'a> + std::fmt::Debug>(bytes: &'a [u8]) -> ErrorKind {
    msgpack::from_slice::<T>(bytes).unwrap_err().kind().clone()
}

#[derive(Msgpack, Debug, PartialEq, Clone)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Msgpack, Debug, PartialEq, Clone)]
#[msgpack(as_array)]
struct PointArray {
    x: i32,
    y: i32,
}

#[test]
fn structs_are_maps_keyed_by_name_or_arrays_on_request() {
    let map = cat(&[&[0x82], &s("x"), &[0x01], &s("y"), &[0xff]]);
    assert_eq!(enc(&Point { x: 1, y: -1 }), map);
    let array = [0x92, 0x01, 0xff];
    assert_eq!(enc(&PointArray { x: 1, y: -1 }), array);
    // Reading takes either form, whatever the type writes.
    for bytes in [&map[..], &array[..]] {
        assert_eq!(
            msgpack::from_slice::<Point>(bytes).unwrap(),
            Point { x: 1, y: -1 }
        );
        assert_eq!(
            msgpack::from_slice::<PointArray>(bytes).unwrap(),
            PointArray { x: 1, y: -1 }
        );
    }
    // Members in another order, integers in a wider encoding than needed.
    let wide = cat(&[
        &[0x82],
        &s("y"),
        &[0xd1, 0xff, 0xff],
        &s("x"),
        &[0xcc, 0x01],
    ]);
    assert_eq!(
        msgpack::from_slice::<Point>(&wide).unwrap(),
        Point { x: 1, y: -1 }
    );
    // A short array leaves fields missing; a long one is refused.
    assert_eq!(
        kind_of::<Point>(&[0x91, 0x01]),
        ErrorKind::MissingField { field: "y" }
    );
    let err = msgpack::from_slice::<Point>(&[0x93, 1, 2, 3]).unwrap_err();
    assert!(
        err.to_string()
            .contains("struct Point with at most 2 elements"),
        "{err}"
    );
    assert!(matches!(
        kind_of::<Point>(&[0xa1, b'x']),
        ErrorKind::InvalidType {
            expected: "struct Point",
            ..
        }
    ));
}

#[derive(Msgpack, Debug, PartialEq, Default)]
#[json(rename_all = "camelCase")]
struct User<'a> {
    user_id: u64,
    #[json(rename = "n")]
    name: &'a str,
    #[json(omit_empty)]
    tags: Vec<String>,
    #[json(skip_serializing_if = "Option::is_none")]
    nick: Option<String>,
    #[json(default)]
    retries: u32,
    #[json(skip)]
    cache: u8,
    #[json(alias = "e")]
    email: Option<Cow<'a, str>>,
}

#[test]
fn field_attributes_shape_the_map() {
    let user = User {
        user_id: 300,
        name: "ann",
        cache: 9,
        ..User::default()
    };
    // Four members: the empty `tags` and the `None` nick are left out, the
    // skipped `cache` too; `email: None` is nil.
    let want = cat(&[
        &[0x84],
        &s("userId"),
        &[0xcd, 0x01, 0x2c],
        &s("n"),
        &s("ann"),
        &s("retries"),
        &[0x00],
        &s("email"),
        &[0xc0],
    ]);
    assert_eq!(enc(&user), want);
    let back: User = msgpack::from_slice(&want).unwrap();
    assert_eq!(back, User { cache: 0, ..user });

    let full = User {
        user_id: 1,
        name: "b",
        tags: vec!["t".into()],
        nick: Some("k".into()),
        retries: 2,
        cache: 0,
        email: Some(Cow::Borrowed("e@x")),
    };
    let bytes = enc(&full);
    assert_eq!(bytes[0], 0x86);
    assert_eq!(msgpack::from_slice::<User>(&bytes).unwrap(), full);

    // Missing `retries` is its default, missing `email` None; the alias
    // reads; an unknown member is skipped, whatever it holds.
    let input = cat(&[
        &[0x84],
        &s("n"),
        &s("zed"),
        &s("unknown"),
        &[0x92, 0x81, 0xa0, 0xc0, 0xc3],
        &s("e"),
        &s("z@x"),
        &s("userId"),
        &[0x07],
    ]);
    let user: User = msgpack::from_slice(&input).unwrap();
    assert_eq!(
        (user.user_id, user.name, user.retries, user.email.as_deref()),
        (7, "zed", 0, Some("z@x"))
    );
    // The name borrows from the input.
    let at = input.windows(3).position(|w| w == b"zed").unwrap();
    assert_eq!(user.name.as_ptr(), input[at..].as_ptr());

    // A required member missing, and one repeated.
    assert_eq!(
        kind_of::<User>(&cat(&[&[0x81], &s("n"), &s("a")])),
        ErrorKind::MissingField { field: "userId" }
    );
    let twice = cat(&[&[0x82], &s("userId"), &[1], &s("userId"), &[2]]);
    let err = msgpack::from_slice::<User>(&twice).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DuplicateField { field: "userId" });
    assert_eq!(err.offset(), 9, "points at the second key");
    // A key that is not a string.
    assert!(matches!(
        kind_of::<User>(&[0x81, 0x01, 0x02]),
        ErrorKind::InvalidType {
            expected: "a string key",
            ..
        }
    ));
}

#[derive(Msgpack, Debug, PartialEq)]
#[json(deny_unknown_fields, default)]
struct Strict {
    a: u8,
    b: Option<u8>,
}

impl Default for Strict {
    fn default() -> Self {
        Strict { a: 42, b: Some(1) }
    }
}

#[test]
fn container_default_and_unknown_fields() {
    assert_eq!(
        msgpack::from_slice::<Strict>(&[0x80]).unwrap(),
        Strict::default()
    );
    let err = msgpack::from_slice::<Strict>(&cat(&[&[0x81], &s("c"), &[0x00]])).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnknownField { field, expected } if field == "c" && *expected == ["a", "b"]),
        "{err}"
    );
    assert_eq!(err.offset(), 1);
}

#[derive(Msgpack, Debug, PartialEq)]
enum Shape {
    Empty,
    Circle(f64),
    Line(i8, i8),
    Rect { w: u8, h: u8 },
}

#[test]
fn externally_tagged_enums() {
    let cases: Vec<(Shape, Vec<u8>)> = vec![
        (Shape::Empty, s("Empty")),
        (
            Shape::Circle(1.5),
            cat(&[&[0x81], &s("Circle"), &[0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0]]),
        ),
        (
            Shape::Line(1, -2),
            cat(&[&[0x81], &s("Line"), &[0x92, 0x01, 0xfe]]),
        ),
        (
            Shape::Rect { w: 3, h: 4 },
            cat(&[&[0x81], &s("Rect"), &[0x82], &s("w"), &[3], &s("h"), &[4]]),
        ),
    ];
    for (value, bytes) in cases {
        assert_eq!(enc(&value), bytes, "{value:?}");
        assert_eq!(msgpack::from_slice::<Shape>(&bytes).unwrap(), value);
    }
    // A unit variant also reads from a map of one member holding nil.
    let empty = cat(&[&[0x81], &s("Empty"), &[0xc0]]);
    assert_eq!(msgpack::from_slice::<Shape>(&empty).unwrap(), Shape::Empty);
    // A variant with content named as a bare string, an unknown name, two
    // members.
    assert!(matches!(
        kind_of::<Shape>(&s("Circle")),
        ErrorKind::InvalidType {
            expected: "newtype variant Shape::Circle",
            found: "string"
        }
    ));
    let err = msgpack::from_slice::<Shape>(&s("Oval")).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnknownVariant { variant, .. } if variant == "Oval"),
        "{err}"
    );
    let two = cat(&[&[0x82], &s("Empty"), &[0xc0], &s("Empty"), &[0xc0]]);
    assert!(msgpack::from_slice::<Shape>(&two).is_err());
    // The path names the variant.
    let bad = cat(&[
        &[0x81],
        &s("Rect"),
        &[0x82],
        &s("w"),
        &[0xa1, b'x'],
        &s("h"),
        &[4],
    ]);
    let err = msgpack::from_slice::<Shape>(&bad).unwrap_err();
    assert_eq!(err.path(), ".Rect.w", "{err}");
}

#[derive(Msgpack, Debug, PartialEq)]
#[json(tag = "t")]
enum Event {
    Ping,
    Move {
        x: i8,
        #[json(omit_empty)]
        note: String,
    },
}

#[test]
fn internally_tagged_enums() {
    assert_eq!(enc(&Event::Ping), cat(&[&[0x81], &s("t"), &s("Ping")]));
    let moved = Event::Move {
        x: 3,
        note: String::new(),
    };
    let bytes = cat(&[&[0x82], &s("t"), &s("Move"), &s("x"), &[3]]);
    assert_eq!(enc(&moved), bytes);
    assert_eq!(msgpack::from_slice::<Event>(&bytes).unwrap(), moved);
    // The tag may come last; twice is an error; missing is an error.
    let last = cat(&[&[0x82], &s("x"), &[3], &s("t"), &s("Move")]);
    assert_eq!(msgpack::from_slice::<Event>(&last).unwrap(), moved);
    let twice = cat(&[
        &[0x83],
        &s("t"),
        &s("Move"),
        &s("x"),
        &[3],
        &s("t"),
        &s("Ping"),
    ]);
    assert_eq!(
        kind_of::<Event>(&twice),
        ErrorKind::DuplicateField { field: "t" }
    );
    let none = cat(&[&[0x81], &s("x"), &[3]]);
    assert_eq!(
        kind_of::<Event>(&none),
        ErrorKind::MissingField { field: "t" }
    );
}

#[derive(Msgpack, Debug, PartialEq)]
#[json(tag = "t", content = "c")]
enum Adjacent {
    Quit,
    Say(String),
}

#[test]
fn adjacently_tagged_enums() {
    assert_eq!(enc(&Adjacent::Quit), cat(&[&[0x81], &s("t"), &s("Quit")]));
    let say = Adjacent::Say("hi".into());
    let bytes = cat(&[&[0x82], &s("t"), &s("Say"), &s("c"), &s("hi")]);
    assert_eq!(enc(&say), bytes);
    assert_eq!(msgpack::from_slice::<Adjacent>(&bytes).unwrap(), say);
    let content_first = cat(&[&[0x82], &s("c"), &s("hi"), &s("t"), &s("Say")]);
    assert_eq!(
        msgpack::from_slice::<Adjacent>(&content_first).unwrap(),
        say
    );
    let no_content = cat(&[&[0x81], &s("t"), &s("Say")]);
    assert_eq!(
        kind_of::<Adjacent>(&no_content),
        ErrorKind::MissingField { field: "c" }
    );
}

#[derive(Msgpack, Debug, PartialEq)]
#[json(untagged)]
enum Loose {
    Num(i64),
    Text(String),
    Pair(u8, u8),
    Named { k: bool },
}

#[test]
fn untagged_enums_try_each_variant() {
    let cases = [
        (Loose::Num(-5), vec![0xfb]),
        (Loose::Text("a".into()), s("a")),
        (Loose::Pair(1, 2), vec![0x92, 1, 2]),
        (Loose::Named { k: true }, cat(&[&[0x81], &s("k"), &[0xc3]])),
    ];
    for (value, bytes) in cases {
        assert_eq!(enc(&value), bytes);
        assert_eq!(msgpack::from_slice::<Loose>(&bytes).unwrap(), value);
    }
    let err = msgpack::from_slice::<Loose>(&[0xc3]).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("data did not match any variant of untagged enum Loose"),
        "{err}"
    );
    // A failed attempt deep inside containers leaves the depth count as it
    // was: a later variant still reads at the full depth.
    let deep: Vec<u8> = cat(&[&[0x81], &s("k"), &[0xc3]]);
    assert!(msgpack::from_slice::<Vec<Loose>>(&cat(&[&[0x91], &deep])).is_ok());
}

#[derive(Msgpack, Debug, PartialEq)]
struct Tree {
    children: Vec<Tree>,
}

#[test]
fn recursion_is_bounded_by_the_depth_limit() {
    // Each level: {"children": [ ... ]}, a million deep.
    let level = cat(&[&[0x81], &s("children"), &[0x91]]);
    let mut bytes = level.repeat(1_000_000);
    bytes.extend_from_slice(&cat(&[&[0x81], &s("children"), &[0x90]]));
    let err = msgpack::from_slice::<Tree>(&bytes).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::DepthLimit { .. }), "{err}");
    // Sixty levels are fine.
    let mut ok = level.repeat(60);
    ok.extend_from_slice(&cat(&[&[0x81], &s("children"), &[0x90]]));
    let tree: Tree = msgpack::from_slice(&ok).unwrap();
    assert_eq!(enc(&tree), ok);
}

#[derive(Msgpack, Debug, PartialEq)]
#[json(transparent)]
struct Meters {
    value: f64,
}

#[derive(Msgpack, Debug, PartialEq)]
struct Generic<T> {
    items: Vec<T>,
    by_name: BTreeMap<String, T>,
}

#[derive(Msgpack, Debug, PartialEq)]
struct Unit;

#[derive(Msgpack, Debug, PartialEq)]
struct Pair(u8, String);

#[test]
fn other_shapes() {
    assert_eq!(
        enc(&Meters { value: 0.5 }),
        [0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(enc(&Unit), [0xc0]);
    assert_eq!(msgpack::from_slice::<Unit>(&[0xc0]).unwrap(), Unit);
    assert_eq!(enc(&Pair(1, "x".into())), cat(&[&[0x92, 0x01], &s("x")]));
    assert!(msgpack::from_slice::<Pair>(&[0x91, 0x01]).is_err());
    let g = Generic {
        items: vec![1u16, 300],
        by_name: [("a".to_string(), 7u16)].into_iter().collect(),
    };
    let bytes = cat(&[
        &[0x82],
        &s("items"),
        &[0x92, 0x01, 0xcd, 0x01, 0x2c],
        &s("by_name"),
        &[0x81],
        &s("a"),
        &[0x07],
    ]);
    assert_eq!(enc(&g), bytes);
    assert_eq!(msgpack::from_slice::<Generic<u16>>(&bytes).unwrap(), g);
}

#[derive(Json, Msgpack, Debug, PartialEq, Clone)]
#[json(rename_all = "camelCase")]
struct Both {
    first_name: String,
    scores: Vec<f32>,
    kind: Shape2,
}

#[derive(Json, Msgpack, Debug, PartialEq, Clone)]
enum Shape2 {
    A,
    B(u8),
}

#[test]
fn one_type_speaks_both_formats() {
    let v = Both {
        first_name: "é".into(),
        scores: vec![0.5, -1.0],
        kind: Shape2::B(4),
    };
    let json = jetjson::to_vec(&v);
    assert_eq!(
        json,
        r#"{"firstName":"é","scores":[0.5,-1.0],"kind":{"B":4}}"#.as_bytes()
    );
    assert_eq!(jetjson::from_slice::<Both>(&json).unwrap(), v);
    let mp = enc(&v);
    assert_eq!(msgpack::from_slice::<Both>(&mp).unwrap(), v);
    assert!(mp.len() < json.len());
}

#[test]
fn every_truncation_and_corruption_is_an_error_never_a_panic() {
    let samples: Vec<Vec<u8>> = vec![
        enc(&User {
            user_id: 1 << 40,
            name: "somebody",
            tags: vec!["a".into(), "b".into()],
            nick: Some("n".into()),
            retries: 70_000,
            cache: 0,
            email: Some("x@y".into()),
        }),
        enc(&Shape::Rect { w: 1, h: 2 }),
        enc(&Event::Move {
            x: -1,
            note: "n".into(),
        }),
        enc(&Adjacent::Say("content".into())),
        enc(&vec![Loose::Pair(1, 2), Loose::Named { k: false }]),
    ];
    for bytes in &samples {
        for end in 0..bytes.len() {
            let cut = &bytes[..end];
            let results = [
                msgpack::from_slice::<User>(cut).is_err(),
                msgpack::from_slice::<Shape>(cut).is_err(),
                msgpack::from_slice::<Event>(cut).is_err(),
                msgpack::from_slice::<Adjacent>(cut).is_err(),
                msgpack::from_slice::<Vec<Loose>>(cut).is_err(),
            ];
            assert!(
                results.iter().all(|&e| e),
                "a prefix of {end} bytes decoded"
            );
        }
        // Every single-byte change: a value or an error, nothing else.
        for at in 0..bytes.len() {
            for b in [0x00, 0x7f, 0xc1, 0xdb, 0xdf, 0xff] {
                let mut changed = bytes.clone();
                changed[at] = b;
                let _ = msgpack::from_slice::<User>(&changed);
                let _ = msgpack::from_slice::<Shape>(&changed);
                let _ = msgpack::from_slice::<Event>(&changed);
                let _ = msgpack::from_slice::<Adjacent>(&changed);
                let _ = msgpack::from_slice::<Vec<Loose>>(&changed);
            }
        }
    }
}
