//! jetjson-bench: jetjson against its peers on the seed payloads and the
//! standard corpora, printed as tables and drawn as a chart.
//!
//! ```no_run
//! let report = jetjson_bench::run(&jetjson_bench::Config {
//!     quick: true,
//!     print: true,
//!     ..Default::default()
//! });
//! assert!(report.cells.iter().all(|c| c.status != jetjson_bench::report::Status::Mismatch));
//! ```
//!
//! | module | job |
//! | --- | --- |
//! | [`config`] | the settings of one run |
//! | [`schema`] | the typed Rust mirror of every payload (serde now, jetjson later) |
//! | [`proto`] | hand-written prost mirrors of the seed payloads |
//! | [`generate`] | payloads of the same shape from a fixed seed (when `../shared` is absent) |
//! | [`payload`] | the payload list, loading or generating each |
//! | [`peers`] | one adapter per system behind one trait; the system list |
//! | [`alloc`] | the counting global allocator |
//! | [`measure`] | time slices on one or all threads, medians |
//! | [`bench`] | prepare and check every cell, run the interleaved rounds |
//! | [`report`] | the result, as returned and as `report.json` |
//! | [`table`] | the tables, for the terminal and `report.md` |
//! | [`chart`] | `report.svg` |
//! | [`progress`] | the progress bar on stderr |
//! | [`cost`] | build cost: compile time of generated crates, serde against jetjson (`build-cost`) |

pub mod alloc;
pub mod bench;
pub mod chart;
pub mod config;
pub mod cost;
pub mod generate;
pub mod measure;
pub mod payload;
pub mod peers;
pub mod progress;
pub mod proto;
pub mod report;
pub mod schema;
pub mod table;

pub use config::{Config, DataSource};
pub use generate::Size;
pub use report::Report;

use std::path::{Path, PathBuf};
use std::time::Instant;

/// The workspace root: this crate's parent directory.
pub fn workspace_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    root.canonicalize().unwrap_or(root)
}

/// Runs the comparison: loads (or generates) the payloads, checks every
/// system against serde_json, times the interleaved rounds, writes
/// `report.md`, `report.json` and `report.svg` to the output directory and,
/// if asked, prints the tables.
pub fn run(config: &Config) -> Report {
    let started = Instant::now();
    let load_average = load_average();
    let mut progress = progress::Progress::new(config.progress);
    let threads = config.threads();
    let dir = payload::data_dir(&config.data);
    let names = payload::names();

    let mut runs = Vec::new();
    for spec in payload::payloads() {
        if !config.keeps(spec.name, &names) {
            continue;
        }
        let loaded = payload::load(&spec, dir.as_deref(), &config.data);
        let mut prep = bench::Prep {
            config,
            threads,
            progress: &mut progress,
        };
        runs.push((spec.prepare)(&spec, loaded, &mut prep));
    }
    let plan = bench::plan(config, &runs);
    bench::run_rounds(&mut runs, plan, &mut progress);

    let payloads = runs.iter().map(|r| r.info.clone()).collect();
    let versions = versions();
    let mut report = Report {
        tool: format!("jetjson-bench {}", env!("CARGO_PKG_VERSION")),
        settings: report::Settings {
            quick: config.quick,
            warmup_rounds: plan.warmup,
            rounds: plan.rounds,
            slice_ms: plan.slice.as_secs_f64() * 1e3,
            threads,
            filter: config.filter.clone(),
            data_dir: dir.map(|d| d.canonicalize().unwrap_or(d).display().to_string()),
        },
        machine: report::Machine {
            load_average,
            ..machine()
        },
        systems: peers::system_list()
            .into_iter()
            .map(|(name, format, crate_name)| report::SystemInfo {
                name: name.into(),
                format,
                crate_name: crate_name.into(),
                version: versions
                    .iter()
                    .find(|(n, _)| n == crate_name)
                    .map_or_else(|| "?".into(), |(_, v)| v.clone()),
            })
            .collect(),
        payloads,
        cells: bench::cells(runs),
        elapsed_s: 0.0,
        files: Vec::new(),
    };
    report.elapsed_s = started.elapsed().as_secs_f64();

    let blocks = table::blocks(&report);
    if config.print {
        print!("{}", table::render_text(&blocks));
    }
    let out = config.out_dir();
    if let Err(e) = write_files(&mut report, &blocks, &out) {
        eprintln!("jetjson-bench: cannot write to {}: {e}", out.display());
    } else if config.print {
        for f in &report.files {
            println!("wrote {f}");
        }
    }
    report
}

fn write_files(report: &mut Report, blocks: &[table::Block], out: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(out)?;
    let md = out.join("report.md");
    let json = out.join("report.json");
    let svg = out.join("report.svg");
    report.files = [&md, &json, &svg]
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let markdown = format!(
        "# jetjson-bench report\n\n![throughput chart](report.svg)\n\n{}",
        table::render_markdown(blocks)
    );
    std::fs::write(&md, markdown)?;
    std::fs::write(&svg, chart::svg(report))?;
    std::fs::write(&json, serde_json::to_vec_pretty(report)?)?;
    Ok(())
}

fn machine() -> report::Machine {
    let mut target_features = Vec::new();
    macro_rules! feature {
        ($($f:tt),*) => {$(
            if cfg!(target_feature = $f) {
                target_features.push($f.to_string());
            }
        )*};
    }
    feature!(
        "sse2",
        "sse4.2",
        "avx",
        "avx2",
        "bmi2",
        "pclmulqdq",
        "avx512f",
        "neon"
    );
    report::Machine {
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        os: std::env::consts::OS.into(),
        arch: std::env::consts::ARCH.into(),
        target_features,
        profile: if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
        .into(),
        load_average: None,
    }
}

fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Crate versions from the workspace's Cargo.lock (the one this binary was built from).
fn versions() -> Vec<(String, String)> {
    let Ok(lock) = std::fs::read_to_string(workspace_root().join("Cargo.lock")) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut name = None;
    for line in lock.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"').to_string());
        } else if let Some(v) = line.strip_prefix("version = ") {
            if let Some(n) = name.take() {
                out.push((n, v.trim_matches('"').to_string()));
            }
        }
    }
    out
}
