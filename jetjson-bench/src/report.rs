//! The result of a run: what `run` returns and `report.json` holds.

use crate::generate::Size;
use crate::peers::{Format, Op};
use serde::Serialize;

/// Everything one run measured.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// `jetjson-bench <version>`.
    pub tool: String,
    /// How the run was set up.
    pub settings: Settings,
    /// The machine it ran on.
    pub machine: Machine,
    /// The systems compared, in table order.
    pub systems: Vec<SystemInfo>,
    /// The payloads, in table order.
    pub payloads: Vec<PayloadInfo>,
    /// One entry per payload × system × operation × thread count.
    pub cells: Vec<Cell>,
    /// Wall time of the whole run, in seconds.
    pub elapsed_s: f64,
    /// The files written (report.md, report.json, report.svg).
    pub files: Vec<String>,
}

/// How the run was set up.
#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    /// `--quick`.
    pub quick: bool,
    /// Untimed rounds before the timed ones.
    pub warmup_rounds: usize,
    /// Timed rounds; each figure is the median of them.
    pub rounds: usize,
    /// Time each cell ran per round, in milliseconds.
    pub slice_ms: f64,
    /// Threads of the all-cores cells.
    pub threads: usize,
    /// `--filter` patterns.
    pub filter: Vec<String>,
    /// The shared data directory used, if any.
    pub data_dir: Option<String>,
}

/// The machine.
#[derive(Clone, Debug, Serialize)]
pub struct Machine {
    /// `std::thread::available_parallelism`.
    pub cores: usize,
    /// `std::env::consts::OS`.
    pub os: String,
    /// `std::env::consts::ARCH`.
    pub arch: String,
    /// SIMD target features compiled in (no `target-cpu=native` here).
    pub target_features: Vec<String>,
    /// `debug` or `release`.
    pub profile: String,
    /// The 1-minute load average when the run started (Linux), a hint of how
    /// shared the cores were.
    pub load_average: Option<f64>,
}

/// One system.
#[derive(Clone, Debug, Serialize)]
pub struct SystemInfo {
    /// Its name in tables.
    pub name: String,
    /// What it writes.
    pub format: Format,
    /// The crate behind it.
    pub crate_name: String,
    /// That crate's version, from Cargo.lock at build time.
    pub version: String,
}

/// One payload.
#[derive(Clone, Debug, Serialize)]
pub struct PayloadInfo {
    /// Its name in tables.
    pub name: String,
    /// `file` or `generated`.
    pub source: String,
    /// The size generated, when generated.
    pub generated_size: Option<Size>,
    /// The file read, when read.
    pub path: Option<String>,
    /// Bytes of the JSON text.
    pub bytes: usize,
    /// Bytes of serde_json's compact output for it.
    pub compact_bytes: usize,
    /// A small payload (its tables also give ns/op).
    pub small: bool,
    /// Why it could not be benchmarked, if so.
    pub error: Option<String>,
}

/// A cell's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Status {
    /// Checked equal to serde_json and timed.
    #[serde(rename = "ok")]
    Ok,
    /// The system does not offer this operation.
    #[serde(rename = "n/a")]
    NotApplicable,
    /// The system's result differs from serde_json's: not timed.
    #[serde(rename = "mismatch")]
    Mismatch,
    /// The system failed (error or panic) outside the comparison: not timed.
    #[serde(rename = "error")]
    Error,
}

/// One payload × system × operation × thread count.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    /// The payload.
    pub payload: String,
    /// The system.
    pub system: String,
    /// The system's format.
    pub format: Format,
    /// The operation.
    pub op: Op,
    /// 1, or all threads at once.
    pub threads: usize,
    /// The outcome.
    pub status: Status,
    /// Why, for a mismatch or error.
    pub message: Option<String>,
    /// Bytes per run that MB/s counts: JSON text for JSON systems (input when
    /// reading, serde_json's output when writing), the encoded size for binary ones.
    pub bytes: usize,
    /// Median nanoseconds per run (aggregate over threads for all-cores cells).
    pub ns_per_op: Option<f64>,
    /// `bytes` per median run, in MB/s (MB = 10^6 bytes).
    pub mb_per_s: Option<f64>,
    /// serde_json's median time for the same cell over this one's: above 1 is faster.
    pub vs_baseline: Option<f64>,
    /// Allocations per run.
    pub allocs_per_op: Option<f64>,
    /// Bytes allocated per run.
    pub bytes_allocated_per_op: Option<f64>,
    /// The encoded size, for encode and binary decode cells.
    pub encoded_size: Option<usize>,
    /// ns per run of each timed round.
    pub samples_ns: Vec<f64>,
}

impl Report {
    /// The cell of `payload`, `system`, `op` on `threads`, if any.
    pub fn cell(&self, payload: &str, system: &str, op: Op, threads: usize) -> Option<&Cell> {
        self.cells.iter().find(|c| {
            c.payload == payload && c.system == system && c.op == op && c.threads == threads
        })
    }

    /// The systems that have at least one cell (those the filter kept).
    pub fn systems_run(&self) -> Vec<&SystemInfo> {
        self.systems
            .iter()
            .filter(|s| self.cells.iter().any(|c| c.system == s.name))
            .collect()
    }

    /// The payloads benchmarked.
    pub fn payloads_run(&self) -> Vec<&PayloadInfo> {
        self.payloads.iter().filter(|p| p.error.is_none()).collect()
    }
}
