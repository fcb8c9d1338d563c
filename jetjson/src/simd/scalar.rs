//! The portable backend: eight bytes per step in a `u64` (SWAR).

use super::{is_special, is_whitespace, Scan};

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// A mask whose lowest set high bit marks the first byte of `x` (little endian)
/// that is zero. Bits above the first zero may be false alarms; the lowest is
/// exact, which is all a "first match" needs.
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    x.wrapping_sub(ONES) & !x & HIGH
}

/// Like `zero_bytes`, for bytes below `n` (n ≤ 128).
#[inline(always)]
fn bytes_below(x: u64, n: u8) -> u64 {
    x.wrapping_sub(ONES * u64::from(n)) & !x & HIGH
}

/// The high bit of each byte of `x` that is `"`, `\\` or below 0x20.
#[inline(always)]
fn special_bytes(x: u64) -> u64 {
    zero_bytes(x ^ (ONES * u64::from(b'"')))
        | zero_bytes(x ^ (ONES * u64::from(b'\\')))
        | bytes_below(x, 0x20)
}

/// `simd::leading_spaces32` a word at a time.
#[inline(always)]
pub(super) fn leading_spaces32(block: &[u8; 32]) -> u32 {
    let mut count = 0;
    for word in block.chunks_exact(8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(word);
        // Zero bytes where the word has a space: the lowest non-zero byte
        // (little endian) is the first other one.
        let other = u64::from_le_bytes(w) ^ (ONES * u64::from(b' '));
        if other != 0 {
            return count + other.trailing_zeros() / 8;
        }
        count += 8;
    }
    count
}

/// `simd::digit_mask32` four words at a time.
#[inline(always)]
pub(super) fn digit_mask32(block: &[u8; 32]) -> u32 {
    let mut mask = 0u32;
    for (k, word) in block.chunks_exact(8).enumerate() {
        let mut w = [0u8; 8];
        w.copy_from_slice(word);
        let t = u64::from_le_bytes(w) ^ (ONES * u64::from(b'0'));
        // A digit's byte ^ '0' is at most 9: its high nibble is 0 and its
        // low nibble plus 6 stays below 16. Each step stays inside its byte
        // (no carries), so every byte's flag is exact, not only the first.
        let high = t & (ONES * 0xF0);
        let low_over = ((t & (ONES * 0x0F)) + ONES * 6) & (ONES * 0x10);
        let odd = high | low_over; // some of bits 4..7 set: not a digit
                                   // (odd >> 1) is at most 0x78 per byte: adding 0x78 sets bit 7 exactly
                                   // when it is not zero, without carrying into the next byte.
        let flags = (((odd >> 1) + ONES * 0x78) & HIGH) >> 7;
        // Byte k's flag (bit 0 of byte k) to bit 56 + k, then down.
        let non_digits = (flags.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
        mask |= (!non_digits & 0xFF) << (8 * k);
    }
    mask
}

/// `simd::number_masks32` four words at a time.
#[inline(always)]
pub(super) fn number_masks32(block: &[u8; 32]) -> (u32, u32) {
    let mut number = 0u32;
    for (k, word) in block.chunks_exact(8).enumerate() {
        let mut w = [0u8; 8];
        w.copy_from_slice(word);
        let w = u64::from_le_bytes(w);
        // With the high bit set first, subtracting 0x2D borrows from no
        // byte: a byte below 0x80 keeps its high bit exactly when it is at
        // least 0x2D, and the low seven bits are then its distance from
        // 0x2D, at most 12 inside the range (adding 0x73 then stays below
        // 0x80). Bytes from 0x80 up are out, whatever their distance.
        let r = (w | HIGH) - ONES * 0x2D;
        let far = ((r & !HIGH) + ONES * 0x73) & HIGH;
        let flags = (r & HIGH & !far & !(w & HIGH)) >> 7;
        // Byte k's flag (bit 0 of byte k) to bit 56 + k, then down.
        number |= ((flags.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32) << (8 * k);
    }
    (digit_mask32(block), number)
}

/// The index of the first byte at or after `start` that needs escaping, or
/// `bytes.len()` (the writer's scan: no non-ASCII flag).
pub(super) fn find_special(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i + 8 <= bytes.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[i..i + 8]);
        let x = u64::from_le_bytes(word);
        let hits = special_bytes(x);
        if hits != 0 {
            return i + (hits.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() && !is_special(bytes[i]) {
        i += 1;
    }
    i
}

/// [`scan`] when the stop is among the first sixteen bytes from `start` (two
/// words, no loop): short strings and keys, inline where they are read. `None`
/// when the input has fewer than sixteen bytes left there or no stop is in
/// them; the caller then scans from `start` again with the full kernel.
#[inline(always)]
pub(super) fn scan_short(bytes: &[u8], start: usize) -> Option<Scan> {
    let block = bytes.get(start..start.checked_add(16)?)?;
    let mut high = 0u64;
    for (k, word) in block.chunks_exact(8).enumerate() {
        let mut w = [0u8; 8];
        w.copy_from_slice(word);
        let x = u64::from_le_bytes(w);
        let hits = special_bytes(x);
        if hits != 0 {
            let at = (hits.trailing_zeros() / 8) as usize;
            // The bytes before the stop: `at` < 8, so the shift is < 64.
            let before = x & ((1u64 << (8 * at)) - 1);
            return Some(Scan {
                stop: start + 8 * k + at,
                non_ascii: (high | before) & HIGH != 0,
            });
        }
        high |= x;
    }
    None
}

pub(super) fn scan(bytes: &[u8], start: usize) -> Scan {
    let mut i = start;
    let mut high = 0u64;
    while i + 8 <= bytes.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[i..i + 8]);
        let x = u64::from_le_bytes(word);
        let hits = special_bytes(x);
        if hits != 0 {
            let at = (hits.trailing_zeros() / 8) as usize;
            // Only the bytes before the stop count towards the flag.
            let before = if at == 0 {
                0
            } else {
                x & (u64::MAX >> (64 - 8 * at))
            };
            high |= before & HIGH;
            return Scan {
                stop: i + at,
                non_ascii: high != 0,
            };
        }
        high |= x & HIGH;
        i += 8;
    }
    while i < bytes.len() {
        let b = bytes[i];
        if is_special(b) {
            break;
        }
        high |= u64::from(b & 0x80);
        i += 1;
    }
    Scan {
        stop: i,
        non_ascii: high != 0,
    }
}

/// High bit of each byte of `x` that equals `c`, exactly (no carries
/// between bytes, unlike `zero_bytes`).
#[inline(always)]
fn equal_bytes(x: u64, c: u8) -> u64 {
    let y = x ^ (ONES * u64::from(c));
    let low7 = 0x7F7F_7F7F_7F7F_7F7F;
    !(((y & low7) + low7) | y) & HIGH
}

/// `simd::non_whitespace_mask64` a word at a time.
pub(super) fn non_whitespace_mask64(block: &[u8; 64]) -> u64 {
    let mut mask = 0u64;
    for (k, word) in block.chunks_exact(8).enumerate() {
        let mut w = [0u8; 8];
        w.copy_from_slice(word);
        let x = u64::from_le_bytes(w);
        let space = equal_bytes(x, b' ')
            | equal_bytes(x, b'\n')
            | equal_bytes(x, b'\r')
            | equal_bytes(x, b'\t');
        // Each byte's high bit to bit 56 + k, then down (as in digit_mask32).
        let flags = ((space >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) & 0xFF;
        mask |= (!flags & 0xFF) << (8 * k);
    }
    mask
}

pub(super) fn skip_whitespace(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i + 8 <= bytes.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[i..i + 8]);
        let x = u64::from_le_bytes(word);
        let space = equal_bytes(x, b' ')
            | equal_bytes(x, b'\n')
            | equal_bytes(x, b'\r')
            | equal_bytes(x, b'\t');
        let other = !space & HIGH;
        if other != 0 {
            return i + (other.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() && is_whitespace(bytes[i]) {
        i += 1;
    }
    i
}
