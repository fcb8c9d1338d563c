//! The writer: std types to exact bytes, pretty output, streaming to io::Write.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

use jetjson::{from_str, to_string, to_vec_pretty, to_writer, Writer};

#[test]
fn std_types_have_the_expected_bytes() {
    assert_eq!(to_string(&true), "true");
    assert_eq!(to_string(&()), "null");
    assert_eq!(to_string(&Some(1u8)), "1");
    assert_eq!(to_string(&None::<u8>), "null");
    assert_eq!(to_string("a\"b"), r#""a\"b""#);
    assert_eq!(to_string(&vec![1, 2]), "[1,2]");
    assert_eq!(to_string(&[1u8; 0]), "[]");
    assert_eq!(to_string(&[[1, 2], [3, 4]]), "[[1,2],[3,4]]");
    assert_eq!(to_string(&VecDeque::from([3, 4])), "[3,4]");
    assert_eq!(to_string(&(1, "a", [true])), r#"[1,"a",[true]]"#);
    assert_eq!(to_string(&Box::new(5)), "5");
    assert_eq!(to_string(&Rc::new("rc")), r#""rc""#);
    assert_eq!(to_string(&Arc::new(1.5)), "1.5");
    assert_eq!(to_string(&BTreeSet::from([3, 1, 2])), "[1,2,3]");
    let map = BTreeMap::from([("b", 2), ("a", 1)]);
    assert_eq!(to_string(&map), r#"{"a":1,"b":2}"#);
    let int_keys = BTreeMap::from([(-1i32, "m"), (10, "t")]);
    assert_eq!(to_string(&int_keys), r#"{"-1":"m","10":"t"}"#);
    let one = HashMap::from([(7u64, vec![None, Some(false)])]);
    assert_eq!(to_string(&one), r#"{"7":[null,false]}"#);
}

#[test]
fn std_types_read_back() {
    assert_eq!(
        from_str::<(u8, String, bool)>(r#"[1, "x", true]"#).unwrap(),
        (1, "x".into(), true)
    );
    assert!(from_str::<(u8, u8)>("[1]").is_err());
    assert!(from_str::<(u8, u8)>("[1, 2, 3]").is_err());
    assert_eq!(from_str::<[u8; 3]>("[1,2,3]").unwrap(), [1, 2, 3]);
    assert!(from_str::<[u8; 3]>("[1,2]").is_err());
    assert!(from_str::<[u8; 3]>("[1,2,3,4]").is_err());
    assert_eq!(from_str::<[u8; 0]>("[]").unwrap(), [0u8; 0]);
    let m: BTreeMap<i64, bool> = from_str(r#"{"-5": true, "0": false}"#).unwrap();
    assert_eq!(m, BTreeMap::from([(-5, true), (0, false)]));
    for bad_key in [
        r#"{"01": 1}"#,
        r#"{"+1": 1}"#,
        r#"{"1.0": 1}"#,
        r#"{"": 1}"#,
    ] {
        assert!(from_str::<BTreeMap<i64, u8>>(bad_key).is_err(), "{bad_key}");
    }
    assert!(from_str::<BTreeMap<u8, u8>>(r#"{"256": 1}"#).is_err());
    let dup: BTreeMap<String, u8> = from_str(r#"{"a": 1, "a": 2}"#).unwrap();
    assert_eq!(dup["a"], 2, "the last value wins, as in serde_json");
    let set: BTreeSet<u8> = from_str("[3, 1, 3]").unwrap();
    assert_eq!(set, BTreeSet::from([1, 3]));
}

#[test]
fn pretty_output_matches_serde_json() {
    let v = BTreeMap::from([("list", vec![vec![1, 2], vec![]]), ("none", vec![])]);
    let ours = String::from_utf8(to_vec_pretty(&v)).unwrap();
    let theirs = serde_json::to_string_pretty(&v).unwrap();
    assert_eq!(ours, theirs);
}

#[test]
fn to_writer_streams_large_values_in_blocks() {
    struct CountingSink {
        bytes: Vec<u8>,
        writes: usize,
        largest: usize,
        sizes: Vec<usize>,
    }
    impl std::io::Write for CountingSink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.writes += 1;
            self.largest = self.largest.max(buf.len());
            self.sizes.push(buf.len());
            self.bytes.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let big: Vec<String> = (0..100_000).map(|i| format!("item {i}")).collect();
    let sink = || CountingSink {
        bytes: Vec::new(),
        writes: 0,
        largest: 0,
        sizes: Vec::new(),
    };
    let mut large = sink();
    to_writer(&mut large, &big).unwrap();
    let expected = jetjson::to_vec(&big);
    assert_eq!(large.bytes, expected);
    assert!(large.writes > 10, "wrote in {} calls", large.writes);
    assert!(
        large.largest < 128 * 1024,
        "largest block {}",
        large.largest
    );
    // The writer starts with a small buffer but passes on whole blocks:
    // every write but the last holds at least 64 KiB.
    let (_last, blocks) = large.sizes.split_last().unwrap();
    assert!(blocks.iter().all(|&n| n >= 64 * 1024), "{:?}", large.sizes);
    // A small value (smaller and larger than the first buffer) is one write.
    for n in [1, 100, 1_000] {
        let mut small = sink();
        to_writer(&mut small, &big[..n]).unwrap();
        assert_eq!(small.bytes, jetjson::to_vec(&big[..n]));
        assert_eq!(small.writes, 1, "{n} items");
    }
}

#[test]
fn to_writer_reports_io_errors() {
    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let err = to_writer(Broken, &vec![0u8; 10]).unwrap_err();
    assert_eq!(err.to_string(), "disk full");
}

#[test]
fn a_reused_buffer_keeps_its_allocation() {
    let value = vec!["some text"; 100];
    let mut w = Writer::new();
    jetjson::ToJson::write_json(&value, &mut w);
    let len = w.as_bytes().len();
    let mut buf = w.into_vec();
    let capacity = buf.capacity();
    let ptr = buf.as_ptr();
    for _ in 0..10 {
        buf.clear();
        let mut w = Writer::from_vec(buf);
        jetjson::ToJson::write_json(&value, &mut w);
        buf = w.into_vec();
        assert_eq!(buf.len(), len);
        assert_eq!((buf.capacity(), buf.as_ptr()), (capacity, ptr));
    }
}
