//! The standard library's types that serde covers, against serde's own
//! impls: the same JSON as serde_json, the same MessagePack as rmp-serde,
//! the same inputs accepted and rejected.

mod oracle_ext;

use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::marker::PhantomData;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{NonZeroI64, NonZeroU128, NonZeroU8, Saturating, Wrapping};
use std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};
use std::path::PathBuf;
use std::sync::{Mutex, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

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
