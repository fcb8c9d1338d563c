//! The logic of jetjson's fuzz targets, one public function per target.
//!
//! Each function takes the fuzzer's bytes and panics when jetjson breaks a
//! property: a panic inside jetjson, a wrong accept or reject, a wrong value,
//! an error pointing outside the input. The binaries in `fuzz_targets/` are
//! one line each, and `jetjson/tests/fuzz_replay.rs` includes this file to
//! run the same checks over the checked-in seeds as an ordinary test.
//!
//! The oracles are the ones house rule 13 names: `str::parse` for numbers,
//! serde_json (with `float_roundtrip`) for documents and typed values, and a
//! plain transcription of RFC 8259's number grammar ([`grammar`]).
//!
//! Intentional differences from serde_json, which the comparisons allow:
//! - nesting: jetjson accepts 128 levels, serde_json 127;
//! - `-0` read into an integer type is 0 in jetjson; serde_json reads `-0`
//!   as the float -0.0 and rejects it for integers;
//! - serde_json skips the values of unknown struct fields without checking
//!   UTF-8 or surrogate escapes inside their strings; jetjson checks skipped
//!   values as strictly as read ones;
//! - a serde-derived struct also accepts a JSON array of its fields;
//! - derived types: where the input holds a `-0` integer, jetjson may accept
//!   what serde_json rejects and read other values (see `derived`).
//!
//! Floats are written byte for byte as serde_json writes them (`1e+300`).

#![allow(clippy::missing_panics_doc)] // Panicking on a broken property is the point.

pub mod any;
pub mod decimal;
#[cfg(feature = "derive")]
pub mod derived;
pub mod doc;
pub mod document;
pub mod grammar;
pub mod lines;
pub mod msgpack;
pub mod nest;
#[cfg(feature = "serde")]
pub mod serde_bridge;
pub mod stream;

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;

use jetjson::simd::Backend;
use jetjson::write::pretty;
use jetjson::{from_slice, Error, ErrorKind, FromJson, ReadOptions, Reader, ToJson, Writer};

pub use any::Any;
pub use doc::{Doc, Item};

/// A fuzz target's logic: takes arbitrary bytes, panics on a broken property.
pub type Target = fn(&[u8]);

/// Every target by name, for replaying a corpus.
pub const TARGETS: &[(&str, Target)] = &[
    ("validate", validate),
    ("value_from_slice", value_from_slice),
    ("typed_from_slice", typed_from_slice),
    ("roundtrip", roundtrip),
    ("escape", escape),
    ("number", number),
    ("differential_serde_json", differential_serde_json),
    ("deep_nesting", deep_nesting),
    ("document", document::document),
    // Needs jetjson's `derive` feature, which this crate's `derive` feature
    // (on by default) turns on; `fuzz_replay` built without it skips it.
    #[cfg(feature = "derive")]
    ("derived_from_slice", derived::derived_from_slice),
    ("stream_reader", stream::stream_reader),
    ("line_decoder", lines::line_decoder),
    ("msgpack_value", msgpack::msgpack_value),
    #[cfg(feature = "derive")]
    ("msgpack_derived", derived::msgpack_derived),
    #[cfg(feature = "derive")]
    ("flatten", derived::flatten),
    // Needs jetjson's `serde` feature (this crate's `serde`, default).
    #[cfg(feature = "serde")]
    ("serde_bridge", serde_bridge::serde_bridge),
];

// MARK: - Shared checks

/// Offset, line and column of `offset` in `input`, counted plainly (columns
/// in characters, as `Error::column` counts them).
pub fn place(input: &[u8], offset: usize) -> (usize, usize, usize) {
    let before = &input[..offset];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let column = 1 + before[line_start..]
        .iter()
        .filter(|&&b| b & 0xc0 != 0x80)
        .count();
    (offset, line, column)
}

/// What every error must satisfy: a position inside the input, a line and
/// column that match that position, and a message.
pub fn check_error(e: &Error, input: &[u8]) {
    let at = e.offset();
    assert!(at <= input.len(), "offset {at} past the end: {e:?}");
    let (_, line, column) = place(input, at);
    assert_eq!((e.line(), e.column()), (line, column), "{e:?}");
    assert!(!e.to_string().is_empty());
    let _ = format!("{e:#} {e:?} {}", e.path());
    if let ErrorKind::DepthLimit { .. } = e.kind() {
        assert!(
            matches!(input[at], b'[' | b'{'),
            "depth error not at an opener: {e:?}"
        );
    }
}

/// An error's kind and offset, for comparing two readers.
fn kind_at(r: &Result<(), Error>) -> Option<(ErrorKind, usize)> {
    r.as_ref().err().map(|e| (e.kind().clone(), e.offset()))
}

fn is_depth(e: &Error) -> bool {
    matches!(e.kind(), ErrorKind::DepthLimit { .. })
}

// MARK: - validate

/// `validate` on arbitrary bytes: never panics; agrees with the unlimited
/// (iterative) walk, with `read_raw`, and with a recursive typed read of any
/// document ([`Any`]); pretty-printing and minifying keep a valid document.
pub fn validate(data: &[u8]) {
    let result = jetjson::validate(data);
    if let Err(e) = &result {
        check_error(e, data);
    }

    let unlimited = ReadOptions::new().max_depth(usize::MAX).validate(data);
    if let Err(e) = &unlimited {
        check_error(e, data);
        assert!(!is_depth(e));
    }
    match &result {
        Err(e) if is_depth(e) => {}
        _ => assert_eq!(kind_at(&result), kind_at(&unlimited)),
    }

    let mut r = Reader::new(data);
    let raw = r.read_raw().and_then(|raw| r.finish().map(|()| raw));
    match raw {
        Ok(raw) => {
            assert!(result.is_ok());
            assert_eq!(raw, grammar::trim_ws(data));
        }
        Err(e) => assert_eq!(kind_at(&result), kind_at(&Err(e)), "read_raw"),
    }

    match from_slice::<Any>(data) {
        Ok(v) => {
            assert!(result.is_ok(), "Any accepted what validate rejects");
            assert!(v.depth() <= jetjson::read::DEFAULT_MAX_DEPTH);
        }
        Err(e) => {
            check_error(&e, data);
            if !matches!(e.kind(), ErrorKind::NumberOutOfRange { .. }) {
                let e = Err(e);
                assert_eq!(kind_at(&result), kind_at(&e), "validate vs Any");
            }
        }
    }

    let mut minified = Vec::new();
    pretty::minify(data, &mut minified);
    if result.is_ok() {
        let mut pretty_text = Vec::new();
        pretty::prettify(data, 2, &mut pretty_text);
        assert!(
            jetjson::validate(&pretty_text).is_ok(),
            "pretty form invalid"
        );
        assert!(
            jetjson::validate(&minified).is_ok(),
            "minified form invalid"
        );
        let mut again = Vec::new();
        pretty::minify(&pretty_text, &mut again);
        assert_eq!(again, minified, "minify(prettify(x)) != minify(x)");
        if let Ok(v) = from_slice::<Any>(data) {
            let p: Any = from_slice(&pretty_text).unwrap();
            assert!(p.same(&v), "pretty form reads differently");
        }
    } else if data.len() <= 1024 {
        // Unspecified output, but no panic (output is quadratic in depth,
        // hence the size cap).
        pretty::prettify(data, 2, &mut Vec::new());
    }
}

// MARK: - typed_from_slice

/// Bytes in base64, through `jetjson::base64`.
#[derive(Debug, Clone, PartialEq)]
pub struct Bytes(pub Vec<u8>);

impl ToJson for Bytes {
    fn write_json(&self, w: &mut Writer<'_>) {
        jetjson::base64::write_json(&self.0, w);
    }
}

impl<'de> FromJson<'de> for Bytes {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        jetjson::base64::read_json(r).map(Bytes)
    }
}

/// A typed read of `data` as `T`: no panic, a well-formed error, and nothing
/// accepted that `validate` rejects.
fn typed<'de, T: FromJson<'de>>(data: &'de [u8]) -> Option<T> {
    match from_slice::<T>(data) {
        Ok(v) => {
            if let Err(e) = jetjson::validate(data) {
                panic!(
                    "{} accepted invalid JSON: {e:?}",
                    std::any::type_name::<T>()
                );
            }
            Some(v)
        }
        Err(e) => {
            check_error(&e, data);
            None
        }
    }
}

/// Arbitrary bytes read as a hand-written nested struct and a row of std
/// types: no panic, well-formed errors, no invalid JSON accepted. Also
/// reads twice from one reader through a checkpoint, as untagged enums do.
pub fn typed_from_slice(data: &[u8]) {
    typed::<Doc<'_>>(data);
    typed::<Vec<Item<'_>>>(data);
    typed::<Vec<Option<f64>>>(data);
    typed::<BTreeMap<String, Vec<i64>>>(data);
    typed::<Vec<(String, bool, Option<u8>)>>(data);
    typed::<HashMap<u32, Vec<bool>>>(data);
    typed::<BTreeMap<i8, char>>(data);
    typed::<BTreeMap<Cow<'_, str>, &str>>(data);
    typed::<[u16; 3]>(data);
    typed::<[u8; 0]>(data);
    typed::<(i8, Box<str>, [bool; 2])>(data);
    typed::<Vec<Cow<'_, str>>>(data);
    typed::<BTreeSet<String>>(data);
    typed::<HashSet<i64>>(data);
    typed::<VecDeque<u128>>(data);
    typed::<Vec<i128>>(data);
    typed::<Vec<f32>>(data);
    typed::<Vec<usize>>(data);
    typed::<Vec<i16>>(data);
    typed::<Option<Vec<()>>>(data);
    typed::<Box<Vec<Bytes>>>(data);
    typed::<String>(data);
    typed::<char>(data);
    typed::<bool>(data);

    // Try one type, go back, read another: the second read must not see
    // any state left by the first.
    let mut r = Reader::new(data);
    let start = r.checkpoint();
    let _ = Doc::read_json(&mut r);
    r.restore(start);
    let second = Any::read_json(&mut r).and_then(|v| r.finish().map(|()| v));
    match (second, from_slice::<Any>(data)) {
        (Ok(a), Ok(b)) => assert!(a.same(&b)),
        (Err(a), Err(b)) => assert_eq!(
            (a.kind(), a.offset()),
            (b.kind(), b.offset()),
            "after restore"
        ),
        (a, b) => panic!("after restore: {a:?} vs fresh {b:?}"),
    }
}

// MARK: - roundtrip

/// Parses `data` as the type; if it parses, encoding and parsing again must
/// give the same value, the encoding must be stable, the pretty and
/// streamed forms must agree, and serde_json must read the output.
macro_rules! roundtrip_as {
    ($data:expr, $ty:ty) => {
        if let Ok(v) = from_slice::<$ty>($data) {
            let bytes = jetjson::to_vec(&v);
            let again: $ty = match from_slice(&bytes) {
                Ok(again) => again,
                Err(e) => panic!(
                    "{}: own output rejected: {e}\n{}",
                    stringify!($ty),
                    String::from_utf8_lossy(&bytes)
                ),
            };
            assert_eq!(again, v, "{}", stringify!($ty));
            assert_eq!(
                jetjson::to_vec(&again),
                bytes,
                "{} unstable",
                stringify!($ty)
            );
            let pretty_text = jetjson::to_vec_pretty(&v);
            let from_pretty: $ty = from_slice(&pretty_text).unwrap();
            assert_eq!(from_pretty, v, "{} pretty", stringify!($ty));
            let mut streamed = Vec::new();
            jetjson::to_writer(&mut streamed, &v).unwrap();
            assert_eq!(streamed, bytes, "{} to_writer", stringify!($ty));
            if let Err(e) = serde_json::from_slice::<serde_json::Value>(&bytes) {
                panic!("{}: serde_json rejects our output: {e}", stringify!($ty));
            }
        }
    };
}

/// An `io::Write` that fails after a few bytes.
struct Failing(usize);

impl std::io::Write for Failing {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.0 == 0 {
            return Err(std::io::Error::other("full"));
        }
        let n = buf.len().min(self.0);
        self.0 -= n;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Anything typed that parses re-encodes and re-parses to the same value.
pub fn roundtrip(data: &[u8]) {
    roundtrip_as!(data, Doc<'_>);
    roundtrip_as!(data, Vec<Item<'_>>);
    roundtrip_as!(data, Vec<Option<f64>>);
    roundtrip_as!(data, Vec<f32>);
    roundtrip_as!(data, BTreeMap<String, Vec<i64>>);
    roundtrip_as!(data, BTreeMap<i32, String>);
    roundtrip_as!(data, Vec<(String, bool, Option<u8>)>);
    roundtrip_as!(data, (u128, i128, char));
    roundtrip_as!(data, Vec<Bytes>);

    if let Ok(doc) = from_slice::<Doc<'_>>(data) {
        // serde_json reads our encoding of a typed value as the same value.
        let bytes = jetjson::to_vec(&doc);
        let theirs: Doc<'_> = match serde_json::from_slice(&bytes) {
            Ok(d) => d,
            Err(e) => panic!("serde_json rejects our Doc: {e}"),
        };
        assert_eq!(theirs, doc);
        // A failing sink is an error, not a panic.
        assert!(jetjson::to_writer(Failing(bytes.len() / 2), &doc).is_err() || bytes.len() < 2);
    }

    if let Ok(v) = from_slice::<Any>(data) {
        let bytes = jetjson::to_vec(&v);
        let again: Any = from_slice(&bytes).unwrap();
        assert!(again.same(&v), "Any: {v:?} vs {again:?}");
        assert_eq!(jetjson::to_vec(&again), bytes, "Any unstable");
        // serde_json reads our output as the document we read.
        match serde_json::from_slice::<serde_json::Value>(&bytes) {
            Ok(theirs) => {
                if let Err(diff) = v.check_serde(&theirs) {
                    panic!("serde_json reads our output differently{diff}");
                }
            }
            Err(e) if e.to_string().contains("recursion limit") => {}
            Err(e) => panic!("serde_json rejects our output: {e}"),
        }
    }
}

// MARK: - escape

/// The reference for `simd::scan`: the first `"`, `\` or byte below 0x20.
pub fn scan_reference(bytes: &[u8], start: usize) -> usize {
    bytes[start..]
        .iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
        .map_or(bytes.len(), |p| p + start)
}

/// Every SIMD backend agrees with the reference scan: from each start near
/// either end, and from just after each stopping byte (so every stopping
/// byte is the first one some scan meets).
pub fn check_scan(bytes: &[u8]) {
    let len = bytes.len();
    let check = |start: usize| {
        let want = scan_reference(bytes, start);
        let high = bytes[start..want].iter().any(|&b| b >= 0x80);
        for backend in Backend::available() {
            let got = backend.scan(bytes, start);
            assert_eq!(got.stop, want, "{backend:?} from {start}");
            assert!(
                got.non_ascii || !high,
                "{backend:?} missed non-ASCII from {start}"
            );
        }
        want
    };
    for start in (0..=len.min(40)).chain(len.saturating_sub(40)..=len) {
        check(start);
    }
    let mut start = 0;
    while start <= len {
        start = check(start) + 1;
    }
}

/// Arbitrary text through `Writer::write_str` gives serde_json's bytes and
/// reads back equal; arbitrary bytes inside quotes are accepted and decoded
/// exactly as serde_json does; every scan backend agrees.
pub fn escape(data: &[u8]) {
    check_scan(data);

    let text = String::from_utf8_lossy(data);
    let mut w = Writer::new();
    w.write_str(&text);
    let out = w.into_vec();
    assert_eq!(
        out,
        serde_json::to_vec(&*text).unwrap(),
        "escaping differs from serde_json"
    );
    let mut r = Reader::new(&out);
    assert_eq!(r.read_string().unwrap(), text);
    r.finish().unwrap();
    let cow: Cow<'_, str> = from_slice(&out).unwrap();
    assert_eq!(cow, text);
    assert_eq!(
        matches!(cow, Cow::Borrowed(_)),
        out.len() == text.len() + 2,
        "borrowed iff nothing was escaped"
    );
    check_scan(&out);

    let mut w = Writer::new();
    w.begin_object();
    w.write_key(&text);
    w.write_null();
    w.end_object();
    let object = w.into_vec();
    let map: BTreeMap<String, ()> = from_slice(&object).unwrap();
    assert!(map.contains_key(&*text));

    // The raw bytes as a string's content.
    let mut quoted = Vec::with_capacity(data.len() + 2);
    quoted.push(b'"');
    quoted.extend_from_slice(data);
    quoted.push(b'"');
    let ours = from_slice::<String>(&quoted);
    let theirs = serde_json::from_slice::<String>(&quoted);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(e), Err(_)) => check_error(e, &quoted),
        _ => panic!("string {quoted:?}: jetjson {ours:?} vs serde_json {theirs:?}"),
    }
    if let Ok(s) = &ours {
        let borrowed = from_slice::<&str>(&quoted);
        assert_eq!(borrowed.is_ok(), !data.contains(&b'\\'));
        if let Ok(b) = borrowed {
            assert_eq!(b, s);
        }
    }
}

// MARK: - number

/// `str::parse` with JSON's one extra rule: `-0` is 0 for unsigned types.
fn parse_int<T: std::str::FromStr + Default>(text: &str) -> Option<T> {
    if text == "-0" {
        return Some(T::default());
    }
    text.parse().ok()
}

macro_rules! integer_check {
    ($data:expr, $text:expr, $grammar:expr, $($ty:ty)*) => {$(
        match from_slice::<$ty>($data) {
            Ok(v) => {
                assert!($grammar && grammar::is_integer($text.as_bytes()), "{} accepted {:?}", stringify!($ty), $text);
                assert_eq!(Some(v), parse_int::<$ty>($text), "{} value of {:?}", stringify!($ty), $text);
            }
            Err(e) => {
                check_error(&e, $data);
                if $grammar {
                    if grammar::is_integer($text.as_bytes()) {
                        assert_eq!(parse_int::<$ty>($text), None, "{} rejected {:?}: {e}", stringify!($ty), $text);
                        assert!(matches!(e.kind(), ErrorKind::NumberOutOfRange { .. }), "{e:?}");
                    } else {
                        assert!(
                            matches!(e.kind(), ErrorKind::InvalidType { found: "floating-point number", .. }),
                            "{} on {:?}: {e:?}", stringify!($ty), $text
                        );
                    }
                }
            }
        }
    )*};
}

/// `v` written by jetjson: the shortest text that reads back to the same
/// bits (as many significant digits as Rust's `{:e}`, which is shortest),
/// JSON grammar, and serde_json's text byte for byte.
pub fn check_f64_text(v: f64) {
    let text = jetjson::to_string(&v);
    if !v.is_finite() {
        assert_eq!(text, "null");
        return;
    }
    assert!(
        grammar::is_number(text.as_bytes()),
        "{v:e} written as {text}"
    );
    let back: f64 = text.parse().unwrap();
    assert_eq!(back.to_bits(), v.to_bits(), "{v:e} written as {text}");
    let ours = grammar::significant_digits(&text);
    let shortest = grammar::significant_digits(&format!("{v:e}"));
    assert_eq!(
        ours.len(),
        shortest.len(),
        "{v:e} written as {text}: not shortest"
    );
    let theirs = serde_json::to_string(&v).unwrap();
    assert_eq!(text, theirs, "differs from serde_json");
}

/// `check_f64_text` for `f32`.
pub fn check_f32_text(v: f32) {
    let text = jetjson::to_string(&v);
    if !v.is_finite() {
        assert_eq!(text, "null");
        return;
    }
    assert!(
        grammar::is_number(text.as_bytes()),
        "{v:e} written as {text}"
    );
    let back: f32 = text.parse().unwrap();
    assert_eq!(back.to_bits(), v.to_bits(), "{v:e} written as {text}");
    let back: f32 = jetjson::from_str(&text).unwrap();
    assert_eq!(back.to_bits(), v.to_bits(), "{v:e} read back from {text}");
    let ours = grammar::significant_digits(&text);
    let shortest = grammar::significant_digits(&format!("{v:e}"));
    assert_eq!(
        ours.len(),
        shortest.len(),
        "{v:e} written as {text}: not shortest"
    );
    let theirs = serde_json::to_string(&v).unwrap();
    assert_eq!(text, theirs, "differs from serde_json");
}

/// Text at and around the point halfway between `v` and the next double
/// (positive and negative) reads as `str::parse` reads it: ties to even,
/// everything else to nearest, overflow an error.
pub fn check_halfway(v: f64) {
    if !v.is_finite() {
        return;
    }
    for text in decimal::halfway_texts(v) {
        for text in [text.clone(), format!("-{text}")] {
            let want: f64 = text.parse().unwrap();
            match jetjson::from_str::<f64>(&text) {
                Ok(got) => assert_eq!(got.to_bits(), want.to_bits(), "{text}"),
                Err(e) => assert!(
                    want.is_infinite() && matches!(e.kind(), ErrorKind::NumberOutOfRange { .. }),
                    "{text}: {e}"
                ),
            }
        }
    }
}

/// Arbitrary bytes as a number: accepted exactly when RFC 8259's grammar
/// says so; floats equal `str::parse` bit for bit (and serde_json); every
/// integer type exact or out of range as `str::parse` says. The first bytes,
/// taken as float bits, must print shortest and read back, and the points
/// halfway to the next double must round as `str::parse` rounds them.
pub fn number(data: &[u8]) {
    let text = grammar::trim_ws(data);
    let grammar_ok = grammar::is_number(text);
    // Grammar-valid text is ASCII; otherwise it only appears in messages.
    let text_str = std::str::from_utf8(text).unwrap_or("");

    if matches!(text.first(), Some(b'-' | b'0'..=b'9')) {
        let valid = jetjson::validate(data).is_ok();
        assert_eq!(valid, grammar_ok, "validate vs grammar on {data:?}");
    }
    let mut r = Reader::new(data);
    let read = r.read_number_text().map(str::to_owned);
    let whole = read.is_ok() && r.finish().is_ok();
    assert_eq!(whole, grammar_ok, "read_number_text on {data:?}");
    if whole {
        assert_eq!(read.unwrap(), text_str);
    }

    match from_slice::<f64>(data) {
        Ok(v) => {
            assert!(grammar_ok, "f64 accepted {data:?}");
            let want: f64 = text_str.parse().unwrap();
            assert_eq!(v.to_bits(), want.to_bits(), "f64 of {text_str}");
        }
        Err(e) => {
            check_error(&e, data);
            if grammar_ok {
                let want: f64 = text_str.parse().unwrap();
                assert!(want.is_infinite(), "f64 rejected {text_str}: {e}");
                assert!(matches!(e.kind(), ErrorKind::NumberOutOfRange { .. }));
            }
        }
    }
    let ours = from_slice::<f64>(data).ok().map(f64::to_bits);
    let theirs = serde_json::from_slice::<f64>(data).ok().map(f64::to_bits);
    assert_eq!(ours, theirs, "f64 vs serde_json on {data:?}");

    match from_slice::<f32>(data) {
        Ok(v) => {
            assert!(grammar_ok, "f32 accepted {data:?}");
            let want: f32 = text_str.parse().unwrap();
            assert_eq!(v.to_bits(), want.to_bits(), "f32 of {text_str}");
        }
        Err(e) => {
            check_error(&e, data);
            if grammar_ok {
                let want: f32 = text_str.parse().unwrap();
                assert!(want.is_infinite(), "f32 rejected {text_str}: {e}");
            }
        }
    }

    integer_check!(data, text_str, grammar_ok, u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

    if let Some(bits) = data.get(..8) {
        let mut b = [0u8; 8];
        b.copy_from_slice(bits);
        check_f64_text(f64::from_le_bytes(b));
        check_halfway(f64::from_le_bytes(b));
    }
    if let Some(bits) = data.get(..4) {
        let mut b = [0u8; 4];
        b.copy_from_slice(bits);
        check_f32_text(f32::from_le_bytes(b));
    }
}

// MARK: - differential_serde_json

/// Whether jetjson and serde_json may disagree on accepting `data` for one
/// of the reasons in this crate's docs.
pub(crate) fn allowed_difference(
    data: &[u8],
    ours: Option<&Error>,
    theirs: Option<&serde_json::Error>,
) -> bool {
    // Nesting: 128 levels against 127.
    if ours.is_some_and(is_depth)
        || theirs.is_some_and(|e| e.to_string().contains("recursion limit"))
    {
        return grammar::max_depth(data) >= 127;
    }
    match (ours, theirs) {
        // `-0` as an integer.
        (None, Some(e)) => e.to_string().contains("floating point `-0"),
        (Some(e), None) => {
            // serde_json does not check skipped strings, and reads structs
            // from arrays.
            let lax_skip = serde_json::from_slice::<serde_json::Value>(data).is_err()
                && matches!(e.kind(), ErrorKind::InvalidUtf8 | ErrorKind::LoneSurrogate);
            let struct_as_array = matches!(
                e.kind(),
                ErrorKind::InvalidType { expected, found: "array" } if expected.starts_with("struct ")
            );
            lax_skip || struct_as_array
        }
        _ => false,
    }
}

/// One type through both libraries: the same accept/reject (but for the
/// allowed differences) and equal values, floats to the bit.
macro_rules! differential_as {
    ($data:expr, $ty:ty) => {{
        let ours = from_slice::<$ty>($data);
        let theirs = serde_json::from_slice::<$ty>($data);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "{}", stringify!($ty));
                assert_eq!(
                    jetjson::to_vec(a),
                    jetjson::to_vec(b),
                    "{} bits",
                    stringify!($ty)
                );
            }
            (Err(_), Err(_)) => {}
            _ => assert!(
                allowed_difference($data, ours.as_ref().err(), theirs.as_ref().err()),
                "{}: jetjson {:?} vs serde_json {:?}",
                stringify!($ty),
                ours,
                theirs
            ),
        }
    }};
}

/// Arbitrary bytes through jetjson and serde_json (`float_roundtrip`):
/// the same documents accepted, the same values decoded, as a
/// self-describing value and as typed values.
pub fn differential_serde_json(data: &[u8]) {
    let ours = from_slice::<Any>(data);
    let theirs = serde_json::from_slice::<serde_json::Value>(data);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => {
            if let Err(diff) = a.check_serde(b) {
                panic!("values differ{diff}");
            }
        }
        (Err(_), Err(_)) => {}
        _ => assert!(
            allowed_difference(data, ours.as_ref().err(), theirs.as_ref().err()),
            "jetjson {ours:?} vs serde_json {theirs:?}"
        ),
    }

    differential_as!(data, Doc<'_>);
    differential_as!(data, Vec<Item<'_>>);
    differential_as!(data, Vec<Option<f64>>);
    differential_as!(data, BTreeMap<String, Vec<i64>>);
    differential_as!(data, Vec<(String, bool, Option<u8>)>);
    differential_as!(data, Vec<String>);
    differential_as!(data, Vec<char>);
    differential_as!(data, Vec<u64>);
    differential_as!(data, Vec<i128>);
}

// MARK: - value_from_slice

/// `from_slice::<Value>` on arbitrary bytes: it accepts exactly what
/// `validate` accepts (failing with the same kind at the same offset
/// otherwise), except numbers beyond the range of an f64; what it builds writes out to text that reads back to an equal
/// `Value` and the same bytes; the borrowed and in-situ forms write the same
/// text.
pub fn value_from_slice(data: &[u8]) {
    let owned = from_slice::<jetjson::Value>(data);
    let valid = jetjson::validate(data);
    match (&owned, &valid) {
        (Ok(_), Ok(())) => {}
        // A well-formed number beyond f64 (`1e400`) has no Value
        // (documented), and the parse stops there, before any later syntax
        // error that `validate` (which checks no ranges) goes on to find.
        (Err(a), _) if matches!(a.kind(), ErrorKind::NumberOutOfRange { .. }) => {
            check_error(a, data);
        }
        (Err(a), Err(b)) => {
            check_error(a, data);
            assert_eq!(
                (a.kind(), a.offset()),
                (b.kind(), b.offset()),
                "Value and validate disagree"
            );
        }
        _ => panic!("Value {owned:?} vs validate {valid:?}"),
    }
    let Ok(value) = owned else {
        return;
    };
    let text = jetjson::to_vec(&value);
    let back = from_slice::<jetjson::Value>(&text).expect("jetjson reads its own output");
    assert_eq!(back, value);
    assert_eq!(jetjson::to_vec(&back), text, "output is stable");
    let borrowed = jetjson::value::ValueOptions::new()
        .from_slice_borrowed(data)
        .expect("the borrowed form accepts what the owned form accepts");
    assert_eq!(jetjson::to_vec(&borrowed), text);
    let mut copy = data.to_vec();
    let in_situ = jetjson::value::from_slice_mut(&mut copy).expect("in-situ accepts it too");
    assert_eq!(jetjson::to_vec(&in_situ), text);
}

// MARK: - deep_nesting

fn check_expect(what: &str, got: Result<(), Error>, want: nest::Expect, text: &[u8]) {
    if let Err(e) = &got {
        check_error(e, text);
    }
    let got = got.map_err(|e| (e.kind().clone(), e.offset()));
    let ok = match (&got, want) {
        (Ok(()), nest::Expect::Ok) => true,
        (Err((ErrorKind::DepthLimit { .. }, at)), nest::Expect::DepthLimit(want)) => *at == want,
        (Err((ErrorKind::UnexpectedEof, at)), nest::Expect::Eof(want)) => *at == want,
        _ => false,
    };
    assert!(ok, "{what}: got {got:?}, want {want:?}");
}

/// Generated deep documents: every reader, iterative or recursive, ends in
/// the depth error at the first container past the limit (or succeeds
/// within it), and nothing overflows the stack.
pub fn deep_nesting(data: &[u8]) {
    let doc = nest::nested(data);
    let text = &doc.text;
    let default = jetjson::read::DEFAULT_MAX_DEPTH;

    check_expect(
        "validate",
        jetjson::validate(text),
        doc.expect(default),
        text,
    );
    check_expect(
        "Any",
        from_slice::<Any>(text).map(|_| ()),
        doc.expect(default),
        text,
    );
    // A chosen limit: the iterative walk at any depth, the recursive read
    // up to the default (deeper recursion is the caller's stack to give).
    let limit = usize::from(data.get(3).copied().unwrap_or(0)) * 64 + data.len() % 64;
    let opts = ReadOptions::new().max_depth(limit);
    check_expect(
        "validate(limit)",
        opts.validate(text),
        doc.expect(limit),
        text,
    );
    let small = limit.min(default);
    let opts = ReadOptions::new().max_depth(small);
    check_expect(
        "Any(limit)",
        opts.from_slice::<Any>(text).map(|_| ()),
        doc.expect(small),
        text,
    );
    // The limit is exact: the document's own depth passes, one less fails.
    if let Some(less) = doc.depth().checked_sub(1) {
        for limit in [doc.depth(), less] {
            let opts = ReadOptions::new().max_depth(limit);
            check_expect(
                "validate(exact)",
                opts.validate(text),
                doc.expect(limit),
                text,
            );
        }
    }

    // A recursive struct: the depth error comes before any missing field.
    let n = doc.depth();
    let chain = nest::doc_chain(n);
    let e = from_slice::<Doc<'_>>(&chain).unwrap_err();
    check_error(&e, &chain);
    if n > default {
        assert!(is_depth(&e), "Doc chain of {n}: {e:?}");
        assert_eq!(e.offset(), default * "{\"child\":".len());
    } else if n > 0 {
        assert_eq!(e.kind(), &ErrorKind::MissingField { field: "id" }, "{e:?}");
    }
}
