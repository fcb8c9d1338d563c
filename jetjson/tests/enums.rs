//! Enums in the four serde representations: externally tagged (default),
//! internally tagged (`tag`), adjacently tagged (`tag` + `content`) and
//! untagged. Bytes are compared with serde_json where serde has the same form.

#![cfg(feature = "derive")]

use jetjson::{FromJson, Json, ToJson};
use serde::{Deserialize, Serialize};

fn to_s<T: ToJson>(value: &T) -> String {
    jetjson::to_string(value)
}

fn from<T: for<'de> FromJson<'de>>(input: &str) -> T {
    jetjson::from_str(input).unwrap_or_else(|e| panic!("{input}: {e}"))
}

fn err<T: for<'de> FromJson<'de> + std::fmt::Debug>(input: &str) -> String {
    jetjson::from_str::<T>(input).unwrap_err().to_string()
}

/// Writes with both libraries, checks the bytes are equal and that both read
/// them back to `value`.
fn same_as_serde<T>(value: &T) -> String
where
    T: ToJson
        + for<'de> FromJson<'de>
        + Serialize
        + for<'de> Deserialize<'de>
        + PartialEq
        + std::fmt::Debug,
{
    let ours = jetjson::to_string(value);
    assert_eq!(ours, serde_json::to_string(value).unwrap());
    assert_eq!(&jetjson::from_str::<T>(&ours).unwrap(), value);
    assert_eq!(&serde_json::from_str::<T>(&ours).unwrap(), value);
    ours
}

// MARK: - Unit-only

#[derive(Json, Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Color {
    Red,
    DarkGreen,
    #[serde(rename = "blue!")]
    Blue,
}

#[test]
fn unit_variants_are_strings() {
    assert_eq!(same_as_serde(&Color::Red), r#""red""#);
    assert_eq!(same_as_serde(&Color::DarkGreen), r#""dark_green""#);
    assert_eq!(same_as_serde(&Color::Blue), r#""blue!""#);
    assert_eq!(to_s(&vec![Color::Red, Color::Blue]), r#"["red","blue!"]"#);
    // serde_json's map form for unit variants is read too.
    assert_eq!(from::<Color>(r#"{"red":null}"#), Color::Red);
}

#[test]
fn unknown_variant_lists_the_expected() {
    assert_eq!(
        err::<Color>(r#" "purple""#),
        "unknown variant `purple`, expected one of `red`, `dark_green`, `blue!` at line 1 column 2"
    );
    assert_eq!(
        err::<Color>("3"),
        "expected enum Color, found number at line 1 column 1"
    );
}

#[test]
fn variant_alias_other_and_skip() {
    #[derive(Json, Debug, PartialEq)]
    enum Level {
        #[json(alias = "warning")]
        Warn,
        Error,
        #[json(skip)]
        Internal,
        #[json(other)]
        Unknown,
    }
    assert_eq!(from::<Level>(r#""warning""#), Level::Warn);
    assert_eq!(from::<Level>(r#""Warn""#), Level::Warn);
    assert_eq!(from::<Level>(r#""Internal""#), Level::Unknown);
    assert_eq!(from::<Level>(r#""fatal""#), Level::Unknown);
    assert_eq!(to_s(&Level::Error), r#""Error""#);
    // A variant that is never written encodes as `null`.
    assert_eq!(to_s(&Level::Internal), "null");
}

// MARK: - Externally tagged

#[derive(Json, Serialize, Deserialize, Debug, PartialEq)]
enum Shape {
    Empty,
    Circle(f64),
    Point(i32, i32),
    Rect {
        w: u32,
        h: u32,
    },
    #[serde(rename = "tri")]
    Triangle {
        sides: [u8; 3],
    },
}

#[test]
fn externally_tagged() {
    assert_eq!(same_as_serde(&Shape::Empty), r#""Empty""#);
    assert_eq!(same_as_serde(&Shape::Circle(1.5)), r#"{"Circle":1.5}"#);
    assert_eq!(same_as_serde(&Shape::Point(1, -2)), r#"{"Point":[1,-2]}"#);
    assert_eq!(
        same_as_serde(&Shape::Rect { w: 3, h: 4 }),
        r#"{"Rect":{"w":3,"h":4}}"#
    );
    assert_eq!(
        same_as_serde(&Shape::Triangle { sides: [3, 4, 5] }),
        r#"{"tri":{"sides":[3,4,5]}}"#
    );
    assert_eq!(
        from::<Shape>(r#" { "Rect" : { "h" : 4 , "w" : 3 } } "#),
        Shape::Rect { w: 3, h: 4 }
    );
}

#[test]
fn externally_tagged_errors() {
    assert_eq!(
        err::<Shape>(r#"{"Rect":{"w":3}}"#),
        "missing field `h` at line 1 column 16 (at .Rect)"
    );
    assert_eq!(
        err::<Shape>(r#"{"Rect":{"w":3,"h":"x"}}"#),
        "expected u32, found string at line 1 column 20 (at .Rect.h)"
    );
    assert_eq!(
        err::<Shape>(r#"{"Circle":1,"Empty":null}"#),
        "expected enum Shape as an object with exactly one key at line 1 column 13"
    );
    assert_eq!(
        err::<Shape>("{}"),
        "expected enum Shape, found an empty object at line 1 column 3"
    );
    assert_eq!(
        err::<Shape>(r#""Circle""#),
        "expected newtype variant Shape::Circle, found string at line 1 column 1"
    );
    assert_eq!(
        err::<Shape>(r#"{"Hexagon":6}"#),
        "unknown variant `Hexagon`, expected one of `Empty`, `Circle`, `Point`, `Rect`, `tri` at line 1 column 2"
    );
    assert_eq!(
        err::<Shape>(r#"{"Point":[1]}"#),
        "expected tuple variant Shape::Point with 2 elements, found 1 at line 1 column 13 (at .Point)"
    );
}

// MARK: - Internally tagged

#[derive(Json, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
enum Event {
    Ping,
    Message { from: String, text: String },
    Move { dx: i8, dy: i8 },
}

#[test]
fn internally_tagged() {
    assert_eq!(same_as_serde(&Event::Ping), r#"{"type":"ping"}"#);
    assert_eq!(
        same_as_serde(&Event::Message {
            from: "a".into(),
            text: "hi".into()
        }),
        r#"{"type":"message","from":"a","text":"hi"}"#
    );
    assert_eq!(
        same_as_serde(&Event::Move { dx: 1, dy: -1 }),
        r#"{"type":"move","dx":1,"dy":-1}"#
    );
}

#[test]
fn internal_tag_may_come_anywhere() {
    let expected = Event::Message {
        from: "a".into(),
        text: "hi".into(),
    };
    assert_eq!(
        from::<Event>(r#"{"from":"a","type":"message","text":"hi"}"#),
        expected
    );
    assert_eq!(
        from::<Event>(r#"{"text":"hi","from":"a","type":"message"}"#),
        expected
    );
    assert_eq!(
        from::<Event>(r#"{"extra":[1,{"type":"x"}],"type":"ping","more":{}}"#),
        Event::Ping
    );
    // Whatever the order, serde_json agrees.
    let input = r#"{"dy":2,"type":"move","dx":-2}"#;
    assert_eq!(
        from::<Event>(input),
        serde_json::from_str::<Event>(input).unwrap()
    );
}

#[test]
fn internally_tagged_errors() {
    assert_eq!(
        err::<Event>(r#"{"from":"a"}"#),
        "missing field `type` at line 1 column 13"
    );
    assert_eq!(
        err::<Event>(r#"{"type":"pong"}"#),
        "unknown variant `pong`, expected one of `ping`, `message`, `move` at line 1 column 9"
    );
    assert_eq!(
        err::<Event>(r#"{"dx":1,"type":"move","dy":true}"#),
        "expected i8, found boolean at line 1 column 28 (at .dy)"
    );
    assert_eq!(
        err::<Event>("[]"),
        "expected internally tagged enum Event, found array at line 1 column 1"
    );
}

#[test]
fn internally_tagged_deny_unknown_fields() {
    #[derive(Json, Debug, PartialEq)]
    #[json(tag = "kind", deny_unknown_fields)]
    enum Strict {
        A { x: u8 },
        B,
    }
    assert_eq!(from::<Strict>(r#"{"x":1,"kind":"A"}"#), Strict::A { x: 1 });
    assert_eq!(from::<Strict>(r#"{"kind":"B"}"#), Strict::B);
    assert_eq!(
        err::<Strict>(r#"{"kind":"A","x":1,"y":2}"#),
        "unknown field `y`, expected `x` at line 1 column 19"
    );
    assert_eq!(
        err::<Strict>(r#"{"kind":"B","y":2}"#),
        "unknown field `y`, there are none at line 1 column 13"
    );
}

// MARK: - Adjacently tagged

#[derive(Json, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Msg {
    Quit,
    Say(String),
    Pos(u8, u8),
    Resize { w: u16, h: u16 },
}

#[test]
fn adjacently_tagged() {
    assert_eq!(same_as_serde(&Msg::Quit), r#"{"t":"Quit"}"#);
    assert_eq!(
        same_as_serde(&Msg::Say("hi".into())),
        r#"{"t":"Say","c":"hi"}"#
    );
    assert_eq!(same_as_serde(&Msg::Pos(1, 2)), r#"{"t":"Pos","c":[1,2]}"#);
    assert_eq!(
        same_as_serde(&Msg::Resize { w: 3, h: 4 }),
        r#"{"t":"Resize","c":{"w":3,"h":4}}"#
    );
}

/// serde's derive also reads an adjacently tagged enum from the array
/// `[tag, content]` (found by the `derived_from_slice` fuzz target): the
/// same values, and the same inputs refused.
#[test]
fn adjacent_tag_and_content_as_an_array() {
    for text in [
        r#"["Say","hi"]"#,
        r#"["Quit",null]"#,
        r#"[ "Pos" , [1, 2] ]"#,
        r#"["Resize",{"h":4,"w":3}]"#,
    ] {
        let theirs: Msg = serde_json::from_str(text).unwrap();
        assert_eq!(from::<Msg>(text), theirs, "{text}");
    }
    for text in [
        "[]",
        r#"["Say"]"#,
        r#"["Say","hi",1]"#,
        r#"["Nope",1]"#,
        r#"["Quit"]"#,
        r#"[1,"hi"]"#,
        r#"["Pos",[1]]"#,
        r#"["Say","hi""#,
    ] {
        assert!(serde_json::from_str::<Msg>(text).is_err(), "{text}");
        assert!(jetjson::from_str::<Msg>(text).is_err(), "{text}");
    }
    assert_eq!(
        err::<Msg>(r#"["Say"]"#),
        "expected adjacently tagged enum Msg as an array of tag and content (2 elements), \
         found 1 at line 1 column 8"
    );
    assert_eq!(
        err::<Msg>(r#"["Say","hi",1]"#),
        "too many elements for adjacently tagged enum Msg at line 1 column 12"
    );
    assert_eq!(
        err::<Msg>(r#"["Nope",1]"#),
        "unknown variant `Nope`, expected one of `Quit`, `Say`, `Pos`, `Resize` at line 1 column 2"
    );
}

#[test]
fn adjacent_content_may_come_first() {
    assert_eq!(
        from::<Msg>(r#"{"c":{"h":4,"w":3},"t":"Resize"}"#),
        Msg::Resize { w: 3, h: 4 }
    );
    assert_eq!(
        from::<Msg>(r#"{"c":"x","t":"Say","z":0}"#),
        Msg::Say("x".into())
    );
    assert_eq!(from::<Msg>(r#"{"t":"Quit","c":null}"#), Msg::Quit);
    assert_eq!(
        err::<Msg>(r#"{"c":{"w":3},"t":"Resize"}"#),
        "missing field `h` at line 1 column 13 (at .c)"
    );
    assert_eq!(
        err::<Msg>(r#"{"t":"Say"}"#),
        "missing field `c` at line 1 column 12"
    );
    assert_eq!(
        err::<Msg>(r#"{"c":1}"#),
        "missing field `t` at line 1 column 8"
    );
    assert_eq!(
        err::<Msg>(r#"{"t":"Say","t":"Quit"}"#),
        "duplicate field `t` at line 1 column 12"
    );
}

// MARK: - Untagged

#[derive(Json, Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Id {
    Nothing,
    Num(u64),
    Text(String),
    Pair(u8, u8),
    Named { id: u64, ns: String },
}

#[test]
fn untagged() {
    assert_eq!(same_as_serde(&Id::Nothing), "null");
    assert_eq!(same_as_serde(&Id::Num(7)), "7");
    assert_eq!(same_as_serde(&Id::Text("x".into())), r#""x""#);
    assert_eq!(same_as_serde(&Id::Pair(1, 2)), "[1,2]");
    assert_eq!(
        same_as_serde(&Id::Named {
            id: 1,
            ns: "a".into()
        }),
        r#"{"id":1,"ns":"a"}"#
    );
    assert_eq!(
        from::<Vec<Id>>(r#"[null, 1, "s", [3,4], {"ns":"b","id":2}]"#),
        vec![
            Id::Nothing,
            Id::Num(1),
            Id::Text("s".into()),
            Id::Pair(3, 4),
            Id::Named {
                id: 2,
                ns: "b".into()
            }
        ]
    );
    assert_eq!(
        err::<Id>(r#" {"id":true}"#),
        "data did not match any variant of untagged enum Id; the closest was `Named`: \
         expected u64, found boolean at line 1 column 8 (at .id)"
    );
    assert_eq!(
        err::<Vec<Id>>(r#"[1, -1]"#),
        "data did not match any variant of untagged enum Id; the closest was `Num`: \
         number out of range for u64 at line 1 column 5 (at [1])"
    );
}

// MARK: - Generic and nested

#[test]
fn generic_enum() {
    #[derive(Json, Serialize, Deserialize, Debug, PartialEq)]
    enum Tree<T> {
        Leaf(T),
        Node(Vec<Tree<T>>),
    }
    let t = Tree::Node(vec![Tree::Leaf(1u8), Tree::Node(vec![Tree::Leaf(2)])]);
    assert_eq!(
        same_as_serde(&t),
        r#"{"Node":[{"Leaf":1},{"Node":[{"Leaf":2}]}]}"#
    );
}

#[test]
fn enum_in_struct_field_path() {
    #[derive(Json, Debug)]
    struct Drawing {
        shapes: Vec<Shape>,
    }
    assert_eq!(
        err::<Drawing>(r#"{"shapes":[{"Circle":1},{"Rect":{"w":1,"h":-1}}]}"#),
        "number out of range for u32 at line 1 column 44 (at .shapes[1].Rect.h)"
    );
}

#[test]
fn empty_enum() {
    #[derive(Json, Debug)]
    enum Never {}
    assert_eq!(
        err::<Never>(r#""x""#),
        "enum Never has no variant to read at line 1 column 1"
    );
}

#[test]
fn rename_all_fields_and_variant_rename_all() {
    #[derive(Json, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(rename_all_fields = "camelCase")]
    enum E {
        A {
            first_name: u8,
        },
        #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
        B {
            last_name: u8,
        },
    }
    assert_eq!(
        same_as_serde(&E::A { first_name: 1 }),
        r#"{"A":{"firstName":1}}"#
    );
    assert_eq!(
        same_as_serde(&E::B { last_name: 1 }),
        r#"{"B":{"LAST_NAME":1}}"#
    );
}
