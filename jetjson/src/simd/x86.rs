//! x86_64 backends: SSE2 (part of the x86_64 baseline) and AVX2 (detected at
//! run time). Loads are unaligned and never cross the end of the slice: the
//! last partial block goes to the scalar tail.

use super::{scalar, Scan};
use std::arch::x86_64::*;

pub(super) fn scan_sse2(bytes: &[u8], start: usize) -> Scan {
    let mut i = start;
    let mut high = 0i32;
    // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics always
    // run. Each load reads bytes[i..i + 16], inside the slice because the loop
    // condition keeps i + 16 <= bytes.len().
    unsafe {
        let quote = _mm_set1_epi8(b'"' as i8);
        let backslash = _mm_set1_epi8(b'\\' as i8);
        let ctrl_max = _mm_set1_epi8(0x1f);
        while i + 16 <= bytes.len() {
            let x = _mm_loadu_si128(bytes.as_ptr().add(i).cast());
            // x <= 0x1f (unsigned) exactly when max(x, 0x1f) == 0x1f.
            let ctrl = _mm_cmpeq_epi8(_mm_max_epu8(x, ctrl_max), ctrl_max);
            let hits = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                ctrl,
            );
            let mask = _mm_movemask_epi8(hits);
            let h = _mm_movemask_epi8(x);
            if mask != 0 {
                let at = mask.trailing_zeros();
                high |= h & ((1i32 << at) - 1);
                return Scan {
                    stop: i + at as usize,
                    non_ascii: high != 0,
                };
            }
            high |= h;
            i += 16;
        }
    }
    let tail = scalar::scan(bytes, i);
    Scan {
        stop: tail.stop,
        non_ascii: tail.non_ascii || high != 0,
    }
}

/// `scan_sse2` for a stop within the first sixteen bytes: one block, inline,
/// no loop; `None` when the stop is further or fewer than sixteen bytes are
/// left.
#[inline(always)]
pub(super) fn scan_short_sse2(bytes: &[u8], start: usize) -> Option<Scan> {
    let block = bytes.get(start..start.checked_add(16)?)?;
    // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics always
    // run; the load reads the sixteen bytes of `block`.
    let (mask, high) = unsafe {
        let x = _mm_loadu_si128(block.as_ptr().cast());
        let ctrl_max = _mm_set1_epi8(0x1f);
        // x <= 0x1f (unsigned) exactly when max(x, 0x1f) == 0x1f.
        let ctrl = _mm_cmpeq_epi8(_mm_max_epu8(x, ctrl_max), ctrl_max);
        let hits = _mm_or_si128(
            _mm_or_si128(
                _mm_cmpeq_epi8(x, _mm_set1_epi8(b'"' as i8)),
                _mm_cmpeq_epi8(x, _mm_set1_epi8(b'\\' as i8)),
            ),
            ctrl,
        );
        (_mm_movemask_epi8(hits), _mm_movemask_epi8(x))
    };
    if mask == 0 {
        return None;
    }
    let at = mask.trailing_zeros();
    Some(Scan {
        stop: start + at as usize,
        // `at` < 16: the high bits of the bytes before the stop.
        non_ascii: high & ((1i32 << at) - 1) != 0,
    })
}

/// `simd::number_masks32` in two SSE2 blocks.
#[inline(always)]
pub(super) fn number_masks32_sse2(block: &[u8; 32]) -> (u32, u32) {
    // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics always
    // run; the two loads read block[0..16] and block[16..32].
    unsafe {
        let zero = _mm_set1_epi8(b'0' as i8);
        let nine = _mm_set1_epi8(9);
        let minus = _mm_set1_epi8(b'-' as i8);
        let twelve = _mm_set1_epi8(12);
        // A byte is in `lo..=lo + span` when its distance from `lo`
        // (wrapping) is at most `span`: min(d, span) == d.
        let masks = |x: __m128i| {
            let d = _mm_sub_epi8(x, zero);
            let digits = _mm_cmpeq_epi8(_mm_min_epu8(d, nine), d);
            let n = _mm_sub_epi8(x, minus);
            let number = _mm_cmpeq_epi8(_mm_min_epu8(n, twelve), n);
            (
                _mm_movemask_epi8(digits) as u32,
                _mm_movemask_epi8(number) as u32,
            )
        };
        let (d0, n0) = masks(_mm_loadu_si128(block.as_ptr().cast()));
        let (d1, n1) = masks(_mm_loadu_si128(block.as_ptr().add(16).cast()));
        (d0 | d1 << 16, n0 | n1 << 16)
    }
}

/// `simd::leading_spaces32` in two SSE2 blocks.
#[inline(always)]
pub(super) fn leading_spaces32_sse2(block: &[u8; 32]) -> u32 {
    // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics always
    // run; the two loads read block[0..16] and block[16..32].
    unsafe {
        let space = _mm_set1_epi8(b' ' as i8);
        let spaces = |x: __m128i| _mm_movemask_epi8(_mm_cmpeq_epi8(x, space)) as u32;
        let lo = spaces(_mm_loadu_si128(block.as_ptr().cast()));
        let hi = spaces(_mm_loadu_si128(block.as_ptr().add(16).cast()));
        (!(lo | hi << 16)).trailing_zeros()
    }
}

/// `simd::digit_mask32` in two SSE2 blocks.
#[inline(always)]
pub(super) fn digit_mask32_sse2(block: &[u8; 32]) -> u32 {
    // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics always
    // run; the two loads read block[0..16] and block[16..32].
    unsafe {
        let zero = _mm_set1_epi8(b'0' as i8);
        let nine = _mm_set1_epi8(9);
        let digits = |x: __m128i| {
            // A digit is a byte whose distance from '0' (wrapping) is at
            // most 9: min(d, 9) == d.
            let d = _mm_sub_epi8(x, zero);
            _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(d, nine), d)) as u32
        };
        let lo = digits(_mm_loadu_si128(block.as_ptr().cast()));
        let hi = digits(_mm_loadu_si128(block.as_ptr().add(16).cast()));
        lo | hi << 16
    }
}

/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn scan_avx2(bytes: &[u8], start: usize) -> Scan {
    let mut i = start;
    let mut high = 0u32;
    // SAFETY: the caller guarantees AVX2. Each load reads bytes[i..i + 32],
    // inside the slice because the loop condition keeps i + 32 <= bytes.len().
    unsafe {
        let quote = _mm256_set1_epi8(b'"' as i8);
        let backslash = _mm256_set1_epi8(b'\\' as i8);
        let ctrl_max = _mm256_set1_epi8(0x1f);
        while i + 32 <= bytes.len() {
            let x = _mm256_loadu_si256(bytes.as_ptr().add(i).cast());
            let ctrl = _mm256_cmpeq_epi8(_mm256_max_epu8(x, ctrl_max), ctrl_max);
            let hits = _mm256_or_si256(
                _mm256_or_si256(_mm256_cmpeq_epi8(x, quote), _mm256_cmpeq_epi8(x, backslash)),
                ctrl,
            );
            let mask = _mm256_movemask_epi8(hits) as u32;
            let h = _mm256_movemask_epi8(x) as u32;
            if mask != 0 {
                let at = mask.trailing_zeros();
                high |= h & ((1u32 << at) - 1);
                return Scan {
                    stop: i + at as usize,
                    non_ascii: high != 0,
                };
            }
            high |= h;
            i += 32;
        }
    }
    let tail = scan_sse2(bytes, i);
    Scan {
        stop: tail.stop,
        non_ascii: tail.non_ascii || high != 0,
    }
}

pub(super) fn skip_whitespace_sse2(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics always
    // run. Each load reads bytes[i..i + 16], inside the slice because the loop
    // condition keeps i + 16 <= bytes.len().
    unsafe {
        let space = _mm_set1_epi8(b' ' as i8);
        let newline = _mm_set1_epi8(b'\n' as i8);
        let ret = _mm_set1_epi8(b'\r' as i8);
        let tab = _mm_set1_epi8(b'\t' as i8);
        while i + 16 <= bytes.len() {
            let x = _mm_loadu_si128(bytes.as_ptr().add(i).cast());
            let ws = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(x, space), _mm_cmpeq_epi8(x, newline)),
                _mm_or_si128(_mm_cmpeq_epi8(x, ret), _mm_cmpeq_epi8(x, tab)),
            );
            let other = !_mm_movemask_epi8(ws) & 0xFFFF;
            if other != 0 {
                return i + other.trailing_zeros() as usize;
            }
            i += 16;
        }
    }
    scalar::skip_whitespace(bytes, i)
}

/// `simd::non_whitespace_mask64` in four SSE2 blocks.
pub(super) fn non_whitespace_mask64_sse2(block: &[u8; 64]) -> u64 {
    let mut mask = 0u64;
    // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics always
    // run; the loads read block[16k..16k + 16] for k < 4.
    unsafe {
        let space = _mm_set1_epi8(b' ' as i8);
        let newline = _mm_set1_epi8(b'\n' as i8);
        let ret = _mm_set1_epi8(b'\r' as i8);
        let tab = _mm_set1_epi8(b'\t' as i8);
        for k in 0..4 {
            let x = _mm_loadu_si128(block.as_ptr().add(16 * k).cast());
            let ws = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(x, space), _mm_cmpeq_epi8(x, newline)),
                _mm_or_si128(_mm_cmpeq_epi8(x, ret), _mm_cmpeq_epi8(x, tab)),
            );
            let other = !_mm_movemask_epi8(ws) as u64 & 0xFFFF;
            mask |= other << (16 * k);
        }
    }
    mask
}

/// `simd::non_whitespace_mask64` in two AVX2 blocks.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn non_whitespace_mask64_avx2(block: &[u8; 64]) -> u64 {
    // SAFETY: the caller guarantees AVX2. The loads read the table's 32
    // bytes and block[0..32], block[32..64].
    unsafe {
        let table = _mm256_loadu_si256(WHITESPACE_BY_NIBBLE.as_ptr().cast());
        let other = |x: __m256i| {
            // A whitespace byte equals the table's entry for its low nibble;
            // bytes ≥ 0x80 select 0, which no such byte equals.
            let ws = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, x), x);
            u64::from(!(_mm256_movemask_epi8(ws) as u32))
        };
        let lo = other(_mm256_loadu_si256(block.as_ptr().cast()));
        let hi = other(_mm256_loadu_si256(block.as_ptr().add(32).cast()));
        lo | hi << 32
    }
}

/// For each low nibble, the whitespace byte that has it (0 where none does),
/// twice: one table per 128-bit lane of `_mm256_shuffle_epi8`.
const WHITESPACE_BY_NIBBLE: [u8; 32] = {
    let mut table = [0u8; 32];
    let mut lane = 0;
    while lane < 32 {
        table[lane] = b' ';
        table[lane + 9] = b'\t';
        table[lane + 10] = b'\n';
        table[lane + 13] = b'\r';
        lane += 16;
    }
    table
};

/// # Safety
/// The CPU must support AVX2.
///
/// One shuffle and one compare per 32 bytes: the four whitespace bytes have
/// distinct low nibbles (`' '` 0, `\t` 9, `\n` A, `\r` D), so a byte is
/// whitespace exactly when the table entry at its low nibble equals it. Bytes
/// ≥ 0x80 shuffle to 0 and never match; 0x00 looks up `' '`. A line break and
/// its indentation usually fit one block.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn skip_whitespace_avx2(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    // SAFETY: the caller guarantees AVX2. The table load reads the 32 bytes
    // of the table; each other load reads bytes[i..i + 32], inside the slice
    // because the loop condition keeps i + 32 <= bytes.len().
    unsafe {
        let table = _mm256_loadu_si256(WHITESPACE_BY_NIBBLE.as_ptr().cast());
        while i + 32 <= bytes.len() {
            let x = _mm256_loadu_si256(bytes.as_ptr().add(i).cast());
            let ws = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, x), x);
            let other = !(_mm256_movemask_epi8(ws) as u32);
            if other != 0 {
                return i + other.trailing_zeros() as usize;
            }
            i += 32;
        }
    }
    skip_whitespace_sse2(bytes, i)
}

/// The index of the first byte at or after `start` that needs escaping
/// (`"`, `\` or below 0x20), or `bytes.len()`: the writer's scan, which
/// needs no non-ASCII flag. A slice of at least 16 bytes ends with one load
/// that overlaps the block before it instead of a byte-by-byte tail.
pub(super) fn find_special_sse2(bytes: &[u8], start: usize) -> usize {
    let len = bytes.len();
    if len < 16 {
        return scalar::find_special(bytes, start);
    }
    let mut i = start;
    // SAFETY: SSE2 is part of the x86_64 baseline, so these intrinsics always
    // run. Each load reads bytes[at..at + 16] with at + 16 <= len: `at` is
    // `i` while i + 16 <= len, else len - 16 (len >= 16 here).
    unsafe {
        let quote = _mm_set1_epi8(b'"' as i8);
        let backslash = _mm_set1_epi8(b'\\' as i8);
        let ctrl_max = _mm_set1_epi8(0x1f);
        while i < len {
            let at = if i + 16 <= len { i } else { len - 16 };
            let x = _mm_loadu_si128(bytes.as_ptr().add(at).cast());
            let ctrl = _mm_cmpeq_epi8(_mm_max_epu8(x, ctrl_max), ctrl_max);
            let hits = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                ctrl,
            );
            // Bytes before `i` (in an overlapping last block) were checked.
            let mask = (_mm_movemask_epi8(hits) as u32) >> (i - at) << (i - at);
            if mask != 0 {
                return at + mask.trailing_zeros() as usize;
            }
            i = at + 16;
        }
    }
    len
}
