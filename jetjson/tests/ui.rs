//! Rejected shapes and attributes: each `tests/ui/*.rs` must fail to compile
//! with exactly the errors in its `.stderr`. Regenerate with
//! `TRYBUILD=overwrite cargo test -p jetjson --test ui` and review the diff.

#![cfg(feature = "derive")]

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
