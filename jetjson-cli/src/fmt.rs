//! `jetjson fmt [--pretty[=N] | --minify] [--normalize] [FILE|-]`: check the
//! document, then write it re-indented. Nothing reaches standard output
//! unless the whole input is valid.

use std::fs::File;
use std::io::{self, Read, Seek, Write};

use crate::check::error_line;
use crate::cli::FmtArgs;
use crate::formatter::{Formatter, Layout};
use crate::input::{read_chunk, Input, CHUNK};
use crate::progress::Progress;
use crate::validator::Validator;
use crate::{report, Status};

/// Standard input is kept in memory up to this size, then in a temporary file.
const SPOOL_IN_MEMORY: usize = 64 * 1024 * 1024;

/// The memory `--normalize` may use: it holds the input, the DOM and the
/// output at once. Estimated from the input before parsing, so that a
/// document too large is refused rather than exhausting memory.
const NORMALIZE_MEMORY: u64 = 1536 * 1024 * 1024;

/// Bytes of memory a DOM takes per value or key, with room to spare (about
/// 65 were measured for numbers and empty containers, 90 for short strings,
/// 80 for the members of a large object), plus the input and output copies
/// of each byte of input.
const BYTES_PER_VALUE: u64 = 128;
const BYTES_PER_INPUT_BYTE: u64 = 3;

/// Without `--max-output`, the output may be this many times the input...
const MAX_GROWTH: u64 = 64;
/// ...or this long, whichever is more.
const MAX_OUTPUT_FLOOR: u64 = 256 * 1024 * 1024;

/// The longest output allowed for an input of `input_len` bytes.
pub fn output_limit(input_len: u64, max_output: Option<u64>) -> u64 {
    max_output.unwrap_or_else(|| input_len.saturating_mul(MAX_GROWTH).max(MAX_OUTPUT_FLOOR))
}

/// Runs `jetjson fmt`.
pub fn run(args: &FmtArgs) -> Status {
    let input = Input::from_arg(&args.file);
    let name = input.name();
    let layout = match (args.minify, args.pretty) {
        (true, _) => Layout::Minify,
        (false, indent) => Layout::Pretty {
            indent: usize::from(indent.unwrap_or(2)),
        },
    };
    let result = if args.normalize {
        normalize(&input, layout, args)
    } else {
        reformat(&input, layout, args)
    };
    match result {
        Ok(status) => status,
        // The reader of our output went away (`jetjson fmt big.json | head`):
        // not an error of ours.
        Err(Failure::Output(err)) if err.kind() == io::ErrorKind::BrokenPipe => Status::Ok,
        Err(Failure::Input(err) | Failure::Output(err)) => {
            report(&format!("jetjson: {name}: {err}"));
            Status::Error
        }
    }
}

/// An I/O error, on the side it happened.
enum Failure {
    Input(io::Error),
    Output(io::Error),
}

/// Validates in one pass, keeping standard input (or a pipe) aside, then
/// formats in a second pass over the file or what was kept.
fn reformat(input: &Input, layout: Layout, args: &FmtArgs) -> Result<Status, Failure> {
    let name = input.name();
    let mut opened = input.open().map_err(Failure::Input)?;
    let rereadable = opened.len.is_some();
    let mut spool = (!rereadable).then(Spool::default);
    let mut progress = Progress::new(&format!("checking {name}"), opened.len);
    let mut validator = Validator::new(args.max_depth);
    let mut buf = vec![0u8; CHUNK];
    let outcome = loop {
        let n = read_chunk(&mut *opened.reader, &mut buf).map_err(Failure::Input)?;
        if n == 0 {
            break validator.finish();
        }
        progress.advance(n);
        if let Some(spool) = &mut spool {
            spool.write(&buf[..n]).map_err(Failure::Input)?;
        }
        if let Err(err) = validator.feed(&buf[..n]) {
            break Err(err);
        }
    };
    progress.clear();
    if let Err(err) = outcome {
        report(&error_line(&name, &err));
        return Ok(Status::Invalid);
    }
    drop(opened);
    if let Some(status) = refuse_long_output(&name, &validator, layout, args.max_output) {
        return Ok(status);
    }

    let mut source: Box<dyn Read> = match spool {
        Some(spool) => spool.into_reader().map_err(Failure::Input)?,
        None => input.open().map_err(Failure::Input)?.reader,
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut formatter = Formatter::new(layout);
    loop {
        let n = read_chunk(&mut *source, &mut buf).map_err(Failure::Input)?;
        if n == 0 {
            break;
        }
        formatter
            .feed(&buf[..n], &mut out)
            .map_err(Failure::Output)?;
    }
    formatter.finish(&mut out).map_err(Failure::Output)?;
    Ok(Status::Ok)
}

/// `--normalize`: validate, parse into `jetjson::Value`, write that back.
fn normalize(input: &Input, layout: Layout, args: &FmtArgs) -> Result<Status, Failure> {
    let name = input.name();
    let opened = input.open().map_err(Failure::Input)?;
    let cap = NORMALIZE_MEMORY / BYTES_PER_INPUT_BYTE;
    let mut bytes = Vec::new();
    opened
        .reader
        .take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(Failure::Input)?;
    let mut validator = Validator::new(args.max_depth);
    if bytes.len() as u64 <= cap {
        if let Err(err) = validator.feed(&bytes).and_then(|()| validator.finish()) {
            report(&error_line(&name, &err));
            return Ok(Status::Invalid);
        }
    }
    let estimate = bytes.len() as u64 * BYTES_PER_INPUT_BYTE + validator.values() * BYTES_PER_VALUE;
    if bytes.len() as u64 > cap || estimate > NORMALIZE_MEMORY {
        report(&format!(
            "jetjson: {name}: too large for --normalize, which holds the whole document in \
             memory (about {} MiB needed, at most {} MiB); without --normalize, fmt runs in \
             constant memory",
            estimate.max(NORMALIZE_MEMORY + 1) >> 20,
            NORMALIZE_MEMORY >> 20
        ));
        return Ok(Status::Error);
    }
    let value = match jetjson::value::ValueOptions::new()
        .max_depth(args.max_depth)
        .from_slice(&bytes)
    {
        Ok(value) => value,
        Err(err) => {
            // Valid JSON the DOM cannot hold, such as a number beyond f64.
            report(&format!(
                "{name}:{}:{}: {}",
                err.line(),
                err.column(),
                err.kind()
            ));
            return Ok(Status::Invalid);
        }
    };
    drop(bytes);
    let compact = jetjson::to_vec(&value);
    drop(value);
    // The normalized text has its own length: measure it, as `reformat`
    // measures the input.
    let mut measured = Validator::new(args.max_depth);
    if measured
        .feed(&compact)
        .and_then(|()| measured.finish())
        .is_ok()
    {
        if let Some(status) = refuse_long_output(&name, &measured, layout, args.max_output) {
            return Ok(status);
        }
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut formatter = Formatter::new(layout);
    formatter
        .feed(&compact, &mut out)
        .map_err(Failure::Output)?;
    formatter.finish(&mut out).map_err(Failure::Output)?;
    Ok(Status::Ok)
}

/// Reports and returns [`Status::Error`] when the document `validator`
/// accepted would be laid out longer than the limit (see [`output_limit`]).
fn refuse_long_output(
    name: &str,
    validator: &Validator,
    layout: Layout,
    max_output: Option<u64>,
) -> Option<Status> {
    let input_len = validator.position().offset;
    let output_len = validator.formatted_len(layout);
    let limit = output_limit(input_len, max_output);
    if output_len <= limit {
        return None;
    }
    let allowed = match max_output {
        Some(_) => format!("--max-output ({limit} bytes)"),
        None => format!("the default limit ({MAX_GROWTH} times the input or 256 MiB)"),
    };
    report(&format!(
        "jetjson: {name}: the output would be {output_len} bytes from {input_len} of input, \
         more than {allowed} allows; nothing was written (use --minify, a smaller \
         --pretty=N, or --max-output=SIZE)"
    ));
    Some(Status::Error)
}

/// Bytes kept for a second reading: in memory, then in an anonymous
/// temporary file once they pass [`SPOOL_IN_MEMORY`].
enum Spool {
    Memory(Vec<u8>),
    File(File),
}

impl Default for Spool {
    fn default() -> Self {
        Spool::Memory(Vec::new())
    }
}

impl Spool {
    fn write(&mut self, data: &[u8]) -> io::Result<()> {
        match self {
            Spool::Memory(bytes) if bytes.len() + data.len() <= SPOOL_IN_MEMORY => {
                bytes.extend_from_slice(data);
                Ok(())
            }
            Spool::Memory(bytes) => {
                let mut file = tempfile::tempfile()?;
                file.write_all(bytes)?;
                file.write_all(data)?;
                *self = Spool::File(file);
                Ok(())
            }
            Spool::File(file) => file.write_all(data),
        }
    }

    fn into_reader(self) -> io::Result<Box<dyn Read>> {
        match self {
            Spool::Memory(bytes) => Ok(Box::new(io::Cursor::new(bytes))),
            Spool::File(mut file) => {
                file.rewind()?;
                Ok(Box::new(io::BufReader::with_capacity(CHUNK, file)))
            }
        }
    }
}
