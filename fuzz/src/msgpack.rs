//! MessagePack targets: any bytes into `Value`, into `ValueRef`, through
//! `validate`, and into typed values, each checked against the others and
//! against a re-encoding.

use jetjson::msgpack::{self, Reader};
use jetjson::{Error, ErrorKind, Value, ValueRef};

/// An error from reading `input` points inside it (or at its end).
pub fn check_error(e: &Error, input: &[u8]) {
    assert!(e.offset() <= input.len(), "{e} points past the input");
    assert_eq!(
        (e.line(), e.column()),
        (0, 0),
        "{e}: binary errors have no lines"
    );
    let text = e.to_string();
    assert!(text.contains(" at byte "), "{text}");
}

/// Any bytes: `validate`, `skip_value`, `Value` and `ValueRef` agree, and a
/// value read writes back to bytes that read to the same value.
pub fn msgpack_value(data: &[u8]) {
    let valid = msgpack::validate(data);
    if let Err(e) = &valid {
        check_error(e, data);
    }
    // skip_value with a deeper limit never fails where the default passes.
    let mut r = Reader::new(data);
    r.set_max_depth(1 << 20);
    let skipped = r.skip_value().and_then(|()| r.finish());
    if valid.is_ok() {
        assert!(
            skipped.is_ok(),
            "validate accepts what a deeper skip rejects"
        );
    }

    let value = msgpack::from_slice::<Value>(data);
    let borrowed = msgpack::from_slice::<ValueRef<'_>>(data);
    match (&value, &borrowed) {
        (Ok(v), Ok(b)) => {
            assert!(valid.is_ok(), "Value read what validate rejects");
            assert_eq!(
                jetjson::to_vec(v),
                jetjson::to_vec(b),
                "Value and ValueRef differ"
            );
            let again = msgpack::to_vec(v);
            let back = msgpack::from_slice::<Value>(&again).expect("our own output reads");
            assert_eq!(&back, v, "re-encoding changed the value");
            // Our output is canonical: writing it again gives the same bytes.
            assert_eq!(msgpack::to_vec(&back), again);
            assert!(
                again.len() <= data.len() || has_wide_forms(data),
                "re-encoding grew"
            );
        }
        (Err(a), Err(b)) => {
            check_error(a, data);
            check_error(b, data);
            assert_eq!(a.kind(), b.kind(), "Value and ValueRef fail differently");
            assert_eq!(a.offset(), b.offset());
        }
        _ => panic!(
            "Value {:?} and ValueRef {:?} disagree",
            value.err(),
            borrowed.err()
        ),
    }
    if let Err(e) = &value {
        // A document validate accepts fails in Value only for what JSON has
        // no value for.
        if valid.is_ok() {
            assert!(
                matches!(
                    e.kind(),
                    ErrorKind::InvalidType { .. }
                        | ErrorKind::InvalidValue { .. }
                        | ErrorKind::DepthLimit { .. }
                ),
                "validate accepts, Value says {e}"
            );
        }
    }
}

/// Whether the input may use a longer form than ours (a float32 we widen
/// to float64 is the one case where our encoding can be longer).
fn has_wide_forms(data: &[u8]) -> bool {
    data.contains(&0xca)
}
