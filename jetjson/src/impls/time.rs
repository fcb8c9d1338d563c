//! `Duration` and `SystemTime`, as serde writes them: the objects
//! `{"secs":1,"nanos":5}` and `{"secs_since_epoch":1,"nanos_since_epoch":5}`
//! (MessagePack: maps keyed by the same names). Read from such an object
//! (each field once, no other key) or from the array `[secs, nanos]`;
//! nanoseconds of a second or more carry into the seconds, and a total that
//! overflows is an error, all as in serde.
//!
//! serde refuses to write a `SystemTime` before the Unix epoch. `ToJson`
//! cannot fail, so such a time is written as `null` (which no reader takes
//! for a `SystemTime`); check `duration_since(UNIX_EPOCH)` first where that
//! can happen.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::shape::{
    missing, msgpack_missing, msgpack_struct, read_struct, value_missing, value_struct,
};
use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::convert::invalid_value;
use crate::value::{FromValue, ToValue};
use crate::{Error, FromJson, Map, Reader, ToJson, Value, Writer};

const DURATION: &[&str] = &["secs", "nanos"];
const SYSTEM_TIME: &[&str] = &["secs_since_epoch", "nanos_since_epoch"];

fn write_pair(w: &mut Writer<'_>, keys: &[&str], secs: u64, nanos: u32) {
    w.write_byte(b'{');
    w.write_key(keys[0]);
    w.write_u64(secs);
    w.write_comma();
    w.write_key(keys[1]);
    w.write_u64(nanos.into());
    w.write_byte(b'}');
}

fn pair_value(keys: &[&str], secs: u64, nanos: u32) -> Value {
    let mut m = Map::with_capacity(2);
    m.insert(keys[0].to_owned(), secs.to_value());
    m.insert(keys[1].to_owned(), nanos.to_value());
    Value::Object(m)
}

fn write_pair_msgpack(w: &mut msgpack::Writer, keys: &[&str], secs: u64, nanos: u32) {
    w.write_map_len(2);
    w.write_str(keys[0]);
    w.write_u64(secs);
    w.write_str(keys[1]);
    w.write_u64(nanos.into());
}

/// `secs` plus `nanos` (which may exceed a second), or `None` on overflow.
fn duration(secs: u64, nanos: u32) -> Option<Duration> {
    let carry = u64::from(nanos / 1_000_000_000);
    secs.checked_add(carry)
        .map(|secs| Duration::new(secs, nanos % 1_000_000_000))
}

fn system_time(secs: u64, nanos: u32) -> Option<SystemTime> {
    duration(secs, nanos).and_then(|d| UNIX_EPOCH.checked_add(d))
}

fn overflow(ty: &str) -> String {
    format!("overflow deserializing {ty}")
}

/// Reads the two fields from JSON.
fn read_pair(
    r: &mut Reader<'_>,
    expected: &'static str,
    keys: &'static [&'static str],
) -> Result<(u64, u32), Error> {
    let (mut secs, mut nanos) = (None, None);
    read_struct(r, expected, keys, |r, i| {
        if i == 0 {
            secs = Some(u64::read_json(r)?);
        } else {
            nanos = Some(u32::read_json(r)?);
        }
        Ok(())
    })?;
    let secs = secs.ok_or_else(|| missing(r, keys[0]))?;
    let nanos = nanos.ok_or_else(|| missing(r, keys[1]))?;
    Ok((secs, nanos))
}

fn value_pair(
    v: &Value,
    expected: &'static str,
    keys: &'static [&'static str],
) -> Result<(u64, u32), Error> {
    let (mut secs, mut nanos) = (None, None);
    value_struct(v, expected, keys, |v, i| {
        if i == 0 {
            secs = Some(u64::from_value_ref(v)?);
        } else {
            nanos = Some(u32::from_value_ref(v)?);
        }
        Ok(())
    })?;
    let secs = secs.ok_or_else(|| value_missing(keys[0]))?;
    let nanos = nanos.ok_or_else(|| value_missing(keys[1]))?;
    Ok((secs, nanos))
}

fn msgpack_pair(
    r: &mut msgpack::Reader<'_>,
    expected: &'static str,
    keys: &'static [&'static str],
) -> Result<(u64, u32), Error> {
    let (mut secs, mut nanos) = (None, None);
    msgpack_struct(r, expected, keys, |r, i| {
        if i == 0 {
            secs = Some(u64::read_msgpack(r)?);
        } else {
            nanos = Some(u32::read_msgpack(r)?);
        }
        Ok(())
    })?;
    let secs = secs.ok_or_else(|| msgpack_missing(r, keys[0]))?;
    let nanos = nanos.ok_or_else(|| msgpack_missing(r, keys[1]))?;
    Ok((secs, nanos))
}

// MARK: - Duration

impl ToJson for Duration {
    fn write_json(&self, w: &mut Writer<'_>) {
        write_pair(w, DURATION, self.as_secs(), self.subsec_nanos());
    }
}

impl<'de> FromJson<'de> for Duration {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.peek();
        let start = r.offset();
        let (secs, nanos) = read_pair(r, "a Duration", DURATION)?;
        duration(secs, nanos).ok_or_else(|| {
            r.error_at(
                crate::ErrorKind::InvalidValue {
                    message: overflow("Duration").into(),
                },
                start,
            )
        })
    }
}

impl ToValue for Duration {
    fn to_value(&self) -> Value {
        pair_value(DURATION, self.as_secs(), self.subsec_nanos())
    }
}

impl FromValue for Duration {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let (secs, nanos) = value_pair(v, "a Duration", DURATION)?;
        duration(secs, nanos).ok_or_else(|| invalid_value(overflow("Duration")))
    }
}

impl ToMsgpack for Duration {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        write_pair_msgpack(w, DURATION, self.as_secs(), self.subsec_nanos());
    }
}

impl<'de> FromMsgpack<'de> for Duration {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        let start = r.offset();
        let (secs, nanos) = msgpack_pair(r, "a Duration", DURATION)?;
        duration(secs, nanos).ok_or_else(|| {
            r.error_at(
                crate::ErrorKind::InvalidValue {
                    message: overflow("Duration").into(),
                },
                start,
            )
        })
    }
}

// MARK: - SystemTime

impl ToJson for SystemTime {
    fn write_json(&self, w: &mut Writer<'_>) {
        match self.duration_since(UNIX_EPOCH) {
            Ok(d) => write_pair(w, SYSTEM_TIME, d.as_secs(), d.subsec_nanos()),
            Err(_) => w.write_null(),
        }
    }
}

impl<'de> FromJson<'de> for SystemTime {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.peek();
        let start = r.offset();
        let (secs, nanos) = read_pair(r, "a SystemTime", SYSTEM_TIME)?;
        system_time(secs, nanos).ok_or_else(|| {
            r.error_at(
                crate::ErrorKind::InvalidValue {
                    message: overflow("SystemTime").into(),
                },
                start,
            )
        })
    }
}

impl ToValue for SystemTime {
    fn to_value(&self) -> Value {
        match self.duration_since(UNIX_EPOCH) {
            Ok(d) => pair_value(SYSTEM_TIME, d.as_secs(), d.subsec_nanos()),
            Err(_) => Value::Null,
        }
    }
}

impl FromValue for SystemTime {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let (secs, nanos) = value_pair(v, "a SystemTime", SYSTEM_TIME)?;
        system_time(secs, nanos).ok_or_else(|| invalid_value(overflow("SystemTime")))
    }
}

impl ToMsgpack for SystemTime {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        match self.duration_since(UNIX_EPOCH) {
            Ok(d) => write_pair_msgpack(w, SYSTEM_TIME, d.as_secs(), d.subsec_nanos()),
            Err(_) => w.write_nil(),
        }
    }
}

impl<'de> FromMsgpack<'de> for SystemTime {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        let start = r.offset();
        let (secs, nanos) = msgpack_pair(r, "a SystemTime", SYSTEM_TIME)?;
        system_time(secs, nanos).ok_or_else(|| {
            r.error_at(
                crate::ErrorKind::InvalidValue {
                    message: overflow("SystemTime").into(),
                },
                start,
            )
        })
    }
}
