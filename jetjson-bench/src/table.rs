//! The tables: built once from a [`Report`], rendered aligned for the
//! terminal or as Markdown for `report.md`.

use crate::peers::{Format, Op, BASELINE};
use crate::report::{Cell, Report, Status};
use std::fmt::Write;

/// One block of output.
pub enum Block {
    /// A table with a title and notes.
    Table(Table),
    /// Preformatted lines (the json-benchmark view), with a title.
    Pre {
        /// The title.
        title: String,
        /// The lines.
        text: String,
    },
    /// A paragraph of text.
    Text(String),
}

/// An aligned table: the first `left` columns are left-aligned, the rest right-aligned.
pub struct Table {
    /// The title.
    pub title: String,
    /// Column titles.
    pub head: Vec<String>,
    /// Rows; an empty row separates groups.
    pub rows: Vec<Vec<String>>,
    /// How many leading columns are text.
    pub left: usize,
    /// The last column is text too.
    pub last_left: bool,
    /// What the figures mean.
    pub notes: Vec<String>,
}

// MARK: - Rendering

/// Renders for the terminal.
pub fn render_text(blocks: &[Block]) -> String {
    let mut out = String::new();
    for block in blocks {
        match block {
            Block::Text(t) => {
                let _ = writeln!(out, "{t}\n");
            }
            Block::Pre { title, text } => {
                let _ = writeln!(out, "{title}\n{}\n\n{text}", underline(title));
            }
            Block::Table(t) => {
                let _ = writeln!(out, "{}\n{}\n", t.title, underline(&t.title));
                let widths = widths(t);
                let line = |cells: &[String]| {
                    let mut s = String::new();
                    for (i, (c, w)) in cells.iter().zip(&widths).enumerate() {
                        let pad = w.saturating_sub(c.chars().count());
                        if i > 0 {
                            s.push_str("  ");
                        }
                        if i < t.left || (t.last_left && i + 1 == widths.len()) {
                            s.push_str(c);
                            s.push_str(&" ".repeat(pad));
                        } else {
                            s.push_str(&" ".repeat(pad));
                            s.push_str(c);
                        }
                    }
                    s.trim_end().to_string()
                };
                let _ = writeln!(out, "{}", line(&t.head));
                let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
                let _ = writeln!(out, "{}", line(&rule));
                for row in &t.rows {
                    if row.is_empty() {
                        out.push('\n');
                    } else {
                        let _ = writeln!(out, "{}", line(row));
                    }
                }
                for n in &t.notes {
                    let _ = writeln!(out, "  {n}");
                }
                out.push('\n');
            }
        }
    }
    out
}

/// Renders as Markdown.
pub fn render_markdown(blocks: &[Block]) -> String {
    let mut out = String::new();
    for block in blocks {
        match block {
            Block::Text(t) => {
                let _ = writeln!(out, "{t}\n");
            }
            Block::Pre { title, text } => {
                let _ = writeln!(out, "## {title}\n\n```text\n{text}```\n");
            }
            Block::Table(t) => {
                let _ = writeln!(out, "## {}\n", t.title);
                let _ = writeln!(out, "| {} |", t.head.join(" | "));
                let n = t.head.len();
                let align: Vec<&str> = (0..n)
                    .map(|i| {
                        if i < t.left || (t.last_left && i + 1 == n) {
                            "---"
                        } else {
                            "---:"
                        }
                    })
                    .collect();
                let _ = writeln!(out, "| {} |", align.join(" | "));
                for row in t.rows.iter().filter(|r| !r.is_empty()) {
                    let _ = writeln!(out, "| {} |", row.join(" | "));
                }
                out.push('\n');
                for n in &t.notes {
                    let _ = writeln!(out, "- {n}");
                }
                out.push('\n');
            }
        }
    }
    out
}

fn underline(title: &str) -> String {
    "=".repeat(title.chars().count())
}

fn widths(t: &Table) -> Vec<usize> {
    let mut w: Vec<usize> = t.head.iter().map(|h| h.chars().count()).collect();
    for row in &t.rows {
        for (i, c) in row.iter().enumerate() {
            if i < w.len() {
                w[i] = w[i].max(c.chars().count());
            }
        }
    }
    w
}

// MARK: - Figures

fn problem(c: &Cell) -> Option<String> {
    match c.status {
        Status::Ok => None,
        Status::NotApplicable => Some("n/a".into()),
        Status::Mismatch => Some("MISMATCH".into()),
        Status::Error => Some("ERROR".into()),
    }
}

/// A cell's figure with `f`, or what stands in its place.
fn figure(c: Option<&Cell>, f: impl Fn(&Cell) -> Option<String>) -> String {
    match c {
        None => "-".into(),
        Some(c) => problem(c).or_else(|| f(c)).unwrap_or_else(|| "?".into()),
    }
}

/// MB/s with a sensible number of digits.
pub fn mbps(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// An integer with thousands separators.
pub fn thousands(x: f64) -> String {
    let n = x.round() as u64;
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A duration in ns, µs or ms.
pub fn duration(ns: f64) -> String {
    if ns < 1_000.0 {
        format!("{ns:.0} ns")
    } else if ns < 1_000_000.0 {
        format!("{:.1} µs", ns / 1e3)
    } else {
        format!("{:.2} ms", ns / 1e6)
    }
}

/// A byte count in B, KB or MB (powers of 10).
pub fn bytes(b: f64) -> String {
    if b < 1_000.0 {
        format!("{b:.0} B")
    } else if b < 1_000_000.0 {
        format!("{:.1} KB", b / 1e3)
    } else {
        format!("{:.2} MB", b / 1e6)
    }
}

fn ratio(x: Option<f64>) -> String {
    x.map_or_else(|| "".into(), |x| format!("×{x:.2}"))
}

fn mbps_ratio(c: &Cell) -> Option<String> {
    c.mb_per_s
        .map(|m| format!("{} {}", mbps(m), ratio(c.vs_baseline)))
}

// MARK: - The tables

/// A payload's name in tables, marked when its data was generated.
fn label(p: &crate::report::PayloadInfo) -> String {
    if p.source == "generated" {
        format!("{} (generated)", p.name)
    } else {
        p.name.clone()
    }
}

/// Every block of the report, in order.
pub fn blocks(report: &Report) -> Vec<Block> {
    let mut out = vec![Block::Text(summary(report)), payload_table(report)];
    out.push(json_benchmark_view(report));
    out.push(six_ops(report));
    if report.payloads_run().iter().any(|p| p.small) {
        out.push(small_ns(report));
    }
    out.push(formats(report));
    out.push(allocations(report));
    out.push(all_cores(report));
    if let Some(p) = problems(report) {
        out.push(p);
    }
    out
}

fn summary(r: &Report) -> String {
    let s = &r.settings;
    let systems: Vec<String> = r
        .systems_run()
        .iter()
        .map(|s| {
            if s.name == s.crate_name {
                format!("{} {}", s.name, s.version)
            } else {
                format!("{} ({} {})", s.name, s.crate_name, s.version)
            }
        })
        .collect();
    let load = r
        .machine
        .load_average
        .map_or_else(String::new, |l| format!(", load average {l:.2} at start"));
    format!(
        "{} — {} rounds after {} warm-up, {:.1} ms per cell per round, figure = median round; \
         {} thread(s) for all-cores; {} {} ({} cores{load}, {} build{}); the run took {:.0} s.\nSystems: {}.",
        r.tool,
        s.rounds,
        s.warmup_rounds,
        s.slice_ms,
        s.threads,
        r.machine.os,
        r.machine.arch,
        r.machine.cores,
        r.machine.profile,
        if r.machine.target_features.is_empty() {
            String::new()
        } else {
            format!(", target features: {}", r.machine.target_features.join(" "))
        },
        r.elapsed_s,
        systems.join(", ")
    )
}

fn payload_table(r: &Report) -> Block {
    let rows = r
        .payloads
        .iter()
        .map(|p| {
            let origin = match (&p.path, &p.generated_size) {
                (Some(path), _) => path.clone(),
                (None, Some(size)) => format!("generated ({size:?}, fixed seed)").to_lowercase(),
                (None, None) => "-".into(),
            };
            vec![
                p.name.clone(),
                p.source.clone(),
                thousands(p.bytes as f64),
                thousands(p.compact_bytes as f64),
                p.error.clone().unwrap_or(origin),
            ]
        })
        .collect();
    Block::Table(Table {
        title: "Payloads".into(),
        head: vec![
            "payload".into(),
            "source".into(),
            "bytes".into(),
            "compact bytes".into(),
            "from".into(),
        ],
        rows,
        left: 2,
        last_left: true,
        notes: vec![
            "compact bytes: serde_json's T→JSON output, the byte count of the writing columns."
                .into(),
            "generated: the shared file was absent (or --generate was given); the data has the file's shape, from a fixed seed.".into(),
        ],
    })
}

fn json_systems(r: &Report) -> Vec<String> {
    r.systems_run()
        .iter()
        .filter(|s| s.format == Format::Json)
        .map(|s| s.name.clone())
        .collect()
}

fn json_benchmark_view(r: &Report) -> Block {
    let payloads = r.payloads_run();
    let w = payloads
        .iter()
        .map(|p| label(p).chars().count() + 2)
        .fold(20, usize::max);
    let mut text = String::new();
    let _ = writeln!(text, "{:>a$}{:>24}", "DOM", "STRUCT", a = w + 16);
    for system in json_systems(r) {
        let _ = writeln!(
            text,
            "{:=^b$} parse|stringify ===== parse|stringify ====",
            format!(" {system} "),
            b = w + 6
        );
        for p in &payloads {
            let cell = |op| {
                figure(r.cell(&p.name, &system, op, 1), |c| {
                    c.mb_per_s.map(|m| format!("{} MB/s", mbps(m)))
                })
            };
            let _ = writeln!(
                text,
                "{:<w$}{:>12}{:>12}{:>13}{:>12}",
                label(p),
                cell(Op::JsonToValue),
                cell(Op::ValueToJson),
                cell(Op::Decode),
                cell(Op::Encode)
            );
        }
    }
    Block::Pre {
        title: "json-benchmark view: MB/s, one thread".into(),
        text,
    }
}

/// Rows of `payload, system, cells...`, a blank row between payloads. A
/// system is left out of a payload's rows when it has no cell there, or when
/// all its cells among `ops` are n/a (the notes say why).
fn by_payload_and_system(
    r: &Report,
    payloads: &[&crate::report::PayloadInfo],
    systems: &[String],
    ops: &[Op],
    cell: impl Fn(&str, &str) -> Vec<String>,
) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for (i, p) in payloads.iter().enumerate() {
        if i > 0 {
            rows.push(Vec::new());
        }
        let mut first = true;
        for s in systems {
            let shown = r.cells.iter().any(|c| {
                c.payload == p.name
                    && &c.system == s
                    && ops.contains(&c.op)
                    && c.status != Status::NotApplicable
            });
            if !shown {
                continue;
            }
            let mut row = vec![if first { label(p) } else { String::new() }, s.clone()];
            first = false;
            row.extend(cell(&p.name, s));
            rows.push(row);
        }
    }
    rows
}

fn op_heads() -> Vec<String> {
    Op::ALL.iter().map(|o| o.label().to_string()).collect()
}

fn six_ops(r: &Report) -> Block {
    let systems = json_systems(r);
    let rows = by_payload_and_system(r, &r.payloads_run(), &systems, &Op::ALL, |p, s| {
        Op::ALL
            .iter()
            .map(|&op| figure(r.cell(p, s, op, 1), mbps_ratio))
            .collect()
    });
    let mut head = vec!["payload".into(), "system".into()];
    head.extend(op_heads());
    Block::Table(Table {
        title: "The six operations (C++ article's table), one thread: MB/s ×serde_json".into(),
        head,
        rows,
        left: 2,
        last_left: false,
        notes: vec![
            "MB/s of JSON text (MB = 10^6 bytes): the input for JSON→Value, Value→T, JSON→T and T→Value; serde_json's output for Value→JSON and T→JSON (so every system is divided by the same count).".into(),
            format!("×: {BASELINE}'s median time over this system's (above 1 is faster). T→JSON reused: into one Vec cleared between runs; T→JSON: a fresh Vec each run."),
            "simd-json parses in place: each parse copies the input into a reused buffer, inside the timing. simd-json-borrowed: the BorrowedValue DOM; its typed operations are simd-json's (n/a here).".into(),
            "jetjson-borrowed: the ValueRef DOM, whose unescaped strings point into the input (read as it is, no copy); its typed operations are jetjson's (n/a here).".into(),
        ],
    })
}

fn small_ns(r: &Report) -> Block {
    let systems = json_systems(r);
    let small: Vec<_> = r.payloads_run().into_iter().filter(|p| p.small).collect();
    let rows = by_payload_and_system(r, &small, &systems, &Op::ALL, |p, s| {
        Op::ALL
            .iter()
            .map(|&op| figure(r.cell(p, s, op, 1), |c| c.ns_per_op.map(thousands)))
            .collect()
    });
    let mut head = vec!["payload".into(), "system".into()];
    head.extend(op_heads());
    Block::Table(Table {
        title: "Small payloads, one thread: ns/op".into(),
        head,
        rows,
        left: 2,
        last_left: false,
        notes: vec!["Median nanoseconds per operation (the Go articles' ns/op).".into()],
    })
}

fn formats(r: &Report) -> Block {
    let systems: Vec<String> = r.systems_run().iter().map(|s| s.name.clone()).collect();
    let format_of = |s: &str| {
        r.systems
            .iter()
            .find(|x| x.name == s)
            .map_or("", |x| x.format.label())
    };
    let typed = [Op::Decode, Op::Encode, Op::EncodeReuse];
    let rows = by_payload_and_system(r, &r.payloads_run(), &systems, &typed, |p, s| {
        let dec = r.cell(p, s, Op::Decode, 1);
        let enc = r.cell(p, s, Op::Encode, 1);
        let reuse = r.cell(p, s, Op::EncodeReuse, 1);
        let fresh_over_reused = enc
            .and_then(|e| e.ns_per_op)
            .zip(reuse.and_then(|c| c.ns_per_op))
            .map(|(f, r)| f / r);
        vec![
            format_of(s).to_string(),
            figure(enc, |c| c.encoded_size.map(|n| thousands(n as f64))),
            figure(dec, |c| c.mb_per_s.map(mbps)),
            figure(dec, |c| c.ns_per_op.map(duration)),
            figure(dec, |c| Some(ratio(c.vs_baseline))),
            figure(enc, |c| c.mb_per_s.map(mbps)),
            figure(enc, |c| c.ns_per_op.map(duration)),
            figure(enc, |c| Some(ratio(c.vs_baseline))),
            figure(reuse, |c| c.ns_per_op.map(duration)),
            figure(reuse, |_| Some(ratio(fresh_over_reused))),
        ]
    });
    Block::Table(Table {
        title: "Typed encode/decode across formats (the Go articles' view), one thread".into(),
        head: [
            "payload",
            "system",
            "format",
            "size B",
            "decode MB/s",
            "decode",
            "×serde_json",
            "encode MB/s",
            "encode",
            "×serde_json",
            "encode reused",
            "×fresh",
        ]
        .map(String::from)
        .to_vec(),
        rows,
        left: 3,
        last_left: false,
        notes: vec![
            "decode = JSON→T, encode = T→JSON for JSON systems. MB/s counts the encoded bytes: JSON text for JSON systems (as above), each binary format's own encoded size for the others.".into(),
            "×serde_json: serde_json's JSON→T (or T→JSON) time over this system's decode (encode) time. ×fresh: encode into a fresh Vec over encode into a reused buffer.".into(),
            "prost times its own message type (converted from T once, outside the timing); it has mirrors for the four seed payloads only. bincode cannot read back fields left out by skip_serializing_if, so it sits out twitter. simd-json-borrowed's typed operations are simd-json's. A system without a figure for a payload is left out of its rows.".into(),
        ],
    })
}

fn allocations(r: &Report) -> Block {
    let systems: Vec<String> = r.systems_run().iter().map(|s| s.name.clone()).collect();
    let rows = by_payload_and_system(r, &r.payloads_run(), &systems, &Op::ALL, |p, s| {
        Op::ALL
            .iter()
            .map(|&op| {
                figure(r.cell(p, s, op, 1), |c| {
                    c.allocs_per_op
                        .zip(c.bytes_allocated_per_op)
                        .map(|(n, b)| format!("{} / {}", thousands(n), bytes(b)))
                })
            })
            .collect()
    });
    let mut head = vec!["payload".into(), "system".into()];
    head.extend(Op::ALL.iter().map(|o| match o {
        Op::Decode => "JSON→T / decode".to_string(),
        Op::Encode => "T→JSON / encode".to_string(),
        Op::EncodeReuse => "reused".to_string(),
        o => o.label().to_string(),
    }));
    Block::Table(Table {
        title: "Allocations per operation: count / bytes".into(),
        head,
        rows,
        left: 2,
        last_left: false,
        notes: vec![
            "From a counting global allocator over a few runs after a warm-up run; a realloc counts as one allocation of its new size (Go's allocs/op and B/op). Dropping the result is inside the run.".into(),
        ],
    })
}

fn all_cores(r: &Report) -> Block {
    let threads = r.settings.threads;
    let systems: Vec<String> = r.systems_run().iter().map(|s| s.name.clone()).collect();
    let rows = if threads > 1 {
        by_payload_and_system(r, &r.payloads_run(), &systems, &Op::PARALLEL, |p, s| {
            let mut row = Vec::new();
            for op in Op::PARALLEL {
                let all = r.cell(p, s, op, threads);
                let one = r.cell(p, s, op, 1).and_then(|c| c.ns_per_op);
                row.push(figure(all, |c| c.mb_per_s.map(mbps)));
                row.push(figure(all, |c| {
                    Some(ratio(c.ns_per_op.zip(one).map(|(a, o)| o / a)))
                }));
                row.push(figure(all, |c| Some(ratio(c.vs_baseline))));
            }
            row
        })
    } else {
        Vec::new()
    };
    Block::Table(Table {
        title: format!("All cores at once ({threads} threads): aggregate MB/s"),
        head: [
            "payload",
            "system",
            "decode MB/s",
            "×1 thread",
            "×serde_json",
            "encode MB/s",
            "×1 thread",
            "×serde_json",
        ]
        .map(String::from)
        .to_vec(),
        rows,
        left: 2,
        last_left: false,
        notes: vec![if threads > 1 {
            format!("{threads} threads started together, each with its own step; MB/s summed over threads. ×1 thread: aggregate over single-thread throughput (ideal: ×{threads}). Cores are shared with whatever else runs.")
        } else {
            "One core available: nothing to run at once (use --threads N).".into()
        }],
    })
}

fn problems(r: &Report) -> Option<Block> {
    let rows: Vec<Vec<String>> = r
        .cells
        .iter()
        .filter(|c| matches!(c.status, Status::Mismatch | Status::Error))
        .map(|c| {
            vec![
                c.payload.clone(),
                c.system.clone(),
                format!(
                    "{}{}",
                    c.op.label(),
                    if c.threads > 1 { " (all cores)" } else { "" }
                ),
                problem(c).unwrap_or_default(),
                c.message.clone().unwrap_or_default(),
            ]
        })
        .collect();
    (!rows.is_empty()).then(|| {
        Block::Table(Table {
            title: "Not timed: results that differ from serde_json's, or failures".into(),
            head: ["payload", "system", "operation", "status", "why"]
                .map(String::from)
                .to_vec(),
            rows,
            left: 5,
            last_left: false,
            notes: vec![],
        })
    })
}
