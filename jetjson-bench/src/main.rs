//! `cargo run --release -p jetjson-bench`: the comparison, as tables on
//! stdout and report.md/json/svg files.

use clap::{Parser, ValueEnum};
use jetjson_bench::{run, Config, DataSource, Size};
use std::path::PathBuf;
use std::time::Duration;

/// jetjson against its peers (serde_json, simd-json, sonic-rs; rmp-serde,
/// prost and bincode for the cross-format view) on the four seed payloads and
/// the three classic corpora.
///
/// Every system's output is first checked against serde_json's; the checked
/// ones are then timed in interleaved rounds (each round runs every system for
/// the same time slice) and each figure is the median round. About two minutes
/// by default, a few seconds with --quick.
#[derive(Parser, Debug)]
#[command(name = "jetjson-bench", version, about, long_about)]
struct Args {
    /// A run of seconds instead of minutes: 3 timed rounds and ~3 s of timing in all.
    #[arg(long)]
    quick: bool,

    /// Keep only payloads or systems whose name contains PATTERN (case-insensitive).
    /// Repeat the flag or separate patterns with commas. Patterns filter each axis
    /// on their own: `--filter canada,sonic` runs sonic-rs on canada. serde_json always
    /// runs, as the baseline. Payloads: agent_service, doc, val_msg, signal_timing,
    /// canada, citm_catalog, twitter. Systems: serde_json, jetjson,
    /// jetjson-borrowed, jetjson-document, simd-json, simd-json-borrowed, sonic-rs, yyjson,
    /// jetjson-msgpack, rmp-serde, prost, bincode.
    #[arg(long, value_name = "PATTERN")]
    filter: Vec<String>,

    /// The shared data directory, holding seeds/ and corpus/
    /// [default: <workspace>/../shared/data, else ./../shared/data].
    /// A file that is absent is generated, with the same shape, from a fixed seed.
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,

    /// Generate every payload instead of reading files (tiny: a few elements each).
    #[arg(long, value_name = "SIZE", conflicts_with = "data")]
    generate: Option<SizeArg>,

    /// Where report.md, report.json and report.svg are written
    /// [default: <workspace>/target/jetjson-bench].
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,

    /// Timed rounds, after one warm-up round; each figure is their median
    /// [default: 10, with --quick 3].
    #[arg(long, value_name = "N")]
    rounds: Option<usize>,

    /// Threads of the "all cores at once" table [default: available parallelism].
    #[arg(long, value_name = "N")]
    threads: Option<usize>,

    /// Seconds of timing in all, shared by every cell and round
    /// [default: 100, with --quick 3].
    #[arg(long, value_name = "SECS")]
    seconds: Option<f64>,

    /// Do not draw the progress bar (it is drawn only when stderr is a terminal).
    #[arg(long)]
    no_progress: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SizeArg {
    Tiny,
    Full,
}

fn main() {
    let args = Args::parse();
    let data = match (args.generate, args.data) {
        (Some(SizeArg::Tiny), _) => DataSource::Generated(Size::Tiny),
        (Some(SizeArg::Full), _) => DataSource::Generated(Size::Full),
        (None, Some(dir)) => DataSource::Dir(dir),
        (None, None) => DataSource::Auto,
    };
    let config = Config {
        quick: args.quick,
        filter: args.filter,
        data,
        out: args.out,
        rounds: args.rounds,
        threads: args.threads,
        budget: args
            .seconds
            .filter(|s| s.is_finite() && *s > 0.0)
            .map(Duration::from_secs_f64),
        progress: !args.no_progress,
        print: true,
    };
    let report = run(&config);
    let failed = report
        .cells
        .iter()
        .filter(|c| {
            matches!(
                c.status,
                jetjson_bench::report::Status::Mismatch | jetjson_bench::report::Status::Error
            )
        })
        .count();
    if failed > 0 {
        eprintln!(
            "jetjson-bench: {failed} cell(s) not timed (mismatch or error), see the last table"
        );
    }
}
