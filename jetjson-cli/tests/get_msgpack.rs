//! `jetjson get` and `jetjson msgpack encode|decode` as a user runs them:
//! exact output, messages and exit codes.

mod common;

use std::fs;

use common::{jetjson, jetjson_in, json_files, shared_data};

fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("jetjson-cli-{name}-"))
        .tempdir()
        .expect("temporary directory")
}

const DOC: &str = "{\n  \"a\": [1, -2, 1.5, \"x\\u00e9\"],\n  \"b\": {\"c\": null, \"c\": true},\n  \"s/t\": 18446744073709551615\n}\n";

// MARK: - get

#[test]
fn get_prints_each_value_compact_one_a_line() {
    let run = jetjson(
        &["get", "-", "/a/3", "/b", "/s~1t", "/a/0", ""],
        DOC.as_bytes(),
    );
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout_str(),
        "\"x\\u00e9\"\n{\"c\":null,\"c\":true}\n18446744073709551615\n1\n\
         {\"a\":[1,-2,1.5,\"x\\u00e9\"],\"b\":{\"c\":null,\"c\":true},\"s/t\":18446744073709551615}\n"
    );
}

#[test]
fn get_names_a_missing_value_and_exits_1() {
    let dir = scratch("get-missing");
    fs::write(dir.path().join("d.json"), DOC).unwrap();
    let run = jetjson_in(dir.path(), &["get", "d.json", "/a/9", "/a/1", "/zz"], b"");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout_str(), "-2\n");
    assert_eq!(
        run.stderr,
        "d.json: no value at /a/9\nd.json: no value at /zz\n"
    );
}

#[test]
fn get_reports_invalid_json_on_the_way() {
    let run = jetjson(&["get", "-", "/b"], b"{\"a\": [1,,2], \"b\": 1}");
    assert_eq!((run.code, run.stdout_str()), (1, String::new()));
    assert_eq!(run.stderr, "<stdin>:1:10: expected a JSON value\n");
    // What follows the last value is not read.
    let run = jetjson(&["get", "-", "/a"], b"{\"a\": 1, \"b\": nope");
    assert_eq!((run.code, run.stdout_str()), (0, "1\n".to_string()));
}

#[test]
fn get_usage_and_io_errors_exit_2() {
    let run = jetjson(&["get", "-", "a"], DOC.as_bytes());
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "jetjson: invalid JSON pointer \"a\": must be empty or start with /\n"
    );
    let run = jetjson(&["get", "-", "/a~2"], DOC.as_bytes());
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "jetjson: invalid JSON pointer \"/a~2\": ~ must be followed by 0 or 1\n"
    );
    let dir = scratch("get-io");
    let run = jetjson_in(dir.path(), &["get", "absent.json", "/a"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.starts_with("jetjson: absent.json: "),
        "{}",
        run.stderr
    );
    let run = jetjson(&["get", "-"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
}

#[test]
fn get_help_documents_the_rules() {
    let run = jetjson(&["get", "--help"], b"");
    assert_eq!(run.code, 0);
    // clap wraps to the terminal's width: compare with the wrapping undone.
    let help = run
        .stdout_str()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for needle in [
        "RFC 6901",
        "no value at POINTER",
        "first occurrence",
        "exit",
    ] {
        assert!(help.contains(needle), "{needle} missing from:\n{help}");
    }
}

#[test]
fn get_agrees_with_value_pointer_on_the_corpora() {
    let Some(data) = shared_data() else {
        println!("skipped: ../shared/data not found");
        return;
    };
    let dir = data.join("corpus");
    for path in json_files(&dir) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = fs::read(&path).unwrap();
        let v: jetjson::Value = jetjson::from_slice(&bytes).unwrap();
        let pointers: Vec<&str> = match name.as_str() {
            "twitter.json" => vec![
                "/statuses/0/user/id",
                "/statuses/99/text",
                "/search_metadata",
            ],
            "citm_catalog.json" => vec!["/areaNames/205706005", "/events/138586341/name"],
            _ => vec!["/type", "/features/0/geometry/coordinates/0/0"],
        };
        let mut args = vec!["get", name.as_str()];
        args.extend(&pointers);
        let run = jetjson_in(&dir, &args, b"");
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{name}");
        let lines: Vec<String> = run.stdout_str().lines().map(str::to_owned).collect();
        assert_eq!(lines.len(), pointers.len());
        for (p, line) in pointers.iter().zip(&lines) {
            let got: jetjson::Value = jetjson::from_str(line).unwrap();
            assert_eq!(Some(&got), v.pointer(p), "{name} {p}");
        }
    }
}

// MARK: - msgpack

#[test]
fn encode_writes_the_smallest_forms() {
    let run = jetjson(
        &["msgpack", "encode", "-"],
        br#"{"a":[0,127,128,-1,-33,65536,1.5,0.1,true,null],"a":"x","b":18446744073709551615}"#,
    );
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let mut want = vec![0x82, 0xa1, b'a', 0xa1, b'x', 0xa1, b'b', 0xcf];
    want.extend([0xff; 8]);
    assert_eq!(run.stdout, want);
    let run = jetjson(
        &["msgpack", "encode", "-"],
        b"[0,127,128,-1,-33,65536,1.5,0.1,-0,true,null]",
    );
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let mut want = vec![
        0x9b, 0x00, 0x7f, 0xcc, 0x80, 0xff, 0xd0, 0xdf, 0xce, 0, 1, 0, 0,
    ];
    want.extend([0xca, 0x3f, 0xc0, 0, 0]); // 1.5 as float 32
    want.push(0xcb); // 0.1 as float 64
    want.extend(0.1f64.to_bits().to_be_bytes());
    want.extend([0xca, 0x80, 0, 0, 0]); // -0 as float 32
    want.extend([0xc3, 0xc0]);
    assert_eq!(run.stdout, want);
}

#[test]
fn encode_refuses_what_messagepack_cannot_hold_and_invalid_json() {
    let run = jetjson(
        &["msgpack", "encode", "-"],
        b"[1,\n 123456789012345678901234]",
    );
    assert_eq!(run.code, 1);
    assert!(run.stdout.is_empty());
    assert_eq!(
        run.stderr,
        "<stdin>:2:2: number out of range for a MessagePack integer\n"
    );
    let run = jetjson(&["msgpack", "encode", "-"], b"[1,]");
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (1, "<stdin>:1:4: expected a JSON value\n")
    );
    assert!(run.stdout.is_empty());
    let deep = "[".repeat(1001) + &"]".repeat(1001);
    let run = jetjson(&["msgpack", "encode", "-"], deep.as_bytes());
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "<stdin>:1:1001: nesting deeper than the limit of 1000
"
    );
}

#[test]
fn decode_writes_json_for_every_form() {
    let mut input = vec![0x88];
    input.extend(b"\xa1b\xc4\x03abc"); // bin
    input.extend(b"\xa1t\xd6\xff\x00\x00\x00\x01"); // timestamp 32
    input.extend(b"\xa1u\xc7\x0c\xff\x00\x00\x00\x01\xff\xff\xff\xff\xff\xff\xff\xff"); // 96-bit, -1 s + 1 ns
    input.extend(b"\xa1e\xd4\x05\x2a"); // fixext 1 of type 5
    input.extend(b"\xa1f\xca\x3d\xcc\xcc\xcd"); // float 32 0.1
    input.extend(b"\xa1n\xcb\x7f\xf8\x00\x00\x00\x00\x00\x00"); // NaN
    input.extend(
        b"\x01\x92\xd3\x80\x00\x00\x00\x00\x00\x00\x00\xcf\xff\xff\xff\xff\xff\xff\xff\xff",
    ); // int key
    input.extend(b"\xc4\x01z\xc0"); // bin key
    let run = jetjson(&["msgpack", "decode", "-"], &input);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(
        run.stdout_str(),
        "{\"b\":\"YWJj\",\"t\":\"1970-01-01T00:00:01Z\",\"u\":\"1969-12-31T23:59:59.000000001Z\",\
         \"e\":{\"ext\":5,\"data\":\"Kg==\"},\"f\":0.1,\"n\":null,\
         \"1\":[-9223372036854775808,18446744073709551615],\"eg==\":null}\n"
    );
}

#[test]
fn decode_rejects_malformed_input_with_exit_1() {
    for (input, message) in [
        (&b""[..], "<stdin>: unexpected end of input at byte 0\n"),
        (
            b"\xc1",
            "<stdin>: 0xc1 is not a MessagePack marker at byte 0\n",
        ),
        (
            b"\xdd\xff\xff\xff\xff",
            "<stdin>: unexpected end of input at byte 5\n",
        ),
        (
            b"\xdb\xff\xff\xff\xffabc",
            "<stdin>: unexpected end of input at byte 8\n",
        ),
        (b"\x92\x01", "<stdin>: unexpected end of input at byte 2\n"),
        (
            b"\x81\x91\x01\x01",
            "<stdin>: an array or map as a map key has no JSON form at byte 1\n",
        ),
        (b"\xa1\xff", "<stdin>: invalid UTF-8 at byte 0\n"),
        (
            b"\x01\x02",
            "<stdin>: trailing characters after the value at byte 1\n",
        ),
    ] {
        let run = jetjson(&["msgpack", "decode", "-"], input);
        assert_eq!(run.code, 1, "{input:?}");
        assert!(run.stdout.is_empty());
        assert_eq!(run.stderr, message, "{input:?}");
    }
    let deep = vec![0x91u8; 2000];
    let run = jetjson(&["msgpack", "decode", "-", "--max-depth", "100"], &deep);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "<stdin>: nesting deeper than the limit of 100 at byte 100\n"
    );
}

#[test]
fn msgpack_help_documents_the_forms() {
    let run = jetjson(&["msgpack", "decode", "--help"], b"");
    assert_eq!(run.code, 0);
    // clap wraps to the terminal's width: compare with the wrapping undone.
    let help = run
        .stdout_str()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for needle in [
        "base64",
        "RFC 3339",
        "{\"ext\":TYPE,\"data\":\"BASE64\"}",
        "non-string map key",
    ] {
        assert!(help.contains(needle), "{needle} missing from:\n{help}");
    }
    let run = jetjson(&["msgpack", "encode", "--help"], b"");
    let help = run
        .stdout_str()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(help.contains("64-bit range"), "{help}");
    let run = jetjson(&["msgpack"], b"");
    assert_eq!(run.code, 2);
}

#[test]
fn corpora_round_trip_through_messagepack() {
    let Some(data) = shared_data() else {
        println!("skipped: ../shared/data not found");
        return;
    };
    let dir = data.join("corpus");
    for path in json_files(&dir) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = fs::read(&path).unwrap();
        let encoded = jetjson_in(&dir, &["msgpack", "encode", &name], b"");
        assert_eq!((encoded.code, encoded.stderr.as_str()), (0, ""), "{name}");
        let decoded = jetjson(&["msgpack", "decode", "-"], &encoded.stdout);
        assert_eq!((decoded.code, decoded.stderr.as_str()), (0, ""), "{name}");
        let v: jetjson::Value = jetjson::from_slice(&bytes).unwrap();
        let mut want = jetjson::to_vec(&v);
        want.push(b'\n');
        assert_eq!(decoded.stdout, want, "{name}");
    }
}
