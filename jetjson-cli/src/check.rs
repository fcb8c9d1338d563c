//! `jetjson check FILE...`: each input is one JSON document (or, with
//! `--lines`, one document a line), checked in constant memory by the
//! streaming [`Validator`].

use std::io::{self, Write};

use crate::cli::CheckArgs;
use crate::input::{read_chunk, Input, CHUNK};
use crate::progress::Progress;
use crate::validator::{SyntaxError, Validator};
use crate::{report, Status};

/// Runs `jetjson check`.
pub fn run(args: &CheckArgs) -> Status {
    let mut status = Status::Ok;
    let mut buf = vec![0u8; CHUNK];
    for arg in &args.files {
        let input = Input::from_arg(arg);
        let name = input.name();
        let result = if args.lines {
            check_lines(&input, args.max_depth, &mut buf)
        } else {
            check_document(&input, args.max_depth, &mut buf)
        };
        match result {
            Ok(true) => {}
            Ok(false) => status = status.max(Status::Invalid),
            Err(err) => {
                report(&format!("jetjson: {name}: {err}"));
                status = status.max(Status::Error);
            }
        }
    }
    status
}

/// The message for an invalid document: `FILE:LINE:COL: message`.
pub fn error_line(name: &str, err: &SyntaxError) -> String {
    format!(
        "{name}:{}:{}: {err}",
        err.position.line, err.position.column
    )
}

/// Checks one whole document; `Ok(false)` after reporting why it is invalid.
fn check_document(input: &Input, max_depth: usize, buf: &mut [u8]) -> io::Result<bool> {
    let name = input.name();
    let mut opened = input.open()?;
    let mut progress = Progress::new(&format!("checking {name}"), opened.len);
    let mut validator = Validator::new(max_depth);
    let outcome = loop {
        let n = read_chunk(&mut *opened.reader, buf)?;
        if n == 0 {
            break validator.finish();
        }
        progress.advance(n);
        if let Err(err) = validator.feed(&buf[..n]) {
            break Err(err);
        }
    };
    progress.clear();
    match outcome {
        Ok(()) => Ok(true),
        Err(err) => {
            report(&error_line(&name, &err));
            Ok(false)
        }
    }
}

/// Checks newline-delimited JSON; `Ok(false)` if any line was invalid (each
/// reported). Lines are never held in memory: each is fed to the validator
/// as it streams past, so a line of any length is fine. Messages are
/// gathered into blocks, since there may be millions of them.
fn check_lines(input: &Input, max_depth: usize, buf: &mut [u8]) -> io::Result<bool> {
    let name = input.name();
    let mut opened = input.open()?;
    let mut progress = Progress::new(&format!("checking {name}"), opened.len);
    let mut validator = Validator::new(max_depth);
    let mut messages = Messages::default();
    let mut line: u64 = 1;
    let end_line = |validator: &mut Validator, line: u64, messages: &mut Messages| {
        if !validator.is_blank() {
            if let Err(err) = validator.finish() {
                messages.push(&format!("{name}:{line}:{}: {err}", err.position.column));
            }
        }
        validator.reset();
    };
    loop {
        let n = match read_chunk(&mut *opened.reader, buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(err) => {
                // Report the bad lines found so far, then the error.
                messages.flush(&mut progress);
                return Err(err);
            }
        };
        let mut rest = &buf[..n];
        while let Some(newline) = rest.iter().position(|&b| b == b'\n') {
            // An error is kept by the validator and reported at the line's end.
            let _ = validator.feed(&rest[..newline]);
            end_line(&mut validator, line, &mut messages);
            line += 1;
            rest = &rest[newline + 1..];
        }
        let _ = validator.feed(rest);
        messages.flush_if_full(&mut progress);
        progress.advance(n);
    }
    end_line(&mut validator, line, &mut messages);
    progress.clear();
    messages.flush(&mut progress);
    Ok(messages.count == 0)
}

/// Error lines waiting to be written to standard error in one block.
#[derive(Default)]
struct Messages {
    text: String,
    count: u64,
}

impl Messages {
    const BLOCK: usize = 64 * 1024;

    fn push(&mut self, line: &str) {
        self.text.push_str(line);
        self.text.push('\n');
        self.count += 1;
    }

    fn flush_if_full(&mut self, progress: &mut Progress) {
        if self.text.len() >= Self::BLOCK {
            self.flush(progress);
        }
    }

    fn flush(&mut self, progress: &mut Progress) {
        if !self.text.is_empty() {
            progress.clear();
            let _ = io::stderr().lock().write_all(self.text.as_bytes());
            self.text.clear();
        }
    }
}
