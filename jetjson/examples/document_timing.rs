//! Rough MB/s of `Document` against `Value` and serde_json on the corpora
//! (the bench in jetjson-bench is the real comparison):
//! `cargo run --release -p jetjson --example document_timing [DIR]`.

use std::hint::black_box;
use std::time::Instant;

fn mbs(bytes: usize, f: &mut dyn FnMut()) -> f64 {
    let mut best = Vec::new();
    for _ in 0..15 {
        let start = Instant::now();
        let mut n = 0;
        while start.elapsed().as_millis() < 60 {
            f();
            n += 1;
        }
        best.push(bytes as f64 * n as f64 / start.elapsed().as_secs_f64() / 1e6);
    }
    best.sort_by(f64::total_cmp);
    best[best.len() / 2]
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("profile") {
        // `profile FILE N`: only parse, for callgrind.
        let file = std::env::args().nth(2).unwrap();
        let n: usize = std::env::args().nth(3).unwrap().parse().unwrap();
        let bytes = std::fs::read(file).unwrap();
        for _ in 0..n {
            drop(black_box(
                jetjson::Document::parse(black_box(&bytes)).unwrap(),
            ));
        }
        return;
    }
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/data/corpus".into());
    for name in ["twitter", "citm_catalog", "canada"] {
        let bytes = std::fs::read(format!("{dir}/{name}.json")).unwrap();
        let n = bytes.len();
        let doc = jetjson::Document::parse(&bytes).unwrap();
        let value: jetjson::Value = jetjson::from_slice(&bytes).unwrap();
        let out = jetjson::to_vec(&value).len();
        println!(
            "{name}: {} slots, {:.2} heap bytes/input byte",
            doc.slot_count(),
            doc.heap_bytes() as f64 / n as f64
        );
        let d = mbs(n, &mut || {
            drop(black_box(
                jetjson::Document::parse(black_box(&bytes)).unwrap(),
            ))
        });
        let v = mbs(n, &mut || {
            drop(black_box(
                jetjson::from_slice::<jetjson::Value>(black_box(&bytes)).unwrap(),
            ))
        });
        let s = mbs(n, &mut || {
            drop(black_box(
                serde_json::from_slice::<serde_json::Value>(black_box(&bytes)).unwrap(),
            ))
        });
        let dw = mbs(out, &mut || {
            drop(black_box(jetjson::to_vec(black_box(&doc))))
        });
        let vw = mbs(out, &mut || {
            drop(black_box(jetjson::to_vec(black_box(&value))))
        });
        println!("  parse  Document {d:7.0}  Value {v:7.0}  serde_json {s:7.0} MB/s");
        println!("  write  Document {dw:7.0}  Value {vw:7.0} MB/s");
    }
}
