//! Profiling driver: `prof PAYLOAD OP N` runs one operation N times on one
//! of the bench's payloads with the bench's types, for an instruction
//! profile. Subtract a run with N = 0 (loading and setup):
//!
//! ```sh
//! cargo build --release -p jetjson-bench --bin prof
//! valgrind --tool=callgrind target/release/prof twitter jj_dec 5
//! ```
//!
//! OP: `jj_dec`/`jj_enc` (jetjson typed), `br_dec`/`br_enc` (the serde
//! bridge), `so_dec`/`so_enc` (sonic-rs through serde), `sj_dec`
//! (serde_json), `jv_dec` (JSON→`Value`), `sv_dec` (sonic-rs `Value`),
//! `jd_dec` (`Document::parse`), `yy_dec` (yyjson), `jd_enc`/`yy_enc`
//! (writing a parsed `Document` / yyjson document to a new `Vec`),
//! `jj_get`/`so_get` (`jetjson::get`/`sonic_rs::get` of the bench's pointer).
//!
//! Timed with `time`, `yy_dec` is not yyjson at its speed: in this small
//! process glibc hands yyjson's large blocks back to the kernel on every
//! free, so each parse page-faults its document in again (about 100 faults
//! a parse on signal_timing, 2.5× its time). The bench's long-lived heap
//! does not; to compare here, keep them with
//! `GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=134217728`.
use jetjson::ToJson;
use jetjson_bench::config::DataSource;
use jetjson_bench::payload::{data_dir, load, payloads};
use jetjson_bench::schema::{AgentService, Canada, CitmCatalog, Doc, TimingPlan, Twitter, ValMsg};
use serde::{de::DeserializeOwned, Serialize};
use std::hint::black_box;

fn run<T>(json: &[u8], op: &str, n: usize)
where
    T: for<'a> jetjson::FromJson<'a> + ToJson + Serialize + DeserializeOwned,
{
    let value: T = jetjson::from_slice(json).expect("typed decode");
    let mut buf = Vec::with_capacity(json.len() * 2);
    let doc = jetjson::Document::parse(json).expect("document");
    // Freed after the loop.
    let yy = yy_read(json);
    // The bench's lookup: the last scalar in input order.
    let pointer = jetjson_bench::peers::last_scalar(json).expect("a scalar");
    let sonic_path = jetjson_bench::peers::sonicrs::path(&pointer);
    for _ in 0..n {
        match op {
            "jj_dec" => drop(black_box(
                jetjson::from_slice::<T>(black_box(json)).unwrap(),
            )),
            "br_dec" => drop(black_box(
                jetjson::serde::from_slice::<T>(black_box(json)).unwrap(),
            )),
            "so_dec" => drop(black_box(
                sonic_rs::from_slice::<T>(black_box(json)).unwrap(),
            )),
            "sj_dec" => drop(black_box(
                serde_json::from_slice::<T>(black_box(json)).unwrap(),
            )),
            "jv_dec" => drop(black_box(
                jetjson::from_slice::<jetjson::Value>(black_box(json)).unwrap(),
            )),
            "sv_dec" => drop(black_box(
                sonic_rs::from_slice::<sonic_rs::Value>(black_box(json)).unwrap(),
            )),
            "jd_dec" => drop(black_box(
                jetjson::Document::parse(black_box(json)).unwrap(),
            )),
            // SAFETY: a document just read, freed once, here.
            "yy_dec" => unsafe { yyjson_sys::yyjson_doc_free(black_box(yy_read(black_box(json)))) },
            "jd_enc" => drop(black_box(jetjson::to_vec(black_box(&doc)))),
            // SAFETY: `yy` is a live document; yyjson returns text allocated
            // with libc's `malloc`, copied into a `Vec` (as the bench does)
            // and freed once.
            "yy_enc" => unsafe {
                let mut len = 0usize;
                let out = yyjson_sys::yyjson_write_opts(
                    black_box(yy),
                    0,
                    std::ptr::null(),
                    &mut len,
                    std::ptr::null_mut(),
                );
                assert!(!out.is_null());
                drop(black_box(
                    std::slice::from_raw_parts(out.cast::<u8>(), len).to_vec(),
                ));
                free(out.cast());
            },
            "jj_enc" => {
                buf.clear();
                let mut w = jetjson::Writer::from_vec(std::mem::take(&mut buf));
                black_box(&value).write_json(&mut w);
                buf = w.into_vec();
                black_box(&buf);
            }
            "br_enc" => {
                buf.clear();
                jetjson::serde::to_writer(&mut buf, black_box(&value)).unwrap();
                black_box(&buf);
            }
            "so_enc" => {
                buf.clear();
                sonic_rs::to_writer(&mut buf, black_box(&value)).unwrap();
                black_box(&buf);
            }
            "jj_get" => drop(black_box(
                jetjson::get(black_box(json), &pointer)
                    .unwrap()
                    .map(str::len),
            )),
            "so_get" => drop(black_box(
                sonic_rs::get(black_box(json), &sonic_path)
                    .unwrap()
                    .as_raw_str()
                    .len(),
            )),
            other => panic!("unknown op {other}"),
        }
    }
    // SAFETY: read above, not used after this.
    unsafe { yyjson_sys::yyjson_doc_free(yy) };
}

/// yyjson's document of `json`, read without flags; the caller frees it
/// with `yyjson_doc_free`.
#[inline(always)]
fn yy_read(json: &[u8]) -> *mut yyjson_sys::yyjson_doc {
    jetjson_bench::peers::yyjson::read(json)
        .expect("yyjson read")
        .as_ptr()
}

extern "C" {
    /// libc's `free`, for the text `yyjson_write_opts` returns.
    fn free(ptr: *mut std::ffi::c_void);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (name, op, n) = (&args[1], &args[2], args[3].parse::<usize>().unwrap());
    let dir = data_dir(&DataSource::Auto);
    let spec = payloads()
        .into_iter()
        .find(|s| s.name == name)
        .expect("payload");
    let json = load(&spec, dir.as_deref(), &DataSource::Auto).json;
    match name.as_str() {
        "agent_service" => run::<AgentService>(&json, op, n),
        "doc" => run::<Doc>(&json, op, n),
        "val_msg" => run::<ValMsg>(&json, op, n),
        "signal_timing" => run::<Vec<TimingPlan>>(&json, op, n),
        "canada" => run::<Canada>(&json, op, n),
        "citm_catalog" => run::<CitmCatalog>(&json, op, n),
        "twitter" => run::<Twitter>(&json, op, n),
        _ => panic!("payload"),
    }
}
