//! The standard library's types that serde covers, against serde's own
//! impls: the same JSON as serde_json, the same MessagePack as rmp-serde,
//! the same inputs accepted and rejected.

mod oracle_ext;

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, LinkedList};
use std::ffi::{CStr, CString};
use std::marker::PhantomData;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{NonZeroI64, NonZeroU128, NonZeroU8, Saturating, Wrapping};
use std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{
    AtomicBool, AtomicI16, AtomicI32, AtomicI64, AtomicI8, AtomicIsize, AtomicU16, AtomicU32,
    AtomicU64, AtomicU8, AtomicUsize,
};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use jetjson::Value;
use jetjson::{FromValue, ToValue};
use oracle_ext::{agree, agree_msgpack, same, same_key};

#[test]
fn addresses() {
    for s in [
        "0.0.0.0",
        "127.0.0.1",
        "255.255.255.255",
        "::",
        "::1",
        "2001:db8::8a2e:370:7334",
        "::ffff:192.0.2.1",
        "fe80::1:2:3:4",
    ] {
        let ip: IpAddr = s.parse().unwrap();
        same(&ip);
        same_key(ip);
        match ip {
            IpAddr::V4(a) => {
                same(&a);
                same_key(a);
            }
            IpAddr::V6(a) => {
                same(&a);
                same_key(a);
            }
        }
    }
    for s in [
        "1.2.3.4:80",
        "0.0.0.0:0",
        "[::1]:65535",
        "[fe80::1%3]:443",
        "[2001:db8::1]:8080",
    ] {
        let sa: SocketAddr = s.parse().unwrap();
        same(&sa);
        same_key(sa);
        match sa {
            SocketAddr::V4(a) => {
                same(&a);
                same_key(a);
            }
            // The compact form drops the scope id; the text keeps it.
            SocketAddr::V6(a) => {
                assert_eq!(jetjson::to_string(&a), serde_json::to_string(&a).unwrap());
                same(&SocketAddrV6::new(*a.ip(), a.port(), 0, 0));
                same_key(a);
            }
        }
    }
    for input in [
        r#""1.2.3""#,
        r#""1.2.3.256""#,
        r#""::g""#,
        "1",
        "null",
        r#"" 1.2.3.4""#,
        r#""01.2.3.4""#,
    ] {
        agree::<IpAddr>(input);
        agree::<Ipv4Addr>(input);
        agree::<Ipv6Addr>(input);
    }
    for input in [
        r#""1.2.3.4""#,
        r#""1.2.3.4:99999""#,
        r#""[::1]:1""#,
        r#""::1:1""#,
    ] {
        agree::<SocketAddr>(input);
        agree::<SocketAddrV4>(input);
        agree::<SocketAddrV6>(input);
    }
    let err = jetjson::from_str::<IpAddr>(r#"  "1.2.3""#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid IP address: invalid IP address syntax at line 1 column 3"
    );
    let err = jetjson::from_str::<Ipv4Addr>("[1]").unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected an IPv4 address string, found array at line 1 column 1"
    );
    agree_msgpack::<Ipv4Addr>(&[0xc4, 4, 1, 2, 3, 4]);
    agree_msgpack::<Ipv4Addr>(&[0x93, 1, 2, 3]);
    agree_msgpack::<IpAddr>(&[0x81, 0x00, 0x94, 1, 2, 3, 4]);
    agree_msgpack::<IpAddr>(&[0x81, 0xa2, b'V', b'7', 0x94, 1, 2, 3, 4]);
}

#[test]
fn durations_and_system_times() {
    for d in [
        Duration::ZERO,
        Duration::new(1, 5),
        Duration::from_nanos(999_999_999),
        Duration::MAX,
    ] {
        same(&d);
    }
    for t in [
        UNIX_EPOCH,
        UNIX_EPOCH + Duration::new(1_700_000_000, 123_456_789),
    ] {
        same(&t);
    }
    for input in [
        r#"{"secs":1,"nanos":2}"#,
        r#"{"nanos":2,"secs":1}"#,
        r#"{"secs":1,"nanos":2000000000}"#,
        r#"{"secs":18446744073709551615,"nanos":2000000000}"#,
        r#"{"secs":1,"nanos":2,"x":1}"#,
        r#"{"secs":1}"#,
        r#"[1,2]"#,
        r#"[1]"#,
        r#"[1,2,3]"#,
        r#"{"secs":-1,"nanos":0}"#,
        r#"{"secs":1.5,"nanos":0}"#,
        r#""1s""#,
    ] {
        agree::<Duration>(input);
    }
    for input in [
        r#"{"secs_since_epoch":1,"nanos_since_epoch":2}"#,
        r#"{"secs_since_epoch":18446744073709551615,"nanos_since_epoch":0}"#,
        r#"{"secs":1,"nanos":2}"#,
        r#"[5,6]"#,
    ] {
        agree::<SystemTime>(input);
    }
    // A repeated field (a `Value` keeps one of them, so this is text only).
    assert!(serde_json::from_str::<Duration>(r#"{"secs":1,"secs":2}"#).is_err());
    let err = jetjson::from_str::<Duration>(r#"{"secs":1,"secs":2}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "duplicate field `secs` at line 1 column 11"
    );
    // serde refuses to write a time before the epoch; jetjson writes null.
    assert_eq!(
        jetjson::to_string(&(UNIX_EPOCH - Duration::from_secs(1))),
        "null"
    );
    agree_msgpack::<Duration>(&[0x92, 1, 2]);
    agree_msgpack::<Duration>(&[0x82, 0, 1, 1, 2]);
}

#[test]
fn ranges_and_bounds() {
    same(&(1u8..4));
    same(&(-5i64..=i64::MAX));
    same(&RangeFrom { start: 7u32 });
    same(&RangeTo {
        end: "z".to_owned(),
    });
    for b in [
        Bound::Unbounded,
        Bound::Included(3u8),
        Bound::Excluded(255u8),
    ] {
        same(&b);
    }
    for input in [
        r#"{"start":1,"end":2,"z":3}"#,
        r#"[1,2]"#,
        r#"{"end":2,"start":1}"#,
        r#"{"start":1}"#,
    ] {
        agree::<Range<u8>>(input);
        agree::<RangeInclusive<u8>>(input);
        agree::<RangeFrom<u8>>(input);
    }
    for input in [
        r#""Unbounded""#,
        r#"{"Unbounded":null}"#,
        r#"{"Included":1}"#,
        r#""Included""#,
        r#"{"Other":1}"#,
        r#"{}"#,
        r#"{"Included":1,"Excluded":2}"#,
        "3",
    ] {
        agree::<Bound<u8>>(input);
    }
}

#[test]
fn wrappers() {
    same(&NonZeroU8::new(5).unwrap());
    same(&NonZeroI64::new(i64::MIN).unwrap());
    same_key(NonZeroU8::new(9).unwrap());
    // u128 in MessagePack is jetjson's smallest integer, not rmp-serde's 16-byte binary.
    let big = NonZeroU128::new(u128::MAX).unwrap();
    assert_eq!(
        jetjson::to_string(&big),
        serde_json::to_string(&big).unwrap()
    );
    for input in ["0", "1", "-1", "256", "1.5"] {
        agree::<NonZeroU8>(input);
        agree::<NonZeroI64>(input);
    }
    let err = jetjson::from_str::<NonZeroU8>(" 0").unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected a nonzero u8, found 0 at line 1 column 2"
    );
    same(&Wrapping(5u8));
    same(&Reverse("r".to_owned()));
    same(&Saturating(7i16));
    for input in [
        "300",
        "-300",
        "-1",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775809",
        "1.0",
        "\"1\"",
    ] {
        agree::<Saturating<u8>>(input);
        agree::<Saturating<i8>>(input);
        agree::<Saturating<u64>>(input);
        agree::<Saturating<i64>>(input);
    }
    assert_eq!(
        jetjson::msgpack::from_slice::<Saturating<u8>>(&[0xcd, 1, 0]).unwrap(),
        Saturating(255)
    );
}

#[test]
fn cells_markers_and_paths() {
    same(&Cell::new(5u8));
    same(&RefCell::new(vec![1u8]));
    assert_eq!(jetjson::to_string(&Mutex::new(3u8)), "3");
    assert_eq!(jetjson::to_string(&RwLock::new("a")), "\"a\"");
    assert_eq!(
        *jetjson::from_str::<Mutex<u8>>("3").unwrap().lock().unwrap(),
        3
    );
    same(&PhantomData::<u8>);
    agree::<PhantomData<u8>>("[]");
    agree_msgpack::<PhantomData<u8>>(&[0xc0]);
    for p in ["a/b", "", "/tmp/é ü/日本", "C:\\x", "with \"quote\""] {
        same(&PathBuf::from(p));
        same_key(PathBuf::from(p));
    }
    agree::<PathBuf>("1");
    agree_msgpack::<PathBuf>(&[0xc4, 1, b'a']);
    agree_msgpack::<PathBuf>(&[0xc4, 1, 0xff]);
}

#[test]
fn results() {
    same(&Ok::<u8, String>(5));
    same(&Err::<u8, String>("bad \"x\"".into()));
    same(&Ok::<Vec<Result<u8, bool>>, ()>(vec![Ok(1), Err(true)]));
    assert_eq!(jetjson::to_string(&Ok::<u8, ()>(5)), r#"{"Ok":5}"#);
    assert_eq!(jetjson::to_string(&Err::<(), u8>(5)), r#"{"Err":5}"#);
    for input in [
        r#"{"Ok":1}"#,
        r#" { "Err" : "e" } "#,
        r#""Ok""#,
        r#""Nope""#,
        r#"{"Nope":1}"#,
        "{}",
        r#"{"Ok":1,"Err":"e"}"#,
        r#"{"Ok":"x"}"#,
        r#"{"Err":1}"#,
        "[1]",
        "null",
    ] {
        agree::<Result<u8, String>>(input);
    }
    let err = jetjson::from_str::<Result<u8, String>>(r#"{"Ok":"x"}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected u8, found string at line 1 column 7 (at .Ok)"
    );
    // rmp-serde reads a variant's index as its key too.
    agree_msgpack::<Result<u8, String>>(&[0x81, 0x00, 0x05]);
    agree_msgpack::<Result<u8, String>>(&[0x81, 0x01, 0xa1, b'e']);
    agree_msgpack::<Result<u8, String>>(&[0x81, 0x02, 0x05]);
    agree_msgpack::<Result<u8, String>>(&[0x81, 0xa3, b'E', b'r', b'r', 0x05]);
    agree_msgpack::<Result<u8, String>>(&[0xa2, b'O', b'k']);
    agree_msgpack::<Result<u8, String>>(&[0x82, 0xa2, b'O', b'k', 1, 0xa2, b'O', b'k', 1]);
}

#[test]
fn unsized_pointers_and_cows() {
    same(&Box::<[u8]>::from(vec![1, 2]));
    same(&Box::<[u8]>::from(vec![]));
    same(&Rc::<[String]>::from(vec!["a".to_owned(), "é".to_owned()]));
    same(&Arc::<[u16]>::from(vec![7, 65535]));
    same(&Rc::<str>::from("é\"x"));
    same(&Arc::<str>::from(""));
    same_key(Rc::<str>::from("k\u{1}"));
    same_key(Arc::<str>::from("k"));
    same(&Box::<Path>::from(Path::new("a/b")));
    same(&Rc::<Path>::from(Path::new("/tmp/é")));
    same(&Arc::<Path>::from(Path::new("")));
    same(&Cow::<'static, [u8]>::Owned(vec![1, 2]));
    same(&Cow::<'static, [String]>::Borrowed(&[]));
    same(&Cow::<'static, Path>::Borrowed(Path::new("x/y")));
    assert_eq!(jetjson::to_string(&Cow::Borrowed("s\n")), r#""s\n""#);
    for input in ["[1,300]", "[]", r#""ab""#, "null", "[1,"] {
        agree::<Box<[u8]>>(input);
        agree::<Rc<[u8]>>(input);
        agree::<Arc<[u8]>>(input);
        agree::<Cow<'static, [u8]>>(input);
    }
    for input in [r#""a\n""#, "1", "[]", r#""\ud800""#] {
        agree::<Rc<str>>(input);
        agree::<Arc<str>>(input);
        agree::<Box<Path>>(input);
        agree::<Arc<Path>>(input);
    }
    let err = jetjson::from_str::<Arc<[u8]>>("[1, 300]").unwrap_err();
    assert_eq!(
        err.to_string(),
        "number out of range for u8 at line 1 column 5 (at [1])"
    );
}

#[test]
fn c_strings() {
    for s in [
        CString::default(),
        CString::new("hi").unwrap(),
        CString::new(vec![0xff, 1]).unwrap(),
    ] {
        same(&s);
        same(&Box::<CStr>::from(s.as_c_str()));
        same(&Rc::<CStr>::from(s.as_c_str()));
        same(&Arc::<CStr>::from(s.as_c_str()));
        same(&Cow::<'static, CStr>::Owned(s.clone()));
    }
    assert_eq!(
        jetjson::to_string(&CString::new("hi").unwrap()),
        "[104,105]"
    );
    assert_eq!(jetjson::to_string(c"hi"), "[104,105]");
    for input in [
        "[104,105]",
        r#""hi""#,
        r#""é""#,
        "[0]",
        "[1,0,2]",
        r#""a\u0000""#,
        "[256]",
        "[-1]",
        "1",
        "[]",
        r#""""#,
    ] {
        agree::<CString>(input);
        agree::<Box<CStr>>(input);
    }
    let err = jetjson::from_str::<CString>("  [1,0]").unwrap_err();
    assert_eq!(
        err.to_string(),
        "nul byte found in provided data at position: 1 at line 1 column 3"
    );
    agree_msgpack::<CString>(&[0xc4, 2, b'h', b'i']);
    agree_msgpack::<CString>(&[0xa2, b'h', b'i']);
    agree_msgpack::<CString>(&[0x92, 1, 2]);
    agree_msgpack::<CString>(&[0xc4, 1, 0]);
    agree_msgpack::<CString>(&[0x01]);
}

#[cfg(unix)]
#[test]
fn os_strings() {
    use std::ffi::{OsStr, OsString};
    use std::os::unix::ffi::OsStringExt;
    for s in [
        OsString::new(),
        OsString::from("hé"),
        OsString::from_vec(vec![0xff, 0, b'a']),
    ] {
        same(&s);
        same(&Box::<OsStr>::from(s.as_os_str()));
        same(&Rc::<OsStr>::from(s.as_os_str()));
        same(&Arc::<OsStr>::from(s.as_os_str()));
        same(&Cow::<'static, OsStr>::Owned(s.clone()));
    }
    assert_eq!(
        jetjson::to_string(&OsString::from("hi")),
        r#"{"Unix":[104,105]}"#
    );
    for input in [
        r#"{"Unix":[104]}"#,
        r#"{"Unix":[]}"#,
        r#"{"Windows":[104]}"#,
        r#""Unix""#,
        r#"{"Unix":"h"}"#,
        r#"{"Unix":[256]}"#,
        r#"{"Mac":[1]}"#,
        "{}",
        "[1]",
    ] {
        agree::<OsString>(input);
    }
    // A second member (a `Value` keeps one of two equal keys, so text only).
    let twice = r#"{"Unix":[1],"Unix":[2]}"#;
    assert!(serde_json::from_str::<OsString>(twice).is_err());
    assert!(jetjson::from_str::<OsString>(twice).is_err());
    let err = jetjson::from_str::<OsString>(r#"{"Windows":[104]}"#).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("cannot deserialize Windows OS string on Unix"),
        "{err}"
    );
    agree_msgpack::<OsString>(&[0x81, 0x00, 0x91, 0x68]);
    agree_msgpack::<OsString>(&[0x81, 0x01, 0x91, 0x68]);
    agree_msgpack::<OsString>(&[0x81, 0xa4, b'U', b'n', b'i', b'x', 0xc4, 1, 0x68]);
}

#[test]
fn linked_lists_and_binary_heaps() {
    for v in [vec![], vec![3u8], vec![5, 1, 4, 1, 5, 9, 2, 6]] {
        same(&v.iter().copied().collect::<LinkedList<u8>>());
        let heap: BinaryHeap<u8> = v.iter().copied().collect();
        // In the heap's iteration order, as serde writes it.
        let text = jetjson::to_string(&heap);
        assert_eq!(text, serde_json::to_string(&heap).unwrap());
        let ours: BinaryHeap<u8> = jetjson::from_str(&text).unwrap();
        let theirs: BinaryHeap<u8> = serde_json::from_str(&text).unwrap();
        assert_eq!(ours.into_sorted_vec(), theirs.into_sorted_vec());
        let value = heap.to_value();
        assert_eq!(value, jetjson::from_str::<Value>(&text).unwrap());
        let back = BinaryHeap::<u8>::from_value(value).unwrap();
        assert_eq!(back.into_sorted_vec(), heap.clone().into_sorted_vec());
        let mp = jetjson::msgpack::to_vec(&heap);
        assert_eq!(mp, rmp_serde::to_vec_named(&heap).unwrap());
        let back: BinaryHeap<u8> = jetjson::msgpack::from_slice(&mp).unwrap();
        assert_eq!(back.into_sorted_vec(), heap.into_sorted_vec());
    }
    for input in ["[1,2", "[256]", "{}", r#""ab""#] {
        agree::<LinkedList<u8>>(input);
        assert!(jetjson::from_str::<BinaryHeap<u8>>(input).is_err());
        assert!(serde_json::from_str::<BinaryHeap<u8>>(input).is_err());
    }
}

/// The atomics against serde: the loaded value written, the same value read.
macro_rules! check_atomics {
    ($($atomic:ident $($v:expr),+;)*) => {$({
        for v in [$($v),+] {
            let a = $atomic::new(v);
            let text = jetjson::to_string(&a);
            assert_eq!(text, serde_json::to_string(&a).unwrap());
            let ours: $atomic = jetjson::from_str(&text).unwrap();
            let theirs: $atomic = serde_json::from_str(&text).unwrap();
            assert_eq!(ours.into_inner(), theirs.into_inner());
            let value = a.to_value();
            assert_eq!(value, jetjson::from_str::<Value>(&text).unwrap());
            assert_eq!($atomic::from_value_ref(&value).unwrap().into_inner(), v);
            let mp = jetjson::msgpack::to_vec(&a);
            assert_eq!(mp, rmp_serde::to_vec_named(&a).unwrap());
            let back: $atomic = jetjson::msgpack::from_slice(&mp).unwrap();
            assert_eq!(back.into_inner(), v);
        }
        for input in ["-1", "256", "1.5", "true", "\"1\"", "null", "18446744073709551616"] {
            let ours = jetjson::from_str::<$atomic>(input).map($atomic::into_inner);
            let theirs = serde_json::from_str::<$atomic>(input).map($atomic::into_inner);
            assert_eq!(ours.is_ok(), theirs.is_ok(), "{} {input}", stringify!($atomic));
            if let (Ok(a), Ok(b)) = (&ours, &theirs) {
                assert_eq!(a, b, "{input}");
            }
        }
    })*};
}

#[test]
fn atomics() {
    check_atomics! {
        AtomicBool false, true;
        AtomicU8 0, 255;
        AtomicU16 0, 65535;
        AtomicU32 7, u32::MAX;
        AtomicU64 0, u64::MAX;
        AtomicUsize 1, usize::MAX;
        AtomicI8 -128, 127;
        AtomicI16 i16::MIN, 5;
        AtomicI32 -1, i32::MAX;
        AtomicI64 i64::MIN, i64::MAX;
        AtomicIsize isize::MIN, 0;
    }
    let err = jetjson::from_str::<AtomicU8>(" 256").unwrap_err();
    assert_eq!(
        err.to_string(),
        "number out of range for u8 at line 1 column 2"
    );
}

#[test]
fn weak_pointers() {
    let strong = Rc::new(5u8);
    let weak = Rc::downgrade(&strong);
    assert_eq!(
        jetjson::to_string(&weak),
        serde_json::to_string(&weak).unwrap()
    );
    assert_eq!(jetjson::to_string(&weak), "5");
    assert_eq!(weak.to_value(), Value::from(5u8));
    assert_eq!(
        jetjson::msgpack::to_vec(&weak),
        rmp_serde::to_vec_named(&weak).unwrap()
    );
    drop(strong);
    assert_eq!(
        jetjson::to_string(&weak),
        serde_json::to_string(&weak).unwrap()
    );
    assert_eq!(jetjson::to_string(&weak), "null");
    let strong = Arc::new("a".to_owned());
    let weak = Arc::downgrade(&strong);
    assert_eq!(
        jetjson::to_string(&weak),
        serde_json::to_string(&weak).unwrap()
    );
    // Read as serde reads it: the value checked, then dropped.
    for input in ["5", "null", "\"x\"", "300"] {
        let ours = jetjson::from_str::<std::rc::Weak<u8>>(input);
        let theirs = serde_json::from_str::<std::rc::Weak<u8>>(input);
        assert_eq!(ours.is_ok(), theirs.is_ok(), "{input}");
        assert!(ours.map_or(true, |w| w.upgrade().is_none()));
        let ours = jetjson::from_str::<std::sync::Weak<u8>>(input);
        assert_eq!(ours.is_ok(), theirs.is_ok(), "{input}");
        let v: Value = jetjson::from_str(input).unwrap_or(Value::Null);
        assert!(
            std::rc::Weak::<u8>::from_value_ref(&v).is_ok() || input == "\"x\"" || input == "300"
        );
    }
    assert!(jetjson::msgpack::from_slice::<std::rc::Weak<u8>>(&[0xc0]).is_ok());
    assert!(jetjson::msgpack::from_slice::<std::rc::Weak<u8>>(&[0xa1, b'x']).is_err());
}

#[test]
fn long_tuples() {
    type T16 = (
        u8,
        u8,
        u8,
        u8,
        u8,
        u8,
        u8,
        u8,
        u8,
        u8,
        u8,
        u8,
        u8,
        u8,
        u8,
        String,
    );
    let t: T16 = (
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        11,
        12,
        13,
        14,
        15,
        "x".into(),
    );
    let text = jetjson::to_string(&t);
    assert_eq!(text, serde_json::to_string(&t).unwrap());
    let back: T16 = jetjson::from_str(&text).unwrap();
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
    let value = t.to_value();
    assert_eq!(value, jetjson::from_str::<Value>(&text).unwrap());
    let back = T16::from_value(value).unwrap();
    assert_eq!(jetjson::to_string(&back), text);
    let mp = jetjson::msgpack::to_vec(&t);
    assert_eq!(mp, rmp_serde::to_vec_named(&t).unwrap());
    let back: T16 = jetjson::msgpack::from_slice(&mp).unwrap();
    assert_eq!(jetjson::to_string(&back), text);
    let short = "[1,2,3,4,5,6,7,8,9,10,11,12,13]";
    assert!(serde_json::from_str::<T16>(short).is_err());
    assert!(jetjson::from_str::<T16>(short).is_err());
    assert_eq!(
        jetjson::from_str::<(u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8)>(short)
            .unwrap()
            .12,
        13
    );
}

#[cfg(feature = "derive")]
type T14 = (u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8);

/// One added derive on a serde type whose fields are these types.
#[cfg(feature = "derive")]
#[test]
fn derive_with_the_new_field_types() {
    #[derive(serde::Serialize, serde::Deserialize, jetjson::Json, ToValue, FromValue)]
    struct Fields {
        result: Result<u8, String>,
        name: Arc<str>,
        ids: Rc<[u32]>,
        bytes: Box<[u8]>,
        cow: Cow<'static, [u8]>,
        list: LinkedList<i8>,
        heap: BinaryHeap<u8>,
        c: CString,
        path: Box<Path>,
        count: AtomicU64,
        flag: AtomicBool,
        parent: std::rc::Weak<u8>,
        wide: T14,
    }
    let f = Fields {
        result: Err("no".into()),
        name: "n".into(),
        ids: vec![1, 2].into(),
        bytes: vec![3].into(),
        cow: Cow::Borrowed(&[4]),
        list: [-1, 2].into_iter().collect(),
        heap: [9].into_iter().collect(),
        c: CString::new("c").unwrap(),
        path: Path::new("p").into(),
        count: AtomicU64::new(u64::MAX),
        flag: AtomicBool::new(true),
        parent: std::rc::Weak::new(),
        wide: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14),
    };
    let text = jetjson::to_string(&f);
    assert_eq!(text, serde_json::to_string(&f).unwrap());
    let back: Fields = jetjson::from_str(&text).unwrap();
    assert_eq!(jetjson::to_string(&back), text);
    assert_eq!(f.to_value(), jetjson::from_str::<Value>(&text).unwrap());
}
