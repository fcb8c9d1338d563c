//! Bugs found while fuzzing and reviewing the runtime's `unsafe` and input
//! edges, each as the smallest failing case. They are `#[ignore]`d until the
//! runtime is fixed so the suite stays green; `cargo test --test
//! regression_fuzz -- --ignored` shows them failing. When one is fixed,
//! remove its `ignore` (and, for a fuzz crash, add the input to
//! `fuzz/seeds/<target>/`).

use std::collections::BTreeMap;

/// `-0` is 0 when read as a `u32` value, but the same text as a `u32` map
/// key is "number out of range": `key_digits` accepts it (JSON's grammar)
/// and then `str::parse::<u32>("-0")` fails (impls/prim.rs, `integer_keys!`).
#[test]
fn minus_zero_unsigned_map_key_reads_as_zero() {
    assert_eq!(jetjson::from_slice::<u32>(b"-0").unwrap(), 0);
    let map: BTreeMap<u32, bool> = jetjson::from_slice(br#"{"-0":true}"#).unwrap();
    assert_eq!(map.get(&0), Some(&true));
}

/// A map key that does not convert is reported after the colon, not at the
/// key: `read_map` moves the error to the key with `with_position`, which
/// only moves errors that have no position, and `key_digits` (like the
/// other `FromJsonKey` impls) builds its error with `r.error`, at the
/// cursor (impls/map.rs `read_map`, impls/prim.rs `key_digits`).
#[test]
fn map_key_errors_point_at_the_key() {
    let err = jetjson::from_slice::<BTreeMap<u32, bool>>(br#"{"x":true}"#).unwrap_err();
    assert_eq!((err.line(), err.column()), (1, 2), "{err}");
}

// The third finding, that safe code could name `simd::Backend::Avx2` and run
// the AVX2 kernel on any CPU, is fixed by making that variant
// `#[non_exhaustive]`: tests/ui/construct_avx2_backend.rs checks that other
// crates can no longer construct it.

/// An internally tagged enum passes over every later member named like its
/// tag, whatever its value: `{"t":"Move","x":1,"y":2,"t":"Stop"}` reads as
/// `Move`, and so does `..,"t":[1,{}]`. serde_json reports "duplicate field
/// `t`", as jetjson's own adjacently tagged enums and structs do for a
/// repeated key. Found by the `derived_from_slice` fuzz target's seed
/// `duplicate-tag.json` (compared with serde_json). Cause: the derive
/// (jetjson-codegen `json/de.rs`, `object_body` with `tag`) gives the tag key
/// an arm that only skips the value. The target allows this difference
/// (`repeated_tag` in fuzz/src/derived.rs) until it is fixed.
#[cfg(feature = "derive")]
#[test]
fn internally_tagged_enum_rejects_a_repeated_tag() {
    #[derive(jetjson::Json, Debug, PartialEq)]
    #[json(tag = "t")]
    enum Event {
        Stop,
        Move { x: i64, y: i64 },
    }
    for input in [
        r#"{"t":"Move","x":1,"y":2,"t":"Stop"}"#,
        r#"{"t":"Move","x":1,"y":2,"t":[1,{}]}"#,
        r#"{"x":1,"t":"Move","y":2,"t":"Move"}"#,
    ] {
        let err = jetjson::from_str::<Event>(input).map(|v| format!("{v:?}"));
        assert!(
            err.as_ref()
                .is_err_and(|e| e.to_string().starts_with("duplicate field `t`")),
            "{input}: {err:?}"
        );
    }
}
