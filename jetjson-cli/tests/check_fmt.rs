//! `jetjson check` and `jetjson fmt` as a user runs them: exit codes, the
//! exact error lines, output bytes, deep nesting, and the shared jsonchecker
//! and roundtrip files (skipped with a note when ../shared/data is absent).

mod common;

use std::fs;

use common::{jetjson, jetjson_in, json_files, reproduces_roundtrip_text, shared_data};

/// The error line `check` must print for `bytes`, from `jetjson::validate`.
fn expected_error(name: &str, bytes: &[u8], max_depth: usize) -> Option<String> {
    jetjson::ReadOptions::new()
        .max_depth(max_depth)
        .validate(bytes)
        .err()
        .map(|e| format!("{name}:{}:{}: {}\n", e.line(), e.column(), e.kind()))
}

fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("jetjson-cli-{name}-"))
        .tempdir()
        .expect("temporary directory")
}

// MARK: - check

#[test]
fn check_passes_and_fails_the_jsonchecker_files() {
    let Some(data) = shared_data() else {
        println!("skipped: ../shared/data not found");
        return;
    };
    let dir = data.join("jsonchecker");
    let files = json_files(&dir);
    assert!(files.len() >= 30, "jsonchecker files missing");
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = fs::read(&path).unwrap();
        let run = jetjson_in(&dir, &["check", &name], b"");
        // `_EXCLUDE` files are valid RFC 8259 (a top-level scalar; 20 levels).
        if name.starts_with("pass") || name.contains("EXCLUDE") {
            assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{name}");
        } else {
            let want = expected_error(&name, &bytes, 1000).expect("fail files are invalid");
            assert_eq!((run.code, run.stderr), (1, want), "{name}");
        }
        assert!(run.stdout.is_empty());
    }
}

#[test]
fn check_reports_each_invalid_file_once_and_exits_1() {
    let dir = scratch("check-many");
    fs::write(dir.path().join("good.json"), "{\"a\": [1, 2]}\n").unwrap();
    fs::write(dir.path().join("bad.json"), "{\"a\": [1, 2,]}\n").unwrap();
    fs::write(dir.path().join("worse.json"), "[1,\n \"\\ud800\"]").unwrap();
    let run = jetjson_in(
        dir.path(),
        &["check", "good.json", "bad.json", "worse.json"],
        b"",
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "bad.json:1:13: expected a JSON value\n\
         worse.json:2:3: lone surrogate in \\u escape\n"
    );
    let run = jetjson_in(dir.path(), &["check", "good.json", "good.json"], b"");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
}

#[test]
fn check_reads_standard_input() {
    assert_eq!(jetjson(&["check"], b" [true] ").code, 0);
    assert_eq!(jetjson(&["check", "-"], b"{}").code, 0);
    let run = jetjson(&["check", "-"], b"{\"a\" 1}");
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (1, "<stdin>:1:6: expected `:`\n")
    );
    let run = jetjson(&["check"], b"");
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (1, "<stdin>:1:1: unexpected end of input\n")
    );
}

#[test]
fn check_rejects_every_extension() {
    let cases: &[(&[u8], &str)] = &[
        (
            b"[1] // comment",
            "1:5: trailing characters after the value",
        ),
        (b"/* c */ 1", "1:1: expected a JSON value"),
        (b"[1, 2,]", "1:7: expected a JSON value"),
        (b"{\"a\": 1,}", "1:9: expected an object key (a string)"),
        (b"[NaN]", "1:2: expected a JSON value"),
        (b"[Infinity]", "1:2: expected a JSON value"),
        (b"[-Infinity]", "1:3: invalid number"),
        (b"[01]", "1:3: invalid number"),
        (b"\"\\ud800\"", "1:2: lone surrogate in \\u escape"),
        (b"\"\\udc00\\ud800\"", "1:2: lone surrogate in \\u escape"),
        (b"\"a\xffb\"", "1:3: invalid UTF-8"),
        (b"\xef\xbb\xbf{}", "1:1: expected a JSON value"),
        (b"{} {}", "1:4: trailing characters after the value"),
        (
            b"\"tab\there\"",
            "1:5: control character in string (must be escaped)",
        ),
        (b"'single'", "1:1: expected a JSON value"),
    ];
    for &(input, message) in cases {
        let run = jetjson(&["check", "-"], input);
        assert_eq!(
            (run.code, run.stderr),
            (1, format!("<stdin>:{message}\n")),
            "{:?}",
            String::from_utf8_lossy(input)
        );
        assert_eq!(
            expected_error("<stdin>", input, 1000),
            Some(format!("<stdin>:{message}\n"))
        );
    }
}

#[test]
fn check_exits_2_on_io_and_usage_errors() {
    let run = jetjson(&["check", "/nonexistent/file.json"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.starts_with("jetjson: /nonexistent/file.json: "),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.lines().count(), 1);
    // An I/O error outranks an invalid file.
    let run = jetjson(&["check", "-", "/nonexistent"], b"[");
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr.lines().count(), 2);
    let run = jetjson(&["check", "tests"], b"");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(jetjson(&["check", "--bogus"], b"").code, 2);
    assert_eq!(jetjson(&["check", "--max-depth", "x"], b"").code, 2);
    assert_eq!(jetjson(&["frobnicate"], b"").code, 2);
    assert_eq!(jetjson(&[], b"").code, 2);
}

#[test]
fn check_lines_reports_each_bad_line_with_its_file_line() {
    let input = b"{\"a\":1}\n\n[1,2]\r\n{\"a\":}\n  \n\"x\ny\"\ntrue false\n[1]\n{\"last\": tru";
    let run = jetjson(&["check", "--lines", "-"], input);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "<stdin>:4:6: expected a JSON value\n\
         <stdin>:6:3: unexpected end of input\n\
         <stdin>:7:1: expected a JSON value\n\
         <stdin>:8:6: trailing characters after the value\n\
         <stdin>:10:13: unexpected end of input\n"
    );
    let run = jetjson(&["check", "--lines"], b"1\n2\n\"\xc3\xa9\"\n{}\n");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    // A whole-document check of the same input fails after the first line.
    let run = jetjson(&["check"], b"1\n2\n");
    assert_eq!(
        run.stderr,
        "<stdin>:2:1: trailing characters after the value\n"
    );
}

#[test]
fn check_lines_handles_a_line_longer_than_any_buffer() {
    let mut big = b"[".to_vec();
    for i in 0..300_000 {
        big.extend_from_slice(format!("{i},").as_bytes());
    }
    big.extend_from_slice(b"0]\n[x]\n");
    let run = jetjson(&["check", "--lines"], &big);
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (1, "<stdin>:2:2: expected a JSON value\n")
    );
}

#[test]
fn check_accepts_1000_levels_by_default_and_rejects_deeper_cleanly() {
    let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n)).into_bytes();
    assert_eq!(jetjson(&["check"], &deep(1000)).code, 0);
    let run = jetjson(&["check"], &deep(1001));
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (1, "<stdin>:1:1001: nesting deeper than the limit of 1000\n")
    );
    let million = deep(1_000_000);
    let run = jetjson(&["check"], &million);
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (1, "<stdin>:1:1001: nesting deeper than the limit of 1000\n")
    );
    assert_eq!(
        jetjson(&["check", "--max-depth", "1000000"], &million).code,
        0
    );
    let run = jetjson(&["check", "--max-depth", "10"], &deep(11));
    assert_eq!(
        run.stderr,
        "<stdin>:1:11: nesting deeper than the limit of 10\n"
    );
    // Unclosed, ten million deep: still one clean message.
    let run = jetjson(
        &["check", "--max-depth", "100000000"],
        &vec![b'['; 10_000_000],
    );
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (1, "<stdin>:1:10000001: unexpected end of input\n")
    );
}

// MARK: - fmt

#[test]
fn fmt_minify_and_pretty_reproduce_the_roundtrip_files() {
    let Some(data) = shared_data() else {
        println!("skipped: ../shared/data not found");
        return;
    };
    let dir = data.join("roundtrip");
    let files = json_files(&dir);
    assert!(!files.is_empty());
    for path in files {
        let name = path.display().to_string();
        let bytes = fs::read(&path).unwrap();
        let original = bytes.strip_suffix(b"\n").unwrap_or(&bytes);

        let run = jetjson(&["fmt", "--minify", &name], b"");
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        assert_eq!(run.stdout, [original, b"\n"].concat(), "{name}");

        let mut pretty = Vec::new();
        jetjson::write::pretty::prettify(original, 2, &mut pretty);
        pretty.push(b'\n');
        let run = jetjson(&["fmt", &name], b"");
        assert_eq!(run.stdout, pretty, "{name}");
        let run = jetjson(&["fmt", "--pretty", &name], b"");
        assert_eq!(run.stdout, pretty, "{name}");

        // Through standard input, and back from pretty to minified.
        let run = jetjson(&["fmt", "--minify", "-"], &pretty);
        assert_eq!(run.stdout, [original, b"\n"].concat(), "{name}");

        // The roundtrip files are what a conforming parse and print
        // reproduces, so --normalize leaves them alone too, but for writing
        // a file's `1e308` as `1e+308` (see `reproduces_roundtrip_text`).
        let run = jetjson(&["fmt", "--normalize", "--minify", &name], b"");
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        let got = run.stdout.strip_suffix(b"\n").unwrap_or(&run.stdout);
        assert!(
            reproduces_roundtrip_text(got, original),
            "{name}: {}",
            run.stdout_str()
        );
    }
}

#[test]
fn fmt_changes_only_whitespace_on_the_jsonchecker_passes() {
    let Some(data) = shared_data() else {
        println!("skipped: ../shared/data not found");
        return;
    };
    let dir = data.join("jsonchecker");
    for path in json_files(&dir) {
        let name = path.display().to_string();
        let bytes = fs::read(&path).unwrap();
        let valid = jetjson::ReadOptions::new()
            .max_depth(1000)
            .validate(&bytes)
            .is_ok();
        for flags in [&["--pretty=4"][..], &["--minify"], &[]] {
            let mut args = vec!["fmt"];
            args.extend_from_slice(flags);
            args.push(&name);
            let run = jetjson(&args, b"");
            if !valid {
                let file_name = path.display().to_string();
                assert_eq!(
                    (run.code, run.stderr),
                    (1, expected_error(&file_name, &bytes, 1000).unwrap()),
                    "{name}"
                );
                assert!(run.stdout.is_empty(), "{name}: output on invalid input");
                continue;
            }
            assert_eq!(run.code, 0, "{name}");
            // Output is valid, and minifies to what the input minifies to.
            assert!(jetjson::validate(&run.stdout).is_ok(), "{name}");
            let (mut a, mut b) = (Vec::new(), Vec::new());
            jetjson::write::pretty::minify(&run.stdout, &mut a);
            jetjson::write::pretty::minify(&bytes, &mut b);
            assert_eq!(a, b, "{name} {flags:?}");
        }
    }
}

#[test]
fn fmt_layouts() {
    let doc = b" {\"a\" : [1, 2.50E+3, {}, [ ], \"x \\\" y\"], \"b\":{\"c\":null}} ";
    let run = jetjson(&["fmt"], doc);
    assert_eq!(
        run.stdout_str(),
        "{\n  \"a\": [\n    1,\n    2.50E+3,\n    {},\n    [],\n    \"x \\\" y\"\n  ],\n  \"b\": {\n    \"c\": null\n  }\n}\n"
    );
    let run = jetjson(&["fmt", "--pretty=1"], b"[1,[2]]");
    assert_eq!(run.stdout_str(), "[\n 1,\n [\n  2\n ]\n]\n");
    let run = jetjson(&["fmt", "--pretty=0"], b"[1,[2]]");
    assert_eq!(run.stdout_str(), "[\n1,\n[\n2\n]\n]\n");
    let run = jetjson(&["fmt", "--minify"], doc);
    assert_eq!(
        run.stdout_str(),
        "{\"a\":[1,2.50E+3,{},[],\"x \\\" y\"],\"b\":{\"c\":null}}\n"
    );
    let run = jetjson(&["fmt", "--minify"], b"\"\\u00e9\" ");
    assert_eq!(run.stdout_str(), "\"\\u00e9\"\n");
}

#[test]
fn fmt_writes_nothing_for_invalid_input() {
    let run = jetjson(&["fmt"], b"{\"a\": [1, 2,]}");
    assert_eq!(
        (run.code, run.stderr.as_str(), run.stdout.len()),
        (1, "<stdin>:1:13: expected a JSON value\n", 0)
    );
    // The error is found only at the very end of a large input.
    let mut big = b"[".to_vec();
    for _ in 0..200_000 {
        big.extend_from_slice(b"{\"k\": [1, 2, 3]},");
    }
    big.extend_from_slice(b"{}");
    let run = jetjson(&["fmt"], &big);
    assert_eq!((run.code, run.stdout.len()), (1, 0));
    assert_eq!(
        run.stderr,
        format!("<stdin>:1:{}: unexpected end of input\n", big.len() + 1)
    );
}

#[test]
fn fmt_exit_codes_for_usage_and_io_errors() {
    assert_eq!(jetjson(&["fmt", "--pretty=2", "--minify"], b"1").code, 2);
    assert_eq!(jetjson(&["fmt", "--pretty=x"], b"1").code, 2);
    assert_eq!(jetjson(&["fmt", "--pretty=17"], b"1").code, 2);
    assert_eq!(
        jetjson(&["fmt", "--pretty=16"], b"[1]").stdout_str(),
        format!("[\n{}1\n]\n", " ".repeat(16))
    );
    assert_eq!(jetjson(&["fmt", "a.json", "b.json"], b"1").code, 2);
    let run = jetjson(&["fmt", "/nonexistent.json"], b"");
    assert_eq!((run.code, run.stdout.len()), (2, 0));
    assert_eq!(run.stderr.lines().count(), 1);
}

#[test]
fn fmt_large_standard_input_spills_to_a_temporary_file() {
    // Past the 64 MiB kept in memory: the rest goes to a temporary file.
    let mut big = Vec::with_capacity(70 << 20);
    big.extend_from_slice(b"[");
    let item = b"\"0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz\",";
    while big.len() < (66 << 20) {
        big.extend_from_slice(item);
    }
    big.extend_from_slice(b"1]");
    let run = jetjson(&["fmt", "--minify"], &big);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.len(), big.len() + 1);
    assert!(run.stdout.starts_with(&big[..1000]) && run.stdout.ends_with(b"1]\n"));
}

#[test]
fn fmt_nesting_1000_by_default_a_million_on_request() {
    let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n)).into_bytes();
    let run = jetjson(&["fmt", "--minify"], &deep(1000));
    assert_eq!((run.code, run.stdout.len()), (0, 2001));
    let run = jetjson(&["fmt"], &deep(1000));
    assert_eq!(run.code, 0);
    assert!(run.stdout.ends_with(b"\n]\n"));
    let million = deep(1_000_000);
    let run = jetjson(&["fmt"], &million);
    assert_eq!(
        (run.code, run.stderr.as_str(), run.stdout.len()),
        (
            1,
            "<stdin>:1:1001: nesting deeper than the limit of 1000\n",
            0
        )
    );
    let run = jetjson(&["fmt", "--minify", "--max-depth", "1000000"], &million);
    assert_eq!((run.code, run.stdout.len()), (0, 2_000_001));
    let run = jetjson(
        &["fmt", "--normalize", "--minify", "--max-depth", "1000000"],
        &million,
    );
    assert_eq!(
        (run.code, run.stdout.len()),
        (0, 2_000_001),
        "{}",
        run.stderr
    );
    let run = jetjson(&["fmt", "--normalize"], &million);
    assert_eq!(run.code, 1);
}

#[test]
fn fmt_refuses_output_far_longer_than_the_input() {
    // A megabyte of brackets nested 999 deep (1000 with the outer array)
    // would indent to about a gigabyte: refused before anything is written.
    let inner = format!("{}{}", "[".repeat(999), "]".repeat(999));
    let items = vec![inner.as_str(); 500].join(",");
    let doc = format!("[{items}]").into_bytes();
    let run = jetjson(&["fmt"], &doc);
    assert_eq!((run.code, run.stdout.len()), (2, 0), "{}", run.stderr);
    // Each of the 500 items has 999 element lines (depths 1 to 999, the
    // innermost `[]` included) and 998 close lines (depths 1 to 998, not the
    // empty `[]`); the outer close has one more line, at depth 0.
    let lines = 500 * (999 + 998) + 1;
    let levels = 500 * ((1..=999u64).sum::<u64>() + (1..=998u64).sum::<u64>());
    let pretty_len = doc.len() as u64 + 1 + lines + 2 * levels;
    assert_eq!(
        run.stderr,
        format!(
            "jetjson: <stdin>: the output would be {pretty_len} bytes from {} of input, more \
             than the default limit (64 times the input or 256 MiB) allows; nothing was written \
             (use --minify, a smaller --pretty=N, or --max-output=SIZE)\n",
            doc.len()
        )
    );
    // --minify never lengthens; --normalize measures what it would write.
    let run = jetjson(&["fmt", "--minify"], &doc);
    assert_eq!((run.code, run.stdout.len()), (0, doc.len() + 1));
    let run = jetjson(&["fmt", "--normalize"], &doc);
    assert_eq!((run.code, run.stdout.len()), (2, 0));

    // --max-output is exact: the formatted length is allowed, one less is not.
    let doc = b"{\"a\": [1, {\"b\": []}]}";
    let want = "{\n  \"a\": [\n    1,\n    {\n      \"b\": []\n    }\n  ]\n}\n";
    let at = format!("--max-output={}", want.len());
    let run = jetjson(&["fmt", &at], doc);
    assert_eq!((run.code, run.stdout_str()), (0, want.to_owned()));
    let below = format!("--max-output={}", want.len() - 1);
    let run = jetjson(&["fmt", &below], doc);
    assert_eq!((run.code, run.stdout.len()), (2, 0));
    let limit = format!("more than --max-output ({} bytes)", want.len() - 1);
    assert!(run.stderr.contains(&limit), "{}", run.stderr);
    let run = jetjson(&["fmt", "--normalize", &below], doc);
    assert_eq!((run.code, run.stdout.len()), (2, 0));
    // Sizes take binary units; a bad one is a usage error.
    assert_eq!(jetjson(&["fmt", "--max-output=1K"], doc).code, 0);
    for bad in [
        "--max-output=1Q",
        "--max-output=x",
        "--max-output=99999999999T",
    ] {
        let run = jetjson(&["fmt", bad], doc);
        assert_eq!((run.code, run.stdout.len()), (2, 0), "{bad}");
    }
}

#[test]
fn fmt_normalize_goes_through_value() {
    let run = jetjson(
        &["fmt", "--normalize", "--minify"],
        b"{\"b\": 1.50, \"a\": \"\\u00e9\", \"b\": 1E2, \"c\": [-0, 10000000000000000000000]}",
    );
    assert_eq!(
        (run.code, run.stdout_str().as_str()),
        (0, "{\"b\":100.0,\"a\":\"\u{e9}\",\"c\":[-0.0,1e+22]}\n")
    );
    let run = jetjson(&["fmt", "--normalize"], b"[1e999]");
    assert_eq!(
        (run.code, run.stderr.as_str(), run.stdout.len()),
        (1, "<stdin>:1:2: number out of range for f64\n", 0)
    );
    let run = jetjson(&["fmt", "--normalize", "--pretty=3"], b"{\"a\":[true]}");
    assert_eq!(run.stdout_str(), "{\n   \"a\": [\n      true\n   ]\n}\n");
}

#[test]
fn fmt_normalize_refuses_documents_too_large_for_memory() {
    // Thirteen million numbers: as a DOM, more than the 1.5 GiB allowed.
    let mut doc = Vec::with_capacity(26_000_010);
    doc.push(b'[');
    for _ in 0..13_000_000 {
        doc.extend_from_slice(b"0,");
    }
    doc.extend_from_slice(b"0]");
    let run = jetjson(&["fmt", "--normalize", "--minify"], &doc);
    assert_eq!((run.code, run.stdout.len()), (2, 0));
    assert!(
        run.stderr
            .starts_with("jetjson: <stdin>: too large for --normalize"),
        "{}",
        run.stderr
    );
    // Without --normalize it streams.
    let run = jetjson(&["fmt", "--minify"], &doc);
    assert_eq!((run.code, run.stdout.len()), (0, doc.len() + 1));
}

#[test]
fn help_explains_every_flag() {
    let run = jetjson(&["--help"], b"");
    assert_eq!(run.code, 0);
    for word in ["gen", "check", "fmt"] {
        assert!(run.stdout_str().contains(word));
    }
    let check = jetjson(&["check", "--help"], b"").stdout_str();
    for flag in ["--lines", "--max-depth", "FILE"] {
        assert!(check.contains(flag), "check --help lacks {flag}");
    }
    let fmt = jetjson(&["fmt", "--help"], b"").stdout_str();
    for flag in [
        "--pretty",
        "--minify",
        "--normalize",
        "--max-depth",
        "--max-output",
    ] {
        assert!(fmt.contains(flag), "fmt --help lacks {flag}");
    }
    let gen = jetjson(&["gen", "--help"], b"").stdout_str();
    for flag in [
        "--all",
        "--snake-case",
        "--lower-camel-case",
        "--rename-all",
        "--omit-empty",
        "--output",
        "--cfg",
        "--no-format",
        "--stubs",
        "--to-json-only",
        "--from-json-only",
        "-no_std_marshalers",
        "-leave_temps",
        "include!",
    ] {
        assert!(gen.contains(flag), "gen --help lacks {flag}");
    }
}
