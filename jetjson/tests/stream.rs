//! `StreamReader`: concatenated and newline-delimited documents from
//! `io::Read`, across buffer boundaries, with errors, in constant memory.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{self, BufWriter, Read, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use jetjson::stream::StreamReader;
use jetjson::{json, ErrorKind, Value};

// MARK: - A counting allocator, for the memory tests

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` with the same arguments; the
// counters are only bookkeeping.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller upholds `GlobalAlloc::dealloc`'s contract.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller upholds `GlobalAlloc::realloc`'s contract.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            let live = LIVE.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Tests in this file run one at a time, so that the allocation peak of one
/// is not another's.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

// MARK: - Helpers

/// Hands out its data in chunks of the given sizes, cycling.
struct Chunked<'a> {
    data: &'a [u8],
    sizes: &'a [usize],
    i: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.sizes[self.i % self.sizes.len()]
            .min(out.len())
            .min(self.data.len());
        self.i += 1;
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn all_values(input: &[u8]) -> Vec<Value> {
    StreamReader::new(input)
        .values()
        .collect::<Result<_, _>>()
        .unwrap()
}

// MARK: - Format

#[test]
fn reads_concatenated_and_newline_delimited_documents() {
    let _g = serial();
    let input = b" 1 2\t\"a\"[1]{\"b\":2}true null -0.5\n{}{}[][]\"x\"\"y\"\r\n";
    let values = all_values(input);
    let want = [
        json!(1),
        json!(2),
        json!("a"),
        json!([1]),
        json!({"b": 2}),
        json!(true),
        json!(null),
        json!(-0.5),
        json!({}),
        json!({}),
        json!([]),
        json!([]),
        json!("x"),
        json!("y"),
    ];
    assert_eq!(values, want);
    assert!(all_values(b"").is_empty());
    assert!(all_values(b" \n\t\r ").is_empty());
}

#[test]
fn scalars_must_be_followed_by_whitespace() {
    let _g = serial();
    for input in [&b"truefalse"[..], b"1\"a\"", b"null[1]", b"12 3x"] {
        let mut s = StreamReader::new(input);
        let results: Vec<_> = s.values().collect();
        let err = results.last().unwrap().as_ref().unwrap_err();
        assert!(
            matches!(
                err.kind(),
                ErrorKind::TrailingCharacters | ErrorKind::InvalidLiteral
            ),
            "{input:?}: {err}"
        );
    }
    // `12` is one number, never two.
    assert_eq!(all_values(b"12"), [json!(12)]);
}

#[test]
fn documents_span_buffer_boundaries() {
    let _g = serial();
    let mut docs = Vec::new();
    for i in 0..300 {
        docs.push(format!(
            "{{\"id\": {i}, \"name\": \"n\\u00e9 {i}\", \"xs\": [{}], \"f\": {}.25e-1, \"big\": 12345678901234567890}}",
            "1,".repeat(i % 17) + "0",
            i,
        ));
        docs.push(format!("{}", i * 1000));
    }
    let text = docs.join(if docs.len() % 2 == 0 { "\n" } else { " " }) + "\n";
    let reference: Vec<Value> = docs.iter().map(|d| jetjson::from_str(d).unwrap()).collect();
    assert_eq!(all_values(text.as_bytes()), reference);
    for sizes in [&[1usize][..], &[2, 3, 5, 7, 11], &[4096], &[17, 1]] {
        for capacity in [1usize, 7, 64, 1000] {
            let reader = Chunked {
                data: text.as_bytes(),
                sizes,
                i: 0,
            };
            let got: Vec<Value> = StreamReader::with_capacity(capacity, reader)
                .values()
                .collect::<Result<_, _>>()
                .unwrap();
            assert_eq!(got, reference, "chunks {sizes:?}, capacity {capacity}");
        }
    }
}

#[test]
fn a_number_split_by_a_refill_is_read_whole() {
    let _g = serial();
    let data = b"123 456 7.5e1 -8 99";
    for size in 1..data.len() {
        let reader = Chunked {
            data,
            sizes: &[size],
            i: 0,
        };
        let got: Vec<Value> = StreamReader::with_capacity(2, reader)
            .values()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            got,
            [json!(123), json!(456), json!(75.0), json!(-8), json!(99)],
            "chunks of {size}"
        );
    }
}

#[test]
fn typed_documents_and_data_errors_skip_one_document() {
    let _g = serial();
    let mut s = StreamReader::new(&b"1 300 [2] 3\n"[..]);
    let got: Vec<Result<u8, _>> = s.iter().collect();
    assert_eq!(got.len(), 4);
    assert_eq!(got[0].as_ref().unwrap(), &1);
    assert_eq!(
        got[1].as_ref().unwrap_err().kind(),
        &ErrorKind::NumberOutOfRange { ty: "u8" }
    );
    assert!(matches!(
        got[2].as_ref().unwrap_err().kind(),
        ErrorKind::InvalidType { .. }
    ));
    assert_eq!(got[3].as_ref().unwrap(), &3);

    let mut s = StreamReader::new(&b"[\"a\", 1.5] [\"b\", 2]"[..]);
    let rows: Vec<(String, f64)> = s.iter().collect::<Result<_, _>>().unwrap();
    assert_eq!(rows, [("a".to_string(), 1.5), ("b".to_string(), 2.0)]);
}

#[test]
fn a_syntax_error_ends_the_stream_with_its_position() {
    let _g = serial();
    let text = "{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3,\n \"b\": tru}\n{\"a\": 4}\n";
    let mut s = StreamReader::with_capacity(4, text.as_bytes());
    assert_eq!(s.next_value().unwrap().unwrap(), json!({"a": 1}));
    assert_eq!(s.position().line, 1);
    assert_eq!(s.next_value().unwrap().unwrap(), json!({"a": 2}));
    let p = s.position();
    assert_eq!((p.offset, p.line, p.column), (9, 2, 1));
    let err = s.next_value().unwrap().unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::InvalidLiteral);
    // Counted over the whole stream, not the document.
    assert_eq!((err.line(), err.column(), err.offset()), (4, 10, 36));
    assert_eq!(&text[36..37], "}");
    assert!(s.next_value().is_none());
    assert!(s.next_value().is_none());
}

#[test]
fn a_truncated_last_document_is_an_eof_error() {
    let _g = serial();
    let mut s = StreamReader::new(&b"{\"a\":1} {\"b\":"[..]);
    assert!(s.next_value().unwrap().is_ok());
    let err = s.next_value().unwrap().unwrap_err();
    assert!(err.is_eof());
    assert!(s.next_value().is_none());
}

#[test]
fn io_errors_end_the_stream() {
    let _g = serial();
    struct Failing(bool);
    impl Read for Failing {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if std::mem::replace(&mut self.0, true) {
                return Err(io::Error::other("disk on fire"));
            }
            out[..3].copy_from_slice(b"[1]");
            Ok(3)
        }
    }
    let mut s = StreamReader::with_capacity(3, Failing(false));
    assert_eq!(s.next_value().unwrap().unwrap(), json!([1]));
    let err = s.next_value().unwrap().unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Io);
    assert!(err.to_string().contains("disk on fire"));
    assert!(s.next_value().is_none());
}

#[test]
fn the_depth_limit_applies_per_document() {
    let _g = serial();
    let deep = "[".repeat(200) + &"]".repeat(200);
    let mut s = StreamReader::new(deep.as_bytes());
    assert!(matches!(
        s.next_value().unwrap().unwrap_err().kind(),
        ErrorKind::DepthLimit { .. }
    ));
    let mut s = StreamReader::new(deep.as_bytes()).max_depth(1000);
    assert!(s.next_value().unwrap().is_ok());
}

#[test]
fn a_document_larger_than_the_buffer_grows_it() {
    let _g = serial();
    let big = jetjson::to_string(&(0..200_000).collect::<Vec<u32>>());
    let text = format!("{big}\n[1]\n{big}");
    let got = StreamReader::with_capacity(1024, text.as_bytes())
        .values()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    assert_eq!(got.len(), 3);
    assert_eq!(got[2].len(), 200_000);
}

// MARK: - Line mode

fn lines_of<T: jetjson::FromJsonOwned>(
    s: &mut StreamReader<impl Read>,
) -> Vec<Result<T, (ErrorKind, usize, usize, u64)>> {
    let mut out = Vec::new();
    while let Some(r) = s.read_next::<T>() {
        out.push(r.map_err(|e| (e.kind().clone(), e.line(), e.column(), s.position().line)));
        assert!(out.len() < 1000, "no progress");
    }
    out
}

#[test]
fn line_mode_goes_on_after_a_syntax_error() {
    let _g = serial();
    let input = b"{\"id\": 1}\n{\"id\": 2,,}\n{\"id\": 3}\n[\n4]\n";
    // Without line mode, the syntax error on line 2 ends the stream.
    let plain: Vec<_> = StreamReader::new(&input[..]).values().collect();
    assert_eq!(plain.len(), 2);
    assert!(plain[1].is_err());

    let mut s = StreamReader::new(&input[..]).line_mode(true);
    let got = lines_of::<Value>(&mut s);
    assert_eq!(
        got,
        [
            Ok(json!({"id": 1})),
            Err((ErrorKind::ExpectedKey, 2, 10, 2)),
            Ok(json!({"id": 3})),
            // One document per line: a value may not span lines.
            Err((ErrorKind::UnexpectedEof, 4, 2, 4)),
            Err((ErrorKind::TrailingCharacters, 5, 2, 5)),
        ]
    );
    assert!(s.read_next::<Value>().is_none(), "fused");
}

#[test]
fn line_mode_reports_data_errors_and_trailing_text_per_line() {
    let _g = serial();
    let input = b"[1, 2]\r\n\n   \n[300]\n[3] [4]\n\"x\"\n[5]";
    for sizes in [&[1usize][..], &[2, 7, 3], &[1 << 16]] {
        let reader = Chunked {
            data: input,
            sizes,
            i: 0,
        };
        let mut s = StreamReader::with_capacity(5, reader).line_mode(true);
        let got = lines_of::<Vec<u8>>(&mut s);
        assert_eq!(
            got,
            [
                Ok(vec![1, 2]),
                Err((ErrorKind::NumberOutOfRange { ty: "u8" }, 4, 2, 4)),
                Err((ErrorKind::TrailingCharacters, 5, 5, 5)),
                Err((
                    ErrorKind::InvalidType {
                        expected: "an array",
                        found: "string"
                    },
                    6,
                    1,
                    6
                )),
                Ok(vec![5]),
            ],
            "chunks {sizes:?}"
        );
    }
}

#[test]
fn line_mode_skips_an_overlong_line_without_buffering_it() {
    let _g = serial();
    let long = format!("[{}0]", "0,".repeat(50_000));
    let input = format!("[1]\n{long}\n[2]\n");
    let reader = Chunked {
        data: input.as_bytes(),
        sizes: &[4096],
        i: 0,
    };
    let mut s = StreamReader::with_capacity(4096, reader)
        .line_mode(true)
        .max_line_len(1000);
    let got = lines_of::<Vec<u8>>(&mut s);
    assert_eq!(
        got,
        [
            Ok(vec![1]),
            Err((ErrorKind::LineTooLong { limit: 1000 }, 2, 1, 2)),
            Ok(vec![2]),
        ]
    );
    assert_eq!(s.position().offset, 4 + long.len() as u64 + 1);
}

#[test]
fn line_mode_io_error_ends_the_stream() {
    let _g = serial();
    struct Failing(bool);
    impl Read for Failing {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if std::mem::replace(&mut self.0, true) {
                return Err(io::Error::other("disk on fire"));
            }
            out[..5].copy_from_slice(b"[1]\n[");
            Ok(5)
        }
    }
    let mut s = StreamReader::new(Failing(false)).line_mode(true);
    assert_eq!(s.next_value().unwrap().unwrap(), json!([1]));
    let err = s.next_value().unwrap().unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Io);
    assert!(s.next_value().is_none());
}

#[test]
fn line_mode_depth_limit_applies_per_line() {
    let _g = serial();
    let deep = "[".repeat(1_000_000);
    let input = format!("{deep}\n[[1]]\n");
    let mut s = StreamReader::new(input.as_bytes())
        .line_mode(true)
        .max_depth(2);
    let got = lines_of::<Value>(&mut s);
    assert_eq!(
        got,
        [
            Err((ErrorKind::DepthLimit { limit: 2 }, 1, 3, 1)),
            Ok(json!([[1]])),
        ]
    );
}

// MARK: - Constant memory

/// Writes about `bytes` of NDJSON to a temporary file; returns its path and
/// the number of records.
fn write_ndjson(bytes: u64, name: &str) -> (std::path::PathBuf, u64) {
    let path = std::env::temp_dir().join(format!(
        "jetjson-stream-{}-{name}.ndjson",
        std::process::id()
    ));
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(&path).unwrap());
    let mut written = 0u64;
    let mut n = 0u64;
    let mut line = String::new();
    while written < bytes {
        line.clear();
        use std::fmt::Write as _;
        writeln!(
            line,
            "{{\"id\":{n},\"user\":{{\"name\":\"user {n}\",\"tags\":[\"a\",\"b\\n\",\"\\u00e9\"]}},\"score\":{}.5,\"ok\":true,\"none\":null}}",
            n % 1000
        )
        .unwrap();
        out.write_all(line.as_bytes()).unwrap();
        written += line.len() as u64;
        n += 1;
    }
    out.flush().unwrap();
    (path, n)
}

/// Reads the file through the stream reader; returns the allocation peak
/// above the starting level.
fn read_ndjson(path: &std::path::Path, records: u64, line_mode: bool) -> usize {
    let file = std::fs::File::open(path).unwrap();
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let mut s = StreamReader::new(file).line_mode(line_mode);
    let mut count = 0u64;
    let mut score = 0.0;
    for v in s.values() {
        let v = v.unwrap();
        assert_eq!(v["id"], count);
        score += v["score"].as_f64().unwrap();
        count += 1;
    }
    assert_eq!(count, records);
    assert!(score > 0.0);
    drop(s);
    PEAK.load(Ordering::Relaxed) - base
}

fn vm_hwm_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn memory_stays_flat(bytes: u64, name: &str, line_mode: bool) {
    let _g = serial();
    let (path, records) = write_ndjson(bytes, name);
    let size = std::fs::metadata(&path).unwrap().len();
    let hwm_before = vm_hwm_kib();
    let result = std::panic::catch_unwind(|| read_ndjson(&path, records, line_mode));
    let hwm_after = vm_hwm_kib();
    std::fs::remove_file(&path).unwrap();
    let peak = result.unwrap();
    println!("{name}: {size} bytes, {records} records, allocation peak {peak} bytes, VmHWM {hwm_before:?} -> {hwm_after:?} KiB");
    assert!(
        peak < 4 << 20,
        "allocation peak {peak} bytes for a {size}-byte stream"
    );
    if let (Some(a), Some(b)) = (hwm_before, hwm_after) {
        assert!(
            b.saturating_sub(a) < 64 * 1024,
            "peak RSS grew by {} KiB",
            b - a
        );
    }
}

#[test]
fn memory_stays_flat_over_20_mb() {
    memory_stays_flat(20 << 20, "20mb", false);
}

#[test]
fn memory_stays_flat_in_line_mode_over_20_mb() {
    memory_stays_flat(20 << 20, "20mb-lines", true);
}

/// About 35 s in a debug build on the reference machine (2 shared cores).
#[test]
fn memory_stays_flat_over_300_mb() {
    memory_stays_flat(300 << 20, "300mb", false);
}
