//! `cargo run -p jetjson-bench --bin build-cost`: compile time of
//! a crate of N generated data types, serde derive + serde_json against
//! `#[derive(jetjson::Json)]`, as a markdown table.

use clap::Parser;
use jetjson_bench::cost::{self, cargo::Profile, types::Flavour, Config};
use std::path::PathBuf;
use std::process::ExitCode;

/// Compile time of N ordinary data types (structs of 5–14 fields, a fifth
/// enums), serde derive + serde_json against `#[derive(jetjson::Json)]`.
///
/// Writes a scratch workspace (one library crate per flavour and N), builds
/// the dependencies once, then rebuilds each crate alone (lib.rs touched,
/// CARGO_INCREMENTAL=0) and times it. Prints the table on stdout and writes
/// it to OUT/build-cost.md. Flavours: serde, jetjson (the derive), expanded
/// (the derive's output as source), value (the derive with `ToValue` and
/// `FromValue` beside it).
#[derive(Parser, Debug)]
#[command(name = "build-cost", version, about, long_about)]
struct Args {
    /// Type counts, comma-separated.
    #[arg(
        long,
        value_name = "N,..",
        value_delimiter = ',',
        default_value = "10,100,1000"
    )]
    types: Vec<usize>,

    /// Builds: debug, release, check (comma-separated).
    #[arg(
        long,
        value_name = "P,..",
        value_delimiter = ',',
        default_value = "debug,release,check"
    )]
    profiles: Vec<String>,

    /// Flavours: serde, jetjson, expanded, value (comma-separated).
    #[arg(
        long,
        value_name = "F,..",
        value_delimiter = ',',
        default_value = "serde,jetjson,expanded,value"
    )]
    flavours: Vec<String>,

    /// The scratch workspace [default: <workspace>/target/build-cost].
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,

    /// The seed of the generated types.
    #[arg(long, default_value_t = 13)]
    seed: u64,

    /// Timed rebuilds per crate; the fastest is reported.
    #[arg(long, default_value_t = 1)]
    runs: usize,

    /// Pass --offline to cargo (dependencies must be in cargo's cache).
    #[arg(long)]
    offline: bool,

    /// The `jetjson` crate the jetjson flavours depend on [default: this
    /// workspace's]; point it at another checkout to compare versions.
    #[arg(long, value_name = "DIR")]
    jetjson: Option<PathBuf>,

    /// Only write the scratch workspace, build nothing.
    #[arg(long)]
    generate_only: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut config = Config {
        counts: args.types,
        seed: args.seed,
        runs: args.runs,
        offline: args.offline,
        verbose: true,
        ..Config::default()
    };
    if let Some(out) = args.out {
        config.out = out;
    }
    if let Some(jetjson) = args.jetjson {
        config.jetjson = jetjson;
    }
    let mut profiles = Vec::new();
    for p in &args.profiles {
        match Profile::parse(p) {
            Some(p) => profiles.push(p),
            None => return usage(&format!("unknown profile `{p}` (debug, release, check)")),
        }
    }
    let mut flavours = Vec::new();
    for f in &args.flavours {
        match Flavour::parse(f) {
            Some(f) => flavours.push(f),
            None => {
                return usage(&format!(
                    "unknown flavour `{f}` (serde, jetjson, expanded, value)"
                ))
            }
        }
    }
    config.profiles = profiles;
    config.flavours = flavours;
    if args.generate_only {
        return match cost::crates::write(
            &config.out,
            &config.counts,
            &config.flavours,
            config.seed,
            &config.jetjson,
            config.lockfile.as_deref(),
        ) {
            Ok(ws) => {
                println!(
                    "wrote {} crates under {}",
                    ws.crates.len(),
                    ws.root.display()
                );
                ExitCode::SUCCESS
            }
            Err(e) => usage(&e.to_string()),
        };
    }
    match cost::run(&config) {
        Ok(report) => {
            let table = cost::render(&report);
            print!("{table}");
            let path = config.out.join("build-cost.md");
            if let Err(e) = std::fs::write(&path, &table) {
                eprintln!("build-cost: cannot write {}: {e}", path.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => usage(&e.to_string()),
    }
}

fn usage(message: &str) -> ExitCode {
    eprintln!("build-cost: {message}");
    ExitCode::FAILURE
}
