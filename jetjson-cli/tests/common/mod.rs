//! Running the `jetjson` binary from tests.

#![allow(dead_code)] // each test file uses a different part

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What a run of `jetjson` did.
pub struct Run {
    pub code: i32,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

impl Run {
    pub fn stdout_str(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// Runs `jetjson ARGS` in `dir` with `stdin` as standard input.
pub fn jetjson_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jetjson"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("jetjson starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // Feed standard input from a thread so a large input cannot deadlock
    // against a full output pipe.
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("jetjson runs");
    feeder.join().expect("stdin feeder");
    Run {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `jetjson ARGS` in the crate directory.
pub fn jetjson(args: &[&str], stdin: &[u8]) -> Run {
    jetjson_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, stdin)
}

/// `../shared/data` of the project, if present.
pub fn shared_data() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    dir.is_dir().then_some(dir)
}

/// The `.json` files of a folder, sorted.
pub fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "json"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Whether `got`, `fmt --normalize` output for a round-trip file (newline
/// removed), reproduces `want`, the file's text.
///
/// Byte for byte, with one allowance: the nativejson-benchmark files spell
/// a positive exponent without its sign (`1.7976931348623157e308`), while
/// jetjson's `Value` writes it as serde_json, JavaScript and Python do
/// (`e+308`). Where that spelling is the only difference, the texts are
/// compared by value: both must parse to equal `Value`s whose floats have
/// the same bits. (`fmt` without `--normalize` copies number text as it is
/// and is compared byte for byte.)
pub fn reproduces_roundtrip_text(got: &[u8], want: &[u8]) -> bool {
    if got == want {
        return true;
    }
    let unsigned = String::from_utf8_lossy(got).replace("e+", "e");
    if unsigned.as_bytes() != want {
        return false;
    }
    match (
        jetjson::from_slice::<jetjson::Value>(got),
        jetjson::from_slice::<jetjson::Value>(want),
    ) {
        (Ok(a), Ok(b)) => a == b && same_float_bits(&a, &b),
        _ => false,
    }
}

/// Whether every float in `a` has the bits of the float at the same place in
/// `b` (`a == b` already holds, so the shapes match).
fn same_float_bits(a: &jetjson::Value, b: &jetjson::Value) -> bool {
    use jetjson::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            x.as_f64().map(f64::to_bits) == y.as_f64().map(f64::to_bits)
        }
        (Value::Array(x), Value::Array(y)) => x.iter().zip(y).all(|(x, y)| same_float_bits(x, y)),
        (Value::Object(x), Value::Object(y)) => x
            .iter()
            .all(|(k, v)| y.get(k).is_some_and(|w| same_float_bits(v, w))),
        _ => true,
    }
}
