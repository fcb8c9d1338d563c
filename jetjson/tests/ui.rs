//! Rejected shapes and attributes: each `tests/ui/*.rs` must fail to compile
//! with exactly the errors in its `.stderr`. Regenerate with
//! `TRYBUILD=overwrite cargo test -p jetjson --test ui` and review the diff.

#![cfg(feature = "derive")]

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}

/// Cases built with the default features only: a type that needs the serde
/// bridge without the `serde` feature (the derive says to enable it), and
/// errors whose "the following other types implement" lists each optional
/// feature would lengthen.
#[cfg(not(any(
    feature = "serde",
    feature = "serde_json",
    feature = "chrono",
    feature = "time",
    feature = "uuid",
    feature = "url",
    feature = "rust_decimal",
    feature = "bytes",
    feature = "indexmap",
    feature = "smallvec",
    feature = "semver",
    feature = "camino",
    feature = "axum"
)))]
#[test]
fn ui_with_the_default_features() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui_default/*.rs");
}
