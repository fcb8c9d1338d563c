//! rmp-serde as the oracle: for random values of std types, our bytes are
//! rmp-serde's bytes, and each side reads what the other wrote.
//!
//! Where the two differ on purpose (checked below, not hidden):
//!
//! - `u128`/`i128`: rmp-serde always writes bin of 16 bytes; we write an
//!   integer when the value fits 64 bits (the smallest encoding) and the
//!   same 16 bytes otherwise. Each reads the other's.
//! - Structs: rmp-serde's `to_vec` writes them as arrays and `to_vec_named`
//!   as maps keyed by field name; `#[derive(Msgpack)]` writes maps by
//!   default, like `to_vec_named`. (The derive is not this file's subject.)
//! - Everything else here matches byte for byte: rmp picks the smallest
//!   integer, string, array and map headers too, `f32`/`f64` as float
//!   32/64, `char` as a string, `None` and `()` as nil, `Vec<u8>` as an
//!   array, `serde_bytes`-style bytes as bin.

use std::collections::BTreeMap;
use std::fmt::Debug;

use jetjson::msgpack::{from_slice, to_vec, ByteBuf, FromMsgpackOwned, ToMsgpack};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Same bytes as rmp-serde, and each reads the other's.
fn agree<T>(value: &T) -> Result<(), TestCaseError>
where
    T: ToMsgpack + FromMsgpackOwned + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let ours = to_vec(value);
    let theirs = rmp_serde::to_vec(value).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&ours, &theirs, "{:?}", value);
    let back: T = from_slice(&theirs).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&back, value);
    let back: T = rmp_serde::from_slice(&ours).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&back, value);
    Ok(())
}

/// Integers that sit on and around every header boundary, and any others.
fn int() -> impl Strategy<Value = i64> {
    prop_oneof![
        prop::sample::select(vec![
            0,
            127,
            128,
            255,
            256,
            65535,
            65536,
            4_294_967_295,
            4_294_967_296,
            -1,
            -32,
            -33,
            -128,
            -129,
            -32768,
            -32769,
            -2_147_483_648,
            -2_147_483_649,
            i64::MIN,
            i64::MAX,
        ]),
        any::<i64>(),
        -300i64..300,
    ]
}

/// Strings around 31/32/255/256 bytes, multibyte text included.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        ".{0,40}",
        prop::sample::select(vec![31usize, 32, 255, 256, 65535, 65536]).prop_map(|n| "y".repeat(n)),
        "[a-zé😀]{0,300}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn integers_match(v in int(), u in any::<u64>(), small in any::<(u8, i8, u16, i16, u32, i32)>()) {
        agree(&v)?;
        agree(&u)?;
        agree(&small)?;
        agree(&(v as u64))?;
    }

    #[test]
    fn floats_match_bit_for_bit(f in any::<f64>(), g in any::<f32>()) {
        let ours = to_vec(&f);
        prop_assert_eq!(&ours, &rmp_serde::to_vec(&f).unwrap());
        prop_assert_eq!(from_slice::<f64>(&ours).unwrap().to_bits(), f.to_bits());
        let ours = to_vec(&g);
        prop_assert_eq!(&ours, &rmp_serde::to_vec(&g).unwrap());
        prop_assert_eq!(from_slice::<f32>(&ours).unwrap().to_bits(), g.to_bits());
    }

    #[test]
    fn strings_and_chars_match(s in text(), c in any::<char>()) {
        agree(&s)?;
        agree(&c)?;
    }

    #[test]
    fn containers_match(
        v in prop::collection::vec(int(), 0..40),
        m in prop::collection::btree_map(text(), prop::option::of(any::<bool>()), 0..20),
        t in any::<(bool, Option<u8>, (i16, f32))>(),
        n in prop::sample::select(vec![0usize, 15, 16, 65535, 65536]),
    ) {
        agree(&v)?;
        agree(&m)?;
        agree(&t)?;
        agree(&vec![Some(1u8); n])?;
        let map: BTreeMap<u32, ()> = (0..n as u32).map(|k| (k, ())).collect();
        agree(&map)?;
        agree(&vec![vec![v.clone()], vec![]])?;
    }

    #[test]
    fn bytes_match(b in prop::collection::vec(any::<u8>(), 0..300), n in prop::sample::select(vec![255usize, 256, 65535, 65536])) {
        let theirs = rmp_serde::to_vec(&serde_bytes_like(&b)).unwrap();
        prop_assert_eq!(&to_vec(&ByteBuf(b.clone())), &theirs);
        prop_assert_eq!(from_slice::<ByteBuf>(&theirs).unwrap().0, b);
        let long = vec![7u8; n];
        prop_assert_eq!(to_vec(&ByteBuf(long.clone())), rmp_serde::to_vec(&serde_bytes_like(&long)).unwrap());
        // A plain Vec<u8> is an array on both sides.
        agree(&long)?;
    }

    #[test]
    fn wide_integers_read_across(v in any::<i128>(), u in any::<u128>(), small in any::<i64>()) {
        // rmp-serde writes bin of 16; we read it.
        prop_assert_eq!(from_slice::<i128>(&rmp_serde::to_vec(&v).unwrap()).unwrap(), v);
        prop_assert_eq!(from_slice::<u128>(&rmp_serde::to_vec(&u).unwrap()).unwrap(), u);
        // We write what rmp-serde reads back, small values as integers.
        prop_assert_eq!(rmp_serde::from_slice::<i128>(&to_vec(&v)).unwrap(), v);
        prop_assert_eq!(rmp_serde::from_slice::<u128>(&to_vec(&u)).unwrap(), u);
        let small = i128::from(small);
        prop_assert_eq!(to_vec(&small), to_vec(&(small as i64)));
        prop_assert_eq!(rmp_serde::from_slice::<i128>(&to_vec(&small)).unwrap(), small);
    }
}

/// A byte slice that serde serializes as bytes (rmp-serde: bin), without
/// the serde_bytes crate.
fn serde_bytes_like(b: &[u8]) -> impl Serialize + '_ {
    struct B<'a>(&'a [u8]);
    impl Serialize for B<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(self.0)
        }
    }
    B(b)
}

#[test]
fn structs_differ_only_in_the_documented_way() {
    #[derive(Serialize)]
    struct S {
        id: u8,
        name: &'static str,
    }
    let s = S { id: 1, name: "a" };
    // rmp-serde: an array by default, a map when named.
    assert_eq!(rmp_serde::to_vec(&s).unwrap(), b"\x92\x01\xa1a");
    let named = rmp_serde::to_vec_named(&s).unwrap();
    assert_eq!(named, b"\x82\xa2id\x01\xa4name\xa1a");
    // The named form is what a map of the same members is for us.
    let mut w = jetjson::msgpack::Writer::new();
    w.write_map_len(2);
    w.write_str("id");
    w.write_u64(1);
    w.write_str("name");
    w.write_str("a");
    assert_eq!(w.as_bytes(), named);
}
