//! The `time` crate's types (feature `time`), as its serde impls write them
//! with its `serde` feature alone (without `serde-human-readable`, which
//! switches JSON to strings): tuples of their components, which serde_json
//! writes as arrays and rmp-serde as MessagePack arrays.
//!
//! | type | array |
//! | --- | --- |
//! | `OffsetDateTime` | `[year, ordinal day, hour, minute, second, nanosecond, offset hours, offset minutes, offset seconds]` |
//! | `PrimitiveDateTime` | `[year, ordinal day, hour, minute, second, nanosecond]` |
//! | `Date` | `[year, ordinal day]` |
//! | `Time` | `[hour, minute, second, nanosecond]` |
//! | `UtcOffset` | `[hours, minutes, seconds]` |
//! | `Duration` | `[seconds, nanoseconds]` |
//!
//! `2020-01-02 03:04:05.000000006 -05:30:07` is
//! `[2020,2,3,4,5,6,-5,-30,-7]`. Reading checks every component as `time`
//! does (a day 366 of a common year, an hour 24, mixed offset signs and
//! the like are errors).
//!
//! `Month` and `Weekday` are their numbers, in every format and as map keys
//! (as `time` writes them without `serde-human-readable`): January is `1`,
//! Monday is `1` and Sunday `7`; another number is an error.

use time::{Date, Duration, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset, Weekday};

use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::convert::invalid_value;
use crate::value::{FromValue, FromValueKey, ToValue, ToValueKey};
use crate::{
    Error, ErrorKind, FromJson, FromJsonKey, Reader, Str, ToJson, ToJsonKey, Value, Writer,
};

/// Implements the six traits for `$ty` through the tuple type `$tuple`:
/// `$to` makes the tuple, `$from` the value (or a `time` error).
macro_rules! via_tuple {
    ($ty:ty, $tuple:ty, |$v:ident| $to:expr, |$t:ident| $from:expr) => {
        impl ToJson for $ty {
            fn write_json(&self, w: &mut Writer<'_>) {
                let $v = self;
                let t: $tuple = $to;
                t.write_json(w);
            }
        }

        impl<'de> FromJson<'de> for $ty {
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                r.peek();
                let start = r.offset();
                let $t = <$tuple>::read_json(r)?;
                let made: Result<$ty, time::error::ComponentRange> = $from;
                made.map_err(|e| r.error_at(invalid(e), start))
            }
        }

        impl ToValue for $ty {
            fn to_value(&self) -> Value {
                let $v = self;
                let t: $tuple = $to;
                t.to_value()
            }
        }

        impl FromValue for $ty {
            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                let $t = <$tuple>::from_value_ref(v)?;
                let made: Result<$ty, time::error::ComponentRange> = $from;
                made.map_err(|e| Error::without_position(invalid(e)))
            }
        }

        impl ToMsgpack for $ty {
            fn write_msgpack(&self, w: &mut msgpack::Writer) {
                let $v = self;
                let t: $tuple = $to;
                t.write_msgpack(w);
            }
        }

        impl<'de> FromMsgpack<'de> for $ty {
            fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
                let start = r.offset();
                let $t = <$tuple>::read_msgpack(r)?;
                let made: Result<$ty, time::error::ComponentRange> = $from;
                made.map_err(|e| r.error_at(invalid(e), start))
            }
        }
    };
}

#[cold]
fn invalid(e: time::error::ComponentRange) -> ErrorKind {
    ErrorKind::InvalidValue {
        message: format!("invalid date or time: {e}").into(),
    }
}

type DateT = (i32, u16);
type TimeT = (u8, u8, u8, u32);
type OffsetT = (i8, i8, i8);

fn date(t: DateT) -> Result<Date, time::error::ComponentRange> {
    Date::from_ordinal_date(t.0, t.1)
}

fn time_of(h: u8, m: u8, s: u8, ns: u32) -> Result<Time, time::error::ComponentRange> {
    Time::from_hms_nano(h, m, s, ns)
}

fn primitive(
    t: (i32, u16, u8, u8, u8, u32),
) -> Result<PrimitiveDateTime, time::error::ComponentRange> {
    Ok(PrimitiveDateTime::new(
        date((t.0, t.1))?,
        time_of(t.2, t.3, t.4, t.5)?,
    ))
}

via_tuple!(Date, DateT, |v| (v.year(), v.ordinal()), |t| date(t));
via_tuple!(
    Time,
    TimeT,
    |v| (v.hour(), v.minute(), v.second(), v.nanosecond()),
    |t| time_of(t.0, t.1, t.2, t.3)
);
via_tuple!(UtcOffset, OffsetT, |v| v.as_hms(), |t| UtcOffset::from_hms(
    t.0, t.1, t.2
));
via_tuple!(
    PrimitiveDateTime,
    (i32, u16, u8, u8, u8, u32),
    |v| (
        v.year(),
        v.ordinal(),
        v.hour(),
        v.minute(),
        v.second(),
        v.nanosecond()
    ),
    |t| primitive(t)
);
via_tuple!(
    OffsetDateTime,
    (i32, u16, u8, u8, u8, u32, i8, i8, i8),
    |v| {
        let (oh, om, os) = v.offset().as_hms();
        (
            v.year(),
            v.ordinal(),
            v.hour(),
            v.minute(),
            v.second(),
            v.nanosecond(),
            oh,
            om,
            os,
        )
    },
    |t| {
        let (y, d, h, m, s, ns, oh, om, os) = t;
        let offset = UtcOffset::from_hms(oh, om, os);
        primitive((y, d, h, m, s, ns)).and_then(|p| offset.map(|o| p.assume_offset(o)))
    }
);

impl ToJson for Duration {
    fn write_json(&self, w: &mut Writer<'_>) {
        (self.whole_seconds(), self.subsec_nanoseconds()).write_json(w);
    }
}

impl<'de> FromJson<'de> for Duration {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let (s, ns) = <(i64, i32)>::read_json(r)?;
        duration(s, ns).ok_or_else(|| r.invalid_value("invalid duration: nanoseconds out of range"))
    }
}

/// As `time`'s serde impl: the nanoseconds must lie within ±999,999,999;
/// a sign that differs from the seconds' is normalised (which cannot
/// overflow then).
fn duration(s: i64, ns: i32) -> Option<Duration> {
    (ns.unsigned_abs() < 1_000_000_000).then(|| Duration::new(s, ns))
}

impl ToValue for Duration {
    fn to_value(&self) -> Value {
        (self.whole_seconds(), self.subsec_nanoseconds()).to_value()
    }
}

impl FromValue for Duration {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let (s, ns) = <(i64, i32)>::from_value_ref(v)?;
        duration(s, ns).ok_or_else(|| invalid_value("invalid duration: nanoseconds out of range"))
    }
}

impl ToMsgpack for Duration {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        (self.whole_seconds(), self.subsec_nanoseconds()).write_msgpack(w);
    }
}

impl<'de> FromMsgpack<'de> for Duration {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        let (s, ns) = <(i64, i32)>::read_msgpack(r)?;
        duration(s, ns).ok_or_else(|| r.invalid_value("invalid duration: nanoseconds out of range"))
    }
}

// MARK: - Month, Weekday

/// "expected a value in the range 1..=`max`, found `n`".
#[cold]
fn out_of_range(n: u8, max: u8) -> String {
    format!("expected a value in the range 1..={max}, found {n}")
}

fn month(n: u8) -> Option<Month> {
    Month::try_from(n).ok()
}

fn weekday(n: u8) -> Option<Weekday> {
    (1..=7).contains(&n).then(|| Weekday::Sunday.nth_next(n))
}

/// Implements the eight traits for `$ty`, the number `$to` gives, made
/// back by `$from` (`None` outside 1..=`$max`).
macro_rules! numbered {
    ($ty:ty, $max:literal, |$v:ident| $to:expr, $from:expr) => {
        impl ToJson for $ty {
            #[inline]
            fn write_json(&self, w: &mut Writer<'_>) {
                let $v = self;
                w.write_u64(u64::from($to));
            }
        }

        impl<'de> FromJson<'de> for $ty {
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                r.peek();
                let start = r.offset();
                let n = u8::read_json(r)?;
                $from(n).ok_or_else(|| {
                    let message = out_of_range(n, $max).into();
                    r.error_at(ErrorKind::InvalidValue { message }, start)
                })
            }
        }

        impl ToJsonKey for $ty {
            fn write_json_key(&self, w: &mut Writer<'_>) {
                let $v = self;
                let n: u8 = $to;
                n.write_json_key(w);
            }
        }

        impl<'de> FromJsonKey<'de> for $ty {
            fn from_json_key(key: Str<'de, '_>, r: &Reader<'de>) -> Result<Self, Error> {
                let n = u8::from_json_key(key, r)?;
                $from(n).ok_or_else(|| invalid_value(out_of_range(n, $max)))
            }
        }

        impl ToValue for $ty {
            fn to_value(&self) -> Value {
                let $v = self;
                let n: u8 = $to;
                n.to_value()
            }
        }

        impl FromValue for $ty {
            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                let n = u8::from_value_ref(v)?;
                $from(n).ok_or_else(|| invalid_value(out_of_range(n, $max)))
            }
        }

        impl ToValueKey for $ty {
            fn to_value_key(&self) -> String {
                let $v = self;
                let n: u8 = $to;
                n.to_value_key()
            }
        }

        impl FromValueKey for $ty {
            fn from_value_key(key: &str) -> Result<Self, Error> {
                let n = u8::from_value_key(key)?;
                $from(n).ok_or_else(|| invalid_value(out_of_range(n, $max)))
            }
        }

        impl ToMsgpack for $ty {
            fn write_msgpack(&self, w: &mut msgpack::Writer) {
                let $v = self;
                w.write_u64(u64::from($to));
            }
        }

        impl<'de> FromMsgpack<'de> for $ty {
            fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
                let start = r.offset();
                let n = u8::read_msgpack(r)?;
                $from(n).ok_or_else(|| {
                    let message = out_of_range(n, $max).into();
                    r.error_at(ErrorKind::InvalidValue { message }, start)
                })
            }
        }
    };
}

numbered!(Month, 12, |v| u8::from(*v), month);
numbered!(Weekday, 7, |v| v.number_from_monday(), weekday);
