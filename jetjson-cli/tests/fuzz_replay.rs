//! Replays the fuzz seed corpus through the `cli_fmt` fuzz target's own
//! logic (`fuzz/src/cli_fmt.rs`, included here as a module), so that
//! `cargo test` checks the streaming validator and formatter on every run.
//!
//! `jetjson/tests/fuzz_replay.rs` replays the other targets; it cannot run
//! this one, as jetjson's tests do not depend on jetjson-cli. Every seed of
//! every target goes through `cli_fmt` (all targets take arbitrary bytes).
//! Crash inputs left in `fuzz/artifacts/cli_fmt/` (not in git) replay with
//! `cargo test -p jetjson-cli --test fuzz_replay -- --ignored`.

#[path = "../../fuzz/src/cli_fmt.rs"]
mod cli_fmt;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

fn fuzz_dir(sub: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz")
        .join(sub)
}

/// `(path, bytes)` for every file in the directories under `dir`, sorted.
fn files_under(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let Ok(targets) = std::fs::read_dir(dir) else {
        return out;
    };
    for target in targets {
        let target = target.unwrap().path();
        let Ok(entries) = std::fs::read_dir(&target) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_file() {
                let bytes = std::fs::read(&path).unwrap();
                out.push((path, bytes));
            }
        }
    }
    out.sort();
    out
}

/// Runs every input through `cli_fmt`; one assertion lists all failures.
fn replay(inputs: Vec<(PathBuf, Vec<u8>)>) {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut failures = Vec::new();
    for (path, bytes) in &inputs {
        if let Err(payload) = catch_unwind(AssertUnwindSafe(|| cli_fmt::cli_fmt(bytes))) {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "panic".to_owned());
            failures.push(format!("{}: {message}", path.display()));
        }
    }
    std::panic::set_hook(hook);
    println!("{} inputs", inputs.len());
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_seed_passes_cli_fmt() {
    let seeds = files_under(&fuzz_dir("seeds"));
    assert!(
        seeds
            .iter()
            .any(|(path, _)| path.parent().unwrap().ends_with("cli_fmt")),
        "no seeds in fuzz/seeds/cli_fmt"
    );
    replay(seeds);
}

#[test]
fn the_reference_minifier_keeps_strings_whole() {
    assert_eq!(
        cli_fmt::minify_reference(b" { \"a b\" : [ 1 , \"\\\" \" ] } "),
        b"{\"a b\":[1,\"\\\" \"]}"
    );
}

#[test]
#[ignore = "replays local fuzz/artifacts/cli_fmt (not in git); run with --ignored"]
fn local_crash_artifacts_pass_cli_fmt() {
    let dir = fuzz_dir("artifacts");
    let inputs = files_under(&dir)
        .into_iter()
        .filter(|(path, _)| path.parent().unwrap().ends_with("cli_fmt"))
        .collect();
    replay(inputs);
}
