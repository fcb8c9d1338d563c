//! Shared by the integration tests: finding `../shared/data`.

#![allow(dead_code)] // Each test binary uses a different part of this module.

use std::path::PathBuf;

/// `<repo>/../shared/data/<sub>`, or `None` (after printing the skip notice)
/// when it is absent, as on a fresh clone.
pub fn shared_data(sub: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data")
        .join(sub);
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("skipped: ../shared/data not found ({})", dir.display());
        None
    }
}

/// The files of a data folder, sorted by name, with their bytes.
pub fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("readable data folder")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&p).expect("readable data file");
            (name, bytes)
        })
        .collect();
    out.sort();
    out
}
