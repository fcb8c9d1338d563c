//! `T → Value` and `Value → T` without text (`ToValue`, `FromValue`), with
//! the text path as the oracle: `to_value(&x)` must equal
//! `from_slice::<Value>(&to_vec(&x))`, `from_value(to_value(&x))` must give
//! `x` back, `from_value_ref` must agree with `from_value`, and a value that
//! does not fit must fail with the error kind and path that decoding its text
//! gives (without a position).

#![cfg(feature = "derive")]

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::Arc;

use jetjson::value::{from_value, from_value_ref, to_value, Map, Number};
use jetjson::{json, ErrorKind, FromJsonOwned, FromValue, Json, ToJson, ToValue, Value};

// MARK: - Oracles

/// `x`'s value is its text's DOM, and converts back to `x` both ways.
#[track_caller]
fn round_trip<T>(x: &T)
where
    T: ToJson + ToValue + FromValue + PartialEq + Debug,
{
    let v = same_value(x);
    let back: T = from_value_ref(&v).unwrap_or_else(|e| panic!("{x:?} from_value_ref: {e}"));
    assert_eq!(&back, x, "from_value_ref");
    let moved: T = from_value(v).unwrap_or_else(|e| panic!("{x:?} from_value: {e}"));
    assert_eq!(&moved, x, "from_value");
}

/// `to_value(&x)` equals the DOM of `to_vec(&x)`; returns it.
#[track_caller]
fn same_value<T: ToJson + ToValue + ?Sized + Debug>(x: &T) -> Value {
    let v = to_value(x).unwrap();
    let text = jetjson::to_vec(x);
    let oracle: Value = jetjson::value::ValueOptions::new()
        .max_depth(usize::MAX)
        .from_slice(&text)
        .unwrap();
    assert_eq!(v, oracle, "{x:?}: to_value differs from the text's DOM");
    // Same members in the same order, too.
    assert_eq!(
        v.to_string(),
        oracle.to_string(),
        "{x:?}: member order or number form differs"
    );
    v
}

/// What went wrong, as the tests compare it.
fn kind_and_path(e: &jetjson::Error) -> (ErrorKind, String) {
    (e.kind().clone(), e.path())
}

/// `v` does not convert to `T`: both conversions fail as decoding `v`'s text
/// fails (kind and path), without a position. Returns the message.
#[track_caller]
fn same_error<T: FromValue + FromJsonOwned + Debug>(v: Value) -> String {
    let text = jetjson::to_vec(&v);
    let decoded = jetjson::from_slice::<T>(&text).unwrap_err();
    let by_ref = from_value_ref::<T>(&v).unwrap_err();
    let moved = from_value::<T>(v).unwrap_err();
    assert_eq!(
        kind_and_path(&by_ref),
        kind_and_path(&decoded),
        "from_value_ref vs decoding {}",
        String::from_utf8_lossy(&text)
    );
    assert_eq!(
        kind_and_path(&moved),
        kind_and_path(&by_ref),
        "from_value vs from_value_ref"
    );
    assert_eq!((by_ref.line(), by_ref.column()), (0, 0));
    by_ref.to_string()
}

// MARK: - Standard types

#[test]
fn scalars() {
    round_trip(&true);
    round_trip(&false);
    round_trip(&());
    for x in [0u8, 1, u8::MAX] {
        round_trip(&x);
    }
    for x in [i8::MIN, -1, 0, i8::MAX] {
        round_trip(&x);
    }
    round_trip(&u16::MAX);
    round_trip(&i16::MIN);
    round_trip(&u32::MAX);
    round_trip(&i32::MIN);
    for x in [0u64, 1 << 53, (1 << 53) + 1, u64::MAX] {
        round_trip(&x);
    }
    for x in [i64::MIN, -1, 0, i64::MAX] {
        round_trip(&x);
    }
    round_trip(&usize::MAX);
    round_trip(&isize::MIN);
    round_trip(&'x');
    round_trip(&'é');
    round_trip(&'\u{1F600}');
}

#[test]
fn wide_integers() {
    for x in [0u128, u128::from(u64::MAX), 1 << 64, 1 << 100, 3 << 120] {
        round_trip(&x);
    }
    for x in [
        i128::MIN,
        -(1 << 100),
        i128::from(i64::MIN),
        -1,
        0,
        i128::from(u64::MAX),
        1 << 126,
    ] {
        round_trip(&x);
    }
    // Beyond an f64's 53 bits, the value holds the nearest float, as the
    // text's DOM does; an integer an f64 cannot hold does not come back.
    let odd = (1u128 << 100) + 1;
    let v = same_value(&odd);
    assert_eq!(from_value::<u128>(v).unwrap(), 1 << 100);
    let v = same_value(&u128::MAX);
    assert_eq!(
        from_value::<u128>(v).unwrap_err().kind(),
        &ErrorKind::NumberOutOfRange { ty: "u128" }
    );
    same_value(&i128::MAX);
    // A float with a fraction is still not an integer.
    assert!(matches!(
        from_value::<i128>(json!(1.5)).unwrap_err().kind(),
        ErrorKind::InvalidType {
            found: "floating-point number",
            ..
        }
    ));
}

#[test]
fn floats() {
    for x in [
        0.0f64,
        -0.0,
        0.1,
        -1.5,
        1e300,
        5e-324,
        f64::MAX,
        f64::MIN_POSITIVE,
        1e16,
        123456789.0,
    ] {
        round_trip(&x);
    }
    for x in [
        0.0f32,
        -0.0,
        0.1,
        1.0 / 3.0,
        f32::MAX,
        f32::MIN_POSITIVE,
        1e-45,
        16777217.0,
        3e10,
    ] {
        round_trip(&x);
    }
    // An f32 is the f64 of its shortest text, not its exact widening.
    assert_eq!(to_value(&0.1f32).unwrap(), json!(0.1));
    // -0.0 keeps its sign.
    assert!(to_value(&-0.0f64)
        .unwrap()
        .as_f64()
        .unwrap()
        .is_sign_negative());
    // JSON has no NaN or infinity: `null`, as the writer writes.
    for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        assert_eq!(same_value(&x), Value::Null);
    }
    assert_eq!(same_value(&f32::NAN), Value::Null);
    // Integers convert to floats; too large for an f32 is out of range.
    assert_eq!(from_value::<f64>(json!(u64::MAX)).unwrap(), u64::MAX as f64);
    assert_eq!(from_value::<f32>(json!(-3)).unwrap(), -3.0);
    same_error::<f32>(json!(1e39));
    // Every f32 near the edges of rounding comes back as the text path gives.
    let mut x = 1.0f32;
    for _ in 0..2000 {
        round_trip(&x);
        x = f32::from_bits(x.to_bits() + 7919);
    }
}

#[test]
fn strings() {
    round_trip(&String::new());
    round_trip(&"tab\t \"quoted\" é \u{1F600} \u{0}".to_string());
    round_trip(&Box::<str>::from("boxed"));
    round_trip(&Cow::<str>::Owned("cow".into()));
    same_value("a str");
    same_value(&"a &str");
    // A `Cow` read from a value is owned.
    let v = json!("borrowed?");
    assert!(matches!(
        Cow::<str>::from_value_ref(&v).unwrap(),
        Cow::Owned(_)
    ));
}

#[test]
fn strings_move_out_of_the_value() {
    let text = "x".repeat(1000);
    let v = json!([text]);
    let ptr = v[0].as_str().unwrap().as_ptr();
    let back: Vec<String> = from_value(v).unwrap();
    assert_eq!(back[0].as_ptr(), ptr, "the string was copied");
}

#[test]
fn options_and_pointers() {
    round_trip(&Some(3u8));
    round_trip(&None::<u8>);
    round_trip(&Some(Some(true)));
    round_trip(&Box::new(7i32));
    round_trip(&Rc::new("rc".to_string()));
    round_trip(&Arc::new(vec![1u8, 2]));
    same_value(&&&5u8);
    same_value(&Box::<[u16]>::from([1, 2]));
}

#[test]
fn sequences() {
    round_trip(&Vec::<u8>::new());
    round_trip(&vec![vec![1i64, -2], vec![]]);
    round_trip(&VecDeque::from([1u32, 2, 3]));
    round_trip(&[1u8, 2, 3]);
    round_trip(&[0u8; 0]);
    round_trip(&[[true; 2]; 2]);
    round_trip(&BTreeSet::from(["b".to_string(), "a".to_string()]));
    round_trip(&HashSet::from([1u64, 5, 9]));
    same_value(&[1u8, 2][..]);
    same_error::<[u8; 3]>(json!([1, 2]));
    same_error::<[u8; 2]>(json!([1, 2, 3]));
    same_error::<[u8; 0]>(json!([1]));
    same_error::<[u8; 2]>(json!(["x"]));
    same_error::<Vec<u8>>(json!([1, 2, -3]));
    same_error::<VecDeque<u8>>(json!({"a": 1}));
    same_error::<BTreeSet<String>>(json!(["a", 1]));
    same_error::<HashSet<u8>>(json!(null));
}

#[test]
fn tuples() {
    round_trip(&(1u8,));
    round_trip(&(1u8, "two".to_string(), 3.5f64));
    round_trip(&(
        1u8,
        2u16,
        3u32,
        4u64,
        5i8,
        6i16,
        7i32,
        8i64,
        'c',
        true,
        (),
        None::<u8>,
    ));
    same_error::<(u8, u8)>(json!([1]));
    same_error::<(u8, u8)>(json!([1, 2, 3]));
    same_error::<(u8, bool)>(json!([1, 2]));
    same_error::<(u8,)>(json!("x"));
}

#[test]
fn maps() {
    round_trip(&BTreeMap::from([
        ("a".to_string(), 1u8),
        ("b".to_string(), 2),
    ]));
    round_trip(&HashMap::from([
        (1u32, "one".to_string()),
        (20, "twenty".to_string()),
    ]));
    round_trip(&BTreeMap::from([(-5i64, true), (i64::MAX, false)]));
    round_trip(&BTreeMap::from([(u128::MAX, 1u8)]));
    round_trip(&BTreeMap::from([(true, 1u8), (false, 0)]));
    round_trip(&BTreeMap::from([('k', 1u8)]));
    round_trip(&BTreeMap::from([(Box::<str>::from("k"), vec![1u8])]));
    round_trip(&HashMap::<String, u8>::new());
    // A large map gets the object's hash index, as a parsed one does.
    let big: BTreeMap<String, usize> = (0..100).map(|i| (format!("k{i}"), i)).collect();
    let v = same_value(&big);
    assert_eq!(v["k77"], 77);
    round_trip(&big);
    same_value(&BTreeMap::from([("a", 1u8)]));
    same_error::<BTreeMap<u8, u8>>(json!({"1": 1, "300": 2}));
    same_error::<BTreeMap<u8, u8>>(json!({"01": 1}));
    same_error::<BTreeMap<u8, u8>>(json!({"x": 1}));
    same_error::<BTreeMap<bool, u8>>(json!({"yes": 1}));
    same_error::<BTreeMap<char, u8>>(json!({"ab": 1}));
    same_error::<HashMap<String, u8>>(json!({"a": 1, "b": "two"}));
    same_error::<HashMap<String, u8>>(json!([]));
    // A bad key is reported before its bad value, as in decoding.
    same_error::<BTreeMap<u8, u8>>(json!({"x": "y"}));
}

#[test]
fn dom_types() {
    let v = json!({"a": [1, 2.5, "x", null, true], "b": {}});
    assert_eq!(to_value(&v).unwrap(), v);
    assert_eq!(from_value::<Value>(v.clone()).unwrap(), v);
    assert_eq!(from_value_ref::<Value>(&v).unwrap(), v);
    let n: Number = from_value(json!(-12)).unwrap();
    assert_eq!(n.to_value(), json!(-12));
    same_error::<Number>(json!("12"));
    let m: Map = from_value(json!({"k": 1})).unwrap();
    assert_eq!(m.to_value(), json!({"k": 1}));
    let r = jetjson::ValueRef::from("borrowed");
    assert_eq!(r.to_value(), json!("borrowed"));
}

#[test]
fn scalar_errors_match_decoding() {
    same_error::<u8>(json!(256));
    same_error::<u8>(json!(-1));
    same_error::<u8>(json!(1.5));
    same_error::<u8>(json!(-0.0));
    same_error::<u8>(json!("1"));
    same_error::<i8>(json!(-129));
    same_error::<i64>(json!(u64::MAX));
    same_error::<u64>(json!(1e19));
    same_error::<u128>(json!(-1));
    same_error::<i32>(json!(null));
    same_error::<bool>(json!(0));
    same_error::<f64>(json!("1.5"));
    same_error::<String>(json!(1));
    same_error::<char>(json!("ab"));
    same_error::<char>(json!(""));
    same_error::<char>(json!(['a']));
    same_error::<()>(json!(false));
    assert_eq!(
        same_error::<Vec<Vec<u32>>>(json!([[1], [2, "x"]])),
        "expected u32, found string (at [1][1])"
    );
}

// MARK: - Derived types

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
#[json(rename_all = "camelCase")]
struct Student {
    id: i64,
    #[json(rename = "s_name", alias = "name")]
    name: String,
    #[json(omit_empty)]
    tags: Vec<String>,
    #[json(default)]
    retry_count: u32,
    #[json(skip)]
    cache: Option<u64>,
    #[json(skip_serializing_if = "Option::is_none")]
    nick: Option<String>,
    maybe: Option<i8>,
}

fn student() -> Student {
    Student {
        id: 11,
        name: "qq".into(),
        tags: vec!["a".into()],
        retry_count: 2,
        cache: None,
        nick: Some("q".into()),
        maybe: None,
    }
}

#[test]
fn structs_with_attributes() {
    round_trip(&student());
    let bare = Student {
        tags: vec![],
        nick: None,
        retry_count: 0,
        ..student()
    };
    assert_eq!(
        same_value(&bare),
        json!({"id": 11, "s_name": "qq", "retryCount": 0, "maybe": null})
    );
    round_trip(&bare);
    // Defaults, aliases, `Option` fields left out, skipped fields.
    let s: Student = from_value(json!({"id": 1, "name": "n", "cache": 5, "extra": [1]})).unwrap();
    assert_eq!(
        s,
        Student {
            id: 1,
            name: "n".into(),
            tags: vec![],
            retry_count: 0,
            cache: None,
            nick: None,
            maybe: None
        }
    );
    // Members in any order.
    let s: Student =
        from_value(json!({"maybe": 3, "retryCount": 9, "s_name": "x", "id": 2})).unwrap();
    assert_eq!((s.id, s.retry_count, s.maybe), (2, 9, Some(3)));
}

#[test]
fn struct_errors_match_decoding() {
    assert_eq!(
        same_error::<Student>(json!({"id": "11", "s_name": "qq"})),
        "expected i64, found string (at .id)"
    );
    assert_eq!(
        same_error::<Student>(json!({"s_name": "qq"})),
        "missing field `id`"
    );
    same_error::<Student>(json!({"id": 1, "s_name": "a", "name": "b"}));
    same_error::<Student>(json!({"id": 1, "s_name": "a", "tags": ["x", 2]}));
    same_error::<Student>(json!([1, "a"]));
    same_error::<Vec<Student>>(json!([{"id": 1, "s_name": "a"}, {"id": 1, "s_name": 2}]));
    // A missing field is found by the JSON decoder's finish, shared by the
    // `Value` conversion: no position, the path kept.
    assert_eq!(
        same_error::<Vec<Student>>(json!([{"id": 1, "s_name": "a"}, {"s_name": "b"}])),
        "missing field `id` (at [1])"
    );
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
#[json(deny_unknown_fields)]
struct Strict {
    a: u8,
    #[json(skip_deserializing, default = "seven")]
    b: u8,
}

fn seven() -> u8 {
    7
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
#[json(deny_unknown_fields)]
struct Empty {}

#[test]
fn deny_unknown_fields() {
    assert_eq!(same_value(&Strict { a: 1, b: 2 }), json!({"a": 1, "b": 2}));
    assert_eq!(
        from_value::<Strict>(json!({"a": 1})).unwrap(),
        Strict { a: 1, b: 7 }
    );
    assert_eq!(
        same_error::<Strict>(json!({"a": 1, "b": 2})),
        "unknown field `b`, expected `a`"
    );
    same_error::<Strict>(json!({"z": 1, "a": 1}));
    round_trip(&Empty {});
    same_error::<Empty>(json!({"x": null}));
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
#[json(default)]
struct Settings {
    width: u32,
    #[json(rename = "h\"eight")]
    height: u32,
    title: Option<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            width: 640,
            height: 480,
            title: Some("untitled".into()),
        }
    }
}

#[test]
fn container_default() {
    round_trip(&Settings::default());
    let s: Settings = from_value(json!({"width": 1})).unwrap();
    assert_eq!(
        s,
        Settings {
            width: 1,
            ..Settings::default()
        }
    );
    let s: Settings = from_value_ref(&json!({"h\"eight": 2})).unwrap();
    assert_eq!(s.height, 2);
}

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

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
struct Encoded {
    #[json(with = "hex")]
    color: u32,
    #[json(with = "hex", default)]
    other: u32,
    #[json(base64)]
    data: Vec<u8>,
    #[json(with = "::jetjson::base64")]
    more: Vec<u8>,
}

#[test]
fn with_and_base64() {
    let e = Encoded {
        color: 0xff00,
        other: 1,
        data: b"World".to_vec(),
        more: vec![0, 255],
    };
    assert_eq!(
        same_value(&e),
        json!({"color": "0xff00", "other": "0x1", "data": "V29ybGQ=", "more": "AP8="})
    );
    round_trip(&e);
    let e: Encoded = from_value(json!({"color": "0x1", "data": "", "more": ""})).unwrap();
    assert_eq!(e.other, 0);
    assert_eq!(
        same_error::<Encoded>(json!({"color": "zz", "data": "", "more": ""})),
        "expected hex (at .color)"
    );
    assert_eq!(
        same_error::<Encoded>(json!({"other": "0x1", "data": "", "more": ""})),
        "missing field `color`"
    );
    same_error::<Encoded>(json!({"color": "0x1", "data": "!!", "more": ""}));
    same_error::<Encoded>(json!({"color": "0x1", "data": 5, "more": ""}));
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
struct Pair(i32, #[json(skip)] u8, String);

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
struct Meters(f64);

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
struct Marker;

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone, Default)]
#[json(transparent)]
struct Name {
    inner: String,
    #[json(skip)]
    cached_len: usize,
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
#[json(transparent)]
struct MaybeId(Option<u32>);

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
struct Person {
    name: Name,
    #[json(omit_empty)]
    nick: Name,
    id: MaybeId,
}

#[test]
fn tuple_newtype_unit_transparent() {
    round_trip(&Pair(-1, 0, "x".into()));
    assert_eq!(same_value(&Pair(1, 9, "y".into())), json!([1, "y"]));
    round_trip(&Meters(1.5));
    round_trip(&Marker);
    round_trip(&Name {
        inner: "n".into(),
        cached_len: 0,
    });
    round_trip(&Person {
        name: Name {
            inner: "ada".into(),
            cached_len: 0,
        },
        nick: Name::default(),
        id: MaybeId(None),
    });
    // A transparent `Option` may be missing, as its inner type may.
    let p: Person = from_value(json!({"name": "x"})).unwrap();
    assert_eq!(p.id, MaybeId(None));
    same_error::<Pair>(json!([1]));
    same_error::<Pair>(json!([1, "a", 3]));
    same_error::<Pair>(json!(["1", "a"]));
    same_error::<Pair>(json!({}));
    same_error::<Meters>(json!("1"));
    same_error::<Marker>(json!(0));
    same_error::<Person>(json!({"name": 1}));
}

// Enums, the four ways.

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
#[json(rename_all = "snake_case")]
enum Shape {
    Empty,
    Circle(f64),
    Point(i32, i32),
    Rect {
        w: u32,
        #[json(alias = "height")]
        h: u32,
    },
    #[json(other)]
    Unknown,
    #[json(skip)]
    Never(u8),
}

#[test]
fn externally_tagged() {
    for s in [
        Shape::Empty,
        Shape::Circle(0.5),
        Shape::Point(1, -2),
        Shape::Rect { w: 3, h: 4 },
        Shape::Unknown,
    ] {
        round_trip(&s);
    }
    // A skipped variant is `null` where encoding cannot fail, and serde's
    // error where it can.
    assert_eq!(ToValue::to_value(&Shape::Never(1)), Value::Null);
    assert_eq!(jetjson::to_string(&Shape::Never(1)), "null");
    assert_eq!(
        to_value(&Shape::Never(1)).unwrap_err().to_string(),
        "the enum variant Shape::Never cannot be serialized"
    );
    assert_eq!(
        from_value::<Shape>(json!("circle2")).unwrap(),
        Shape::Unknown
    );
    assert_eq!(
        from_value::<Shape>(json!({"empty": null})).unwrap(),
        Shape::Empty
    );
    assert_eq!(
        from_value::<Shape>(json!({"rect": {"height": 2, "w": 1}})).unwrap(),
        Shape::Rect { w: 1, h: 2 }
    );
    assert_eq!(
        same_error::<Shape>(json!({"rect": {"w": 1, "h": "2"}})),
        "expected u32, found string (at .rect.h)"
    );
    same_error::<Shape>(json!("circle"));
    same_error::<Shape>(json!({}));
    same_error::<Shape>(json!({"circle": 1, "empty": null}));
    same_error::<Shape>(json!({"empty": 1}));
    same_error::<Shape>(json!({"point": [1]}));
    same_error::<Shape>(json!(3));
    same_error::<Shape>(json!({"never": 1}));
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
enum Plain {
    A,
    B(String),
}

#[test]
fn unknown_variants() {
    round_trip(&Plain::B("x".into()));
    assert_eq!(
        same_error::<Plain>(json!("C")),
        "unknown variant `C`, expected `A` or `B`"
    );
    same_error::<Plain>(json!({"C": 1}));
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
#[json(tag = "type", deny_unknown_fields)]
enum Event {
    Ping,
    Message { from: String, text: String },
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
#[json(tag = "kind")]
enum Loose {
    On,
    Set { level: u8 },
}

#[test]
fn internally_tagged() {
    round_trip(&Event::Ping);
    round_trip(&Event::Message {
        from: "a".into(),
        text: "b".into(),
    });
    assert_eq!(
        from_value::<Event>(json!({"text": "t", "from": "f", "type": "Message"})).unwrap(),
        Event::Message {
            from: "f".into(),
            text: "t".into()
        }
    );
    assert_eq!(
        same_error::<Event>(json!({"from": "f"})),
        "missing field `type`"
    );
    same_error::<Event>(json!({"type": 1}));
    same_error::<Event>(json!({"type": "Pong"}));
    same_error::<Event>(json!({"type": "Ping", "x": 1}));
    same_error::<Event>(json!({"type": "Message", "from": "f", "text": "t", "x": 1}));
    same_error::<Event>(json!({"type": "Message", "from": 1, "text": "t"}));
    same_error::<Event>(json!([]));
    round_trip(&Loose::On);
    round_trip(&Loose::Set { level: 3 });
    assert_eq!(
        from_value::<Loose>(json!({"x": 1, "kind": "On"})).unwrap(),
        Loose::On
    );
    same_error::<Loose>(json!({"kind": "Set", "level": 300}));
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
#[json(tag = "t", content = "c")]
enum Msg {
    Quit,
    Say(String),
    Move { x: i32, y: i32 },
    Pair(u8, u8),
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
#[json(tag = "t", content = "c", deny_unknown_fields)]
enum StrictMsg {
    Quit,
    Say(String),
}

#[test]
fn adjacently_tagged() {
    for m in [
        Msg::Quit,
        Msg::Say("hi".into()),
        Msg::Move { x: 1, y: -1 },
        Msg::Pair(1, 2),
    ] {
        round_trip(&m);
    }
    assert_eq!(
        from_value::<Msg>(json!({"c": "later", "t": "Say"})).unwrap(),
        Msg::Say("later".into())
    );
    assert_eq!(
        from_value::<Msg>(json!({"t": "Quit", "x": 0})).unwrap(),
        Msg::Quit
    );
    assert_eq!(
        same_error::<Msg>(json!({"t": "Say", "c": 5})),
        "expected a string, found number (at .c)"
    );
    same_error::<Msg>(json!({"c": 5, "t": "Say"}));
    same_error::<Msg>(json!({"t": "Say"}));
    same_error::<Msg>(json!({"c": "x"}));
    same_error::<Msg>(json!({"t": "Nope", "c": 1}));
    same_error::<Msg>(json!({"t": "Quit", "c": 1}));
    same_error::<Msg>(json!({"t": 1}));
    same_error::<Msg>(json!({"t": "Move", "c": {"x": 1}}));
    round_trip(&StrictMsg::Say("s".into()));
    same_error::<StrictMsg>(json!({"t": "Quit", "x": 0}));
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
#[json(untagged)]
enum Id {
    Nothing,
    Num(u64),
    Pair(u8, String),
    Named { id: u64, ns: String },
    Text(String),
}

#[test]
fn untagged() {
    for id in [
        Id::Nothing,
        Id::Num(7),
        Id::Pair(1, "p".into()),
        Id::Named {
            id: 1,
            ns: "x".into(),
        },
        Id::Text("t".into()),
    ] {
        round_trip(&id);
    }
    assert_eq!(
        same_error::<Id>(json!(1.5)),
        "data did not match any variant of untagged enum Id; \
         the closest was `Nothing`: expected null, found number"
    );
    same_error::<Id>(json!({"id": 1}));
}

// Generics and lifetimes.

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
#[json(default)]
struct Page<T, U> {
    items: Vec<T>,
    #[json(skip)]
    cursor: Option<U>,
    #[json(omit_empty, default = "Vec::new")]
    more: Vec<T>,
}

impl<T, U> Default for Page<T, U> {
    fn default() -> Self {
        Page {
            items: Vec::new(),
            cursor: None,
            more: Vec::new(),
        }
    }
}

/// Not `ToJson`, `ToValue`, `Default` or anything: only skipped.
#[derive(Debug, PartialEq, Clone)]
struct Opaque;

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
struct Tree<T> {
    value: T,
    children: Vec<Tree<T>>,
    next: Option<Box<Tree<T>>>,
}

#[test]
fn generics() {
    round_trip(&Page::<u32, Opaque> {
        items: vec![1, 2],
        cursor: None,
        more: vec![3],
    });
    round_trip(&Page::<String, Opaque> {
        items: vec!["a".into()],
        cursor: None,
        more: vec![],
    });
    let p: Page<u8, Opaque> = from_value(json!({})).unwrap();
    assert_eq!((p.items.len(), p.more.len()), (0, 0));
    let t = Tree {
        value: 'a',
        children: vec![Tree {
            value: 'b',
            children: vec![],
            next: None,
        }],
        next: Some(Box::new(Tree {
            value: 'c',
            children: vec![],
            next: None,
        })),
    };
    round_trip(&t);
    same_error::<Tree<char>>(json!({"value": "a", "children": [{"value": "bb", "children": []}]}));
}

#[derive(Json, ToValue, Debug, PartialEq, Clone)]
struct Borrows<'a> {
    name: &'a str,
    tags: Vec<&'a str>,
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
struct Cows<'a> {
    name: Cow<'a, str>,
    #[json(skip)]
    skipped: Option<&'a str>,
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
struct Nested<'a> {
    inner: Borrows<'a>,
}

#[derive(Json, ToValue, FromValue, Debug, PartialEq, Clone)]
struct NestedCows<'a> {
    inner: Cows<'a>,
    list: Vec<Cows<'a>>,
}

/// `IMPL` is true exactly when `T: FromValue` (the `impls` crate's trick:
/// the inherent const applies only when its bound holds, else the trait's).
struct Probe<T>(PhantomData<T>);

trait NotFromValue {
    const IMPL: bool = false;
}

impl<T> NotFromValue for Probe<T> {}

impl<T: FromValue> Probe<T> {
    const IMPL: bool = true;
}

#[test]
fn lifetimes() {
    // Borrowing fields: `ToValue` only.
    let b = Borrows {
        name: "n",
        tags: vec!["x", "y"],
    };
    assert_eq!(same_value(&b), json!({"name": "n", "tags": ["x", "y"]}));
    same_value(&Nested { inner: b });
    const { assert!(!Probe::<Borrows<'static>>::IMPL) };
    const { assert!(!Probe::<Nested<'static>>::IMPL) };
    // `Cow` fields come out owned, so `FromValue` exists.
    const { assert!(Probe::<Cows<'static>>::IMPL) };
    const { assert!(Probe::<NestedCows<'static>>::IMPL) };
    let c = NestedCows {
        inner: Cows {
            name: Cow::Borrowed("c"),
            skipped: None,
        },
        list: vec![],
    };
    round_trip(&c);
}

// Nesting: a recursive type from a deep value fails, it does not overflow.

#[derive(Json, ToValue, FromValue, Debug, PartialEq)]
struct Link {
    next: Option<Box<Link>>,
}

fn chain(depth: usize) -> Value {
    let mut v = json!({"next": null});
    for _ in 1..depth {
        v = json!({ "next": v });
    }
    v
}

#[test]
fn deep_values_hit_the_depth_limit() {
    let ok = chain(128);
    let link: Link = from_value_ref(&ok).unwrap();
    assert_eq!(link.to_value(), ok);
    drop(link);
    let deep = chain(100_000);
    let err = from_value_ref::<Link>(&deep).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit { limit: 128 });
    assert_eq!(
        from_value::<Link>(deep).unwrap_err().kind(),
        &ErrorKind::DepthLimit { limit: 128 }
    );
    // The count is back to zero after an error.
    assert!(from_value::<Link>(chain(128)).is_ok());
}

// The derive's directions follow the derive's name.

#[derive(jetjson::ToJson, ToValue)]
struct OnlyOut {
    a: u8,
}

#[derive(jetjson::FromJson, FromValue, Debug, PartialEq)]
struct OnlyIn {
    a: u8,
}

#[test]
fn one_direction_derives() {
    assert_eq!(OnlyOut { a: 1 }.to_value(), json!({"a": 1}));
    assert_eq!(
        OnlyIn::from_value(json!({"a": 2})).unwrap(),
        OnlyIn { a: 2 }
    );
    const { assert!(!Probe::<OnlyOut>::IMPL) };
}
