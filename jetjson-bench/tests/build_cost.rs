//! The build-cost generator end to end on 3 types: every flavour's crate
//! compiles (`cargo check --offline`), the warm-up builds the dependencies
//! so that each timed build compiles the crate alone, and the table has a
//! row with every flavour.
//!
//! The dependencies are checked once into `target/build-cost-test` and
//! reused by later runs (the first run takes about a minute on 2 cores).

use jetjson_bench::cost::{self, cargo::Profile, types::Flavour, Config};
use std::path::PathBuf;

#[test]
fn every_flavour_compiles_and_rebuilds_alone() {
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = std::env::temp_dir().join(format!("jetjson-build-cost-{}", std::process::id()));
    let config = Config {
        counts: vec![3],
        profiles: vec![Profile::Check],
        out: out.clone(),
        target_dir: Some(workspace.join("target/build-cost-test")),
        offline: true,
        ..Config::default()
    };
    let report = cost::run(&config);
    let _ = std::fs::remove_dir_all(&out);
    let report = report.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.cells.len(), Flavour::ALL.len());
    for cell in &report.cells {
        assert_eq!(
            cell.build.compiled, 1,
            "{:?}: cargo compiled more than the crate",
            cell.flavour
        );
    }
    let table = cost::render(&report);
    let row = table
        .lines()
        .find(|l| l.starts_with("| check | 3 |"))
        .unwrap_or_else(|| panic!("no check row in\n{table}"));
    // build, N, then per flavour its wall seconds (and a ratio to serde
    // after the first), the same in CPU seconds, then the rlib sizes, which
    // a check build has none of.
    let cells: Vec<&str> = row
        .split('|')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(cells.len(), 2 + (4 + 3) + (4 + 3) + 4, "{row}");
    for secs in [2, 3, 5, 7, 9, 10, 12, 14].map(|i| cells[i]) {
        assert!(
            secs.parse::<f64>().is_ok_and(|s| s > 0.0),
            "{secs} in {row}"
        );
    }
    for ratio in [4, 6, 8, 11, 13, 15].map(|i| cells[i]) {
        assert!(
            ratio.ends_with("slower") || ratio.ends_with("faster"),
            "{row}"
        );
    }
    assert!(cells[16..].iter().all(|c| *c == "–"), "{row}");
    let derive = &report.derive[0];
    assert!(derive.tokens_with_value > derive.tokens && derive.tokens > 0.0);
}
