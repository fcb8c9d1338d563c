//! Byte offset → line and column. Runs only when an error is built.

/// The 1-based line and column of `offset` in `input`. Columns count
/// characters, not bytes: a UTF-8 continuation byte does not start a column.
pub(crate) fn line_column(input: &[u8], offset: usize) -> (usize, usize) {
    let before = &input[..offset.min(input.len())];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let column = 1 + before[line_start..]
        .iter()
        .filter(|&&b| b & 0xc0 != 0x80)
        .count();
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::line_column;

    #[test]
    fn counts_lines_and_characters() {
        let text = "ab\n\"搜索\": x\n".as_bytes();
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 2), (1, 3));
        assert_eq!(line_column(text, 3), (2, 1));
        // After `"搜索": ` (1 + 3 + 3 + 1 + 1 + 1 = 10 bytes, 6 characters).
        assert_eq!(line_column(text, 13), (2, 7));
        assert_eq!(line_column(text, text.len()), (3, 1));
        assert_eq!(line_column(text, 10_000), (3, 1));
    }
}
