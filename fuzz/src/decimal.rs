//! Exact decimal expansions of binary floating-point values, for the hardest
//! inputs a float parser meets: the points exactly halfway between two
//! neighbouring doubles, and text a hair above and below them. A plain big
//! integer in base 10^9 is all it takes; speed does not matter here.

const BASE: u64 = 1_000_000_000;

/// Multiplies a little-endian base-10^9 number by `factor`.
fn mul_small(limbs: &mut Vec<u64>, factor: u64) {
    let mut carry = 0u64;
    for limb in limbs.iter_mut() {
        let t = *limb * factor + carry;
        *limb = t % BASE;
        carry = t / BASE;
    }
    while carry > 0 {
        limbs.push(carry % BASE);
        carry /= BASE;
    }
}

/// `m × 2^e` exactly, as decimal digits `d` and a power of ten `p` with
/// value `d × 10^p`.
pub fn exact_decimal(m: u64, e: i32) -> (String, i32) {
    let mut limbs = Vec::new();
    let mut rest = m;
    while rest > 0 {
        limbs.push(rest % BASE);
        rest /= BASE;
    }
    if limbs.is_empty() {
        return ("0".to_owned(), 0);
    }
    let mut power10 = 0;
    if e >= 0 {
        // 2^e in steps of 2^31 (a limb times 2^31 stays below 2^62).
        for _ in 0..e / 31 {
            mul_small(&mut limbs, 1 << 31);
        }
        mul_small(&mut limbs, 1 << (e % 31));
    } else {
        // m × 2^-k = m × 5^k × 10^-k, 5^k in steps of 5^13.
        let k = -e;
        for _ in 0..k / 13 {
            mul_small(&mut limbs, 1_220_703_125);
        }
        mul_small(&mut limbs, 5u64.pow((k % 13) as u32));
        power10 = e;
    }
    let mut digits = limbs.last().map(u64::to_string).unwrap_or_default();
    for limb in limbs.iter().rev().skip(1) {
        digits.push_str(&format!("{limb:09}"));
    }
    (digits, power10)
}

/// Text for the point halfway between the finite double `v` (taken as
/// positive) and the next double up, and for text just above and just below
/// that point: `[exact, above, below]`, each as `digits e power`. The last
/// one is absent when the halfway point's last digit is 0.
pub fn halfway_texts(v: f64) -> Vec<String> {
    let bits = v.abs().to_bits();
    let exponent = (bits >> 52) as i32;
    let fraction = bits & ((1 << 52) - 1);
    let (m, e) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, exponent - 1075)
    };
    // (m + 1/2) × 2^e = (2m + 1) × 2^(e - 1)
    let (digits, p) = exact_decimal(2 * m + 1, e - 1);
    let mut texts = vec![
        format!("{digits}e{p}"),
        format!("{digits}00000000000000000001e{}", p - 20),
    ];
    let last = digits.as_bytes()[digits.len() - 1];
    if last != b'0' {
        let mut below = digits[..digits.len() - 1].to_owned();
        below.push(char::from(last - 1));
        texts.push(format!("{below}99999999999999999999e{}", p - 20));
    }
    // The exact point once more with a decimal point after the first digit.
    if digits.len() > 1 {
        let point = p + digits.len() as i32 - 1;
        texts.push(format!("{}.{}e{point}", &digits[..1], &digits[1..]));
    }
    texts
}
