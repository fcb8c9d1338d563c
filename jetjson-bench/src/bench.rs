//! The run: prepare every cell (build, check, count allocations), then time
//! them round by round, interleaved, and gather the report.

use crate::alloc;
use crate::config::Config;
use crate::measure;
use crate::payload::{Loaded, Origin, PayloadSpec};
use crate::peers::{self, Format, Input, Op, Step, BASELINE};
use crate::progress::Progress;
use crate::report::{Cell, PayloadInfo, Status};
use crate::schema::Schema;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::Duration;

/// Prepares one payload's cells with its Rust type.
pub type PrepareFn = fn(&PayloadSpec, Loaded, &mut Prep<'_>) -> PayloadRun;

/// What preparation needs from the run.
pub struct Prep<'a> {
    /// The run's settings.
    pub config: &'a Config,
    /// Threads of the all-cores cells (1: none).
    pub threads: usize,
    /// Progress display.
    pub progress: &'a mut Progress,
}

/// One payload, prepared.
pub struct PayloadRun {
    /// What it is.
    pub info: PayloadInfo,
    /// Its cells, in system then operation order.
    pub cells: Vec<CellRun>,
}

/// One cell being measured: a system's operation on a payload, on one or all threads.
pub struct CellRun {
    system: &'static str,
    format: Format,
    op: Op,
    threads: usize,
    bytes: usize,
    status: Status,
    message: Option<String>,
    steps: Vec<Step>,
    batch: u64,
    samples: Vec<f64>,
    allocs: Option<(f64, f64)>,
    size: Option<usize>,
}

impl CellRun {
    fn new(system: &'static str, format: Format, op: Op, threads: usize, status: Status) -> Self {
        CellRun {
            system,
            format,
            op,
            threads,
            bytes: 0,
            status,
            message: None,
            steps: Vec::new(),
            batch: 1,
            samples: Vec::new(),
            allocs: None,
            size: None,
        }
    }

    fn timed(&self) -> bool {
        self.status == Status::Ok && !self.steps.is_empty()
    }
}

fn caught<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        let msg = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".into());
        format!("panicked: {msg}")
    })
}

/// Builds, checks and counts the allocations of every cell of one payload.
pub fn prepare<T: Schema>(spec: &PayloadSpec, loaded: Loaded, prep: &mut Prep<'_>) -> PayloadRun {
    let (source, path, size) = match &loaded.origin {
        Origin::File(p) => ("file", Some(p.display().to_string()), None),
        Origin::Generated(size) => ("generated", None, Some(*size)),
    };
    let mut info = PayloadInfo {
        name: spec.name.to_string(),
        source: source.to_string(),
        generated_size: size,
        path,
        bytes: loaded.json.len(),
        compact_bytes: 0,
        small: spec.small,
        error: None,
    };
    let input = match Input::<T>::new(spec.name, loaded.json) {
        Ok(input) => Arc::new(input),
        Err(e) => {
            info.error = Some(e);
            return PayloadRun {
                info,
                cells: Vec::new(),
            };
        }
    };
    // The byte counts MB/s is taken of, for JSON: input text for reading,
    // serde_json's output for writing (so ratios equal time ratios).
    let dom_text = serde_json::to_vec(&input.dom).map_or(0, |v| v.len());
    let value_text = serde_json::to_vec(&input.value).map_or(0, |v| v.len());
    info.compact_bytes = value_text;
    let system_names: Vec<&str> = peers::system_list().iter().map(|s| s.0).collect();

    let mut cells = Vec::new();
    for adapter in peers::systems::<T>() {
        let name = adapter.name();
        if name != BASELINE && !prep.config.keeps(name, &system_names) {
            continue;
        }
        let format = adapter.format();
        for op in Op::ALL {
            prep.progress.note(&format!(
                "checking {} · {} · {}",
                spec.name,
                op.label(),
                name
            ));
            let parallel = prep.threads > 1 && Op::PARALLEL.contains(&op);
            let mut cell = CellRun::new(name, format, op, 1, Status::Ok);
            let built = caught(|| peers::build(adapter.as_ref(), op, &input));
            match built {
                Ok(None) => cell.status = Status::NotApplicable,
                Err(e) => {
                    cell.status = Status::Error;
                    cell.message = Some(e);
                }
                Ok(Some(mut step)) => match caught(|| step.check()) {
                    Err(e) => {
                        cell.status = Status::Error;
                        cell.message = Some(e);
                    }
                    Ok(Err(e)) => {
                        cell.status = Status::Mismatch;
                        cell.message = Some(e);
                    }
                    Ok(Ok(checked)) => {
                        cell.size = checked.size;
                        cell.bytes = match (format, op) {
                            (Format::Json, Op::ValueToJson) => dom_text,
                            (Format::Json, op) if op.writes() => value_text,
                            (Format::Json, _) => input.json.len(),
                            _ => checked.size.unwrap_or(0),
                        };
                        match caught(|| count_allocs(&mut step, cell.bytes)) {
                            Ok(allocs) => {
                                cell.allocs = Some(allocs);
                                cell.steps.push(step);
                            }
                            Err(e) => {
                                cell.status = Status::Error;
                                cell.message = Some(e);
                            }
                        }
                    }
                },
            }
            if parallel {
                let mut all = CellRun::new(name, format, op, prep.threads, cell.status);
                all.message.clone_from(&cell.message);
                all.bytes = cell.bytes;
                all.size = cell.size;
                if cell.timed() {
                    let steps = caught(|| {
                        (0..prep.threads)
                            .map(|_| peers::build(adapter.as_ref(), op, &input))
                            .collect::<Option<Vec<Step>>>()
                    });
                    match steps {
                        Ok(Some(steps)) => all.steps = steps,
                        _ => {
                            all.status = Status::Error;
                            all.message = Some("could not build one step per thread".into());
                        }
                    }
                }
                cells.push(cell);
                cells.push(all);
            } else {
                cells.push(cell);
            }
        }
    }
    PayloadRun { info, cells }
}

/// Allocations and bytes per run, counted over a few runs after a warm-up run.
fn count_allocs(step: &mut Step, bytes: usize) -> (f64, f64) {
    let runs = (200_000 / bytes.max(1)).clamp(1, 50) as u64;
    step.run();
    let ((), d) = alloc::counted(|| {
        for _ in 0..runs {
            step.run();
        }
    });
    (d.allocs as f64 / runs as f64, d.bytes as f64 / runs as f64)
}

/// The timing plan of a run.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Untimed rounds first.
    pub warmup: usize,
    /// Timed rounds.
    pub rounds: usize,
    /// The time each cell runs per round.
    pub slice: Duration,
}

/// Picks the slice so that all rounds of all timed cells fit the budget.
pub fn plan(config: &Config, payloads: &[PayloadRun]) -> Plan {
    let cells: usize = payloads
        .iter()
        .map(|p| p.cells.iter().filter(|c| c.timed()).count())
        .sum();
    let warmup = 1;
    let rounds = config.rounds();
    let slices = (cells * (warmup + rounds)).max(1) as u32;
    let (lo, hi) = if config.quick {
        (Duration::from_micros(200), Duration::from_millis(50))
    } else {
        (Duration::from_millis(2), Duration::from_millis(250))
    };
    Plan {
        warmup,
        rounds,
        slice: (config.budget() / slices).clamp(lo, hi),
    }
}

/// Times every cell: round after round, and within a round, for each payload
/// and operation, every system in turn (one thread, then all threads).
pub fn run_rounds(payloads: &mut [PayloadRun], plan: Plan, progress: &mut Progress) {
    let total: usize = payloads
        .iter()
        .map(|p| p.cells.iter().filter(|c| c.timed()).count())
        .sum::<usize>()
        * (plan.warmup + plan.rounds);
    progress.start(total as u64);
    for round in 0..plan.warmup + plan.rounds {
        for payload in payloads.iter_mut() {
            for op in Op::ALL {
                for parallel in [false, true] {
                    for cell in payload.cells.iter_mut() {
                        if cell.op != op || (cell.threads > 1) != parallel || !cell.timed() {
                            continue;
                        }
                        progress.tick(&format!(
                            "round {}/{} · {} · {} · {}{}",
                            round + 1,
                            plan.warmup + plan.rounds,
                            payload.info.name,
                            op.label(),
                            cell.system,
                            if parallel { " · all cores" } else { "" }
                        ));
                        let (batch, slice) = (cell.batch, plan.slice);
                        let ns = if parallel {
                            caught(|| measure::all_threads(&mut cell.steps, batch, slice))
                                .ok()
                                .flatten()
                        } else {
                            caught(|| measure::one_thread(&mut cell.steps[0], batch, slice)).ok()
                        };
                        match ns {
                            Some(ns) => {
                                cell.batch = measure::batch_for(ns, plan.slice);
                                if round >= plan.warmup {
                                    cell.samples.push(ns);
                                }
                            }
                            None => {
                                cell.status = Status::Error;
                                cell.message = Some("panicked while timed".into());
                                cell.steps.clear();
                            }
                        }
                    }
                }
            }
        }
    }
    progress.finish();
}

/// The report's cells of every payload, with medians, MB/s and ratios to the baseline.
pub fn cells(payloads: Vec<PayloadRun>) -> Vec<Cell> {
    let mut out = Vec::new();
    for payload in payloads {
        let median_of = |system: &str, op: Op, threads: usize| {
            payload
                .cells
                .iter()
                .find(|c| c.system == system && c.op == op && c.threads == threads)
                .and_then(|c| measure::median(&c.samples))
        };
        for c in &payload.cells {
            let ns = measure::median(&c.samples).filter(|_| c.status == Status::Ok);
            let base = median_of(BASELINE, c.op, c.threads);
            out.push(Cell {
                payload: payload.info.name.clone(),
                system: c.system.to_string(),
                format: c.format,
                op: c.op,
                threads: c.threads,
                status: c.status,
                message: c.message.clone(),
                bytes: c.bytes,
                ns_per_op: ns,
                mb_per_s: ns.map(|ns| c.bytes as f64 / ns * 1000.0),
                vs_baseline: ns.zip(base).map(|(ns, base)| base / ns),
                allocs_per_op: c.allocs.map(|a| a.0),
                bytes_allocated_per_op: c.allocs.map(|a| a.1),
                encoded_size: c.size.filter(|_| matches!(c.op, Op::Encode | Op::Decode)),
                samples_ns: c.samples.clone(),
            });
        }
    }
    out
}
