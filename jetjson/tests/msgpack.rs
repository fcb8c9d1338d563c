//! MessagePack: every format family at its boundaries, against bytes written
//! from the spec's tables (not from our own output); the std impls; `Value`;
//! timestamps, bin and ext; floats and 128-bit integers; error messages.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::rc::Rc;
use std::sync::Arc;

use jetjson::msgpack::{
    from_slice, to_vec, to_writer, validate, ByteBuf, Bytes, Ext, FromMsgpackOwned, Reader,
    Timestamp, ToMsgpack, Writer,
};
use jetjson::{json, ErrorKind, Value};

/// `header` followed by `body`.
fn cat(header: &[u8], body: &[u8]) -> Vec<u8> {
    let mut v = header.to_vec();
    v.extend_from_slice(body);
    v
}

/// `value` encodes to exactly `expected`, and `expected` reads back to it.
#[track_caller]
fn check<T>(value: T, expected: &[u8])
where
    T: ToMsgpack + FromMsgpackOwned + PartialEq + Debug,
{
    let bytes = to_vec(&value);
    assert!(
        bytes == expected,
        "{value:?}: wrote {:02x?}",
        &bytes[..bytes.len().min(24)]
    );
    assert_eq!(from_slice::<T>(expected).unwrap(), value);
    validate(expected).unwrap();
}

// MARK: - The spec's formats at their boundaries

#[test]
fn unsigned_integers_take_the_smallest_form() {
    let cases: &[(u64, &[u8])] = &[
        (0, &[0x00]),
        (1, &[0x01]),
        (127, &[0x7f]),
        (128, &[0xcc, 0x80]),
        (255, &[0xcc, 0xff]),
        (256, &[0xcd, 0x01, 0x00]),
        (65535, &[0xcd, 0xff, 0xff]),
        (65536, &[0xce, 0x00, 0x01, 0x00, 0x00]),
        (4_294_967_295, &[0xce, 0xff, 0xff, 0xff, 0xff]),
        (4_294_967_296, &[0xcf, 0, 0, 0, 0x01, 0, 0, 0, 0]),
        (
            u64::MAX,
            &[0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
        ),
    ];
    for &(v, bytes) in cases {
        check(v, bytes);
        check(u128::from(v), bytes);
        if let Ok(i) = i64::try_from(v) {
            // A non-negative signed value takes the unsigned forms.
            check(i, bytes);
            check(i128::from(i), bytes);
        }
    }
}

#[test]
fn signed_integers_take_the_smallest_form() {
    let cases: &[(i64, &[u8])] = &[
        (-1, &[0xff]),
        (-32, &[0xe0]),
        (-33, &[0xd0, 0xdf]),
        (-128, &[0xd0, 0x80]),
        (-129, &[0xd1, 0xff, 0x7f]),
        (-32768, &[0xd1, 0x80, 0x00]),
        (-32769, &[0xd2, 0xff, 0xff, 0x7f, 0xff]),
        (-2_147_483_648, &[0xd2, 0x80, 0x00, 0x00, 0x00]),
        (
            -2_147_483_649,
            &[0xd3, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff],
        ),
        (i64::MIN, &[0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]),
        (
            i64::MAX,
            &[0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
        ),
    ];
    for &(v, bytes) in cases {
        check(v, bytes);
        check(i128::from(v), bytes);
    }
    check(-5i8, &[0xfb]);
    check(i8::MIN, &[0xd0, 0x80]);
    check(i16::MIN, &[0xd1, 0x80, 0x00]);
    check(i32::MIN, &[0xd2, 0x80, 0, 0, 0]);
    check(-1isize, &[0xff]);
    check(u8::MAX, &[0xcc, 0xff]);
    check(u16::MAX, &[0xcd, 0xff, 0xff]);
    check(u32::MAX, &[0xce, 0xff, 0xff, 0xff, 0xff]);
    check(
        usize::MAX,
        &[0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    );
}

#[test]
fn wide_integers_beyond_64_bits_are_16_bytes_of_bin() {
    let big = u128::from(u64::MAX) + 1;
    check(big, &cat(&[0xc4, 16], &big.to_be_bytes()));
    check(u128::MAX, &cat(&[0xc4, 16], &[0xff; 16]));
    let low = i128::from(i64::MIN) - 1;
    check(low, &cat(&[0xc4, 16], &low.to_be_bytes()));
    check(i128::MIN, &cat(&[0xc4, 16], &i128::MIN.to_be_bytes()));
    check(i128::MAX, &cat(&[0xc4, 16], &i128::MAX.to_be_bytes()));
    // Between i64::MAX and u64::MAX an i128 is still a uint 64.
    check(
        i128::from(u64::MAX),
        &[0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    );
    // Readers take the bin form of small values too (rmp-serde writes it).
    assert_eq!(
        from_slice::<u128>(&cat(&[0xc4, 16], &5u128.to_be_bytes())).unwrap(),
        5
    );
    assert_eq!(
        from_slice::<i128>(&cat(&[0xc4, 16], &(-5i128).to_be_bytes())).unwrap(),
        -5
    );
}

#[test]
fn nil_booleans_and_floats() {
    check((), &[0xc0]);
    check(None::<u8>, &[0xc0]);
    check(Some(7u8), &[0x07]);
    check(false, &[0xc2]);
    check(true, &[0xc3]);
    check(1.5f32, &[0xca, 0x3f, 0xc0, 0x00, 0x00]);
    check(1.5f64, &[0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0]);
    check(-0.0f64, &[0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0]);
    check(f64::INFINITY, &[0xcb, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0]);
    check(f32::NEG_INFINITY, &[0xca, 0xff, 0x80, 0x00, 0x00]);
    // An f64 that is integral is still a float 64.
    check(2.0f64, &[0xcb, 0x40, 0x00, 0, 0, 0, 0, 0, 0]);
    let nan = from_slice::<f64>(&to_vec(&f64::NAN)).unwrap();
    assert!(nan.is_nan());
    assert_eq!(to_vec(&f64::NAN), [0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn strings_at_every_header_boundary() {
    let cases: &[(usize, &[u8])] = &[
        (0, &[0xa0]),
        (1, &[0xa1]),
        (31, &[0xbf]),
        (32, &[0xd9, 0x20]),
        (255, &[0xd9, 0xff]),
        (256, &[0xda, 0x01, 0x00]),
        (65535, &[0xda, 0xff, 0xff]),
        (65536, &[0xdb, 0x00, 0x01, 0x00, 0x00]),
    ];
    for &(len, header) in cases {
        let s = "x".repeat(len);
        let expected = cat(header, s.as_bytes());
        check(s.clone(), &expected);
        assert_eq!(from_slice::<&str>(&expected).unwrap(), s);
        assert_eq!(from_slice::<Cow<str>>(&expected).unwrap(), s);
        assert_eq!(&*from_slice::<Box<str>>(&expected).unwrap(), s);
    }
}

#[test]
fn binary_at_every_header_boundary() {
    let cases: &[(usize, &[u8])] = &[
        (0, &[0xc4, 0x00]),
        (1, &[0xc4, 0x01]),
        (255, &[0xc4, 0xff]),
        (256, &[0xc5, 0x01, 0x00]),
        (65535, &[0xc5, 0xff, 0xff]),
        (65536, &[0xc6, 0x00, 0x01, 0x00, 0x00]),
    ];
    for &(len, header) in cases {
        let data = vec![0xab; len];
        let expected = cat(header, &data);
        check(ByteBuf(data.clone()), &expected);
        assert_eq!(to_vec(&Bytes(&data)), expected);
        assert_eq!(from_slice::<Bytes>(&expected).unwrap().0, &data[..]);
    }
}

#[test]
fn arrays_at_every_header_boundary() {
    let cases: &[(usize, &[u8])] = &[
        (0, &[0x90]),
        (1, &[0x91]),
        (15, &[0x9f]),
        (16, &[0xdc, 0x00, 0x10]),
        (65535, &[0xdc, 0xff, 0xff]),
        (65536, &[0xdd, 0x00, 0x01, 0x00, 0x00]),
    ];
    for &(len, header) in cases {
        let expected = cat(header, &vec![0x01; len]);
        check(vec![1u8; len], &expected);
        check(VecDeque::from(vec![1u64; len]), &expected);
        assert_eq!(to_vec(&vec![1i32; len][..]), expected);
    }
}

#[test]
fn maps_at_every_header_boundary() {
    let cases: &[(usize, &[u8])] = &[
        (0, &[0x80]),
        (1, &[0x81]),
        (15, &[0x8f]),
        (16, &[0xde, 0x00, 0x10]),
        (65535, &[0xde, 0xff, 0xff]),
        (65536, &[0xdf, 0x00, 0x01, 0x00, 0x00]),
    ];
    for &(len, header) in cases {
        let map: BTreeMap<u32, bool> = (0..len as u32).map(|k| (k, true)).collect();
        let mut expected = header.to_vec();
        let mut w = Writer::from_vec(Vec::new());
        for k in 0..len as u64 {
            w.write_u64(k); // keys as the integer table above says
            expected.extend_from_slice(w.as_bytes());
            w.clear();
            expected.push(0xc3);
        }
        check(map, &expected);
    }
}

#[test]
fn extensions_take_fixext_at_exact_sizes_else_ext_8_16_32() {
    let cases: &[(usize, &[u8])] = &[
        (0, &[0xc7, 0x00]),
        (1, &[0xd4]),
        (2, &[0xd5]),
        (3, &[0xc7, 0x03]),
        (4, &[0xd6]),
        (8, &[0xd7]),
        (16, &[0xd8]),
        (17, &[0xc7, 0x11]),
        (255, &[0xc7, 0xff]),
        (256, &[0xc8, 0x01, 0x00]),
        (65535, &[0xc8, 0xff, 0xff]),
        (65536, &[0xc9, 0x00, 0x01, 0x00, 0x00]),
    ];
    for &(len, header) in cases {
        let data = vec![0x5a; len];
        let mut expected = header.to_vec();
        expected.push(0x7f); // the type follows the length
        expected.extend_from_slice(&data);
        let ext = Ext {
            ty: 127,
            data: &data,
        };
        assert_eq!(to_vec(&ext), expected, "ext of {len}");
        assert_eq!(from_slice::<Ext>(&expected).unwrap(), ext);
        validate(&expected).unwrap();
    }
    let neg = Ext {
        ty: -128,
        data: b"a",
    };
    assert_eq!(to_vec(&neg), [0xd4, 0x80, b'a']);
    assert_eq!(from_slice::<Ext>(&[0xd4, 0x80, b'a']).unwrap(), neg);
}

#[test]
fn timestamps_in_their_three_forms() {
    let t = |seconds, nanoseconds| Timestamp {
        seconds,
        nanoseconds,
    };
    let cases: Vec<(Timestamp, Vec<u8>)> = vec![
        // timestamp 32: fixext 4, the seconds as u32.
        (t(0, 0), vec![0xd6, 0xff, 0, 0, 0, 0]),
        (
            t(4_294_967_295, 0),
            vec![0xd6, 0xff, 0xff, 0xff, 0xff, 0xff],
        ),
        // timestamp 64: fixext 8, nanoseconds << 34 | seconds.
        (
            t(4_294_967_296, 0),
            vec![0xd7, 0xff, 0, 0, 0, 0x01, 0, 0, 0, 0],
        ),
        (t(1, 1), vec![0xd7, 0xff, 0, 0, 0, 0x04, 0, 0, 0, 0x01]),
        (
            t((1 << 34) - 1, 999_999_999),
            vec![0xd7, 0xff, 0xee, 0x6b, 0x27, 0xff, 0xff, 0xff, 0xff, 0xff],
        ),
        // timestamp 96: ext 8 of 12, nanoseconds u32 then seconds i64.
        (
            t(1 << 34, 0),
            vec![0xc7, 12, 0xff, 0, 0, 0, 0, 0, 0, 0, 0x04, 0, 0, 0, 0],
        ),
        (
            t(-1, 0),
            vec![
                0xc7, 12, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            ],
        ),
        (
            t(i64::MIN, 999_999_999),
            vec![
                0xc7, 12, 0xff, 0x3b, 0x9a, 0xc9, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 0,
            ],
        ),
    ];
    for (ts, bytes) in cases {
        check(ts, &bytes);
    }
    // A reader takes the larger forms of a value the smaller one would hold.
    let wide = [0xc7, 12, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x07];
    assert_eq!(from_slice::<Timestamp>(&wide).unwrap(), t(7, 0));
    assert_eq!(Timestamp::new(1, 1_000_000_000), None);
    assert_eq!(Timestamp::new(-1, 5), Some(t(-1, 5)));
}

#[test]
fn timestamps_convert_to_and_from_system_time() {
    use std::time::{Duration, UNIX_EPOCH};
    for (secs, nanos) in [(0i64, 0u32), (1, 5), (-1, 0), (-1, 999_999_999), (-10, 1)] {
        let ts = Timestamp::new(secs, nanos).unwrap();
        let st = ts.to_system_time().unwrap();
        assert_eq!(Timestamp::from_system_time(st), Some(ts));
    }
    let half_before = UNIX_EPOCH - Duration::from_millis(500);
    assert_eq!(
        Timestamp::from_system_time(half_before),
        Timestamp::new(-1, 500_000_000)
    );
}

// MARK: - Reading other writers' encodings

#[test]
fn integers_read_from_any_encoding_whose_value_fits() {
    // int 64 holding 5, uint 8 holding 5, int 8 holding 5: all a u8 of 5.
    for bytes in [
        &[0xd3, 0, 0, 0, 0, 0, 0, 0, 5][..],
        &[0xcc, 5],
        &[0xd0, 5],
        &[0xcd, 0, 5],
        &[0xce, 0, 0, 0, 5],
        &[0xcf, 0, 0, 0, 0, 0, 0, 0, 5],
        &[0xd1, 0, 5],
        &[0xd2, 0, 0, 0, 5],
    ] {
        assert_eq!(from_slice::<u8>(bytes).unwrap(), 5, "{bytes:02x?}");
        assert_eq!(from_slice::<i8>(bytes).unwrap(), 5);
        assert_eq!(from_slice::<u128>(bytes).unwrap(), 5);
        assert_eq!(from_slice::<i128>(bytes).unwrap(), 5);
        assert_eq!(from_slice::<f32>(bytes).unwrap(), 5.0);
    }
    // uint 8 of 200 into an i16; int 16 of -1 into an i64.
    assert_eq!(from_slice::<i16>(&[0xcc, 200]).unwrap(), 200);
    assert_eq!(from_slice::<i64>(&[0xd1, 0xff, 0xff]).unwrap(), -1);
    assert_eq!(
        from_slice::<i8>(&[0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x80]).unwrap(),
        -128
    );
}

#[test]
fn strings_containers_and_lengths_read_from_larger_headers() {
    assert_eq!(from_slice::<&str>(&[0xd9, 1, b'a']).unwrap(), "a");
    assert_eq!(from_slice::<&str>(&[0xda, 0, 1, b'a']).unwrap(), "a");
    assert_eq!(from_slice::<&str>(&[0xdb, 0, 0, 0, 1, b'a']).unwrap(), "a");
    assert_eq!(from_slice::<Vec<u8>>(&[0xdc, 0, 1, 7]).unwrap(), [7]);
    assert_eq!(from_slice::<Vec<u8>>(&[0xdd, 0, 0, 0, 1, 7]).unwrap(), [7]);
    let m = from_slice::<BTreeMap<u8, u8>>(&[0xdf, 0, 0, 0, 1, 1, 2]).unwrap();
    assert_eq!(m, BTreeMap::from([(1, 2)]));
    assert_eq!(
        from_slice::<ByteBuf>(&[0xc6, 0, 0, 0, 1, 9]).unwrap().0,
        [9]
    );
    assert_eq!(
        from_slice::<Ext>(&[0xc9, 0, 0, 0, 1, 3, 9]).unwrap(),
        Ext { ty: 3, data: &[9] }
    );
}

// MARK: - Floats

#[test]
fn floats_read_only_values_they_hold_exactly() {
    // float 32 widens into f64 exactly.
    assert_eq!(
        from_slice::<f64>(&to_vec(&0.1f32)).unwrap(),
        f64::from(0.1f32)
    );
    // float 64 into f32 only when exact; NaN and infinities pass.
    assert_eq!(from_slice::<f32>(&to_vec(&0.25f64)).unwrap(), 0.25);
    assert!(from_slice::<f32>(&to_vec(&f64::NAN)).unwrap().is_nan());
    assert_eq!(
        from_slice::<f32>(&to_vec(&f64::NEG_INFINITY)).unwrap(),
        f32::NEG_INFINITY
    );
    let err = from_slice::<f32>(&to_vec(&0.1f64)).unwrap_err();
    assert_eq!(err.to_string(), "number out of range for f32 at byte 0");
    let err = from_slice::<f32>(&to_vec(&1e300f64)).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::NumberOutOfRange { ty: "f32" });
    // Integers: exact ones only.
    let two53 = 1u64 << 53;
    assert_eq!(from_slice::<f64>(&to_vec(&two53)).unwrap(), two53 as f64);
    assert!(from_slice::<f64>(&to_vec(&(two53 + 1))).is_err());
    assert_eq!(
        from_slice::<f64>(&to_vec(&(two53 + 2))).unwrap(),
        (two53 + 2) as f64
    );
    assert_eq!(
        from_slice::<f64>(&to_vec(&i64::MIN)).unwrap(),
        -(2f64.powi(63))
    );
    assert!(from_slice::<f64>(&to_vec(&u64::MAX)).is_err()); // rounds up to 2^64
    assert!(from_slice::<f64>(&to_vec(&i64::MAX)).is_err());
    assert_eq!(
        from_slice::<f64>(&to_vec(&(1u64 << 63))).unwrap(),
        2f64.powi(63)
    );
    assert_eq!(
        from_slice::<f32>(&to_vec(&(1u32 << 24))).unwrap(),
        16_777_216.0
    );
    assert!(from_slice::<f32>(&to_vec(&((1u32 << 24) + 1))).is_err());
    assert_eq!(from_slice::<f32>(&to_vec(&-7i8)).unwrap(), -7.0);
    // Floats never read as integers.
    let err = from_slice::<u8>(&to_vec(&1.0f64)).unwrap_err();
    assert_eq!(err.to_string(), "expected u8, found float at byte 0");
}

// MARK: - std impls

#[track_caller]
fn roundtrip<T>(value: T)
where
    T: ToMsgpack + FromMsgpackOwned + PartialEq + Debug,
{
    let bytes = to_vec(&value);
    assert_eq!(from_slice::<T>(&bytes).unwrap(), value);
    validate(&bytes).unwrap();
    let mut out = Vec::new();
    to_writer(&mut out, &value).unwrap();
    assert_eq!(out, bytes);
}

#[test]
fn std_types_round_trip() {
    roundtrip('x');
    roundtrip('é');
    roundtrip(String::from("héllo"));
    roundtrip(vec![Some(1u8), None]);
    roundtrip(Box::new(5u32));
    roundtrip(Rc::new(String::from("rc")));
    roundtrip(Arc::new(vec![1i64, -1]));
    roundtrip([1u16, 2, 3]);
    roundtrip([0u8; 0]);
    roundtrip(BTreeSet::from([3u8, 1, 2]));
    roundtrip(HashSet::from([String::from("a"), String::from("b")]));
    roundtrip(HashMap::from([
        (1u8, String::from("one")),
        (2, String::from("two")),
    ]));
    roundtrip(BTreeMap::from([((1u8, true), vec![0.5f64])])); // tuple keys
    roundtrip((1u8,));
    roundtrip((1u8, -2i16, 3.5f32, "x".to_string(), ('c', true)));
    roundtrip((
        1u8, 2u8, 3u8, 4u8, 5u8, 6u8, 7u8, 8u8, 9u8, 10u8, 11u8, 12u8,
    ));
    roundtrip(vec![(); 3]);
    assert_eq!(to_vec(&'é'), b"\xa2\xc3\xa9");
    assert_eq!(to_vec(&(1u8, "a")), b"\x92\x01\xa1a");
    assert_eq!(to_vec(&&mut 5u8), [5]);
    assert_eq!(to_vec("abc"), b"\xa3abc");
}

#[test]
fn strings_borrow_from_the_input() {
    let input = b"\x92\xa3abc\xa3def";
    let v: Vec<&str> = from_slice(input).unwrap();
    assert_eq!(v[0].as_ptr(), input[2..].as_ptr());
    let v: Vec<Cow<str>> = from_slice(input).unwrap();
    assert!(matches!(v[1], Cow::Borrowed("def")));
    let b: Bytes = from_slice(b"\xc4\x01z").unwrap();
    assert_eq!(b.0.as_ptr(), b"\xc4\x01z"[2..].as_ptr());
}

#[test]
fn empty_means_what_it_means_for_json() {
    use jetjson::ToJson;
    fn same<T: ToMsgpack + ToJson>(v: T) {
        assert_eq!(v.is_msgpack_empty(), v.is_json_empty());
    }
    same(0u8);
    same(1i64);
    same(0.0f64);
    same(false);
    same(true);
    same(String::new());
    same("x");
    same(Vec::<u8>::new());
    same(vec![1]);
    same(None::<u8>);
    same(Some(0u8));
    same(BTreeMap::<String, u8>::new());
    same(Box::new(0u32));
    same(Value::Null);
    same(json!([]));
    assert!(ByteBuf(vec![]).is_msgpack_empty());
    assert!(!Timestamp::default().is_msgpack_empty());
    assert!(!'a'.is_msgpack_empty());
}

#[test]
fn option_fields_may_be_missing() {
    use jetjson::msgpack::FromMsgpack;
    assert_eq!(<Option<u8> as FromMsgpack>::msgpack_missing(), Some(None));
    assert_eq!(
        <Box<Option<u8>> as FromMsgpack>::msgpack_missing(),
        Some(Box::new(None))
    );
    assert_eq!(<u8 as FromMsgpack>::msgpack_missing(), None);
}

// MARK: - Value

#[test]
fn value_writes_what_its_json_would_be() {
    let v = json!({"n": null, "b": true, "u": 300, "i": -33, "f": 0.5, "s": "x", "a": [1]});
    let mut expected = vec![0x87];
    for (key, value) in [
        ("n", &[0xc0][..]),
        ("b", &[0xc3]),
        ("u", &[0xcd, 0x01, 0x2c]),
        ("i", &[0xd0, 0xdf]),
        ("f", &[0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0]),
        ("s", &[0xa1, b'x']),
        ("a", &[0x91, 0x01]),
    ] {
        expected.extend_from_slice(&[0xa1, key.as_bytes()[0]]);
        expected.extend_from_slice(value);
    }
    assert_eq!(to_vec(&v), expected);
    assert_eq!(from_slice::<Value>(&expected).unwrap(), v);
    let borrowed: jetjson::ValueRef = from_slice(&expected).unwrap();
    assert_eq!(borrowed, v);
    assert_eq!(to_vec(&borrowed), expected);
    // Big integers stay exact; float 32 widens.
    assert_eq!(
        from_slice::<Value>(&to_vec(&u64::MAX)).unwrap(),
        json!(u64::MAX)
    );
    assert_eq!(
        from_slice::<Value>(&to_vec(&i64::MIN)).unwrap(),
        json!(i64::MIN)
    );
    assert_eq!(from_slice::<Value>(&to_vec(&1.5f32)).unwrap(), json!(1.5));
    // A non-negative int 8 is the same number as a positive fixint.
    assert_eq!(from_slice::<Value>(&[0xd0, 0x05]).unwrap(), json!(5));
}

#[test]
fn value_rejects_what_json_cannot_hold() {
    let cases: &[(&[u8], &str)] = &[
        (
            b"\xc4\x01x",
            "expected a JSON value, found binary at byte 0",
        ),
        (
            b"\x91\xd4\x01x",
            "expected a JSON value, found extension at byte 1",
        ),
        (
            b"\x81\x01\x02",
            "expected a string key, found integer at byte 1",
        ),
        (
            b"\x82\xa1a\x01\xc0\x02",
            "expected a string key, found nil at byte 4",
        ),
        (
            b"\xcb\x7f\xf8\x00\x00\x00\x00\x00\x00",
            "NaN and infinity have no JSON number at byte 0",
        ),
        (b"\xc1", "invalid MessagePack marker 0xc1 at byte 0"),
        (b"\x92\x01", "unexpected end of input at byte 2"),
    ];
    for &(bytes, message) in cases {
        let err = from_slice::<Value>(bytes).unwrap_err();
        assert_eq!(err.to_string(), message, "{bytes:02x?}");
    }
}

#[test]
fn value_repeated_keys_keep_the_last() {
    let v: Value = from_slice(b"\x83\xa1a\x01\xa1b\x02\xa1a\x03").unwrap();
    assert_eq!(v, json!({"a": 3, "b": 2}));
    assert_eq!(
        v.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["a", "b"]
    );
}

// MARK: - Errors

#[test]
fn errors_say_what_was_found_at_which_byte_under_which_path() {
    type Users<'a> = BTreeMap<&'a str, Vec<BTreeMap<&'a str, u32>>>;
    // {"users": [{"age": 1}, {"age": 2}, {"age": "x"}]}
    let input = b"\x81\xa5users\x93\x81\xa3age\x01\x81\xa3age\x02\x81\xa3age\xa1x";
    let err = from_slice::<Users>(input).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected u32, found string at byte 25 (at .users[2].age)"
    );
    assert_eq!((err.offset(), err.line(), err.column()), (25, 0, 0));
    assert_eq!(err.path(), ".users[2].age");

    type Read = fn(&[u8]) -> String;
    let cases: &[(&[u8], Read, &str)] = &[
        (
            b"\xc0",
            |b| from_slice::<u8>(b).unwrap_err().to_string(),
            "expected u8, found nil at byte 0",
        ),
        (
            b"\xc3",
            |b| from_slice::<String>(b).unwrap_err().to_string(),
            "expected a string, found boolean at byte 0",
        ),
        (
            b"\xa1x",
            |b| from_slice::<bool>(b).unwrap_err().to_string(),
            "expected a boolean, found string at byte 0",
        ),
        (
            b"\x90",
            |b| from_slice::<BTreeMap<u8, u8>>(b).unwrap_err().to_string(),
            "expected a map, found array at byte 0",
        ),
        (
            b"\x80",
            |b| from_slice::<Vec<u8>>(b).unwrap_err().to_string(),
            "expected an array, found map at byte 0",
        ),
        (
            b"\xa1x",
            |b| from_slice::<ByteBuf>(b).unwrap_err().to_string(),
            "expected binary, found string at byte 0",
        ),
        (
            b"\xc4\x00",
            |b| from_slice::<Ext>(b).unwrap_err().to_string(),
            "expected an extension, found binary at byte 0",
        ),
        (
            b"\x01",
            |b| from_slice::<()>(b).unwrap_err().to_string(),
            "expected nil, found integer at byte 0",
        ),
        (
            b"\xcc\xff",
            |b| from_slice::<i8>(b).unwrap_err().to_string(),
            "number out of range for i8 at byte 0",
        ),
        (
            b"\xff",
            |b| from_slice::<u64>(b).unwrap_err().to_string(),
            "number out of range for u64 at byte 0",
        ),
        (
            b"\x91\xff",
            |b| from_slice::<Vec<u128>>(b).unwrap_err().to_string(),
            "number out of range for u128 at byte 1 (at [0])",
        ),
        (
            b"\xcf\x80\x00\x00\x00\x00\x00\x00\x00",
            |b| from_slice::<i64>(b).unwrap_err().to_string(),
            "number out of range for i64 at byte 0",
        ),
        (
            b"\xc4\x0f\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
            |b| from_slice::<u128>(b).unwrap_err().to_string(),
            "expected u128 as an integer or 16 bytes of binary at byte 0",
        ),
        (
            b"\xa2ab",
            |b| from_slice::<char>(b).unwrap_err().to_string(),
            "expected a string of exactly one character at byte 0",
        ),
        (
            b"\x92\x01\x02",
            |b| from_slice::<[u8; 3]>(b).unwrap_err().to_string(),
            "expected an array of 3 elements, found 2 at byte 0",
        ),
        (
            b"\x91\x91\x01",
            |b| from_slice::<Vec<(u8, u8)>>(b).unwrap_err().to_string(),
            "expected a tuple of 2 elements, found 1 at byte 1 (at [0])",
        ),
        (
            b"\x82\x01\xa1a\x02\xc3",
            |b| {
                from_slice::<HashMap<u8, String>>(b)
                    .unwrap_err()
                    .to_string()
            },
            "expected a string, found boolean at byte 5 (at .2)",
        ),
        (
            b"\x01\x02",
            |b| from_slice::<u8>(b).unwrap_err().to_string(),
            "trailing characters after the value at byte 1",
        ),
        (
            b"",
            |b| from_slice::<u8>(b).unwrap_err().to_string(),
            "unexpected end of input at byte 0",
        ),
    ];
    for (bytes, read, message) in cases {
        assert_eq!(read(bytes), *message, "{bytes:02x?}");
    }
}

#[test]
fn wrong_type_leaves_the_cursor_on_the_value() {
    let mut r = Reader::new(b"\xa1x");
    assert!(r.read_u64().is_err());
    assert!(r.read_bool().is_err());
    assert!(!r.try_read_nil());
    assert_eq!(r.offset(), 0);
    assert_eq!(r.read_str().unwrap(), "x");
    r.finish().unwrap();
    // Out of range: the cursor goes back to the marker too.
    let mut r = Reader::new(b"\xcd\x01\x00");
    assert!(r.read_unsigned("u8", 255).is_err());
    assert_eq!(r.offset(), 0);
    assert_eq!(r.read_u64().unwrap(), 256);
}

#[test]
fn reader_error_builders_for_generated_code() {
    let r = Reader::new(b"\x81\xa1a\x01");
    let e = r.unknown_field("zz", &["a", "b"], 1);
    assert_eq!(
        e.to_string(),
        "unknown field `zz`, expected `a` or `b` at byte 1"
    );
    let e = r.unknown_variant("V", &["A"], 2);
    assert_eq!(e.to_string(), "unknown variant `V`, expected `A` at byte 2");
    assert_eq!(
        r.missing_field("a").to_string(),
        "missing field `a` at byte 0"
    );
    assert_eq!(
        r.duplicate_field("a", 3).to_string(),
        "duplicate field `a` at byte 3"
    );
    assert_eq!(r.invalid_value("bad").to_string(), "bad at byte 0");
    assert_eq!(
        r.invalid_type("struct S").to_string(),
        "expected struct S, found map at byte 0"
    );
    assert_eq!(
        r.error_at(ErrorKind::UnexpectedEof, 99).to_string(),
        "unexpected end of input at byte 4"
    );
    let e = Reader::new(b"").invalid_type("u8");
    assert_eq!(e.kind(), &ErrorKind::UnexpectedEof);
    assert!(e.is_eof());
}

// MARK: - The reader's machinery

#[test]
fn restore_puts_the_depth_back_after_a_failed_attempt() {
    // 300 elements [ "x" ]: each first tried as a Vec<u8>, which enters the
    // inner array and fails inside it, then read as Vec<String>.
    let mut input = vec![0xdc, 0x01, 0x2c];
    for _ in 0..300 {
        input.extend_from_slice(b"\x91\xa1x");
    }
    let mut r = Reader::new(&input);
    let n = r.read_array_len().unwrap();
    r.enter().unwrap();
    for _ in 0..n {
        let at = r.checkpoint();
        assert!(<Vec<u8> as jetjson::msgpack::FromMsgpack>::read_msgpack(&mut r).is_err());
        r.restore(at);
        let v = <Vec<String> as jetjson::msgpack::FromMsgpack>::read_msgpack(&mut r).unwrap();
        assert_eq!(v, ["x"]);
    }
    r.leave();
    r.finish().unwrap();

    // Nested attempts at one position, the inner restored first.
    let mut r = Reader::new(b"\x91\x91\xc3");
    let outer = r.checkpoint();
    let inner = r.checkpoint();
    assert!(<Vec<Vec<u8>> as jetjson::msgpack::FromMsgpack>::read_msgpack(&mut r).is_err());
    r.restore(inner);
    assert!(<Vec<Vec<String>> as jetjson::msgpack::FromMsgpack>::read_msgpack(&mut r).is_err());
    r.restore(outer);
    r.set_max_depth(2);
    let v = <Vec<Vec<bool>> as jetjson::msgpack::FromMsgpack>::read_msgpack(&mut r).unwrap();
    assert_eq!(v, [[true]]);
}

#[test]
fn skip_and_raw_step_over_every_family() {
    let parts: Vec<Vec<u8>> = vec![
        to_vec(&()),
        to_vec(&true),
        to_vec(&-1000i64),
        to_vec(&u64::MAX),
        to_vec(&1.5f32),
        to_vec(&2.5f64),
        to_vec(&"s".repeat(40)),
        to_vec(&Bytes(&[1; 300])),
        to_vec(&Ext {
            ty: 1,
            data: &[2; 3],
        }),
        to_vec(&Ext {
            ty: 1,
            data: &[2; 16],
        }),
        to_vec(&Timestamp {
            seconds: -5,
            nanoseconds: 1,
        }),
        to_vec(&vec![vec![1u8; 20]; 3]),
        to_vec(&BTreeMap::from([(1u8, vec!["a"]), (2, vec![])])),
        to_vec(&Vec::<u8>::new()),
        to_vec(&BTreeMap::<u8, u8>::new()),
    ];
    let mut all = Vec::new();
    for p in &parts {
        all.extend_from_slice(p);
    }
    let mut r = Reader::new(&all);
    for p in &parts {
        assert_eq!(r.read_raw().unwrap(), &p[..]);
    }
    r.finish().unwrap();
}

#[test]
fn writer_keeps_what_it_was_given_and_writes_raw_bytes() {
    let mut w = Writer::from_vec(b"pre".to_vec());
    w.write_raw(b"\x81\xa2id"); // a generated constant: header and key
    w.write_u64(7);
    assert_eq!(w.as_bytes(), b"pre\x81\xa2id\x07");
    assert_eq!(w.into_vec(), b"pre\x81\xa2id\x07");
    let mut r = Reader::new(b"\xa2id\x07");
    assert!(!r.eat_raw(b"\xa2ix"));
    assert!(r.eat_raw(b"\xa2id"));
    assert_eq!(r.read_u64().unwrap(), 7);
}

#[test]
#[should_panic(expected = "MessagePack cannot hold")]
fn writer_panics_on_a_length_beyond_32_bits() {
    // Only the header is written, so no 4 GiB buffer is needed.
    if usize::BITS > 32 {
        Writer::new().write_array_len(u32::MAX as usize + 1);
    } else {
        panic!("MessagePack cannot hold (32-bit target: nothing to test)");
    }
}

#[test]
fn short_strings_take_the_ascii_check_and_long_ones_the_validator() {
    // Around the 64-byte line between the two paths: valid ASCII, valid
    // two-byte UTF-8, and an invalid byte at every position.
    for len in 0..80usize {
        let ascii = "a".repeat(len);
        assert_eq!(from_slice::<&str>(&to_vec(&ascii.as_str())).unwrap(), ascii);
        if len >= 2 {
            let text = format!("{}é", "a".repeat(len - 2));
            assert_eq!(from_slice::<&str>(&to_vec(&text.as_str())).unwrap(), text);
        }
        for bad_at in 0..len {
            let mut packed = to_vec(&ascii.as_str());
            let body = packed.len() - len;
            packed[body + bad_at] = 0xff;
            let err = from_slice::<&str>(&packed).unwrap_err();
            assert_eq!(
                err.kind(),
                &ErrorKind::InvalidUtf8,
                "len {len}, bad byte at {bad_at}"
            );
            assert_eq!(err.offset(), 0);
        }
    }
}
