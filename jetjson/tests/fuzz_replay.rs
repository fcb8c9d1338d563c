//! Replays the fuzz seed corpus through the fuzz targets' own logic
//! (`fuzz/src/lib.rs`, included here as a module), so every property the
//! fuzzers check is also checked by `cargo test` on every run.
//!
//! Seeds live in `fuzz/seeds/<target>/`, one small file each; a crash input
//! found by fuzzing is minimized and added there once the bug is fixed (see
//! `fuzz/README.md`). Each seed runs through its own target and, since all
//! targets take arbitrary bytes, through every other target too.
//!
//! Crash inputs the fuzzers left in `fuzz/artifacts/<target>/` (not in git)
//! replay with `cargo test -p jetjson --test fuzz_replay -- --ignored`.

#[allow(dead_code)] // The fuzz crate's public items are not all used here.
#[path = "../../fuzz/src/lib.rs"]
mod fuzz;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

fn fuzz_dir(sub: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz")
        .join(sub)
}

fn seeds_dir() -> PathBuf {
    fuzz_dir("seeds")
}

/// `(target, file name, bytes)` for every file under `<dir>/<target>/`, sorted.
fn inputs(dir: PathBuf) -> Vec<(String, String, Vec<u8>)> {
    let mut out = Vec::new();
    for (target, _) in fuzz::TARGETS {
        let dir = dir.join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_file() {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                out.push((target.to_string(), name, std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

fn seeds() -> Vec<(String, String, Vec<u8>)> {
    inputs(seeds_dir())
}

/// Runs `f` and turns a panic into its message.
fn run(f: impl FnOnce()) -> Result<(), String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "panic".to_owned())
    })
}

#[test]
fn the_seed_corpus_is_small_and_present() {
    let seeds = seeds();
    for (target, _) in fuzz::TARGETS {
        assert!(
            seeds.iter().any(|(t, _, _)| t == target),
            "no seeds for {target} in {}",
            seeds_dir().display()
        );
    }
    let total: usize = seeds.iter().map(|(_, _, bytes)| bytes.len()).sum();
    assert!(
        total < 100 * 1024,
        "seed corpus is {total} bytes; keep it under 100 KiB"
    );
}

/// Runs every input through every target; one assertion lists all failures.
fn replay(inputs: Vec<(String, String, Vec<u8>)>) {
    let mut failures = Vec::new();
    let mut runs = 0;
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for (input_target, name, bytes) in inputs {
        for (target, f) in fuzz::TARGETS {
            runs += 1;
            if let Err(message) = run(|| f(&bytes)) {
                failures.push(format!("{target} on {input_target}/{name}: {message}"));
            }
        }
    }
    std::panic::set_hook(hook);
    println!("{runs} target runs");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_seed_passes_every_target() {
    replay(seeds());
}

#[test]
#[ignore = "replays local fuzz/artifacts (not in git); run with --ignored"]
fn local_crash_artifacts_pass_every_target() {
    replay(inputs(fuzz_dir("artifacts")));
}
