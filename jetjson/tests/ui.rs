//! Rejected shapes and attributes: each `tests/ui/*.rs` must fail to compile
//! with exactly the errors in its `.stderr`. Regenerate with
//! `TRYBUILD=overwrite cargo test -p jetjson --test ui` and review the diff.

#![cfg(feature = "derive")]

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}

/// A type that needs the serde bridge, built without jetjson's `serde`
/// feature: the derive's error says to enable it.
#[cfg(not(feature = "serde"))]
#[test]
fn ui_without_the_serde_feature() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui_no_serde/*.rs");
}
