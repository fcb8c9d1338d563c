//! Types made with `#[derive(jetjson::Json, ToValue, FromValue)]`, for the `derived_from_slice`
//! target: every field type and attribute the derive supports; the
//! `flatten` target's types (flattened structs, options, catch-alls, enums
//! of every representation, internally tagged newtype variants) are at the
//! end.
//!
//! Most of them also derive serde's traits, with the settings spelled
//! `#[serde(..)]`, which both derives read with the same meaning, so the
//! target can decode the same bytes with serde_json and compare. The types
//! that serde_json is not meant to agree on are jetjson-only:
//! - `f32`: serde_json parses an `f64` and rounds that to `f32` (double
//!   rounding); jetjson rounds the text once, as `str::parse::<f32>`;
//! - `#[json(base64)]`, `#[json(omit_empty)]`, `#[json(other)]` and
//!   `alias` on variants have no serde spelling used here.
//!
//! Untagged and internally tagged enums avoid `u128`/`i128`, `&str` and
//! `char`: serde buffers their input in its `Content` type, which has no
//! 128-bit integers and does not hand out borrowed strings to every visitor.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use jetjson::{FromValue, Json, ToValue};
use serde::{Deserialize, Serialize};

/// A meter count, transparent: written as the bare number.
#[derive(
    Json,
    ToValue,
    FromValue,
    jetjson::Msgpack,
    Serialize,
    Deserialize,
    Debug,
    PartialEq,
    Clone,
    Copy,
    Default,
)]
#[serde(transparent)]
pub struct Meters(pub f64);

/// Every scalar width, strings borrowed and owned, maps with string and
/// integer keys; missing fields take the container's `Default`.
#[derive(Json, ToValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct Wide<'a> {
    pub tiny: i8,
    pub byte: u8,
    pub short_int: i16,
    pub ushort: u16,
    pub int: i32,
    pub uint: u32,
    pub long_int: i64,
    pub ulong: u64,
    pub huge: i128,
    pub uhuge: u128,
    pub size: isize,
    pub usize_count: usize,
    pub ratio: f64,
    pub length: Meters,
    pub flag: bool,
    pub letter: char,
    #[serde(alias = "nm")]
    pub name: String,
    pub label: &'a str,
    #[serde(borrow)]
    pub note: Cow<'a, str>,
    #[serde(rename = "opt")]
    pub maybe: Option<u16>,
    pub tags: Vec<String>,
    pub scores: HashMap<String, i32>,
    pub by_id: BTreeMap<u64, bool>,
    pub by_small: HashMap<i16, Option<f64>>,
    pub by_signed: BTreeMap<i64, Vec<u8>>,
    /// Never read nor written.
    #[serde(skip)]
    pub cache: u32,
    pub shape: Option<Shape>,
    pub kind: Kind,
    pub node: Option<Box<Node>>,
}

/// Unit variants, renamed by rule and one by hand.
#[derive(
    Json,
    ToValue,
    FromValue,
    jetjson::Msgpack,
    Serialize,
    Deserialize,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Clone,
    Copy,
    Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    #[default]
    PlainText,
    DarkGreen,
    #[serde(rename = "blue!")]
    Blue,
}

/// Required fields, unknown keys rejected.
#[derive(Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Strict {
    pub id: u32,
    #[serde(rename = "type")]
    pub kind: Kind,
    #[serde(default)]
    pub pos: (i32, i32),
    pub tag: Option<String>,
}

/// Externally tagged (the default): unit, newtype, tuple and struct variants.
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
pub enum Shape {
    Empty,
    Circle(f64),
    Rect(u32, u32),
    Poly {
        points: Vec<(i16, i16)>,
        #[serde(default)]
        closed: bool,
    },
}

/// Internally tagged: `{"t": "Move", "x": 1, "y": 2}` (jetjson has no
/// newtype variants here).
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
#[serde(tag = "t")]
pub enum Event {
    Start,
    Move {
        x: i64,
        y: i64,
    },
    Say {
        text: String,
        #[serde(default)]
        loud: bool,
    },
    #[serde(rename_all = "UPPERCASE")]
    Scale {
        factor: f64,
        note: Option<String>,
    },
}

/// Adjacently tagged: `{"op": "Go", "arg": 3}`.
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
#[serde(tag = "op", content = "arg")]
pub enum Cmd {
    Stop,
    Go(u8),
    Pair(i32, i32),
    Jump { to: String },
}

/// Untagged: the first variant that reads the value wins. The variants'
/// encodings are disjoint (an `f64` is written with `.` or `e`), so every
/// value reads back as itself.
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
#[serde(untagged)]
pub enum Loose {
    Nothing,
    Flag(bool),
    Num(i64),
    Real(f64),
    Text(String),
    List(Vec<i64>),
    Obj {
        k: String,
        #[serde(default)]
        v: Option<Box<Loose>>,
    },
}

/// Recursive through `Vec` and `Box`, so the depth limit is reached.
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
pub struct Node {
    pub value: i32,
    #[serde(default)]
    pub children: Vec<Node>,
    #[serde(default)]
    pub next: Option<Box<Node>>,
}

/// jetjson-only: `f32` (serde_json rounds twice), base64, `omit_empty`,
/// `skip_serializing_if`, a variant `alias` and `other`.
#[derive(Json, ToValue, FromValue, jetjson::Msgpack, Debug, PartialEq, Default)]
pub struct Extras {
    #[json(default)]
    pub single: f32,
    #[json(omit_empty)]
    pub singles: Vec<f32>,
    #[json(base64, default)]
    pub blob: Vec<u8>,
    #[json(omit_empty)]
    pub note: String,
    #[json(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    #[json(default)]
    pub levels: Vec<Level>,
}

/// Derived map keys (a unit-variant enum by its names, a newtype by its
/// field's key, quoted) and std types serde covers beside them.
#[derive(Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq)]
pub struct Keyed {
    #[serde(default)]
    pub by_kind: BTreeMap<Kind, u8>,
    #[serde(default)]
    pub by_id: BTreeMap<Id, bool>,
    #[serde(default)]
    pub result: Option<Result<u8, String>>,
    #[serde(default)]
    pub text: Option<std::ffi::CString>,
    #[serde(default)]
    pub list: Option<Box<[u16]>>,
}

/// A newtype key of [`Keyed`].
#[derive(
    Json,
    ToValue,
    FromValue,
    jetjson::Msgpack,
    Serialize,
    Deserialize,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
)]
pub struct Id(pub u32);

/// `alias` and `other` on variants.
#[derive(Json, ToValue, FromValue, jetjson::Msgpack, Debug, PartialEq, Clone, Copy)]
pub enum Level {
    #[json(alias = "warning")]
    Warn,
    Error,
    #[json(other)]
    Unknown,
}

// MARK: - The target

/// Reads `$data` as `$ty` and checks what every derived read must satisfy:
/// no panic, a well-formed error (`check_error`), nothing accepted that
/// `validate` rejects, and a value that re-encodes (compact and pretty) to
/// text that reads back equal. Evaluates to the result of the read.
macro_rules! read_checked {
    ($data:expr, $ty:ty) => {{
        let data: &[u8] = $data;
        let ours = jetjson::from_slice::<$ty>(data);
        match &ours {
            Ok(v) => {
                if let Err(e) = jetjson::validate(data) {
                    panic!("{} accepted invalid JSON: {e:?}", stringify!($ty));
                }
                for bytes in [jetjson::to_vec(v), jetjson::to_vec_pretty(v)] {
                    match jetjson::from_slice::<$ty>(&bytes) {
                        Ok(again) => assert_eq!(&again, v, "{} read back", stringify!($ty)),
                        Err(e) => panic!(
                            "{}: own output rejected: {e}\n{}",
                            stringify!($ty),
                            String::from_utf8_lossy(&bytes)
                        ),
                    }
                }
            }
            Err(e) => super::check_error(e, data),
        }
        ours
    }};
}

/// `read_checked!`, then the same bytes through serde_json: the same
/// accept/reject but for the allowed differences, equal values; but where
/// `-0` is in the input (an integer 0 to jetjson, the float -0.0 to
/// serde_json, which changes the variant an untagged enum picks, and which
/// serde_json's `u128` reads as "number out of range" where the other
/// differences' check expects "floating point `-0`") jetjson may accept
/// what serde_json rejects and read different values; and
/// serde_json reads jetjson's encoding of the value as the same value.
macro_rules! versus_serde {
    ($data:expr, $ty:ty) => {{
        let data: &[u8] = $data;
        let ours = read_checked!(data, $ty);
        let theirs = serde_json::from_slice::<$ty>(data);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => assert!(
                a == b || super::grammar::has_minus_zero_integer(data),
                "{}: jetjson {a:?} vs serde_json {b:?}",
                stringify!($ty)
            ),
            (Err(_), Err(_)) => {}
            _ => assert!(
                super::allowed_difference(data, ours.as_ref().err(), theirs.as_ref().err())
                    || (ours.is_ok() && super::grammar::has_minus_zero_integer(data)),
                "{}: jetjson {:?} vs serde_json {:?}",
                stringify!($ty),
                ours,
                theirs
            ),
        }
        if let Ok(v) = &ours {
            let bytes = jetjson::to_vec(v);
            match serde_json::from_slice::<$ty>(&bytes) {
                Ok(b) => assert_eq!(&b, v, "{}: serde_json reads our output", stringify!($ty)),
                Err(e) if e.to_string().contains("recursion limit") => {}
                Err(e) => panic!(
                    "{}: serde_json rejects our output: {e}\n{}",
                    stringify!($ty),
                    String::from_utf8_lossy(&bytes)
                ),
            }
        }
    }};
}

/// Arbitrary bytes read as derived types: see `read_checked!` and
/// `versus_serde!`.
pub fn derived_from_slice(data: &[u8]) {
    versus_serde!(data, Wide<'_>);
    versus_serde!(data, Strict);
    versus_serde!(data, Shape);
    versus_serde!(data, Vec<Shape>);
    versus_serde!(data, Event);
    versus_serde!(data, Vec<Event>);
    versus_serde!(data, Cmd);
    versus_serde!(data, Vec<Cmd>);
    versus_serde!(data, Loose);
    versus_serde!(data, Vec<Loose>);
    versus_serde!(data, Node);
    versus_serde!(data, BTreeMap<String, Kind>);
    versus_serde!(data, Keyed);
    let _ = read_checked!(data, Extras);
    let _ = read_checked!(data, Vec<Extras>);
}

// MARK: - MessagePack

/// Reads `$data` as MessagePack into `$ty` (with `#[derive(Msgpack)]`,
/// from the same attributes): no panic, a well-formed error, nothing
/// accepted that `msgpack::validate` rejects; a value writes bytes that read
/// back equal.
macro_rules! msgpack_checked {
    ($data:expr, $ty:ty) => {{
        use jetjson::msgpack;
        let data: &[u8] = $data;
        match msgpack::from_slice::<$ty>(data) {
            Err(e) => super::msgpack::check_error(&e, data),
            Ok(value) => {
                assert!(
                    msgpack::validate(data).is_ok(),
                    "{} read what validate rejects",
                    stringify!($ty)
                );
                let once = msgpack::to_vec(&value);
                let back = match msgpack::from_slice::<$ty>(&once) {
                    Ok(back) => back,
                    Err(e) => panic!("{}: our own output does not read: {e}", stringify!($ty)),
                };
                // A NaN inside makes `==` false; then (a HashMap may also
                // iterate in another order) the lengths must still agree.
                #[allow(clippy::eq_op)]
                let reflexive = value == value;
                if reflexive {
                    assert!(
                        back == value,
                        "{}: {value:?} read back as {back:?}",
                        stringify!($ty)
                    );
                } else {
                    let twice = msgpack::to_vec(&back);
                    assert_eq!(
                        once.len(),
                        twice.len(),
                        "{}: re-encoding changed the length",
                        stringify!($ty)
                    );
                }
            }
        }
    }};
}

/// Arbitrary bytes read as MessagePack into the derived types.
pub fn msgpack_derived(data: &[u8]) {
    msgpack_checked!(data, Wide<'_>);
    msgpack_checked!(data, Strict);
    msgpack_checked!(data, Shape);
    msgpack_checked!(data, Vec<Shape>);
    msgpack_checked!(data, Event);
    msgpack_checked!(data, Vec<Event>);
    msgpack_checked!(data, Cmd);
    msgpack_checked!(data, Loose);
    msgpack_checked!(data, Vec<Loose>);
    msgpack_checked!(data, Node);
    msgpack_checked!(data, BTreeMap<String, Kind>);
    msgpack_checked!(data, Keyed);
    msgpack_checked!(data, Extras);
    msgpack_checked!(data, Vec<Extras>);
}

// MARK: - Flatten

/// Flattened into [`Flat`].
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
pub struct FlatInner {
    pub a: u32,
    #[serde(default)]
    pub b: Option<String>,
}

/// Flattened, internally tagged; a newtype variant shares the object too.
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
#[serde(tag = "kind")]
pub enum FlatKind {
    One { x: i64 },
    Two(FlatInner2),
}

/// The content of [`FlatKind::Two`].
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
pub struct FlatInner2 {
    pub y: bool,
}

/// Own fields, a flattened struct, an optional one and a flattened enum.
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
pub struct Flat {
    pub id: u64,
    #[serde(flatten)]
    pub inner: FlatInner,
    #[serde(flatten)]
    pub more: Option<FlatInner2>,
    #[serde(flatten)]
    pub kind: FlatKind,
}

/// A flattened struct and a catch-all of the rest.
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
pub struct FlatRest {
    pub id: u64,
    #[serde(flatten)]
    pub inner: FlatInner,
    #[serde(flatten)]
    pub rest: BTreeMap<String, i64>,
}

/// jetjson-only: `deny_unknown_fields` beside flatten, `u128` and borrowed
/// strings inside (serde's buffered flatten cannot do these).
#[derive(Json, ToValue, FromValue, jetjson::Msgpack, Debug, PartialEq)]
#[json(deny_unknown_fields)]
pub struct FlatStrict<'a> {
    pub id: u8,
    #[json(flatten)]
    pub wide: FlatWide<'a>,
}

/// Inside [`FlatStrict`].
#[derive(Json, ToValue, jetjson::Msgpack, Debug, PartialEq)]
pub struct FlatWide<'a> {
    pub big: u128,
    pub name: &'a str,
    pub note: Cow<'a, str>,
}

/// An internally tagged enum with newtype variants of a struct and a map.
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
#[serde(tag = "type")]
pub enum Tagged {
    Inner(FlatInner),
    Map(BTreeMap<String, u8>),
    Unit,
}

/// Untagged, for [`FlatEither`].
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
#[serde(untagged)]
pub enum Either {
    X { x: u8 },
    Y { y: bool },
}

/// An untagged enum beside a catch-all: the map also receives what the
/// enum reads, as in serde (so an encoding can repeat a key, which
/// neither library reads back: no read-back check here).
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
pub struct FlatEither {
    pub id: u8,
    #[serde(flatten)]
    pub either: Either,
    #[serde(flatten)]
    pub rest: BTreeMap<String, i64>,
}

/// `deny_unknown_fields` beside a flattened internally tagged enum: a key
/// the chosen variant does not use is rejected when the object ends.
#[derive(Json, ToValue, FromValue, jetjson::Msgpack, Debug, PartialEq)]
#[json(deny_unknown_fields)]
pub struct FlatDenyTagged {
    pub id: u8,
    #[json(flatten)]
    pub kind: FlatKind,
}

/// A struct that flattens [`FlatKind`], itself flattened under an outer
/// `deny_unknown_fields`: the check reaches the enum through the struct.
#[derive(Json, ToValue, FromValue, jetjson::Msgpack, Debug, PartialEq)]
pub struct FlatKindHolder {
    pub n: u8,
    #[json(flatten)]
    pub kind: FlatKind,
}

/// See [`FlatKindHolder`].
#[derive(Json, ToValue, FromValue, jetjson::Msgpack, Debug, PartialEq)]
#[json(deny_unknown_fields)]
pub struct FlatDenyNested {
    pub id: u8,
    #[json(flatten)]
    pub inner: FlatKindHolder,
}

/// A struct holding a catch-all, for [`FlatNestedRest`].
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
pub struct FlatRestInner {
    pub x: i64,
    #[serde(flatten)]
    pub rest: BTreeMap<String, i64>,
}

/// [`FlatRestInner`] one level further down, for [`FlatNestedRest`].
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
pub struct FlatRestMiddle {
    pub m: bool,
    #[serde(flatten)]
    pub inner: Box<FlatRestInner>,
}

/// A catch-all inside flattened structs (through `Option` and `Box`),
/// beside a sibling claiming its keys: the sibling gets them, the nested
/// map the members no field claims. The sibling comes first, where
/// serde's buffer gives the same answer.
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
pub struct FlatNestedRest {
    pub id: u64,
    #[serde(flatten)]
    pub inner: FlatInner,
    #[serde(flatten)]
    pub middle: Option<FlatRestMiddle>,
}

/// Only a catch-all, for [`FlatTwoRests`].
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
pub struct FlatOnlyRest {
    #[serde(flatten)]
    pub rest: BTreeMap<String, i64>,
}

/// Two catch-alls, one nested: each gets every member no field claims.
#[derive(
    Json, ToValue, FromValue, jetjson::Msgpack, Serialize, Deserialize, Debug, PartialEq, Clone,
)]
pub struct FlatTwoRests {
    #[serde(flatten)]
    pub inner: FlatInner,
    #[serde(flatten)]
    pub only: FlatOnlyRest,
    #[serde(flatten)]
    pub rest: BTreeMap<String, i64>,
}

/// Arbitrary bytes through the flattening types: no panic, well-formed
/// errors, our output reads back equal; against serde_json where its
/// buffered flatten gives the same answer (serde accepts more: it ignores
/// repeated keys its buffer resolves, and a half-present `Option` becomes
/// `None`; jetjson reports both), and serde_json reads what we write.
pub fn flatten(data: &[u8]) {
    macro_rules! agree_when_both_accept {
        ($ty:ty) => {{
            let ours = read_checked!(data, $ty);
            if let (Ok(a), Ok(b)) = (&ours, serde_json::from_slice::<$ty>(data)) {
                assert!(
                    *a == b || super::grammar::has_minus_zero_integer(data),
                    "{}: jetjson {a:?} vs serde_json {b:?}",
                    stringify!($ty)
                );
            }
            if let Ok(v) = &ours {
                let bytes = jetjson::to_vec(v);
                match serde_json::from_slice::<$ty>(&bytes) {
                    Ok(b) => assert_eq!(&b, v, "{}: serde_json reads our output", stringify!($ty)),
                    Err(e) => panic!(
                        "{}: serde_json rejects our output: {e}\n{}",
                        stringify!($ty),
                        String::from_utf8_lossy(&bytes)
                    ),
                }
                let value = jetjson::ToValue::to_value(v);
                let back: $ty = jetjson::FromValue::from_value(value).expect("from our Value");
                assert_eq!(&back, v, "{} through Value", stringify!($ty));
            }
        }};
    }
    agree_when_both_accept!(Flat);
    agree_when_both_accept!(FlatRest);
    agree_when_both_accept!(Tagged);
    agree_when_both_accept!(Vec<Tagged>);
    agree_when_both_accept!(FlatNestedRest);
    agree_when_both_accept!(FlatTwoRests);
    if let Ok(v) = read_checked!(data, FlatStrict<'_>) {
        assert!(v.wide.name.len() <= data.len());
    }
    if let Err(e) = jetjson::from_slice::<FlatEither>(data) {
        super::check_error(&e, data);
    }
    if let Ok(v) = read_checked!(data, FlatDenyTagged) {
        let value = jetjson::ToValue::to_value(&v);
        let back: FlatDenyTagged = jetjson::FromValue::from_value(value).expect("from our Value");
        assert_eq!(back, v, "FlatDenyTagged through Value");
    }
    if let Ok(v) = read_checked!(data, FlatDenyNested) {
        let value = jetjson::ToValue::to_value(&v);
        let back: FlatDenyNested = jetjson::FromValue::from_value(value).expect("from our Value");
        assert_eq!(back, v, "FlatDenyNested through Value");
    }
    // The same types from MessagePack (the fuzzer's bytes as MessagePack).
    msgpack_checked!(data, Flat);
    msgpack_checked!(data, FlatRest);
    msgpack_checked!(data, Tagged);
    msgpack_checked!(data, FlatStrict<'_>);
    msgpack_checked!(data, FlatDenyTagged);
    msgpack_checked!(data, FlatDenyNested);
    msgpack_checked!(data, FlatNestedRest);
    msgpack_checked!(data, FlatTwoRests);
}
