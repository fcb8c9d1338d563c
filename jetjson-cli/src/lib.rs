//! The `jetjson` command, as a library so that its parts can be tested on
//! their own. The binary (`src/main.rs`) parses the command line and calls
//! [`run`].
//!
//! - [`gen`]: `jetjson gen`, easyjson's source generator for Rust: finds the
//!   types marked `// jetjson:json`, expands them with `jetjson-codegen` (the
//!   derive's generator) and writes `<stem>_json.rs`.
//! - [`check`]: `jetjson check`, whole documents or one per line.
//! - [`fmt`]: `jetjson fmt`, pretty or minified, only whitespace changes.
//! - [`get`]: `jetjson get`, values at JSON Pointers (`jetjson::get_many`).
//! - [`msgpack`]: `jetjson msgpack encode|decode`, JSON to MessagePack and back.
//! - [`validator`]: the streaming validator both use, constant memory,
//!   agreeing with `jetjson::validate` on every error.
//! - [`formatter`]: streaming re-indentation.
//! - [`cli`]: flags and help text; [`input`], [`progress`]: reading.

#![deny(missing_docs)]
#![warn(clippy::unwrap_used, clippy::expect_used)]

pub mod check;
pub mod cli;
pub mod fmt;
pub mod formatter;
pub mod gen;
pub mod get;
pub mod input;
pub mod msgpack;
pub mod progress;
pub mod validator;

use std::io::{self, Write};

/// How a command ended; the process exits with its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Everything was valid and done.
    Ok = 0,
    /// An input was invalid (a message for each problem was printed).
    Invalid = 1,
    /// A usage or I/O error.
    Error = 2,
}

impl Status {
    /// The process exit code.
    pub fn code(self) -> u8 {
        self as u8
    }
}

/// Runs a parsed command line.
pub fn run(cli: cli::Cli) -> Status {
    match cli.command {
        cli::Command::Gen(args) => gen::run(&args),
        cli::Command::Check(args) => check::run(&args),
        cli::Command::Fmt(args) => fmt::run(&args),
        cli::Command::Get(args) => get::run(&args),
        cli::Command::Msgpack(cli::MsgpackCommand::Encode(args)) => msgpack::encode(&args),
        cli::Command::Msgpack(cli::MsgpackCommand::Decode(args)) => msgpack::decode(&args),
    }
}

/// Writes `bytes` to standard output and flushes it.
pub fn write_stdout(bytes: &[u8]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()
}

/// Prints one line to standard error, ignoring failure (there is nowhere
/// left to report it).
pub fn report(line: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(line.as_bytes());
    let _ = err.write_all(b"\n");
}
