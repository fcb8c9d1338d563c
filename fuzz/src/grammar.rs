//! Reference checks written as plainly as RFC 8259 reads, for the targets to
//! compare the reader with.

/// JSON's four whitespace bytes (RFC 8259 §2, `ws`).
pub fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// `data` without leading and trailing JSON whitespace.
pub fn trim_ws(data: &[u8]) -> &[u8] {
    let start = data.iter().position(|&b| !is_ws(b)).unwrap_or(data.len());
    let end = data
        .iter()
        .rposition(|&b| !is_ws(b))
        .map_or(start, |p| p + 1);
    &data[start..end]
}

/// Whether `text` is exactly one JSON number (RFC 8259 §6):
/// `[ minus ] int [ frac ] [ exp ]`, `int = zero / ( digit1-9 *DIGIT )`,
/// `frac = "." 1*DIGIT`, `exp = ( "e" / "E" ) [ "-" / "+" ] 1*DIGIT`.
pub fn is_number(text: &[u8]) -> bool {
    let digits = |i: &mut usize| {
        let start = *i;
        while text.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    let mut i = 0;
    if text.first() == Some(&b'-') {
        i += 1;
    }
    match text.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if text.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(text.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(text.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == text.len()
}

/// Whether a number (already known to be one) has no fraction and no exponent.
pub fn is_integer(number: &[u8]) -> bool {
    !number.iter().any(|b| matches!(b, b'.' | b'e' | b'E'))
}

/// The deepest nesting of `[`/`{` outside strings, reading `data` loosely
/// (it need not be valid): the depth a parser reaches before it stops.
pub fn max_depth(data: &[u8]) -> usize {
    let (mut depth, mut max, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for &b in data {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// The significant digits of a decimal number's text, without sign,
/// point, exponent, or leading and trailing zeros: `-0.001250e7` → `125`.
pub fn significant_digits(text: &str) -> String {
    let mantissa = text.split(['e', 'E']).next().unwrap_or("");
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    digits.trim_matches('0').to_owned()
}

/// Whether `data` holds the number `-0` (no fraction, no exponent) outside
/// strings: the one integer text jetjson and serde_json read differently
/// (jetjson: the integer 0; serde_json: the float -0.0).
pub fn has_minus_zero_integer(data: &[u8]) -> bool {
    let mut in_string = false;
    let mut i = 0;
    while i < data.len() {
        let b = data[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
        } else if b == b'"' {
            in_string = true;
        } else if b == b'-'
            && data.get(i + 1) == Some(&b'0')
            && !matches!(data.get(i + 2), Some(b'0'..=b'9' | b'.' | b'e' | b'E'))
        {
            return true;
        }
        i += 1;
    }
    false
}
