//! Property tests: whatever jetjson writes, it reads back as the same value,
//! and writes again as the same bytes.
//!
//! - hand-written struct types (`Doc`, `Item` from the fuzz crate) and std
//!   types round-trip exactly, floats to the bit;
//! - every `f64` and `f32` prints as the shortest text that reads back to the
//!   same bits (as many digits as Rust's `{:e}`, which is shortest);
//! - every string, control characters, quotes, backslashes and astral
//!   characters included, round-trips through `write_str`/`read_string`.
//!
//! The typed values use hand-written `ToJson`/`FromJson` impls, so nothing
//! here depends on the derive.

#[allow(dead_code)] // The fuzz crate's public items are not all used here.
#[path = "../../fuzz/src/lib.rs"]
mod fuzz;
#[allow(dead_code)] // Shared with oracle.rs, which uses other parts.
mod proptest_strategies;

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Debug;

use fuzz::{Any, Doc};
use jetjson::{from_slice, to_vec, FromJsonOwned, Reader, ToJson, Writer};
use proptest::prelude::*;
use proptest_strategies::{any_value, doc, finite_f64, tricky_string};

// MARK: - Helpers

/// Encodes, decodes, encodes again: the value and the bytes must repeat.
fn assert_roundtrip<T>(value: &T) -> Vec<u8>
where
    T: ToJson + FromJsonOwned + PartialEq + Debug,
{
    let bytes = to_vec(value);
    let back: T = match from_slice(&bytes) {
        Ok(back) => back,
        Err(e) => panic!("{e}: {}", String::from_utf8_lossy(&bytes)),
    };
    assert_eq!(&back, value);
    assert_eq!(to_vec(&back), bytes, "bytes not stable");
    bytes
}

/// serde_json's text for `value`, which jetjson's must equal byte for byte
/// (floats included: both write `1e+16`).
fn serde_text<T: serde::Serialize + ?Sized>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).unwrap()
}

// MARK: - Properties

proptest! {
    // 256 cases unless PROPTEST_CASES says otherwise. Failures print the
    // minimal input; nothing is written to the tree.
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn docs_roundtrip_exactly(d in doc()) {
        let bytes = to_vec(&d);
        let back: Doc<'_> = from_slice(&bytes).unwrap();
        prop_assert_eq!(&back, &d);
        prop_assert_eq!(to_vec(&back), bytes.clone(), "bytes not stable");
        // Floats to the bit: -0.0 == 0.0 in `PartialEq`, not in the text.
        prop_assert_eq!(back.ratio.to_bits(), d.ratio.to_bits());
        // The same text serde_json writes for the same type.
        let theirs = serde_text(&d);
        prop_assert_eq!(String::from_utf8_lossy(&bytes), String::from_utf8_lossy(&theirs));
        // Pretty output reads back to the same value.
        let pretty_text = jetjson::to_vec_pretty(&d);
        let pretty: Doc<'_> = from_slice(&pretty_text).unwrap();
        prop_assert_eq!(pretty, d);
    }

    #[test]
    fn std_values_roundtrip_exactly(
        a in prop::collection::vec(prop::option::of(finite_f64()), 0..8),
        b in prop::collection::btree_map(tricky_string(), prop::collection::vec(any::<i64>(), 0..4), 0..4),
        c in (any::<u128>(), any::<i128>(), any::<char>()),
        d in prop::collection::vec(any::<u32>().prop_map(f32::from_bits).prop_filter("finite", |v| v.is_finite()), 0..8),
        e in prop::collection::btree_map(any::<i32>(), tricky_string(), 0..4),
        f in prop::collection::vec((tricky_string(), any::<bool>(), any::<Option<u8>>()), 0..4),
    ) {
        let bits = |v: &Vec<Option<f64>>| v.iter().map(|x| x.map(f64::to_bits)).collect::<Vec<_>>();
        let back: Vec<Option<f64>> = from_slice(&assert_roundtrip(&a)).unwrap();
        prop_assert_eq!(bits(&back), bits(&a));
        assert_roundtrip(&b);
        assert_roundtrip(&c);
        let back: Vec<f32> = from_slice(&assert_roundtrip(&d)).unwrap();
        prop_assert_eq!(
            back.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            d.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
        );
        assert_roundtrip(&e);
        assert_roundtrip(&f);
    }

    #[test]
    fn any_value_roundtrips_and_serde_json_reads_it(v in any_value()) {
        let bytes = to_vec(&v);
        let back: Any = from_slice(&bytes).unwrap();
        prop_assert!(back.same(&v), "{:?} vs {:?}", back, v);
        prop_assert_eq!(to_vec(&back), bytes.clone());
        let theirs: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        if let Err(diff) = v.check_serde(&theirs) {
            prop_assert!(false, "serde_json reads our output differently{}", diff);
        }
    }

    #[test]
    fn every_f64_prints_shortest_and_reads_back(bits in any::<u64>()) {
        fuzz::check_f64_text(f64::from_bits(bits));
    }

    #[test]
    fn every_f32_prints_shortest_and_reads_back(bits in any::<u32>()) {
        fuzz::check_f32_text(f32::from_bits(bits));
    }

    #[test]
    fn halfway_points_round_like_std(bits in any::<u64>()) {
        fuzz::check_halfway(f64::from_bits(bits));
    }

    #[test]
    fn strings_roundtrip_through_write_str(s in tricky_string()) {
        let mut w = Writer::new();
        w.write_str(&s);
        let bytes = w.into_vec();
        prop_assert_eq!(&bytes, &serde_json::to_vec(&s).unwrap());
        let mut r = Reader::new(&bytes);
        prop_assert_eq!(r.read_string().unwrap(), s.clone());
        r.finish().unwrap();
        let cow: Cow<'_, str> = from_slice(&bytes).unwrap();
        prop_assert_eq!(matches!(cow, Cow::Borrowed(_)), bytes.len() == s.len() + 2);
        prop_assert_eq!(cow, s.as_str());
        // And as a map key.
        let mut map = BTreeMap::new();
        map.insert(s.clone(), 1u8);
        assert_roundtrip(&map);
    }
}

// MARK: - Fixed cases

#[test]
fn exact_decimal_expansions() {
    use fuzz::decimal::exact_decimal;
    assert_eq!(exact_decimal(1, 0), ("1".to_owned(), 0));
    assert_eq!(exact_decimal(3, 4), ("48".to_owned(), 0));
    assert_eq!(exact_decimal(1, -1), ("5".to_owned(), -1));
    assert_eq!(exact_decimal(3, -3), ("375".to_owned(), -3));
    assert_eq!(exact_decimal(1, 64), ("18446744073709551616".to_owned(), 0));
    let (digits, p) = exact_decimal(1, -1074);
    assert_eq!((digits.len(), p), (751, -1074));
    assert!(digits.starts_with("494065645841246544"));
}

#[test]
fn halfway_points_at_the_edges_round_like_std() {
    let edges = [
        0.0,
        5e-324,
        1e-323,
        f64::MIN_POSITIVE,
        f64::from_bits(f64::MIN_POSITIVE.to_bits() - 1),
        0.1,
        1.0,
        2.0f64.powi(53) - 1.0,
        2.0f64.powi(53),
        2.0f64.powi(63),
        2.0f64.powi(64),
        1e22,
        1e23,
        9007199254740993.0,
        f64::MAX,
        f64::from_bits(f64::MAX.to_bits() - 1),
    ];
    for v in edges {
        fuzz::check_halfway(v);
    }
}

#[test]
fn float_edges_print_shortest() {
    let f64s = [
        0.0,
        -0.0,
        f64::MIN_POSITIVE,
        f64::MAX,
        f64::MIN,
        f64::EPSILON,
        5e-324,
        1e-7,
        1e16,
        1e21,
        1e22,
        1e23,
        0.1,
        0.3,
        2.0f64.powi(53),
        2.0f64.powi(53) + 2.0,
        123456789012345680.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];
    for v in f64s {
        fuzz::check_f64_text(v);
    }
    let f32s = [
        0.0f32,
        -0.0,
        f32::MIN_POSITIVE,
        f32::MAX,
        f32::MIN,
        1e-45,
        16777216.0,
        16777218.0,
        0.1,
        f32::NAN,
        f32::INFINITY,
    ];
    for v in f32s {
        fuzz::check_f32_text(v);
    }
}
