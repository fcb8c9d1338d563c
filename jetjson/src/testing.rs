//! Helpers shared by the unit tests.

/// The byte values an exhaustive byte test walks: all 256 natively, and
/// under Miri (where the full loops of two tests took over 25 minutes) the
/// values at the edges of every class the kernels tell apart — whitespace,
/// controls, `-` `.` `/`, digits, `:`, quotes and backslashes, letters of an
/// exponent, ASCII's end and the bytes whose low seven bits alias a class.
pub(crate) fn bytes_to_try() -> Vec<u8> {
    if cfg!(miri) {
        vec![
            0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x30, 0x35,
            0x39, 0x3A, 0x45, 0x5C, 0x65, 0x7F, 0x80, 0xA0, 0xAD, 0xAE, 0xB0, 0xB9, 0xBA, 0xFF,
        ]
    } else {
        (0..=255).collect()
    }
}

/// Places in a block of `len` bytes to put a byte at: every one natively,
/// the ends and the middle under Miri.
pub(crate) fn places_to_try(len: usize) -> Vec<usize> {
    if cfg!(miri) {
        let mut at = vec![0, 1, len / 2, len.saturating_sub(2), len.saturating_sub(1)];
        at.extend((len / 2).checked_sub(1));
        at.retain(|&k| k < len);
        at.sort_unstable();
        at.dedup();
        at
    } else {
        (0..len).collect()
    }
}
