//! `serde_bridge`: arbitrary bytes through `jetjson::serde` (serde's data
//! model over jetjson's reader and writer) against serde_json, as
//! `serde_json::Value`, as the serde-derived [`Doc`], and skipped
//! (`IgnoredAny`). Only with this crate's `serde` feature (default), which
//! turns on jetjson's.
//!
//! The bridge accepts exactly what `jetjson::validate` accepts (it is
//! jetjson's reader), reads what serde_json reads where both accept, writes
//! serde_json's bytes (but for the `+` of a float exponent) and reads its
//! own output back to the same value. Accept/reject differences from
//! serde_json are those [`allowed_difference`] lists.

use serde::de::IgnoredAny;

use super::{allowed_difference, check_error, Doc, Item};

/// The target.
pub fn serde_bridge(data: &[u8]) {
    let valid = jetjson::validate(data);
    let ours = jetjson::serde::from_slice::<serde_json::Value>(data);
    let skipped = jetjson::serde::from_slice::<IgnoredAny>(data);
    for e in [ours.as_ref().err(), skipped.as_ref().err()]
        .into_iter()
        .flatten()
    {
        check_error(e, data);
    }
    // `validate` checks no number ranges; a value beyond f64 is an error.
    let out_of_range = ours
        .as_ref()
        .is_err_and(|e| matches!(e.kind(), jetjson::ErrorKind::NumberOutOfRange { .. }));
    if !out_of_range {
        assert_eq!(
            ours.is_ok(),
            valid.is_ok(),
            "bridge {ours:?} vs validate {valid:?}"
        );
    }
    assert_eq!(
        skipped
            .as_ref()
            .map(|_| ())
            .map_err(|e| (e.kind().clone(), e.offset())),
        valid
            .as_ref()
            .map(|_| ())
            .map_err(|e| (e.kind().clone(), e.offset())),
        "IgnoredAny and validate disagree"
    );

    let theirs = serde_json::from_slice::<serde_json::Value>(data);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "values differ");
            let text = jetjson::serde::to_vec(a).expect("a serde_json::Value always encodes");
            let want = serde_json::to_vec(b).expect("serde_json encodes its own Value");
            assert_eq!(without_exponent_plus(&text), without_exponent_plus(&want));
            let back: serde_json::Value =
                jetjson::serde::from_slice(&text).expect("the bridge reads its own output");
            assert_eq!(&back, a);
        }
        (Err(_), Err(_)) => {}
        _ => assert!(
            allowed_difference(data, ours.as_ref().err(), theirs.as_ref().err()),
            "bridge {ours:?} vs serde_json {theirs:?}"
        ),
    }

    typed::<Doc<'_>>(data);
    typed::<Vec<Item<'_>>>(data);
}

/// One serde type through the bridge and serde_json.
fn typed<'de, T>(data: &'de [u8])
where
    T: serde::Deserialize<'de> + serde::Serialize + PartialEq + std::fmt::Debug,
{
    let ours = jetjson::serde::from_slice::<T>(data);
    let theirs = serde_json::from_slice::<T>(data);
    if let Err(e) = &ours {
        check_error(e, data);
    }
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "{}", std::any::type_name::<T>());
            let text = jetjson::serde::to_vec(a).expect("encodes");
            let want = serde_json::to_vec(b).expect("encodes");
            assert_eq!(without_exponent_plus(&text), without_exponent_plus(&want));
        }
        (Err(_), Err(_)) => {}
        _ => assert!(
            allowed_difference(data, ours.as_ref().err(), theirs.as_ref().err()),
            "{}: bridge {ours:?} vs serde_json {theirs:?}",
            std::any::type_name::<T>()
        ),
    }
}

/// JSON text without the `+` of positive float exponents (outside strings).
fn without_exponent_plus(json: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for &b in json {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
        } else if b == b'"' {
            in_string = true;
        } else if b == b'+' && out.last() == Some(&b'e') {
            continue;
        }
        out.push(b);
    }
    out
}
