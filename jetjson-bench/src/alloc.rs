//! A counting global allocator: how many allocations, and how many bytes,
//! an operation asks for.
//!
//! Counters are process-wide atomics, and they count only inside
//! [`counted`]: the rest of the time an allocation reads one flag that
//! nobody writes, so timed runs (and threads running at once) pay no shared
//! atomic writes. A measurement is exact only while one thread allocates;
//! the harness counts single-threaded, before any timing, with no progress
//! thread running. A `realloc` counts as one allocation of its new size
//! (what Go's `allocs/op` and `B/op` count).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

static ON: AtomicBool = AtomicBool::new(false);
static ALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

/// The system allocator, counting.
pub struct Counting;

#[global_allocator]
static GLOBAL: Counting = Counting;

#[inline]
fn count(size: usize) {
    if ON.load(Relaxed) {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(size as u64, Relaxed);
    }
}

// SAFETY: every method forwards its arguments unchanged to `System`, which
// implements the `GlobalAlloc` contract; counting touches only atomics and
// never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: the caller upholds `alloc`'s contract (non-zero size), passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, that is from `System`, with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        // SAFETY: `ptr` came from `System` with `layout`; the caller upholds the
        // rest of `realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// The counters at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// Allocations (and reallocations) so far.
    pub allocs: u64,
    /// Bytes requested by them.
    pub bytes: u64,
}

fn snapshot() -> Snapshot {
    Snapshot {
        allocs: ALLOCS.load(Relaxed),
        bytes: BYTES.load(Relaxed),
    }
}

/// Runs `f` with counting on; returns its result and what it allocated.
pub fn counted<R>(f: impl FnOnce() -> R) -> (R, Snapshot) {
    ON.store(true, Relaxed);
    let before = snapshot();
    let r = f();
    let after = snapshot();
    ON.store(false, Relaxed);
    (r, after - before)
}

impl std::ops::Sub for Snapshot {
    type Output = Snapshot;
    fn sub(self, earlier: Snapshot) -> Snapshot {
        Snapshot {
            allocs: self.allocs.wrapping_sub(earlier.allocs),
            bytes: self.bytes.wrapping_sub(earlier.bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::counted;
    use std::hint::black_box;

    #[test]
    fn counts_allocations_and_reallocations() {
        let ((), n) = counted(|| {
            let mut v: Vec<u8> = black_box(Vec::with_capacity(100));
            v.extend_from_slice(&[1; 300]);
            black_box(&v);
        });
        // Other tests may allocate meanwhile, so only lower bounds hold.
        assert!(n.allocs >= 2, "{n:?}");
        assert!(n.bytes >= 400, "{n:?}");
        let (sum, n) = counted(|| black_box(vec![0u64; 64]).iter().sum::<u64>());
        assert_eq!(sum, 0);
        assert!(n.allocs >= 1 && n.bytes >= 512, "{n:?}");
    }
}
