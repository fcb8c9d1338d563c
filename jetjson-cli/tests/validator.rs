//! The streaming validator against its oracle, `jetjson::validate` (with the
//! same depth limit): for every input, the same verdict, and for invalid
//! input the same error kind, byte offset, line and column, however the
//! input is cut into chunks; for valid input, the output length it predicts
//! for `jetjson fmt` is the length the formatter writes. Inputs: the shared jsonchecker, roundtrip and
//! corpus files, a table of tricky documents, and many mutations and
//! truncations of them.

use std::fs;
use std::path::{Path, PathBuf};

use jetjson_cli::formatter::{Formatter, Layout};
use jetjson_cli::validator::{SyntaxError, Validator};

/// What the oracle says, in comparable form.
fn oracle(input: &[u8], max_depth: usize) -> Result<(), (String, u64, u64, u64)> {
    jetjson::ReadOptions::new()
        .max_depth(max_depth)
        .validate(input)
        .map_err(|e| {
            (
                e.kind().to_string(),
                e.offset() as u64,
                e.line() as u64,
                e.column() as u64,
            )
        })
}

fn streamed(input: &[u8], max_depth: usize, chunk: usize) -> Result<(), (String, u64, u64, u64)> {
    let mut v = Validator::new(max_depth);
    let result: Result<(), SyntaxError> = input
        .chunks(chunk.max(1))
        .try_for_each(|part| v.feed(part))
        .and_then(|()| v.finish());
    result.map_err(|e| {
        (
            e.kind.to_string(),
            e.position.offset,
            e.position.line,
            e.position.column,
        )
    })
}

/// Checks one input in several chunkings; returns a description of the
/// first disagreement.
fn disagreement(input: &[u8], max_depth: usize) -> Option<String> {
    let want = oracle(input, max_depth);
    let chunks = [usize::MAX, 1, 2, 3, 7, 64];
    for chunk in chunks {
        let chunk = chunk.min(input.len().max(1));
        let got = streamed(input, max_depth, chunk);
        if got != want {
            return Some(format!(
                "input {:?} (depth {max_depth}, chunk {chunk}):\n  validate {want:?}\n  streamed {got:?}",
                String::from_utf8_lossy(input)
            ));
        }
    }
    if want.is_ok() {
        return length_mismatch(input, max_depth);
    }
    None
}

/// For valid input: whether the length `Validator::formatted_len` promises
/// for each layout differs from what the formatter writes.
fn length_mismatch(input: &[u8], max_depth: usize) -> Option<String> {
    let mut v = Validator::new(max_depth);
    for part in input.chunks(5) {
        v.feed(part).ok()?;
    }
    v.finish().ok()?;
    for layout in [
        Layout::Minify,
        Layout::Pretty { indent: 0 },
        Layout::Pretty { indent: 2 },
        Layout::Pretty { indent: 7 },
    ] {
        let mut out = Vec::new();
        let mut f = Formatter::new(layout);
        for part in input.chunks(4096) {
            f.feed(part, &mut out).ok()?;
        }
        f.finish(&mut out).ok()?;
        if v.formatted_len(layout) != out.len() as u64 {
            return Some(format!(
                "input {:?}: {layout:?} promised {} bytes, wrote {}",
                String::from_utf8_lossy(&input[..input.len().min(200)]),
                v.formatted_len(layout),
                out.len()
            ));
        }
    }
    None
}

fn assert_all_agree(inputs: &[Vec<u8>], max_depth: usize) -> usize {
    let mut failures: Vec<String> = inputs
        .iter()
        .filter_map(|input| disagreement(input, max_depth))
        .collect();
    let n = failures.len();
    failures.truncate(10);
    assert!(
        failures.is_empty(),
        "{n} disagreements, first ones:\n{}",
        failures.join("\n")
    );
    inputs.len()
}

/// Hand-picked documents around every rule: valid and invalid.
fn tricky() -> Vec<Vec<u8>> {
    let texts: &[&[u8]] = &[
        b"",
        b" ",
        b"\n\n  \t",
        b"0",
        b"-0",
        b"-",
        b"- 1",
        b"01",
        b"-01",
        b"1.",
        b"1.e5",
        b"1e",
        b"1e+",
        b"1e+5",
        b"1E-05",
        b"1.5e3x",
        b"12345678901234567890123456789",
        b"1x",
        b"[1x]",
        b"{\"a\":1x}",
        b"true",
        b"tru",
        b"trUe",
        b"truex",
        b"nul",
        b"nulll",
        b"false ",
        b"f",
        b"\"",
        b"\"abc",
        b"\"abc\"",
        b"\"a\\",
        b"\"a\\x\"",
        b"\"a\\u\"",
        b"\"a\\u12\"",
        b"\"a\\u12",
        b"\"a\\u12g4\"",
        b"\"\\u00e9\"",
        b"\"\\ud83d\\ude00\"",
        b"\"\\ud83d\"",
        b"\"\\ud83d",
        b"\"\\ud83d\\",
        b"\"\\ud83d\\u",
        b"\"\\ud83d\\u12",
        b"\"\\ud83d\\x\"",
        b"\"\\ud83dx\"",
        b"\"\\ud83d\\u0041\"",
        b"\"\\ud83d\\uzzzz\"",
        b"\"\\ude00\"",
        b"\"\\uDBFF\\uDFFF\"",
        b"\"tab\there\"",
        b"\"nul\x00\"",
        b"\"\x1f\"",
        b"\"\x7f\"",
        "\"é搜索😀\"".as_bytes(),
        b"\"\xc3\"",
        b"\"\xc3\xa9\"",
        b"\"\xc3\x28\"",
        b"\"\xe2\x82\"",
        b"\"\xe2\x82\xac\"",
        b"\"\xed\xa0\x80\"",
        b"\"\xf0\x9f\x98\x80\"",
        b"\"\xf0\x8f\x98\x80\"",
        b"\"\xf4\x90\x80\x80\"",
        b"\"\xf5\x80\x80\x80\"",
        b"\"\xc0\x80\"",
        b"\"\x80\"",
        b"\"\xff\"",
        b"\"\xff\x01\"",
        b"\"\xff",
        b"\"a\xffb\\n\xc3\"",
        b"\"\xe2\x82\\n\"",
        b"\"ok\\n\xe2\x82\"",
        b"[\"\xe2\x82",
        b"[",
        b"[]",
        b"[ ]",
        b"[,]",
        b"[1,]",
        b"[1 2]",
        b"[1,,2]",
        b"[1}",
        b"{",
        b"{}",
        b"{ }",
        b"{,}",
        b"{\"a\"}",
        b"{\"a\" 1}",
        b"{\"a\":}",
        b"{\"a\":1,}",
        b"{\"a\":1 \"b\":2}",
        b"{\"a\":1]",
        b"{1:2}",
        b"{\"a\":1,\"a\":2}",
        b"{\"\\u0000\":[{}]}",
        b"[1]]",
        b"[1] [2]",
        b"{}x",
        b"\xef\xbb\xbf{}",
        b"/* c */ 1",
        b"[NaN]",
        b"[Infinity]",
        b"[-Infinity]",
        b"'a'",
        b"[\n  1,\n  \"\xc3\xa9\xc3\xa9\",\n  x\n]",
        b"{\"k\xc3\xa9\":\n\t[true, false, null, -1.5e-3, \"\\/\\b\\f\\n\\r\\t\\\"\\\\\"]}",
    ];
    texts.iter().map(|t| t.to_vec()).collect()
}

fn shared_data() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    dir.is_dir().then_some(dir)
}

fn files_in(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| (p.display().to_string(), fs::read(&p).unwrap()))
        .collect()
}

/// A tiny deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Bytes that matter to some rule.
const INTERESTING: &[u8] = &[
    b'"', b'\\', b'{', b'}', b'[', b']', b',', b':', b'0', b'1', b'-', b'+', b'.', b'e', b'E',
    b'u', b'd', b'8', b't', b'n', b'f', b'a', b' ', b'\n', b'\r', b'\t', 0x00, 0x1f, 0x7f, 0x80,
    0xbf, 0xc2, 0xc3, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff,
];

/// `count` random edits of `seed`: replace, insert, delete or duplicate
/// bytes, or cut it short.
fn mutations(seed: &[u8], count: usize, rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let mut doc = seed.to_vec();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(doc.len() + 1);
            let byte = INTERESTING[rng.below(INTERESTING.len())];
            match rng.below(5) {
                0 if at < doc.len() => doc[at] = byte,
                1 => doc.insert(at, byte),
                2 if at < doc.len() => {
                    doc.remove(at);
                }
                3 => doc.truncate(at),
                _ if at < doc.len() => {
                    let end = (at + 1 + rng.below(8)).min(doc.len());
                    let copy = doc[at..end].to_vec();
                    doc.splice(at..at, copy);
                }
                _ => doc.push(byte),
            }
        }
        out.push(doc);
    }
    out
}

#[test]
fn agrees_on_tricky_documents() {
    let docs = tricky();
    for depth in [128, 1000, 1, 0] {
        assert_all_agree(&docs, depth);
    }
}

#[test]
fn agrees_on_every_truncation() {
    let mut docs = Vec::new();
    for doc in tricky() {
        for end in 0..=doc.len() {
            docs.push(doc[..end].to_vec());
        }
    }
    assert_all_agree(&docs, 128);
}

#[test]
fn agrees_on_mutations_of_tricky_documents() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut docs = Vec::new();
    for doc in tricky() {
        docs.extend(mutations(&doc, 60, &mut rng));
    }
    assert_all_agree(&docs, 128);
}

#[test]
fn agrees_on_nesting_at_and_past_the_limit() {
    let mut docs = Vec::new();
    for depth in [0usize, 1, 2, 63, 64, 65, 127, 128, 129, 200, 1000, 1001] {
        docs.push(format!("{}{}", "[".repeat(depth), "]".repeat(depth)).into_bytes());
        docs.push(format!("{}1{}", "[".repeat(depth), "]".repeat(depth)).into_bytes());
        docs.push("{\"a\":".repeat(depth).into_bytes());
        let mut mixed = String::new();
        for i in 0..depth {
            mixed.push_str(if i % 3 == 0 { "{\"k\":" } else { "[" });
        }
        mixed.push('0');
        for i in (0..depth).rev() {
            mixed.push(if i % 3 == 0 { '}' } else { ']' });
        }
        docs.push(mixed.into_bytes());
    }
    for limit in [0, 1, 64, 128, 1000, 5000] {
        assert_all_agree(&docs, limit);
    }
}

#[test]
fn agrees_on_the_shared_data_and_its_mutations() {
    let Some(data) = shared_data() else {
        println!("skipped: ../shared/data not found");
        return;
    };
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut checked = 0;
    for folder in ["jsonchecker", "roundtrip", "corpus", "seeds"] {
        let files = files_in(&data.join(folder));
        for (name, bytes) in &files {
            assert!(
                disagreement(bytes, 128).is_none() && disagreement(bytes, 1000).is_none(),
                "{name}: {}",
                disagreement(bytes, 128)
                    .or_else(|| disagreement(bytes, 1000))
                    .unwrap_or_default()
            );
            checked += 1;
            // Mutate small files everywhere; large ones in a window each.
            let (seed, count) = if bytes.len() <= 4096 {
                (bytes.clone(), 200)
            } else {
                let at = rng.below(bytes.len() - 2048);
                (bytes[at..at + 2048].to_vec(), 100)
            };
            checked += assert_all_agree(&mutations(&seed, count, &mut rng), 128);
        }
    }
    println!("{checked} inputs agree");
}

#[test]
fn positions_count_characters_across_chunks() {
    let doc = "{\n  \"é搜索😀\": [1,\n  x]}".as_bytes();
    for chunk in 1..doc.len() {
        let err = streamed(doc, 128, chunk).unwrap_err();
        assert_eq!(
            err,
            ("expected a JSON value".to_owned(), 26, 3, 3),
            "chunk {chunk}"
        );
        assert_eq!(Err(err), oracle(doc, 128));
    }
}
