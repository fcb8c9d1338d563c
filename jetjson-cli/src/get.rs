//! `jetjson get FILE POINTER...`: the values at JSON Pointers, one a line,
//! found with `jetjson::get_many` (one pass, everything else skipped).

use crate::cli::GetArgs;
use crate::input::Input;
use crate::{report, Status};

/// Runs `jetjson get`.
pub fn run(args: &GetArgs) -> Status {
    for p in &args.pointers {
        if let Err(why) = check_pointer(p) {
            report(&format!("jetjson: invalid JSON pointer {p:?}: {why}"));
            return Status::Error;
        }
    }
    let input = Input::from_arg(&args.file);
    let name = input.name();
    let bytes = match input.read_all() {
        Ok(bytes) => bytes,
        Err(err) => {
            report(&format!("jetjson: {name}: {err}"));
            return Status::Error;
        }
    };
    let found = match jetjson::get_many(&bytes, &args.pointers) {
        Ok(found) => found,
        Err(e) => {
            report(&format!("{name}:{}:{}: {}", e.line(), e.column(), e.kind()));
            return Status::Invalid;
        }
    };
    let mut out = Vec::new();
    let mut status = Status::Ok;
    for (p, text) in args.pointers.iter().zip(found) {
        match text {
            Some(text) => {
                minify(text.as_bytes(), &mut out);
                out.push(b'\n');
            }
            None => {
                report(&format!("{name}: no value at {p}"));
                status = Status::Invalid;
            }
        }
    }
    if let Err(err) = crate::write_stdout(&out) {
        report(&format!("jetjson: standard output: {err}"));
        return Status::Error;
    }
    status
}

/// RFC 6901: empty, or `/` tokens in which `~` is followed by `0` or `1`.
fn check_pointer(p: &str) -> Result<(), &'static str> {
    if !p.is_empty() && !p.starts_with('/') {
        return Err("must be empty or start with /");
    }
    let b = p.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b'~' && !matches!(b.get(i + 1), Some(b'0' | b'1')) {
            return Err("~ must be followed by 0 or 1");
        }
    }
    Ok(())
}

/// Copies valid JSON text without the whitespace outside strings.
fn minify(text: &[u8], out: &mut Vec<u8>) {
    let mut in_string = false;
    let mut escaped = false;
    for &b in text {
        if in_string {
            out.push(b);
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
        } else if !matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
            in_string = b == b'"';
            out.push(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minify_keeps_strings_whole() {
        let mut out = Vec::new();
        minify(b"{ \"a b\" : [ 1 ,\n \"\\\" x\\\\\" ] }", &mut out);
        assert_eq!(out, b"{\"a b\":[1,\"\\\" x\\\\\"]}");
    }

    #[test]
    fn pointers_are_checked() {
        assert!(check_pointer("").is_ok());
        assert!(check_pointer("/a~0~1").is_ok());
        assert!(check_pointer("a").is_err());
        assert!(check_pointer("/a~2").is_err());
        assert!(check_pointer("/a~").is_err());
    }
}
