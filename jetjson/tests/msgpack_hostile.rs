//! MessagePack from an adversary: truncated input, lengths that lie, the
//! reserved byte, deep nesting, bad UTF-8, wrong types, out-of-range
//! numbers, bad timestamps and random bytes. Every case gets an error (the
//! right one), never a panic, a stack overflow or a large allocation; a
//! counting allocator checks the last.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::{BTreeMap, HashMap};

use jetjson::msgpack::{
    from_slice, to_vec, validate, ByteBuf, Bytes, Ext, FromMsgpack, Reader, Timestamp,
};
use jetjson::{json, ErrorKind, Value};
use proptest::prelude::*;

// MARK: - Counting allocator

/// Counts the bytes this thread asks for while `ALLOCATED` is read around a
/// call (tests run on parallel threads, so the count is per thread).
struct Counting;

thread_local! {
    static ALLOCATED: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is passed straight to `System`; the counter is a
// const-initialized thread-local `Cell`, which never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATED.try_with(|n| n.set(n.get().saturating_add(layout.size())));
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as for `alloc`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATED.try_with(|n| n.set(n.get().saturating_add(new_size)));
        // SAFETY: as for `alloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Bytes allocated on this thread while `f` runs.
fn allocated_by<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = ALLOCATED.with(Cell::get);
    let r = f();
    (r, ALLOCATED.with(Cell::get) - before)
}

// MARK: - Truncation

/// One encoding of every format family, nested and flat.
fn samples() -> Vec<Vec<u8>> {
    let nested = (
        vec![u64::MAX, 0, 128, 70_000],
        (-1i64, -33i64, i64::MIN, 1.5f32, -2.5f64),
        BTreeMap::from([("k".repeat(40), vec![Some(true), None])]),
        (
            ByteBuf(vec![7; 300]),
            Timestamp {
                seconds: 1 << 40,
                nanoseconds: 3,
            },
        ),
        "s".repeat(70_000),
    );
    vec![
        to_vec(&nested),
        to_vec(&Ext {
            ty: 4,
            data: &[1; 20],
        }),
        to_vec(&Ext {
            ty: 4,
            data: &[1; 8],
        }),
        to_vec(&Timestamp {
            seconds: 5,
            nanoseconds: 0,
        }),
        to_vec(&Timestamp {
            seconds: 1 << 33,
            nanoseconds: 9,
        }),
        to_vec(&u128::MAX),
        to_vec(&json!({"a": [1, -2, 2.5, "x", null, {"b": {}}]})),
    ]
}

/// Reads `input` as the type the sample was written from (so every prefix
/// is a prefix of something that type accepts).
fn read_as_sample(i: usize, input: &[u8]) -> Result<(), jetjson::Error> {
    type Nested = (
        Vec<u64>,
        (i64, i64, i64, f32, f64),
        BTreeMap<String, Vec<Option<bool>>>,
        (ByteBuf, Timestamp),
        String,
    );
    match i {
        0 => from_slice::<Nested>(input).map(drop),
        1 | 2 => from_slice::<Ext>(input).map(drop),
        3 | 4 => from_slice::<Timestamp>(input).map(drop),
        5 => from_slice::<u128>(input).map(drop),
        _ => from_slice::<Value>(input).map(drop),
    }
}

#[test]
fn truncation_at_every_byte_is_unexpected_eof() {
    for (i, full) in samples().iter().enumerate() {
        read_as_sample(i, full).unwrap();
        validate(full).unwrap();
        for cut in 0..full.len() {
            let part = &full[..cut];
            let err = read_as_sample(i, part).unwrap_err();
            assert_eq!(
                err.kind(),
                &ErrorKind::UnexpectedEof,
                "sample {i} cut at {cut}: {err}"
            );
            assert_eq!(err.offset(), cut, "sample {i} cut at {cut}");
            let err = validate(part).unwrap_err();
            assert_eq!(
                err.kind(),
                &ErrorKind::UnexpectedEof,
                "skip, sample {i} cut at {cut}"
            );
        }
    }
}

// MARK: - Lengths that lie

#[test]
fn huge_claimed_lengths_fail_at_once_without_allocating() {
    let cases: &[&[u8]] = &[
        b"\xdb\xff\xff\xff\xffabcde",        // str 32 of 4 GiB
        b"\xc6\xff\xff\xff\xffabcde",        // bin 32
        b"\xc9\xff\xff\xff\xff\x01abcd",     // ext 32
        b"\xdd\xff\xff\xff\xff\x01\x02",     // array 32
        b"\xdf\xff\xff\xff\xff\x01\x02",     // map 32
        b"\xdc\xff\xff\x91\x01",             // array 16 of 65535 in 5 bytes
        b"\x91\xdd\xff\xff\xff\xff\xc0",     // nested
        b"\x93\xdc\x00\x03\x01\x01\x01\x01", // inner fits, outer does not
    ];
    for &input in cases {
        let (results, bytes) = allocated_by(|| {
            [
                from_slice::<String>(input).map(drop),
                from_slice::<ByteBuf>(input).map(drop),
                from_slice::<Ext>(input).map(drop),
                from_slice::<Vec<String>>(input).map(drop),
                from_slice::<Vec<Vec<u64>>>(input).map(drop),
                from_slice::<HashMap<u8, u8>>(input).map(drop),
                from_slice::<BTreeMap<String, Value>>(input).map(drop),
                from_slice::<Value>(input).map(drop),
                validate(input),
            ]
        });
        for r in results {
            let err = r.unwrap_err();
            assert!(
                matches!(
                    err.kind(),
                    ErrorKind::UnexpectedEof | ErrorKind::InvalidType { .. }
                ),
                "{input:02x?}: {err}"
            );
        }
        // The errors themselves and a little scratch: nowhere near 4 GiB.
        assert!(bytes < 16 * 1024, "{input:02x?}: {bytes} bytes allocated");
    }
}

#[test]
fn reserved_room_follows_the_bytes_present_not_the_header() {
    // An array 32 claiming 2^20 one-byte elements that are all there: a
    // Vec<[u64; 8]> may reserve by the remaining bytes, never 64 MiB at once.
    let n = 1 << 20;
    let mut input = vec![0xdd, 0x00, 0x10, 0x00, 0x00];
    input.resize(5 + n, 0x01);
    let (r, bytes) = allocated_by(|| from_slice::<Vec<[u64; 8]>>(&input).map(drop));
    assert!(r.is_err()); // each element must be an array
    assert!(bytes <= 128 * 1024, "{bytes} bytes allocated");
}

// MARK: - Bytes that are never valid

#[test]
fn the_reserved_byte_0xc1_is_an_error_everywhere() {
    type Read = fn(&[u8]) -> Result<(), jetjson::Error>;
    let cases: &[(&[u8], usize, Read)] = &[
        (b"\xc1", 0, |b| from_slice::<u8>(b).map(drop)),
        (b"\x91\xc1", 1, |b| from_slice::<Vec<u8>>(b).map(drop)),
        (b"\x81\xa1a\xc1", 3, |b| {
            from_slice::<BTreeMap<String, u8>>(b).map(drop)
        }),
        (b"\x81\xc1\x01", 1, |b| {
            from_slice::<HashMap<u8, u8>>(b).map(drop)
        }),
    ];
    for &(input, at, read) in cases {
        let errs = [
            from_slice::<Value>(input).unwrap_err(),
            validate(input).unwrap_err(),
            read(input).unwrap_err(),
        ];
        for err in errs {
            assert_eq!(
                err.kind(),
                &ErrorKind::InvalidMarker { byte: 0xc1 },
                "{input:02x?}"
            );
            assert_eq!(err.offset(), at);
        }
    }
    assert_eq!(
        from_slice::<u8>(b"\xc1").unwrap_err().to_string(),
        "invalid MessagePack marker 0xc1 at byte 0"
    );
    assert_eq!(Reader::new(b"\xc1").invalid_type("u8").offset(), 0);
}

// MARK: - Nesting

/// A recursive type that reads nested arrays, as a derived one would.
#[derive(Debug)]
struct Nest(Option<Box<Nest>>);

impl Nest {
    /// How many arrays deep it goes, counted without recursion.
    fn depth(&self) -> usize {
        let mut n = 0;
        let mut cur = self;
        while let Some(inner) = &cur.0 {
            n += 1;
            cur = inner;
        }
        n
    }
}

impl<'de> FromMsgpack<'de> for Nest {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, jetjson::Error> {
        if r.try_read_nil() {
            return Ok(Nest(None));
        }
        let len = r.read_array_len()?;
        if len != 1 {
            return Err(r.invalid_length("one element", len));
        }
        r.enter()?;
        let inner = Nest::read_msgpack(r)?;
        r.leave();
        Ok(Nest(Some(Box::new(inner))))
    }
}

#[test]
fn a_million_nested_arrays_hit_the_depth_limit_without_overflow() {
    let depth = 1_000_000;
    let mut input = vec![0x91; depth];
    input.push(0xc0);
    let limit = ErrorKind::DepthLimit { limit: 128 };
    let err = from_slice::<Value>(&input).unwrap_err();
    assert_eq!(err.kind(), &limit);
    assert_eq!(err.offset(), 128); // the 129th array's marker
    assert_eq!(
        err.to_string(),
        "nesting deeper than the limit of 128 at byte 128"
    );
    assert_eq!(validate(&input).unwrap_err().kind(), &limit);
    assert_eq!(from_slice::<Nest>(&input).unwrap_err().kind(), &limit);
    assert_eq!(
        from_slice::<Vec<Vec<Value>>>(&input).unwrap_err().kind(),
        &limit
    );

    // 128 levels pass; 129 do not.
    let ok = [vec![0x91; 128], vec![0xc0]].concat();
    assert_eq!(from_slice::<Nest>(&ok).unwrap().depth(), 128);
    from_slice::<Value>(&ok).unwrap();
    validate(&ok).unwrap();
    let over = [vec![0x91; 129], vec![0xc0]].concat();
    assert_eq!(from_slice::<Value>(&over).unwrap_err().kind(), &limit);

    // The Value reader and skip do not recurse: any limit is safe.
    let mut r = Reader::new(&input);
    r.set_max_depth(usize::MAX);
    r.skip_value().unwrap();
    r.finish().unwrap();
    let mut r = Reader::new(&input);
    r.set_max_depth(depth);
    let v = Value::read_msgpack(&mut r).unwrap();
    r.finish().unwrap();
    // ... and neither does writing it back.
    assert_eq!(to_vec(&v), input);
}

#[test]
fn deep_maps_and_wide_levels_skip_within_the_limit() {
    // {"": {"": ... nil}} 127 deep, each map with a sibling after.
    let mut input = Vec::new();
    for _ in 0..127 {
        input.extend_from_slice(b"\x82\xa0");
    }
    input.push(0xc0);
    for _ in 0..127 {
        input.extend_from_slice(b"\xa1z\x01");
    }
    validate(&input).unwrap();
    from_slice::<Value>(&input).unwrap();
    let mut r = Reader::new(&input);
    r.set_max_depth(126);
    assert!(matches!(
        r.skip_value().unwrap_err().kind(),
        ErrorKind::DepthLimit { limit: 126 }
    ));
}

// MARK: - Content errors

#[test]
fn invalid_utf8_is_rejected_in_every_string_reader() {
    let bad = b"\xa2\xc3\x28";
    let check = |err: jetjson::Error, at: usize| {
        assert_eq!(err.kind(), &ErrorKind::InvalidUtf8);
        assert_eq!(err.offset(), at);
    };
    check(from_slice::<String>(bad).unwrap_err(), 0);
    check(from_slice::<&str>(bad).unwrap_err(), 0);
    check(from_slice::<char>(bad).unwrap_err(), 0);
    check(from_slice::<Value>(bad).unwrap_err(), 0);
    check(from_slice::<Value>(b"\x81\xa2\xc3\x28\x01").unwrap_err(), 1);
    check(
        from_slice::<BTreeMap<String, u8>>(b"\x81\xa2\xc3\x28\x01").unwrap_err(),
        1,
    );
    check(
        from_slice::<Vec<String>>(b"\x92\xa0\xa1\xff").unwrap_err(),
        2,
    );
    // A lone surrogate encoded in UTF-8 (CESU style) is not UTF-8.
    check(from_slice::<String>(b"\xa3\xed\xa0\x80").unwrap_err(), 0);
    // Bytes are not checked.
    assert_eq!(from_slice::<Bytes>(b"\xc4\x01\xff").unwrap().0, b"\xff");
}

#[test]
fn out_of_range_integers_are_errors_not_wraps() {
    let cases: &[(&[u8], &str)] = &[
        (b"\xcc\x80", "i8"),
        (b"\xcd\x01\x00", "u8"),
        (b"\xd0\x80", "u16"),
        (b"\xce\xff\xff\xff\xff", "i32"),
        (b"\xcf\x80\x00\x00\x00\x00\x00\x00\x00", "i64"),
        (b"\xff", "u128"),
        (b"\xd1\xff\x7f", "i8"),
    ];
    for &(input, ty) in cases {
        let err = match ty {
            "i8" => from_slice::<i8>(input).map(drop),
            "u8" => from_slice::<u8>(input).map(drop),
            "u16" => from_slice::<u16>(input).map(drop),
            "i32" => from_slice::<i32>(input).map(drop),
            "i64" => from_slice::<i64>(input).map(drop),
            _ => from_slice::<u128>(input).map(drop),
        }
        .unwrap_err();
        assert_eq!(
            err.kind(),
            &ErrorKind::NumberOutOfRange { ty },
            "{input:02x?}"
        );
        assert_eq!(err.offset(), 0);
    }
}

#[test]
fn bad_timestamps_are_rejected() {
    let cases: &[(&[u8], &str)] = &[
        // 64-bit form, nanoseconds 1e9.
        (
            b"\xd7\xff\xee\x6b\x28\x00\x00\x00\x00\x00",
            "timestamp nanoseconds must be below 1000000000 at byte 0",
        ),
        // 64-bit form, nanoseconds 2^30 - 1.
        (
            b"\xd7\xff\xff\xff\xff\xfc\x00\x00\x00\x00",
            "timestamp nanoseconds must be below 1000000000 at byte 0",
        ),
        // 96-bit form, nanoseconds 1e9.
        (
            b"\xc7\x0c\xff\x3b\x9a\xca\x00\x00\x00\x00\x00\x00\x00\x00\x00",
            "timestamp nanoseconds must be below 1000000000 at byte 0",
        ),
        // Lengths the spec does not define.
        (
            b"\xd5\xff\x00\x00",
            "a timestamp has 4, 8 or 12 bytes of data at byte 0",
        ),
        (
            b"\xd8\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
            "a timestamp has 4, 8 or 12 bytes of data at byte 0",
        ),
        (
            b"\xc7\x00\xff",
            "a timestamp has 4, 8 or 12 bytes of data at byte 0",
        ),
        // Another extension type.
        (
            b"\xd6\x05\x00\x00\x00\x00",
            "expected a timestamp (extension type -1) at byte 0",
        ),
        (
            b"\xce\x00\x00\x00\x01",
            "expected an extension, found integer at byte 0",
        ),
    ];
    for &(input, message) in cases {
        let err = from_slice::<Timestamp>(input).unwrap_err();
        assert_eq!(err.to_string(), message, "{input:02x?}");
        validate(input).unwrap(); // well-formed, only the meaning is wrong
    }
}

// MARK: - Random bytes

/// Reads `input` as many types; the point is that none panics.
fn read_everything(input: &[u8]) {
    let _ = from_slice::<Value>(input);
    let _ = from_slice::<jetjson::ValueRef>(input);
    let _ = from_slice::<Vec<Option<String>>>(input);
    let _ = from_slice::<BTreeMap<u8, (f32, i128, char)>>(input);
    let _ = from_slice::<HashMap<String, Vec<u64>>>(input);
    let _ = from_slice::<(Timestamp, ByteBuf, Ext, [i16; 2])>(input);
    let _ = from_slice::<Nest>(input);
    let _ = validate(input);
    let mut r = Reader::new(input);
    let _ = r.read_raw();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic(input in proptest::collection::vec(any::<u8>(), 0..64)) {
        read_everything(&input);
    }

    #[test]
    fn mutated_encodings_never_panic(
        which in 0usize..7,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
    ) {
        let mut input = samples().swap_remove(which);
        input.truncate(4096);
        for (at, byte) in edits {
            let i = at.index(input.len());
            input[i] = byte;
        }
        read_everything(&input);
    }
}

#[test]
fn skipping_holds_strings_to_utf8_as_reading_does() {
    // Found by the msgpack_value fuzz target: validate (which skips) took a
    // string that reading rejects.
    for bad in [&b"\xa2\xc3\x28"[..], b"\xd9\x01\xff", b"\x81\xa1k\xa1\x80"] {
        let err = jetjson::msgpack::validate(bad).unwrap_err();
        assert_eq!(err.kind(), &jetjson::ErrorKind::InvalidUtf8, "{bad:02x?}");
    }
    // An unknown field's string is skipped, and checked.
    let mut input = b"\x82\xa1a\x01\xa1z\xa2\xc3\x28".to_vec();
    let err =
        jetjson::msgpack::from_slice::<std::collections::BTreeMap<String, jetjson::Value>>(&input)
            .unwrap_err();
    assert_eq!(err.kind(), &jetjson::ErrorKind::InvalidUtf8);
    input[7] = b'x';
    assert!(jetjson::msgpack::validate(&input).is_ok());
}
