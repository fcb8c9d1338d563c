//! A struct's key → field lookup as data: a perfect hash found at expansion
//! time, so that the decoder's out-of-order path is one hash, one table load
//! and one comparison in a runtime function every struct shares, instead of
//! a `match` on byte strings that the optimizer lowers again for every
//! struct (a few hundred lines of IR each, the largest share of a derived
//! decoder's build after the decoder itself).
//!
//! The hash must be the runtime's (`jetjson::__private::KeyTable`) bit for
//! bit; `jetjson`'s tests check the two against each other through
//! [`key_hash`].

use proc_macro2::TokenStream;
use quote::quote;

use crate::emit::{byte_str, index};

/// Fewer names than this are matched as written: a `match` of two or three
/// byte strings is as small as a table.
const MIN_NAMES: usize = 4;

/// Seeds tried per table size before the table grows.
const SEEDS: u64 = 256;

/// The hash of a key under a seed; the table keeps its top bits. Reads the
/// length and up to 8 bytes from each end (and 8 from the middle of keys
/// longer than 16), so keys that differ only in the rest of a long middle
/// collide under every seed and get the `match` instead.
#[doc(hidden)]
pub fn key_hash(key: &[u8], seed: u64) -> u64 {
    let n = key.len();
    let word = |at: usize, len: usize| {
        let mut w = [0u8; 8];
        w[..len].copy_from_slice(&key[at..at + len]);
        u64::from_le_bytes(w)
    };
    let (x, y, z) = if n >= 8 {
        let z = if n > 16 { word(n / 2 - 4, 8) } else { 0 };
        (word(0, 8), word(n - 8, 8), z)
    } else if n >= 4 {
        (word(0, 4), word(n - 4, 4), 0)
    } else if n > 0 {
        (
            u64::from(key[0]) | u64::from(key[n / 2]) << 8 | u64::from(key[n - 1]) << 16,
            0,
            0,
        )
    } else {
        (0, 0, 0)
    };
    (x ^ y.rotate_left(21) ^ z.rotate_left(42) ^ n as u64).wrapping_mul(seed)
}

/// `seed`, `shift` and buckets (entry + 1, 0 for none) of a table that
/// sends each name to its own bucket, if one is found.
fn perfect(names: &[&[u8]]) -> Option<(u64, u32, Vec<u16>)> {
    let mut bits = (names.len() * 2)
        .next_power_of_two()
        .trailing_zeros()
        .max(1);
    for _ in 0..3 {
        let shift = 64 - bits;
        let mut buckets = vec![0u16; 1 << bits];
        'seed: for i in 0..SEEDS {
            // Odd multipliers spread over the word (splitmix64 of `i`).
            let mut z = i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            let seed = (z ^ (z >> 31)) | 1;
            buckets.fill(0);
            for (entry, name) in names.iter().enumerate() {
                let bucket = &mut buckets[(key_hash(name, seed) >> shift) as usize];
                if *bucket != 0 {
                    continue 'seed;
                }
                *bucket = u16::try_from(entry + 1).ok()?;
            }
            return Some((seed, shift, buckets));
        }
        bits += 1;
    }
    None
}

/// The index of the field that `bytes` (an expression of type `&[u8]`)
/// names, `unknown` for any other key: `names` holds each field's
/// names (its own and its aliases) in field order.
pub fn field_index(names: &[Vec<String>], bytes: TokenStream, unknown: usize) -> TokenStream {
    let entries: Vec<(&[u8], usize)> = names
        .iter()
        .enumerate()
        .flat_map(|(i, names)| names.iter().map(move |n| (n.as_bytes(), i)))
        .collect();
    let keys: Vec<&[u8]> = entries.iter().map(|&(k, _)| k).collect();
    let table = (entries.len() >= MIN_NAMES)
        .then(|| perfect(&keys))
        .flatten();
    let Some((seed, shift, buckets)) = table else {
        let arms = names.iter().enumerate().map(|(i, names)| {
            let names = names.iter().map(|n| byte_str(n.as_bytes()));
            let i = index(i);
            quote!(#(#names)|* => #i,)
        });
        let unknown = index(unknown);
        return quote! {
            match #bytes {
                #(#arms)*
                _ => #unknown,
            }
        };
    };
    let keys = entries.iter().map(|&(k, i)| {
        let k = byte_str(k);
        let i = index(i);
        quote!((#k, #i))
    });
    let buckets = buckets.iter().map(|&b| index(usize::from(b)));
    let unknown = index(unknown);
    quote! {{
        const __KEYS: ::jetjson::__private::KeyTable = ::jetjson::__private::KeyTable {
            seed: #seed,
            shift: #shift,
            buckets: &[#(#buckets),*],
            keys: &[#(#keys),*],
            unknown: #unknown,
        };
        __KEYS.index(#bytes)
    }}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_gets_its_own_bucket() {
        let names: Vec<String> = (0..40).map(|i| format!("field_{i}")).collect();
        let keys: Vec<&[u8]> = names.iter().map(|n| n.as_bytes()).collect();
        let (seed, shift, buckets) = perfect(&keys).expect("a table");
        for (entry, key) in keys.iter().enumerate() {
            let bucket = buckets[(key_hash(key, seed) >> shift) as usize];
            assert_eq!(usize::from(bucket), entry + 1);
        }
        assert!(buckets.len() <= 8 * keys.len());
    }

    #[test]
    fn names_that_differ_only_deep_in_the_middle_fall_back_to_a_match() {
        // 53 bytes: the hash reads 0..8, 22..30 and 45..53; they differ at 35.
        let names: Vec<Vec<String>> = ["0", "1", "2", "3"]
            .iter()
            .map(|d| vec![format!("{}{d}{}", "x".repeat(35), "y".repeat(17))])
            .collect();
        let tokens = field_index(&names, quote!(__key), 4).to_string();
        assert!(tokens.starts_with("match"), "{tokens}");
        let short: Vec<Vec<String>> = ["id", "name", "tags", "retryCount"]
            .iter()
            .map(|n| vec![n.to_string()])
            .collect();
        assert!(field_index(&short, quote!(__key), 4)
            .to_string()
            .contains("KeyTable"));
    }
}
