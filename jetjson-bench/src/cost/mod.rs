//! Build cost: how long a crate of N ordinary data types takes to compile
//! with serde's derive + serde_json against jetjson's derive (issue 13).
//!
//! [`run`] writes a scratch workspace (one library crate per flavour and
//! type count, see [`types`]), builds every dependency once through a
//! warm-up crate, then rebuilds each measured crate alone (its `lib.rs`
//! touched, `CARGO_INCREMENTAL=0`) and times the cargo command. [`render`]
//! turns the result into markdown tables. The binary is `build-cost`:
//!
//! ```text
//! cargo run -p jetjson-bench --bin build-cost -- --types 10,100 --profiles debug,release
//! ```
//!
//! ```no_run
//! use jetjson_bench::cost::{self, Config};
//! let report = cost::run(&Config { counts: vec![10], ..Config::default() }).unwrap();
//! println!("{}", cost::render(&report));
//! ```
//!
//! | module | job |
//! | --- | --- |
//! | [`types`] | the seeded data types and their source in each flavour |
//! | [`crates`] | the scratch workspace on disk |
//! | [`cargo`] | the warm-up build and the timed rebuilds |

pub mod cargo;
pub mod crates;
pub mod types;

use self::cargo::{Build, Cargo, Profile};
use self::types::Flavour;
use std::fmt::Write as _;
use std::io;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The settings of one run.
#[derive(Clone, Debug)]
pub struct Config {
    /// The type counts (N) measured.
    pub counts: Vec<usize>,
    /// The builds measured.
    pub profiles: Vec<Profile>,
    /// The flavours measured ([`Flavour::Serde`] is the baseline of the ratios).
    pub flavours: Vec<Flavour>,
    /// The scratch workspace directory.
    pub out: PathBuf,
    /// Cargo's target directory [default: `out/target`].
    pub target_dir: Option<PathBuf>,
    /// The seed of the types.
    pub seed: u64,
    /// Timed rebuilds per crate; the fastest is reported.
    pub runs: usize,
    /// Pass `--offline` to cargo.
    pub offline: bool,
    /// The `jetjson` crate the jetjson flavours depend on.
    pub jetjson: PathBuf,
    /// The lockfile copied into the scratch workspace (if it has none).
    pub lockfile: Option<PathBuf>,
    /// Progress lines on stderr.
    pub verbose: bool,
}

impl Default for Config {
    fn default() -> Self {
        let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        Config {
            counts: vec![10, 100, 1000],
            profiles: Profile::ALL.to_vec(),
            flavours: Flavour::ALL.to_vec(),
            out: workspace.join("target/build-cost"),
            target_dir: None,
            seed: 13,
            runs: 1,
            offline: false,
            jetjson: workspace.join("jetjson"),
            lockfile: Some(workspace.join("Cargo.lock")),
            verbose: false,
        }
    }
}

/// One measured crate in one build.
#[derive(Clone, Debug)]
pub struct Cell {
    /// The build.
    pub profile: Profile,
    /// The number of types.
    pub n: usize,
    /// The flavour.
    pub flavour: Flavour,
    /// The fastest of the timed rebuilds.
    pub build: Build,
}

/// What the jetjson derive produces for the N types, without building.
#[derive(Clone, Debug)]
pub struct DeriveCost {
    /// The number of types.
    pub n: usize,
    /// Mean tokens per type of `#[derive(Json)]` (`ToJson`, `FromJson`).
    pub tokens: f64,
    /// Mean tokens per type of `#[derive(Json, ToValue, FromValue)]`.
    pub tokens_with_value: f64,
    /// Mean time per type to parse and expand it with `jetjson_codegen`
    /// in this process (the fastest of several passes).
    pub expand: Duration,
}

/// The result of [`run`].
#[derive(Clone, Debug)]
pub struct Report {
    /// The settings.
    pub config: Config,
    /// Every timed build.
    pub cells: Vec<Cell>,
    /// The derive's output and time per N.
    pub derive: Vec<DeriveCost>,
    /// Date, CPU, core count and rustc version.
    pub machine: String,
}

/// Writes the scratch workspace and measures every (profile, N, flavour).
pub fn run(config: &Config) -> io::Result<Report> {
    let ws = crates::write(
        &config.out,
        &config.counts,
        &config.flavours,
        config.seed,
        &config.jetjson,
        config.lockfile.as_deref(),
    )?;
    let derive = config
        .counts
        .iter()
        .map(|&n| derive_cost(n, config.seed))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    let target = config
        .target_dir
        .clone()
        .unwrap_or_else(|| ws.root.join("target"));
    let cargo = Cargo::new(&ws.root, &target, config.offline);
    let mut cells = Vec::new();
    for &profile in &config.profiles {
        if config.verbose {
            eprintln!("build-cost: {}: building the dependencies", profile.name());
        }
        let mut warmups: Vec<&str> = config
            .flavours
            .iter()
            .map(|&f| crates::warmup_name(f))
            .collect();
        warmups.sort_unstable();
        warmups.dedup();
        // One cargo command each: built together, their features would unify.
        for warmup in warmups {
            cargo.build(profile, &[warmup])?;
        }
        for (flavour, n, name) in &ws.crates {
            let mut best: Option<Build> = None;
            for _ in 0..config.runs.max(1) {
                let build = cargo.rebuild(profile, name)?;
                if config.verbose {
                    eprintln!(
                        "build-cost: {} {name}: {:.2} s wall, {} CPU",
                        profile.name(),
                        build.time.as_secs_f64(),
                        build
                            .cpu
                            .map_or("?".into(), |c| format!("{:.2} s", c.as_secs_f64()))
                    );
                }
                // The fastest by CPU time where it is known (steadier on a
                // shared machine), else by wall time.
                let key = |b: &Build| b.cpu.unwrap_or(b.time);
                if !matches!(&best, Some(b) if key(b) <= key(&build)) {
                    best = Some(build);
                }
            }
            if let Some(build) = best {
                cells.push(Cell {
                    profile,
                    n: *n,
                    flavour: *flavour,
                    build,
                });
            }
        }
    }
    Ok(Report {
        config: config.clone(),
        cells,
        derive,
        machine: machine(),
    })
}

/// Tokens and expansion time of the jetjson derive on the `n` types.
pub fn derive_cost(n: usize, seed: u64) -> Result<DeriveCost, String> {
    let defs = types::generate(n, seed);
    let (mut tokens, mut tokens_with_value) = (0, 0);
    for def in &defs {
        tokens += types::count_tokens(&types::expand(&defs, def, false)?);
        tokens_with_value += types::count_tokens(&types::expand(&defs, def, true)?);
    }
    // What the proc macro does per type: parse the item, expand it, and turn
    // the tokens into text (as the compiler's bridge serializes them).
    let sources: Vec<String> = defs.iter().map(|d| types::derive_input(&defs, d)).collect();
    let passes = if n >= 1000 { 2 } else { 5 };
    let mut best = Duration::MAX;
    for _ in 0..passes {
        let start = Instant::now();
        for source in &sources {
            let input: syn::DeriveInput = syn::parse_str(source).map_err(|e| e.to_string())?;
            let options = jetjson_codegen::Options {
                value: false,
                ..jetjson_codegen::Options::default()
            };
            let out = jetjson_codegen::expand(&input, &options).map_err(|e| e.to_string())?;
            std::hint::black_box(out.to_string());
        }
        best = best.min(start.elapsed());
    }
    let n_f = n.max(1) as f64;
    Ok(DeriveCost {
        n,
        tokens: tokens as f64 / n_f,
        tokens_with_value: tokens_with_value as f64 / n_f,
        expand: best / n.max(1) as u32,
    })
}

/// The report as markdown: the build table, then the derive table.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Build cost, {}.\n", report.machine);
    let flavours = &report.config.flavours;
    let has = |f| flavours.contains(&f);
    out.push_str("| build | N |");
    for &f in flavours {
        let _ = write!(out, " {} s |", heading(f));
        if f != Flavour::Serde && has(Flavour::Serde) {
            out.push_str(" ratio |");
        }
    }
    for &f in flavours {
        let _ = write!(out, " {} CPU s |", short(f));
        if f != Flavour::Serde && has(Flavour::Serde) {
            out.push_str(" CPU ratio |");
        }
    }
    for &f in flavours {
        let _ = write!(out, " {} rlib |", short(f));
    }
    out.push_str("\n| --- | ---: |");
    for _ in 0..2 {
        for &f in flavours {
            out.push_str(" ---: |");
            if f != Flavour::Serde && has(Flavour::Serde) {
                out.push_str(" ---: |");
            }
        }
    }
    for _ in flavours {
        out.push_str(" ---: |");
    }
    out.push('\n');
    for &profile in &report.config.profiles {
        for &n in &report.config.counts {
            let cell = |f: Flavour| {
                report
                    .cells
                    .iter()
                    .find(|c| c.profile == profile && c.n == n && c.flavour == f)
            };
            let build = match profile {
                Profile::Debug => "debug (no incremental)",
                Profile::Release => "release",
                Profile::Check => "check",
            };
            let _ = write!(out, "| {build} | {n} |");
            let serde = cell(Flavour::Serde).map(|c| c.build.time.as_secs_f64());
            for &f in flavours {
                let secs = cell(f).map(|c| c.build.time.as_secs_f64());
                let mark = cell(f).map_or("", |c| if c.build.compiled > 1 { "†" } else { "" });
                match secs {
                    Some(s) => {
                        let _ = write!(out, " {s:.2}{mark} |");
                    }
                    None => out.push_str(" – |"),
                }
                if f != Flavour::Serde && has(Flavour::Serde) {
                    let _ = write!(out, " {} |", ratio(serde, secs));
                }
            }
            let serde_cpu = cell(Flavour::Serde)
                .and_then(|c| c.build.cpu)
                .map(|c| c.as_secs_f64());
            for &f in flavours {
                let cpu = cell(f).and_then(|c| c.build.cpu).map(|c| c.as_secs_f64());
                match cpu {
                    Some(s) => {
                        let _ = write!(out, " {s:.2} |");
                    }
                    None => out.push_str(" – |"),
                }
                if f != Flavour::Serde && has(Flavour::Serde) {
                    let _ = write!(out, " {} |", ratio(serde_cpu, cpu));
                }
            }
            for &f in flavours {
                match cell(f).and_then(|c| c.build.rlib) {
                    Some(bytes) => {
                        let _ = write!(out, " {} |", size(bytes));
                    }
                    None => out.push_str(" – |"),
                }
            }
            out.push('\n');
        }
    }
    if report.cells.iter().any(|c| c.build.compiled > 1) {
        out.push_str("\n† cargo compiled more than the crate itself in that build.\n");
    }
    out.push_str(
        "\nTimes: wall time, then CPU time (user + system of cargo and the rustc it runs), of \
         `cargo <build> -p <crate>` after touching its `lib.rs`, dependencies already built, \
         `CARGO_INCREMENTAL=0`, cargo's default profiles; with `--runs` above 1, the run with \
         the least CPU time.\n",
    );
    if has(Flavour::Jetjson)
        && has(Flavour::Expanded)
        && report.config.profiles.contains(&Profile::Check)
    {
        out.push_str(
            "The derive's own time in the compiler is about check(`derive(Json)`) − check(pre-expanded) \
             (the pre-expanded crate parses the same impls as source instead).\n",
        );
    }
    out.push_str("\n| N | tokens per type, `derive(Json)` | with `ToValue, FromValue` | expand per type (in-process) |\n");
    out.push_str("| ---: | ---: | ---: | ---: |\n");
    for d in &report.derive {
        let _ = writeln!(
            out,
            "| {} | {:.0} | {:.0} | {:.0} µs |",
            d.n,
            d.tokens,
            d.tokens_with_value,
            d.expand.as_secs_f64() * 1e6
        );
    }
    let _ = writeln!(
        out,
        "\nExpand: `syn` parse + `jetjson_codegen::expand` + token text, per type, in this {} build \
         of `build-cost` (cargo builds proc macros unoptimized in both profiles).",
        if cfg!(debug_assertions) { "debug" } else { "release" }
    );
    out
}

fn heading(f: Flavour) -> &'static str {
    match f {
        Flavour::Serde => "serde + serde_json",
        Flavour::Jetjson => "`derive(jetjson::Json)`",
        Flavour::Expanded => "jetjson pre-expanded",
        Flavour::Value => "`derive(jetjson::Json, ToValue, FromValue)`",
    }
}

fn short(f: Flavour) -> &'static str {
    match f {
        Flavour::Serde => "serde",
        Flavour::Jetjson => "jetjson",
        Flavour::Expanded => "pre-expanded",
        Flavour::Value => "jetjson+Value",
    }
}

fn ratio(serde: Option<f64>, other: Option<f64>) -> String {
    match (serde, other) {
        (Some(s), Some(o)) if s > 0.0 && o > 0.0 => {
            if o >= s {
                format!("{:.2}× slower", o / s)
            } else {
                format!("{:.2}× faster", s / o)
            }
        }
        _ => "–".into(),
    }
}

fn size(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{:.1} MB", bytes as f64 / (1u64 << 20) as f64)
    } else {
        format!("{:.0} kB", bytes as f64 / 1024.0)
    }
}

/// "2026-05-01, AMD EPYC (2 threads), rustc 1.95.0 (...)".
fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let rustc = std::process::Command::new("rustc")
        .arg("-V")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    format!("{}, {cpu} ({threads} threads), {rustc}", today())
}

/// Today's UTC date, `YYYY-MM-DD` (civil-from-days, no date crate).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_say_which_way() {
        assert_eq!(ratio(Some(2.0), Some(4.0)), "2.00× slower");
        assert_eq!(ratio(Some(4.0), Some(2.0)), "2.00× faster");
        assert_eq!(ratio(None, Some(2.0)), "–");
    }

    #[test]
    fn date_is_well_formed() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"), "{d}");
    }

    #[test]
    fn derive_cost_counts_more_tokens_with_value() {
        let d = derive_cost(5, 1).unwrap();
        assert!(d.tokens > 0.0 && d.tokens < d.tokens_with_value);
    }
}
