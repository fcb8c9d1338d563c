//! The timestamp extension (type -1) in its three forms.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::{FromMsgpack, Reader, ToMsgpack, Writer};
use crate::{Error, ErrorKind};

/// The extension type of timestamps.
const TIMESTAMP: i8 = -1;

/// A point in time: `seconds` since 1970-01-01T00:00:00Z (negative before)
/// plus `nanoseconds` (below 1,000,000,000), the MessagePack timestamp
/// extension (type -1).
///
/// Writing picks the smallest of the spec's three forms: 32-bit (4 bytes of
/// data) when there are no nanoseconds and `seconds` fits a `u32`, 64-bit
/// (8 bytes: 30 bits of nanoseconds, 34 of seconds) when `seconds` fits 34
/// unsigned bits, else 96-bit (12 bytes: a `u32` of nanoseconds and an
/// `i64` of seconds). Reading accepts the three forms and rejects any other
/// data length and nanoseconds of 1e9 or more. A `Timestamp` built with
/// `nanoseconds` out of range is written in the 96-bit form as it is (and
/// fails to read back); [`Timestamp::new`] checks.
///
/// ```
/// use jetjson::msgpack::{from_slice, to_vec, Timestamp};
///
/// let t = Timestamp { seconds: 1, nanoseconds: 0 };
/// assert_eq!(to_vec(&t), b"\xd6\xff\x00\x00\x00\x01"); // fixext 4
/// let t = Timestamp { seconds: -1, nanoseconds: 500 };
/// assert_eq!(to_vec(&t)[..3], [0xc7, 12, 0xff]); // ext 8, 12 bytes
/// assert_eq!(from_slice::<Timestamp>(&to_vec(&t)).unwrap(), t);
///
/// let bad = b"\xd7\xff\xee\x6b\x28\x00\x00\x00\x00\x00"; // 64-bit, 1e9 ns
/// assert_eq!(
///     from_slice::<Timestamp>(bad).unwrap_err().to_string(),
///     "timestamp nanoseconds must be below 1000000000 at byte 0"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Timestamp {
    /// Seconds since the Unix epoch; negative before it.
    pub seconds: i64,
    /// Nanoseconds added to `seconds`, below 1,000,000,000.
    pub nanoseconds: u32,
}

impl Timestamp {
    /// A timestamp, or `None` when `nanoseconds` is 1,000,000,000 or more.
    pub fn new(seconds: i64, nanoseconds: u32) -> Option<Timestamp> {
        (nanoseconds < NANOS_PER_SECOND).then_some(Timestamp {
            seconds,
            nanoseconds,
        })
    }

    /// The time as a [`SystemTime`], or `None` if the platform's
    /// `SystemTime` cannot hold it.
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use jetjson::msgpack::Timestamp;
    ///
    /// let t = Timestamp { seconds: -2, nanoseconds: 250_000_000 };
    /// assert_eq!(t.to_system_time(), UNIX_EPOCH.checked_sub(Duration::from_millis(1750)));
    /// assert_eq!(Timestamp::from_system_time(t.to_system_time().unwrap()), Some(t));
    /// ```
    pub fn to_system_time(&self) -> Option<SystemTime> {
        let nanos = Duration::from_nanos(u64::from(self.nanoseconds));
        if self.seconds >= 0 {
            UNIX_EPOCH
                .checked_add(Duration::from_secs(self.seconds.unsigned_abs()))?
                .checked_add(nanos)
        } else {
            UNIX_EPOCH
                .checked_sub(Duration::from_secs(self.seconds.unsigned_abs()))?
                .checked_add(nanos)
        }
    }

    /// The timestamp of a [`SystemTime`], or `None` if its seconds do not
    /// fit an `i64`.
    pub fn from_system_time(t: SystemTime) -> Option<Timestamp> {
        match t.duration_since(UNIX_EPOCH) {
            Ok(d) => Some(Timestamp {
                seconds: i64::try_from(d.as_secs()).ok()?,
                nanoseconds: d.subsec_nanos(),
            }),
            Err(before) => {
                // `before` is how far t lies before the epoch: round the
                // seconds down and count the nanoseconds forward from there.
                let d = before.duration();
                let mut seconds = -i64::try_from(d.as_secs()).ok()?;
                let mut nanoseconds = d.subsec_nanos();
                if nanoseconds > 0 {
                    seconds = seconds.checked_sub(1)?;
                    nanoseconds = NANOS_PER_SECOND - nanoseconds;
                }
                Some(Timestamp {
                    seconds,
                    nanoseconds,
                })
            }
        }
    }
}

const NANOS_PER_SECOND: u32 = 1_000_000_000;

impl ToMsgpack for Timestamp {
    fn write_msgpack(&self, w: &mut Writer) {
        let Timestamp {
            seconds,
            nanoseconds,
        } = *self;
        if seconds >> 34 == 0 && nanoseconds < NANOS_PER_SECOND {
            if nanoseconds == 0 && seconds <= i64::from(u32::MAX) {
                // timestamp 32: the seconds as a u32.
                w.write_ext(TIMESTAMP, &(seconds as u32).to_be_bytes());
            } else {
                // timestamp 64: nanoseconds in the upper 30 bits, seconds in
                // the lower 34.
                let packed = (u64::from(nanoseconds) << 34) | seconds as u64;
                w.write_ext(TIMESTAMP, &packed.to_be_bytes());
            }
        } else {
            // timestamp 96: a u32 of nanoseconds, then an i64 of seconds.
            let mut data = [0u8; 12];
            data[..4].copy_from_slice(&nanoseconds.to_be_bytes());
            data[4..].copy_from_slice(&seconds.to_be_bytes());
            w.write_ext(TIMESTAMP, &data);
        }
    }
}

impl<'de> FromMsgpack<'de> for Timestamp {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        let start = r.offset();
        let (ty, data) = r.read_ext()?;
        let bad = |r: &Reader<'de>, message: &'static str| {
            r.error_at(
                ErrorKind::InvalidValue {
                    message: message.into(),
                },
                start,
            )
        };
        if ty != TIMESTAMP {
            return Err(bad(r, "expected a timestamp (extension type -1)"));
        }
        let (seconds, nanoseconds) = if let Ok(b) = <[u8; 4]>::try_from(data) {
            (i64::from(u32::from_be_bytes(b)), 0)
        } else if let Ok(b) = <[u8; 8]>::try_from(data) {
            let packed = u64::from_be_bytes(b);
            // The upper 30 bits are the nanoseconds, the lower 34 the seconds.
            ((packed & ((1 << 34) - 1)) as i64, (packed >> 34) as u32)
        } else if let Ok(b) = <[u8; 12]>::try_from(data) {
            let mut nanos = [0u8; 4];
            let mut secs = [0u8; 8];
            nanos.copy_from_slice(&b[..4]);
            secs.copy_from_slice(&b[4..]);
            (i64::from_be_bytes(secs), u32::from_be_bytes(nanos))
        } else {
            return Err(bad(r, "a timestamp has 4, 8 or 12 bytes of data"));
        };
        if nanoseconds >= NANOS_PER_SECOND {
            return Err(bad(r, "timestamp nanoseconds must be below 1000000000"));
        }
        Ok(Timestamp {
            seconds,
            nanoseconds,
        })
    }
}
