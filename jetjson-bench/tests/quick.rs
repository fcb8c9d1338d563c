//! Runs the whole bench in-process, in quick mode on tiny generated data,
//! and checks the report's shape: every cell that should have a figure has
//! one, n/a only where a system lacks the operation, nothing mismatched, and
//! the three files written. No assertion on speed.

use jetjson_bench::peers::{Format, Op};
use jetjson_bench::report::{Cell, Status};
use jetjson_bench::{run, Config, DataSource, Size};
use std::time::Duration;

const CORPORA: [&str; 3] = ["canada", "citm_catalog", "twitter"];

/// Where a system lacks an operation, by design.
fn lacks(c: &Cell) -> bool {
    (c.format != Format::Json && c.op.is_dom())
        || (c.system == "simd-json-borrowed" && !c.op.is_dom())
        || (matches!(
            c.system.as_str(),
            "jetjson-borrowed" | "jetjson-document" | "yyjson"
        ) && !matches!(c.op, Op::JsonToValue | Op::ValueToJson))
        || (c.op == Op::Get && !matches!(c.system.as_str(), "serde_json" | "jetjson" | "sonic-rs"))
        // The serde bridge has no DOM of its own: serde types only.
        || (c.system == "jetjson-serde" && c.op.is_dom())
        || (c.system == "prost" && CORPORA.contains(&c.payload.as_str()))
        || (c.system == "bincode" && c.payload == "twitter")
}

#[test]
fn quick_run_on_tiny_data_fills_every_cell() {
    let out = std::env::temp_dir().join(format!("jetjson-bench-quick-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let config = Config {
        quick: true,
        data: DataSource::Generated(Size::Tiny),
        out: Some(out.clone()),
        rounds: Some(2),
        threads: Some(2),
        budget: Some(Duration::from_millis(300)),
        ..Config::default()
    };
    let report = run(&config);

    // Every payload, generated, and every system.
    let names: Vec<&str> = report.payloads.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "agent_service",
            "doc",
            "val_msg",
            "signal_timing",
            "canada",
            "citm_catalog",
            "twitter"
        ]
    );
    for p in &report.payloads {
        assert_eq!(p.source, "generated", "{}", p.name);
        assert!(p.error.is_none(), "{}: {:?}", p.name, p.error);
        assert!(p.bytes > 0 && p.compact_bytes > 0);
    }
    let systems = report.systems.len();
    assert!(systems >= 7, "{:?}", report.systems);
    if jetjson_bench::workspace_root().join("Cargo.lock").exists() {
        for s in &report.systems {
            assert_ne!(
                s.version, "?",
                "{}: version not found in Cargo.lock",
                s.crate_name
            );
        }
    }

    // One cell per payload × system × operation, plus the all-cores ones.
    let single = report.cells.iter().filter(|c| c.threads == 1).count();
    assert_eq!(single, 7 * systems * Op::ALL.len());
    let parallel = report.cells.iter().filter(|c| c.threads == 2).count();
    assert_eq!(parallel, 7 * systems * Op::PARALLEL.len());

    for c in &report.cells {
        let what = format!("{} {} {:?} x{}", c.payload, c.system, c.op, c.threads);
        match c.status {
            Status::Ok => {
                assert!(!lacks(c), "{what}: has a figure where n/a was expected");
                let ns = c.ns_per_op.unwrap_or(0.0);
                assert!(ns > 0.0 && ns.is_finite(), "{what}: ns/op {ns}");
                assert!(c.mb_per_s.unwrap_or(0.0) > 0.0, "{what}: MB/s");
                assert!(c.bytes > 0, "{what}: byte count");
                assert!(c.vs_baseline.unwrap_or(0.0) > 0.0, "{what}: ratio");
                assert_eq!(c.samples_ns.len(), 2, "{what}: one sample per round");
                if c.threads == 1 {
                    assert!(c.allocs_per_op.is_some(), "{what}: allocations");
                    assert!(
                        c.bytes_allocated_per_op.is_some(),
                        "{what}: bytes allocated"
                    );
                }
                if matches!(c.op, Op::Encode) || (c.op == Op::Decode && c.format != Format::Json) {
                    assert!(c.encoded_size.unwrap_or(0) > 0, "{what}: encoded size");
                }
            }
            Status::NotApplicable => {
                assert!(lacks(c), "{what}: n/a where the system has the operation");
                assert!(c.ns_per_op.is_none() && c.mb_per_s.is_none(), "{what}");
            }
            Status::Mismatch | Status::Error => panic!("{what}: {:?}: {:?}", c.status, c.message),
        }
    }

    // The tables show no problem, and a figure wherever the report has one.
    let text = jetjson_bench::table::render_text(&jetjson_bench::table::blocks(&report));
    assert!(
        !text.contains("MISMATCH") && !text.contains("ERROR"),
        "{text}"
    );
    assert!(text.contains("n/a"));
    for needle in [
        "JSON→Value",
        "T→JSON reused",
        "serde_json",
        "sonic-rs",
        "prost",
    ] {
        assert!(text.contains(needle), "tables lack {needle}");
    }

    // The files.
    assert_eq!(report.files.len(), 3, "{:?}", report.files);
    let md = std::fs::read_to_string(out.join("report.md")).expect("report.md");
    assert!(md.contains("| payload |") && md.contains("MB/s"));
    let json = std::fs::read(out.join("report.json")).expect("report.json");
    let parsed: serde_json::Value = serde_json::from_slice(&json).expect("report.json parses");
    assert_eq!(
        parsed["cells"].as_array().map(Vec::len),
        Some(report.cells.len())
    );
    assert_eq!(parsed["settings"]["rounds"], 2);
    let svg = std::fs::read_to_string(out.join("report.svg")).expect("report.svg");
    assert!(svg.starts_with("<svg"), "{}", &svg[..40.min(svg.len())]);
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<svg").count(), 1);
    assert!(svg.contains("<rect") && svg.contains("MB/s"));

    let _ = std::fs::remove_dir_all(&out);
}
