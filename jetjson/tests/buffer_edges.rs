//! The `unsafe` boundaries, driven: the SIMD scanners' vector loads
//! (`simd/x86.rs`) and the unchecked UTF-8 conversions (`read/string.rs`,
//! `read/number.rs`) on input that ends exactly at the end of a buffer.
//!
//! Two kinds of buffer hold the input: one whose next page is unmapped
//! (`mmap` + `mprotect(PROT_NONE)`, Linux), so a read one byte past the end
//! faults, and one from `std::alloc` aligned to 4096 with the input at its
//! very end, so valgrind's memcheck flags a read past it. Every SIMD backend
//! runs: `Backend::scan` directly, and whole parses in child processes of
//! this test binary with `JETJSON_SIMD` set (the backend is chosen once per
//! process).

#[allow(dead_code)] // The fuzz crate's public items are not all used here.
#[path = "../../fuzz/src/lib.rs"]
mod fuzz;

use std::alloc::{alloc, dealloc, Layout};

use jetjson::simd::Backend;

const PAGE: usize = 4096;

// MARK: - Buffers that end where the input ends

/// A copy of some bytes at the very end of a 4096-aligned heap block.
struct AtBlockEnd {
    ptr: *mut u8,
    layout: Layout,
    len: usize,
}

impl AtBlockEnd {
    fn new(bytes: &[u8]) -> AtBlockEnd {
        let size = bytes.len().div_ceil(PAGE).max(1) * PAGE;
        let layout = Layout::from_size_align(size, PAGE).unwrap();
        // SAFETY: `layout` has a non-zero size.
        let ptr = unsafe { alloc(layout) };
        assert!(!ptr.is_null(), "allocation failed");
        // SAFETY: `ptr + size - len .. ptr + size` lies inside the block just
        // allocated, which cannot overlap `bytes`.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr.add(size - bytes.len()), bytes.len());
        }
        AtBlockEnd {
            ptr,
            layout,
            len: bytes.len(),
        }
    }

    fn as_slice(&self) -> &[u8] {
        // SAFETY: these `len` bytes at the block's end were initialized in
        // `new`, stay allocated until `drop`, and are never written again.
        unsafe { std::slice::from_raw_parts(self.ptr.add(self.layout.size() - self.len), self.len) }
    }
}

impl Drop for AtBlockEnd {
    fn drop(&mut self) {
        // SAFETY: `ptr` came from `alloc` with this `layout`, freed once here.
        unsafe { dealloc(self.ptr, self.layout) }
    }
}

#[cfg(target_os = "linux")]
mod guard {
    use std::ffi::c_void;

    const PROT_NONE: i32 = 0;
    const PROT_READ: i32 = 1;
    const PROT_WRITE: i32 = 2;
    const MAP_PRIVATE: i32 = 2;
    const MAP_ANONYMOUS: i32 = 0x20;
    const SC_PAGESIZE: i32 = 30;

    extern "C" {
        fn mmap(
            addr: *mut c_void,
            len: usize,
            prot: i32,
            flags: i32,
            fd: i32,
            off: i64,
        ) -> *mut c_void;
        fn mprotect(addr: *mut c_void, len: usize, prot: i32) -> i32;
        fn munmap(addr: *mut c_void, len: usize) -> i32;
        fn sysconf(name: i32) -> i64;
    }

    /// A copy of some bytes that ends right before an unmapped page.
    pub struct BeforeGuardPage {
        base: *mut u8,
        total: usize,
        data: *const u8,
        len: usize,
    }

    impl BeforeGuardPage {
        pub fn new(bytes: &[u8]) -> BeforeGuardPage {
            // SAFETY: sysconf has no preconditions.
            let page = usize::try_from(unsafe { sysconf(SC_PAGESIZE) }).unwrap();
            let data_pages = bytes.len().div_ceil(page).max(1);
            let total = (data_pages + 1) * page;
            // SAFETY: a fresh private anonymous mapping; no file, no fixed
            // address, so no existing memory is affected.
            let base = unsafe {
                mmap(
                    std::ptr::null_mut(),
                    total,
                    PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            assert!(base as isize != -1, "mmap failed");
            let base = base.cast::<u8>();
            // SAFETY: `data_pages * page < total`, inside the mapping.
            let guard = unsafe { base.add(data_pages * page) };
            // SAFETY: the last page of the mapping made above, page aligned.
            let rc = unsafe { mprotect(guard.cast(), page, PROT_NONE) };
            assert_eq!(rc, 0, "mprotect failed");
            // SAFETY: `guard - len .. guard` lies in the writable pages
            // (len ≤ data_pages * page) and cannot overlap `bytes`.
            let data = unsafe {
                let data = guard.sub(bytes.len());
                std::ptr::copy_nonoverlapping(bytes.as_ptr(), data, bytes.len());
                data
            };
            BeforeGuardPage {
                base,
                total,
                data,
                len: bytes.len(),
            }
        }

        pub fn as_slice(&self) -> &[u8] {
            // SAFETY: `data .. data + len` is mapped readable, initialized in
            // `new`, and stays mapped until `drop`.
            unsafe { std::slice::from_raw_parts(self.data, self.len) }
        }
    }

    impl Drop for BeforeGuardPage {
        fn drop(&mut self) {
            // SAFETY: unmaps exactly the mapping made in `new`, once.
            unsafe { munmap(self.base.cast(), self.total) };
        }
    }
}

/// Runs `f` on copies of `bytes` that end at a buffer's last byte.
fn at_buffer_end(bytes: &[u8], mut f: impl FnMut(&[u8])) {
    #[cfg(target_os = "linux")]
    {
        let guarded = guard::BeforeGuardPage::new(bytes);
        f(guarded.as_slice());
    }
    let block = AtBlockEnd::new(bytes);
    f(block.as_slice());
}

// MARK: - The scan kernels

/// Byte patterns of every length up to a few vector widths: plain ASCII,
/// non-ASCII, and a stopping byte at or near the end.
fn scan_cases() -> Vec<Vec<u8>> {
    let mut cases = Vec::new();
    for len in (0..=200).chain(PAGE - 40..=PAGE + 40) {
        cases.push(vec![b'a'; len]);
        cases.push([0xc3, 0xa9].repeat(len.div_ceil(2))[..len].to_vec());
        for back in [1, 2, 15, 16, 17, 31, 32, 33] {
            if back <= len {
                for stop in [b'"', b'\\', 0x00, 0x1f] {
                    let mut v = vec![b'x'; len];
                    v[len - back] = stop;
                    if len - back > 0 {
                        v[len - back - 1] = 0xe2;
                    }
                    cases.push(v);
                }
            }
        }
    }
    cases
}

#[test]
fn every_backend_scans_to_the_last_byte_and_no_further() {
    let backends = Backend::available();
    assert!(backends.contains(&Backend::Scalar));
    let mut checked = 0;
    for case in scan_cases() {
        at_buffer_end(&case, |bytes| {
            let len = bytes.len();
            for start in [
                0,
                1,
                7,
                8,
                15,
                16,
                31,
                32,
                len / 2,
                len.saturating_sub(1),
                len,
            ] {
                if start > len {
                    continue;
                }
                let want = fuzz::scan_reference(bytes, start);
                let high = bytes[start..want].iter().any(|&b| b >= 0x80);
                for &backend in &backends {
                    let got = backend.scan(bytes, start);
                    assert_eq!(got.stop, want, "{backend:?}, len {len}, start {start}");
                    assert!(got.non_ascii || !high, "{backend:?} missed non-ASCII");
                    checked += 1;
                }
            }
        });
    }
    assert!(checked > 10_000);
}

// MARK: - Whole documents

/// Documents, complete and cut short, whose last byte is a string's,
/// a number's or a literal's: the places where the reader's `unsafe` code
/// meets the end of the input.
fn documents() -> Vec<Vec<u8>> {
    let mut docs: Vec<Vec<u8>> = Vec::new();
    for n in (0..=70).chain([127, 128, 129, 255, 256, 257]) {
        let ascii = "a".repeat(n);
        let wide = "é".repeat(n);
        for body in [&ascii, &wide] {
            docs.push(format!("\"{body}\"").into_bytes());
            docs.push(format!("\"{body}").into_bytes());
            docs.push(format!("\"{body}\\n\"").into_bytes());
            docs.push(format!("\"{body}\\").into_bytes());
            docs.push(format!("\"{body}\\u00e9\"").into_bytes());
            docs.push(format!("\"{body}\\u00e").into_bytes());
            docs.push(format!("\"{body}\\ud83d\\ude00\"").into_bytes());
            docs.push(format!("\"{body}\\ud83d\\ude0").into_bytes());
            docs.push(format!("\"{body}\\ud83d\"").into_bytes());
            docs.push(format!("[\"{body}\"]").into_bytes());
            docs.push(format!("{{\"{body}\":\"{body}\"}}").into_bytes());
            docs.push(format!("{{\"{body}\"").into_bytes());
        }
        // A multibyte character cut at the end of the input.
        let mut cut = format!("\"{wide}").into_bytes();
        cut.push(0xc3);
        docs.push(cut);
        let mut cut = format!("\"{ascii}").into_bytes();
        cut.extend_from_slice(&[0xf0, 0x9f, 0x98]);
        docs.push(cut);
        // Numbers that run to the last byte.
        let digits = "7".repeat(n.max(1));
        for number in [
            digits.clone(),
            format!("-{digits}"),
            format!("0.{digits}"),
            format!("{digits}e-{}", n % 400),
            format!("{digits}."),
            format!("{digits}e"),
            format!("{digits}e+"),
            "-".to_owned(),
        ] {
            docs.push(number.into_bytes());
        }
    }
    for literal in [
        "true", "tru", "false", "fals", "null", "nul", "[1,2", "{\"k\":", "[]", "{}",
    ] {
        docs.push(literal.as_bytes().to_vec());
    }
    docs
}

/// An error's kind and offset, or success.
fn outcome<T>(r: Result<T, jetjson::Error>) -> Result<(), (jetjson::ErrorKind, usize)> {
    r.map(|_| ()).map_err(|e| (e.kind().clone(), e.offset()))
}

/// Every reader at the end of the input: same answers as from an ordinary
/// `Vec`, no read past the end. The fuzz targets' checks run too, on the
/// edge-placed bytes.
#[test]
fn whole_documents_ending_at_a_buffer_end() {
    if let Ok(name) = std::env::var("JETJSON_SIMD") {
        let want = match name.as_str() {
            "scalar" => Some(Backend::Scalar),
            #[cfg(target_arch = "x86_64")]
            "sse2" => Some(Backend::Sse2),
            _ => None,
        };
        if let Some(want) = want {
            assert_eq!(
                jetjson::simd::Backend::current(),
                want,
                "JETJSON_SIMD={name}"
            );
        }
    }
    for doc in documents() {
        let want = (
            outcome(jetjson::validate(&doc)),
            outcome(jetjson::from_slice::<String>(&doc)),
            outcome(jetjson::from_slice::<f64>(&doc)),
            outcome(jetjson::from_slice::<fuzz::Any>(&doc)),
        );
        at_buffer_end(&doc, |bytes| {
            let got = (
                outcome(jetjson::validate(bytes)),
                outcome(jetjson::from_slice::<String>(bytes)),
                outcome(jetjson::from_slice::<f64>(bytes)),
                outcome(jetjson::from_slice::<fuzz::Any>(bytes)),
            );
            assert_eq!(got, want, "{:?}", String::from_utf8_lossy(&doc));
            // Borrowed reads point into the edge buffer itself.
            if let Ok(s) = jetjson::from_slice::<&str>(bytes) {
                assert_eq!(s.len() + 2, bytes.len());
            }
            let _ = jetjson::from_slice::<std::borrow::Cow<'_, str>>(bytes);
            let _ = jetjson::from_slice::<(u64,)>(bytes);
            let _ = jetjson::from_slice::<i128>(bytes);
            let _ = jetjson::from_slice::<f32>(bytes);
            let mut r = jetjson::Reader::new(bytes);
            let _ = r.read_number_text();
            fuzz::validate(bytes);
            fuzz::number(bytes);
            fuzz::typed_from_slice(bytes);
        });
        // String content at the edge through the escape target.
        if let Some(inner) = doc.strip_prefix(b"\"") {
            at_buffer_end(inner, fuzz::escape);
        }
    }
}

/// Writing: escaping scans the source string up to its last byte too.
#[test]
fn escaping_reads_source_strings_to_their_last_byte_only() {
    for n in (0..=140).chain(PAGE - 20..=PAGE + 20) {
        for last in ["a", "\"", "\\", "\n", "\u{1f}", "é", "😀"] {
            let text = "b".repeat(n) + last;
            at_buffer_end(text.as_bytes(), |bytes| {
                let s = std::str::from_utf8(bytes).unwrap();
                let mut w = jetjson::Writer::new();
                w.write_str(s);
                assert_eq!(w.as_bytes(), serde_json::to_vec(s).unwrap().as_slice());
            });
        }
    }
}

/// The backend is chosen once per process, so each forced backend runs the
/// whole-document test in a child process of this binary.
#[test]
fn every_backend_parses_documents_at_buffer_ends() {
    if std::env::var_os("JETJSON_SIMD").is_some() {
        return; // A child: the test above is the one to run.
    }
    let mut forced = vec!["scalar"];
    if cfg!(target_arch = "x86_64") {
        forced.push("sse2");
    }
    let exe = std::env::current_exe().unwrap();
    for name in forced {
        let out = std::process::Command::new(&exe)
            .args([
                "--exact",
                "whole_documents_ending_at_a_buffer_end",
                "--test-threads=1",
            ])
            .env("JETJSON_SIMD", name)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains("1 passed"),
            "JETJSON_SIMD={name}: {}\n{stdout}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
