//! Micro benches of the kernels under jetjson's reader and writer, each group
//! beside a baseline from the standard library (or the plain loop a
//! hand-written codec would use), so a change to a kernel shows against a
//! fixed reference measured in the same run:
//!
//! - `itoa`: `Writer::write_u64`/`write_i64` against `write!(vec, "{n}")`;
//! - `float`: `Writer::write_f64` against `write!(vec, "{x}")` (both print
//!   the shortest text that reads back), and reading (one number per input,
//!   and one array of them) against `str::parse`;
//! - `int_read`: an array of integers read into `Vec<i64>` against
//!   `str::parse` of each;
//! - `escape`: `Writer::write_str` against a byte-at-a-time escaper, on one
//!   long text and on many short strings (keys, names);
//! - `scan`: the string-scan kernel in each backend this CPU has against
//!   `Iterator::position`;
//! - `key_match`: a derived decoder whose keys come in declaration order (one
//!   compare each) and in reverse order (read and matched), against the same
//!   reader with every key looked up in a `HashMap`.
//!
//! `cargo bench -p jetjson-bench --bench kernels` (divan; add a filter such
//! as `-- float` to run one group).

use std::collections::HashMap;
use std::hint::black_box;
use std::io::Write as _;

use jetjson::simd::Backend;
use jetjson::Writer;

fn main() {
    divan::main();
}

/// A fixed spread of values: small, medium and large, with both signs.
fn integers() -> Vec<i64> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    (0..1024)
        .map(|i| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let magnitude = match i % 4 {
                0 => state % 100,
                1 => state % 100_000,
                2 => state % 10_000_000_000,
                _ => state >> 1,
            };
            let v = magnitude as i64;
            if i % 3 == 0 {
                -v
            } else {
                v
            }
        })
        .collect()
}

/// Floats as JSON documents hold them: coordinates, prices, tiny and huge.
fn floats() -> Vec<f64> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    (0..1024)
        .map(|i| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let unit = (state >> 11) as f64 / (1u64 << 53) as f64;
            match i % 4 {
                0 => unit * 360.0 - 180.0,
                1 => (unit * 100_000.0).round() / 100.0,
                2 => unit * 1e-7,
                _ => unit * 1e300,
            }
        })
        .collect()
}

mod itoa {
    use super::*;

    #[divan::bench]
    fn jetjson_writer(bencher: divan::Bencher) {
        let values = integers();
        let mut w = Writer::with_capacity(32 * 1024);
        bencher.bench_local(|| {
            w.clear();
            for &v in &values {
                w.write_i64(black_box(v));
            }
            black_box(w.as_bytes().len())
        });
    }

    #[divan::bench]
    fn std_write(bencher: divan::Bencher) {
        let values = integers();
        let mut out = Vec::with_capacity(32 * 1024);
        bencher.bench_local(|| {
            out.clear();
            for &v in &values {
                let _ = write!(out, "{}", black_box(v));
            }
            black_box(out.len())
        });
    }
}

mod float {
    use super::*;

    #[divan::bench]
    fn jetjson_write(bencher: divan::Bencher) {
        let values = floats();
        let mut w = Writer::with_capacity(32 * 1024);
        bencher.bench_local(|| {
            w.clear();
            for &v in &values {
                w.write_f64(black_box(v));
            }
            black_box(w.as_bytes().len())
        });
    }

    #[divan::bench]
    fn std_write(bencher: divan::Bencher) {
        let values = floats();
        let mut out = Vec::with_capacity(32 * 1024);
        bencher.bench_local(|| {
            out.clear();
            for &v in &values {
                let _ = write!(out, "{}", black_box(v));
            }
            black_box(out.len())
        });
    }

    fn texts() -> Vec<String> {
        floats().iter().map(jetjson::to_string).collect()
    }

    #[divan::bench]
    fn jetjson_read(bencher: divan::Bencher) {
        let texts = texts();
        bencher.bench_local(|| {
            let mut sum = 0.0;
            for t in &texts {
                sum += jetjson::from_str::<f64>(black_box(t)).unwrap_or_default();
            }
            black_box(sum)
        });
    }

    /// The same numbers as one JSON array, as documents hold them: each
    /// followed by more input, so the reader's one-word path can take it
    /// (a number alone at the end of its input takes the general scanner).
    #[divan::bench]
    fn jetjson_read_array(bencher: divan::Bencher) {
        let text = format!("[{}]", texts().join(","));
        bencher.bench_local(|| {
            let v: Vec<f64> = jetjson::from_str(black_box(&text)).unwrap_or_default();
            black_box(v.len())
        });
    }

    #[divan::bench]
    fn std_parse(bencher: divan::Bencher) {
        let texts = texts();
        bencher.bench_local(|| {
            let mut sum = 0.0;
            for t in &texts {
                sum += black_box(t).parse::<f64>().unwrap_or_default();
            }
            black_box(sum)
        });
    }
}

mod int_read {
    use super::*;

    fn texts() -> Vec<String> {
        integers().iter().map(|n| n.to_string()).collect()
    }

    /// One JSON array of the integers, read into `Vec<i64>`.
    #[divan::bench]
    fn jetjson_read_array(bencher: divan::Bencher) {
        let text = format!("[{}]", texts().join(","));
        bencher.bench_local(|| {
            let v: Vec<i64> = jetjson::from_str(black_box(&text)).unwrap_or_default();
            black_box(v.len())
        });
    }

    #[divan::bench]
    fn std_parse(bencher: divan::Bencher) {
        let texts = texts();
        bencher.bench_local(|| {
            let mut sum = 0i64;
            for t in &texts {
                sum = sum.wrapping_add(black_box(t).parse::<i64>().unwrap_or_default());
            }
            black_box(sum)
        });
    }
}

mod escape {
    use super::*;

    /// Text as JSON strings hold it: mostly plain, some quotes, newlines,
    /// control bytes and non-ASCII.
    fn text() -> String {
        let mut s = String::new();
        for i in 0..2000 {
            s.push_str("plain words, and more plain words ");
            match i % 5 {
                0 => s.push_str("\"quoted\" "),
                1 => s.push_str("line\nbreak "),
                2 => s.push_str("tab\there "),
                3 => s.push_str("café 東京 "),
                _ => s.push('\u{1}'),
            }
        }
        s
    }

    #[divan::bench]
    fn jetjson_write_str(bencher: divan::Bencher) {
        let text = text();
        let mut w = Writer::with_capacity(2 * text.len());
        bencher
            .counter(divan::counter::BytesCount::of_str(&text))
            .bench_local(|| {
                w.clear();
                w.write_str(black_box(&text));
                black_box(w.as_bytes().len())
            });
    }

    /// The byte-at-a-time escaper a hand-written codec would use.
    fn escape_plainly(s: &str, out: &mut Vec<u8>) {
        out.push(b'"');
        for &b in s.as_bytes() {
            match b {
                b'"' => out.extend_from_slice(b"\\\""),
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                b'\t' => out.extend_from_slice(b"\\t"),
                0..=0x1f => {
                    let _ = write!(out, "\\u{:04x}", b);
                }
                _ => out.push(b),
            }
        }
        out.push(b'"');
    }

    /// Keys and names: 1 to 32 bytes, plain, the writer's short path.
    fn short_strings() -> Vec<String> {
        let words = "id name screen_name created_at favourites_count profile_image_url_https \
                     ServiceName Port a bb ccc retweet_count default_profile_image lang";
        (0..1024)
            .map(|i| {
                let w: Vec<&str> = words.split_whitespace().collect();
                let s = format!("{}{}", w[i % w.len()], i % 7);
                s[..s.len().min(32)].to_owned()
            })
            .collect()
    }

    #[divan::bench]
    fn jetjson_write_short(bencher: divan::Bencher) {
        let strings = short_strings();
        let mut w = Writer::with_capacity(64 * 1024);
        bencher.bench_local(|| {
            w.clear();
            for s in &strings {
                w.write_str(black_box(s));
            }
            black_box(w.as_bytes().len())
        });
    }

    #[divan::bench]
    fn byte_loop_short(bencher: divan::Bencher) {
        let strings = short_strings();
        let mut out = Vec::with_capacity(64 * 1024);
        bencher.bench_local(|| {
            out.clear();
            for s in &strings {
                escape_plainly(black_box(s), &mut out);
            }
            black_box(out.len())
        });
    }

    #[divan::bench]
    fn byte_loop(bencher: divan::Bencher) {
        let text = text();
        let mut out = Vec::with_capacity(2 * text.len());
        bencher
            .counter(divan::counter::BytesCount::of_str(&text))
            .bench_local(|| {
                out.clear();
                escape_plainly(black_box(&text), &mut out);
                black_box(out.len())
            });
    }
}

mod scan {
    use super::*;

    /// 64 KiB of plain ASCII text with the stopping `"` at the end.
    fn input() -> Vec<u8> {
        let mut bytes = b"abcdefghijklmnopqrstuvwxyz0123456789 "
            .iter()
            .copied()
            .cycle()
            .take(64 * 1024)
            .collect::<Vec<u8>>();
        bytes.push(b'"');
        bytes
    }

    fn backends() -> Vec<&'static str> {
        Backend::available()
            .into_iter()
            .map(|b| match format!("{b:?}").as_str() {
                "Scalar" => "scalar",
                "Sse2" => "sse2",
                _ => "avx2",
            })
            .collect()
    }

    #[divan::bench(args = backends())]
    fn jetjson_kernel(bencher: divan::Bencher, name: &str) {
        let input = input();
        let Some(backend) = Backend::available()
            .into_iter()
            .find(|b| format!("{b:?}").eq_ignore_ascii_case(name))
        else {
            return;
        };
        bencher
            .counter(divan::counter::BytesCount::of_slice(&input))
            .bench_local(|| black_box(backend.scan(black_box(&input), 0).stop));
    }

    #[divan::bench]
    fn iterator_position(bencher: divan::Bencher) {
        let input = input();
        bencher
            .counter(divan::counter::BytesCount::of_slice(&input))
            .bench_local(|| {
                black_box(
                    black_box(&input)
                        .iter()
                        .position(|&b| b == b'"' || b == b'\\' || b < 0x20),
                )
            });
    }
}

mod whitespace {
    use super::*;

    /// Pretty-printed indentation: 4,096 runs of a line break and 4 to 28
    /// spaces, each before one byte of a token.
    fn input() -> Vec<u8> {
        let mut bytes = Vec::new();
        for i in 0..4096 {
            bytes.push(b'\n');
            bytes.resize(bytes.len() + 4 + (i * 7) % 25, b' ');
            bytes.push(b'x');
        }
        bytes
    }

    /// Skips every run with `skip` (the index of the first byte that is not
    /// whitespace) and steps over the token after it.
    fn skip_each_run(bencher: divan::Bencher, skip: impl Fn(&[u8], usize) -> usize) {
        let input = input();
        bencher
            .counter(divan::counter::BytesCount::of_slice(&input))
            .bench_local(|| {
                let (mut i, mut tokens) = (0, 0);
                while i < input.len() {
                    i = skip(black_box(&input), i) + 1;
                    tokens += 1;
                }
                black_box(tokens)
            });
    }

    /// The process's backend (`JETJSON_SIMD` picks another), as the reader
    /// skips whitespace.
    #[divan::bench]
    fn jetjson_kernel(bencher: divan::Bencher) {
        skip_each_run(bencher, jetjson::simd::skip_whitespace);
    }

    #[divan::bench]
    fn iterator_position(bencher: divan::Bencher) {
        skip_each_run(bencher, |bytes, i| {
            bytes[i..]
                .iter()
                .position(|&b| !matches!(b, b' ' | b'\n' | b'\r' | b'\t'))
                .map_or(bytes.len(), |p| p + i)
        });
    }
}

mod key_match {
    use super::*;

    #[derive(jetjson::Json)]
    #[allow(dead_code)] // read, never inspected
    struct Record {
        identifier: u32,
        name: u32,
        created_at: u32,
        updated_at: u32,
        owner: u32,
        status: u32,
        priority: u32,
        labels: u32,
    }

    const KEYS: [&str; 8] = [
        "identifier",
        "name",
        "created_at",
        "updated_at",
        "owner",
        "status",
        "priority",
        "labels",
    ];

    fn document(keys: &[&str]) -> String {
        let members: Vec<String> = keys
            .iter()
            .enumerate()
            .map(|(i, k)| format!("\"{k}\":{i}"))
            .collect();
        format!("{{{}}}", members.join(","))
    }

    #[divan::bench]
    fn derived_in_order(bencher: divan::Bencher) {
        let doc = document(&KEYS);
        bencher.bench_local(|| jetjson::from_str::<Record>(black_box(&doc)).is_ok());
    }

    #[divan::bench]
    fn derived_reversed(bencher: divan::Bencher) {
        let mut keys = KEYS;
        keys.reverse();
        let doc = document(&keys);
        bencher.bench_local(|| jetjson::from_str::<Record>(black_box(&doc)).is_ok());
    }

    /// The same reader, each key read and looked up in a `HashMap`: the
    /// decoder a library without generated code has.
    fn decode_by_lookup(
        doc: &str,
        fields: &HashMap<&str, usize>,
    ) -> Result<[u64; 8], jetjson::Error> {
        let mut slots = [0u64; 8];
        let mut r = jetjson::Reader::new(doc.as_bytes());
        r.begin_object("struct Record")?;
        let mut first = true;
        while r.next_member(&mut first)? {
            let slot = fields.get(r.read_key()?.as_str()).copied();
            let value = r.read_u64("u32")?;
            if let Some(i) = slot {
                slots[i] = value;
            }
        }
        r.finish()?;
        Ok(slots)
    }

    #[divan::bench]
    fn hash_map_lookup(bencher: divan::Bencher) {
        let fields: HashMap<&str, usize> = KEYS.iter().enumerate().map(|(i, k)| (*k, i)).collect();
        let doc = document(&KEYS);
        bencher.bench_local(|| decode_by_lookup(black_box(&doc), &fields).is_ok());
    }
}
