//! Proptest strategies shared by `proptest_roundtrip.rs` and `oracle.rs`:
//! strings that hit every escaping rule, floats of every class, the fuzz
//! crate's hand-written `Doc`/`Item` types, and any JSON value.

use std::borrow::Cow;

use proptest::prelude::*;

use crate::fuzz::{Any, Doc, Item};

/// Characters a string strategy should hit often: every control character,
/// the two that must be escaped, the ones that may be, and the edges of
/// UTF-8's length classes and of the BMP.
pub fn tricky_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => any::<char>(),
        2 => (0u8..0x20).prop_map(char::from),
        1 => prop::sample::select(vec![
            '"', '\\', '/', '\u{7f}', '\u{80}', '\u{7ff}', '\u{800}', '\u{2028}', '\u{2029}',
            '\u{d7ff}', '\u{e000}', '\u{fffd}', '\u{ffff}', '\u{10000}', '\u{10ffff}', 'é',
            '搜',
        ]),
        1 => prop::char::range('\u{10000}', '\u{10ffff}'),
        2 => prop::char::range('a', 'z'),
    ]
}

/// Strings built from `tricky_char`, long enough to cross SIMD block sizes.
pub fn tricky_string() -> impl Strategy<Value = String> {
    prop::collection::vec(tricky_char(), 0..80).prop_map(|cs| cs.into_iter().collect())
}

/// Finite doubles of every class (JSON has no NaN or infinity).
pub fn finite_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<u64>()
            .prop_map(f64::from_bits)
            .prop_filter("finite", |v| v.is_finite()),
        prop::num::f64::NORMAL | prop::num::f64::SUBNORMAL | prop::num::f64::ZERO,
        (-1_000_000i64..1_000_000).prop_map(|v| v as f64 / 100.0),
    ]
}

/// Text a `&str` field can borrow back: nothing that needs an escape.
pub fn plain_str() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "",
        "plain",
        "a/b",
        "搜索",
        "🎉 emoji",
        "\u{7f}",
        "\u{2028}",
    ])
}

pub fn item() -> impl Strategy<Value = Item<'static>> {
    (
        tricky_string(),
        any::<u32>(),
        prop::collection::vec(any::<bool>(), 0..4),
        (any::<i16>(), any::<char>()),
        any::<Option<u64>>(),
    )
        .prop_map(|(key, count, flags, pair, when)| Item {
            key: Cow::Owned(key),
            count,
            flags,
            pair,
            when,
        })
}

pub fn doc_leaf() -> impl Strategy<Value = Doc<'static>> {
    (
        (any::<i64>(), any::<u8>(), finite_f64(), tricky_string()),
        (
            plain_str(),
            tricky_string(),
            prop::option::of(tricky_string()),
        ),
        (
            prop::collection::vec(finite_f64(), 0..5),
            prop::collection::btree_map(tricky_string(), any::<i64>(), 0..4),
            prop::collection::vec(item(), 0..3),
        ),
    )
        .prop_map(
            |((id, small, ratio, name), (tag, note, nick), (scores, attrs, items))| Doc {
                id,
                small,
                ratio,
                name,
                tag,
                note: Cow::Owned(note),
                nick,
                scores,
                attrs,
                items,
                child: None,
            },
        )
}

/// A `Doc` with up to four nested children.
pub fn doc() -> impl Strategy<Value = Doc<'static>> {
    doc_leaf().prop_recursive(4, 8, 1, |inner| {
        (doc_leaf(), inner).prop_map(|(mut d, child)| {
            d.child = Some(Box::new(child));
            d
        })
    })
}

/// Any JSON value, numbers classified as serde_json classifies them.
pub fn any_value() -> impl Strategy<Value = Any> {
    let leaf = prop_oneof![
        Just(Any::Null),
        any::<bool>().prop_map(Any::Bool),
        any::<u64>().prop_map(Any::U64),
        (i64::MIN..0).prop_map(Any::I64),
        finite_f64().prop_map(Any::F64),
        tricky_string().prop_map(Any::String),
    ];
    leaf.prop_recursive(6, 96, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Any::Array),
            prop::collection::vec((tricky_string(), inner), 0..8).prop_map(Any::Object),
        ]
    })
}
