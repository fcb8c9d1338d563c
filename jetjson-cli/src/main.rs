//! `jetjson`: `gen`, `check`, `fmt`, `get`, `msgpack`. See `jetjson --help`.

use std::process::ExitCode;

use clap::Parser;
use jetjson_cli::cli::Cli;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // Help and version go to standard output with status 0; usage
            // errors to standard error with status 2.
            let _ = err.print();
            return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
        }
    };
    ExitCode::from(jetjson_cli::run(cli).code())
}
