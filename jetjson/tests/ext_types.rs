//! The ecosystem crates' types (one cargo feature each) against their own
//! serde impls: the same JSON as serde_json, the same MessagePack as
//! rmp-serde, the same inputs accepted and rejected.

// Each feature's section uses some of the checks; without features, none.
#[allow(dead_code)]
mod oracle_ext;

#[allow(unused_imports)]
use oracle_ext::{agree, agree_msgpack, same, same_key};

#[cfg(feature = "chrono")]
#[test]
fn chrono_types() {
    use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Utc};
    let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
    let utc = [
        DateTime::from_timestamp(1_700_000_000, 0).unwrap(),
        DateTime::from_timestamp(1_700_000_000, 5).unwrap(),
        DateTime::from_timestamp(1_700_000_000, 120_000_000).unwrap(),
        DateTime::from_timestamp(-1, 999_999).unwrap(),
        d(2016, 12, 31)
            .and_hms_nano_opt(23, 59, 59, 1_500_000_000)
            .unwrap()
            .and_utc(),
        d(-5, 1, 2).and_hms_opt(0, 0, 0).unwrap().and_utc(),
        d(12345, 6, 7).and_hms_opt(1, 2, 3).unwrap().and_utc(),
        DateTime::<Utc>::MIN_UTC,
        DateTime::<Utc>::MAX_UTC,
    ];
    for t in utc {
        same(&t);
        same_key(t);
        same(&t.naive_utc());
        same_key(t.naive_utc());
        same(&t.date_naive());
        same_key(t.date_naive());
        same(&t.time());
        same_key(t.time());
    }
    for s in [
        "2020-01-02T03:04:05.123-05:30",
        "2020-01-02T03:04:05+14:00",
        "1999-12-31T23:59:60.999999999+00:00",
    ] {
        let t = DateTime::parse_from_rfc3339(s).unwrap();
        same(&t);
        same_key(t);
    }
    for input in [
        r#""2020-01-02T03:04:05Z""#,
        r#""2020-01-02 03:04:05z""#,
        r#""2020-01-02T03:04:05+01:00""#,
        r#""2020-01-02T03:04:05""#,
        r#""2020-02-30T03:04:05Z""#,
        r#""2020-01-02T24:00:00Z""#,
        r#""nope""#,
        "1577934245",
    ] {
        agree::<DateTime<Utc>>(input);
        agree::<DateTime<FixedOffset>>(input);
        agree::<NaiveDateTime>(input);
    }
    for input in [
        r#""2020-01-02""#,
        r#""+12345-01-02""#,
        r#""2020-1-2""#,
        r#""2021-02-29""#,
        r#""03:04""#,
        r#""03:04:60.5""#,
        r#""25:00""#,
    ] {
        agree::<NaiveDate>(input);
        agree::<NaiveTime>(input);
    }
    use chrono::{Month, Weekday};
    for d in [Weekday::Mon, Weekday::Wed, Weekday::Sun] {
        same(&d);
        same_key(d);
    }
    assert_eq!(jetjson::to_string(&Weekday::Mon), r#""Mon""#);
    for m in [Month::January, Month::May, Month::December] {
        same(&m);
        same_key(m);
    }
    assert_eq!(jetjson::to_string(&Month::May), r#""May""#);
    for input in [
        r#""Mon""#,
        r#""monday""#,
        r#""SUN""#,
        r#""Mo""#,
        r#""January""#,
        r#""jan""#,
        r#""Janu""#,
        "1",
        "null",
    ] {
        agree::<Weekday>(input);
        agree::<Month>(input);
    }
    let err = jetjson::from_str::<NaiveDate>(r#"  "2021-02-29""#).unwrap_err();
    assert!(err.to_string().starts_with("invalid date: "), "{err}");
    assert_eq!(err.column(), 3);
}

#[cfg(feature = "uuid")]
#[test]
fn uuids() {
    use uuid::Uuid;
    for u in [
        Uuid::nil(),
        Uuid::max(),
        Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8),
    ] {
        same(&u);
        same_key(u);
    }
    for input in [
        r#""67e55044-10b1-426f-9247-bb680e5fe0c8""#,
        r#""67E55044-10B1-426F-9247-BB680E5FE0C8""#,
        r#""67e5504410b1426f9247bb680e5fe0c8""#,
        r#""{67e55044-10b1-426f-9247-bb680e5fe0c8}""#,
        r#""urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8""#,
        r#""67e55044-10b1-426f-9247-bb680e5fe0c""#,
        r#""zze55044-10b1-426f-9247-bb680e5fe0c8""#,
        "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1]",
        "1",
    ] {
        agree::<Uuid>(input);
    }
    let mut arr = vec![0xdc, 0, 16];
    arr.extend([7u8; 16]);
    agree_msgpack::<Uuid>(&arr);
    agree_msgpack::<Uuid>(&[0xc4, 2, 1, 2]);
    agree_msgpack::<Uuid>(&[0xa3, b'a', b'b', b'c']);

    use uuid::fmt::{Braced, Hyphenated, Simple, Urn};
    let u = Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8);
    same(&u.hyphenated());
    same(&u.simple());
    same(&u.urn());
    same(&u.braced());
    same_key(u.simple());
    same_key(u.braced());
    assert_eq!(
        jetjson::to_string(&u.urn()),
        r#""urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8""#
    );
    for input in [
        r#""67e55044-10b1-426f-9247-bb680e5fe0c8""#,
        r#""67E55044-10B1-426F-9247-BB680E5FE0C8""#,
        r#""67e5504410b1426f9247bb680e5fe0c8""#,
        r#""{67e55044-10b1-426f-9247-bb680e5fe0c8}""#,
        r#""urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8""#,
        r#""URN:UUID:67e55044-10b1-426f-9247-bb680e5fe0c8""#,
        r#""{67e5504410b1426f9247bb680e5fe0c8}""#,
        r#""67e55044-10b1-426f-9247-bb680e5fe0cg""#,
        "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1]",
    ] {
        agree::<Hyphenated>(input);
        agree::<Simple>(input);
        agree::<Urn>(input);
        agree::<Braced>(input);
    }
    let mut arr = vec![0xdc, 0, 16];
    arr.extend([7u8; 16]);
    agree_msgpack::<Hyphenated>(&arr);
    agree_msgpack::<Simple>(&[0xc4, 2, 1, 2]);
}

#[cfg(feature = "serde_json")]
#[test]
fn serde_json_values() {
    use serde_json::{json, Map, Number, Value as SValue};
    let values = [
        json!(null),
        json!(true),
        json!(0),
        json!(-1),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(0.1),
        json!(-0.0),
        json!(123456789.0),
        json!("é\"\\\u{1}"),
        json!([1, [2, [3, {}]], []]),
        json!({"z": 1, "a": {"y": [null, 2.5]}, "m": "x"}),
    ];
    for v in &values {
        same(v);
        assert_eq!(SValue::from(jetjson::Value::from(v.clone())), *v);
        assert_eq!(
            jetjson::to_string(&jetjson::Value::from(v.clone())),
            serde_json::to_string(v).unwrap()
        );
        if let SValue::Number(n) = v {
            same(n);
            assert_eq!(Number::from(jetjson::Number::from(n.clone())), *n);
        }
        if let SValue::Object(m) = v {
            same(m);
        }
    }
    // Floats with an exponent: jetjson's shortest text has no `+` in the
    // exponent (`1e300`, serde_json writes `1e+300`); the same number.
    for v in [json!(1e300), json!(5e-324), json!(1e21), json!(-1.5e-7)] {
        let ours = jetjson::to_string(&v);
        assert_eq!(serde_json::from_str::<SValue>(&ours).unwrap(), v, "{ours}");
        assert_eq!(jetjson::from_str::<SValue>(&ours).unwrap(), v, "{ours}");
        assert_eq!(
            jetjson::msgpack::to_vec(&v),
            rmp_serde::to_vec_named(&v).unwrap()
        );
    }
    for input in [
        "18446744073709551616",
        "-9223372036854775809",
        "1e999",
        r#"{"a":1,"a":2}"#,
        "[1,]",
        "01",
        r#""\ud800""#,
        "[] x",
    ] {
        agree::<SValue>(input);
    }
    assert_eq!(
        jetjson::from_str::<Map<String, SValue>>("[]")
            .unwrap_err()
            .to_string(),
        "expected an object, found array at line 1 column 1"
    );

    // Depth: a depth error at the reader's limit, not a stack overflow.
    let deep = "[".repeat(1_000_000);
    let err = jetjson::from_str::<SValue>(&deep).unwrap_err();
    assert!(
        matches!(err.kind(), jetjson::ErrorKind::DepthLimit { .. }),
        "{err}"
    );
    let mut r = jetjson::Reader::new(b"[[[[1]]]]");
    r.set_max_depth(3);
    assert!(<SValue as jetjson::FromJson>::read_json(&mut r).is_err());
    // Deep values convert without recursion.
    let mut v = jetjson::Value::Null;
    for _ in 0..100_000 {
        v = jetjson::Value::Array(vec![v]);
    }
    // (serde_json's own clone and drop recurse, so neither is used here.)
    let back = jetjson::Value::from(SValue::from(v));
    assert!(back.is_array());
}

#[cfg(all(feature = "serde_json", feature = "derive"))]
#[test]
fn serde_json_raw_values() {
    use jetjson::value::{FromValue, ToValue};
    use serde_json::value::RawValue;
    for input in [
        r#"  {"a" : [1, 2.50, "x\u0041"], "b":null}  "#,
        "1e300",
        "-0",
        r#""é""#,
        "[ ]",
        "true",
    ] {
        let theirs: Box<RawValue> = serde_json::from_str(input).unwrap();
        let ours: Box<RawValue> = jetjson::from_str(input).unwrap();
        assert_eq!(ours.get(), theirs.get(), "{input}");
        assert_eq!(
            jetjson::to_string(&ours),
            serde_json::to_string(&theirs).unwrap()
        );
        let value = ours.to_value();
        assert_eq!(value, jetjson::from_str::<jetjson::Value>(input).unwrap());
        let back = Box::<RawValue>::from_value_ref(&value).unwrap();
        assert_eq!(back.get(), jetjson::to_string(&value));
        let mp = jetjson::msgpack::to_vec(&ours);
        let back: Box<RawValue> = jetjson::msgpack::from_slice(&mp).unwrap();
        assert_eq!(back.get(), jetjson::to_string(&value));
    }
    // In a struct, beside other fields.
    #[derive(serde::Serialize, serde::Deserialize, jetjson::Json)]
    struct Event {
        id: u8,
        payload: Box<RawValue>,
    }
    let text = r#"{"id":1,"payload":{"k": [1,2]}}"#;
    let ours: Event = jetjson::from_str(text).unwrap();
    let theirs: Event = serde_json::from_str(text).unwrap();
    assert_eq!(ours.payload.get(), r#"{"k": [1,2]}"#);
    assert_eq!(
        jetjson::to_string(&ours),
        serde_json::to_string(&theirs).unwrap()
    );
    // serde_json skips a value without pairing its escaped surrogates;
    // jetjson's check of the text does not let a lone one through.
    assert!(serde_json::from_str::<Box<RawValue>>(r#""\ud800""#).is_ok());
    assert!(jetjson::from_str::<Box<RawValue>>(r#""\ud800""#).is_err());
    for input in ["[1,", "01", "", "[1] x", "{\"a\":1,}"] {
        assert!(
            serde_json::from_str::<Box<RawValue>>(input).is_err(),
            "{input}"
        );
        let err = jetjson::from_str::<Box<RawValue>>(input).unwrap_err();
        assert!(err.line() > 0, "{input}: {err}");
    }
}

#[cfg(feature = "url")]
#[test]
fn urls() {
    use url::Url;
    for s in [
        "http://ex.com/é?q=1#f",
        "https://user:pw@[::1]:8080/a%20b",
        "file:///tmp/x",
        "mailto:a@b.c",
        "http://xn--nxasmq6b.com/",
        "http://δ.com/",
    ] {
        let u = Url::parse(s).unwrap();
        same(&u);
        same_key(u);
    }
    for input in [r#""not a url""#, r#""http://[::1""#, r#""/relative""#, "1"] {
        agree::<Url>(input);
    }
}

#[cfg(feature = "semver")]
#[test]
fn semver_types() {
    use semver::{Version, VersionReq};
    for s in ["0.0.0", "1.2.3-alpha.1+b5", "18446744073709551615.0.1"] {
        let v = Version::parse(s).unwrap();
        same(&v);
        same_key(v);
    }
    for s in [">=1.2, <2", "*", "=1.0.0-pre", "^0.1"] {
        let v = VersionReq::parse(s).unwrap();
        same(&v);
        same_key(v);
    }
    for input in [r#""1.2""#, r#""01.2.3""#, r#""v1.2.3""#, r#""1.2.3 ""#] {
        agree::<Version>(input);
        agree::<VersionReq>(input);
    }
    for s in [
        ">=1.2.3",
        "^0.1",
        "~1",
        "=1.0.0-pre",
        "<2.0.0-alpha.1",
        "1.*",
    ] {
        let c = semver::Comparator::parse(s).unwrap();
        same(&c);
        same_key(c);
    }
    for input in [r#""*""#, r#""1.2, 2""#, r#""x""#, r#"">= 1""#, "1"] {
        agree::<semver::Comparator>(input);
    }
}

#[cfg(feature = "camino")]
#[test]
fn camino_paths() {
    use camino::Utf8PathBuf;
    for p in ["a/b", "", "/tmp/é ü/日本"] {
        same(&Utf8PathBuf::from(p));
        same_key(Utf8PathBuf::from(p));
    }
    agree::<Utf8PathBuf>("[1]");
}

#[cfg(feature = "rust_decimal")]
#[test]
fn decimals() {
    use rust_decimal::Decimal;
    for (m, scale) in [(0i64, 0u32), (-12345, 3), (150, 2), (1, 28), (i64::MAX, 5)] {
        let d = Decimal::new(m, scale);
        same(&d);
        same_key(d);
    }
    same(&Decimal::MAX);
    same(&Decimal::MIN);
    for input in [
        "1.25e2",
        "0.1",
        "123",
        "-0",
        "18446744073709551616",
        "1.234567890123456789012345",
        "1e30",
        "1e-30",
        r#""1e3""#,
        r#""1.50""#,
        r#""abc""#,
        r#""79228162514264337593543950336""#,
        "true",
        "null",
    ] {
        agree::<Decimal>(input);
    }
    agree_msgpack::<Decimal>(&[0xcb, 0x3f, 0xb9, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9a]);
    agree_msgpack::<Decimal>(&[0x05]);
}

#[cfg(feature = "bytes")]
#[test]
fn byte_buffers() {
    use bytes::{Bytes, BytesMut};
    for b in [&b""[..], b"ab", &[0, 255, 128]] {
        same(&Bytes::copy_from_slice(b));
        same(&BytesMut::from(b));
    }
    for input in [r#""abé""#, "[1,2]", "[256]", "[-1]", "1", r#""\u0000""#] {
        agree::<Bytes>(input);
    }
    agree_msgpack::<Bytes>(&[0xa2, b'a', b'b']);
    agree_msgpack::<Bytes>(&[0x92, 1, 2]);
}

#[cfg(feature = "indexmap")]
#[test]
fn index_maps() {
    use indexmap::{IndexMap, IndexSet};
    let m: IndexMap<String, u8> = [
        ("z".to_owned(), 1),
        ("a".to_owned(), 2),
        ("m".to_owned(), 3),
    ]
    .into_iter()
    .collect();
    same(&m);
    let m: IndexMap<u32, Vec<u8>> = [(9, vec![1]), (1, vec![])].into_iter().collect();
    same(&m);
    let s: IndexSet<String> = ["z", "a", "é"].into_iter().map(String::from).collect();
    same(&s);
    for input in [r#"{"b":1,"a":2,"b":3}"#, r#"{"a":-1}"#, "[]"] {
        let ours: Result<IndexMap<String, u8>, _> = jetjson::from_str(input);
        let theirs: Result<IndexMap<String, u8>, _> = serde_json::from_str(input);
        assert_eq!(ours.ok(), theirs.ok(), "{input}");
    }
}

#[cfg(feature = "smallvec")]
#[test]
fn small_vecs() {
    use smallvec::SmallVec;
    same(&SmallVec::<[u8; 2]>::new());
    same(&SmallVec::<[u8; 2]>::from_slice(&[1, 2]));
    same(&SmallVec::<[String; 1]>::from_vec(vec![
        "a".into(),
        "b".into(),
    ]));
    for input in ["[1,2,3]", "[1,", "{}", "[300]"] {
        agree::<SmallVec<[u8; 2]>>(input);
    }
}

#[cfg(feature = "time")]
#[test]
fn time_types() {
    use time::macros::{date, datetime, offset, time};
    use time::{Date, Duration, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};
    for t in [
        datetime!(2020-01-02 03:04:05.000000006 -05:30:07),
        datetime!(1970-01-01 00:00:00 UTC),
        datetime!(-9999-01-01 00:00:00 +23:59:59),
        datetime!(9999-12-31 23:59:59.999999999 UTC),
    ] {
        same(&t);
    }
    same(&datetime!(2020-02-29 23:59:59.5));
    same(&date!(2020 - 12 - 31));
    same(&time!(23:59:59.999999999));
    same(&offset!(-05:30:07));
    for d in [
        Duration::ZERO,
        Duration::new(-5, -7),
        Duration::MAX,
        Duration::MIN,
    ] {
        same(&d);
    }
    for input in [
        "[2021,366]",
        "[2020,366]",
        "[2020,0]",
        "[2020]",
        "[2020,1,1]",
        r#""2020-01-01""#,
    ] {
        agree::<Date>(input);
    }
    for input in ["[24,0,0,0]", "[1,2,3,1000000000]", "[1,60,0,0]"] {
        agree::<Time>(input);
    }
    for input in ["[26,0,0]", "[1,-1,0]", "[-1,-1,-1]"] {
        agree::<UtcOffset>(input);
    }
    for input in ["[2020,1,0,0,0,0,1,-1,0]", "[2020,1,0,0,0,0,0,0,0]"] {
        agree::<OffsetDateTime>(input);
    }
    agree::<PrimitiveDateTime>("[2020,1,0,0,0,0]");
    agree::<Duration>("[1,-2000000000]");

    use time::{Month, Weekday};
    for m in [Month::January, Month::June, Month::December] {
        same(&m);
        same_key(m);
    }
    for d in [Weekday::Monday, Weekday::Thursday, Weekday::Sunday] {
        same(&d);
        same_key(d);
    }
    assert_eq!(jetjson::to_string(&Month::June), "6");
    assert_eq!(jetjson::to_string(&Weekday::Sunday), "7");
    for input in [
        "0",
        "1",
        "7",
        "8",
        "12",
        "13",
        "256",
        "-1",
        "1.0",
        r#""January""#,
        r#""Monday""#,
    ] {
        agree::<Month>(input);
        agree::<Weekday>(input);
    }
    let err = jetjson::from_str::<Month>(" 13").unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected a value in the range 1..=12, found 13 at line 1 column 2"
    );
    agree_msgpack::<Month>(&[0x0d]);
    agree_msgpack::<Weekday>(&[0x00]);
    agree_msgpack::<Weekday>(&[0xa6, b'M', b'o', b'n', b'd', b'a', b'y']);
}
