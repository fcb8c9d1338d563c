//! chrono's date and time types (feature `chrono`), as chrono's serde impls
//! write them, in JSON, `Value`, MessagePack and map keys alike:
//!
//! | type | text |
//! | --- | --- |
//! | `DateTime<Utc>` | RFC 3339, seconds as chrono's `SecondsFormat::AutoSi` (0, 3, 6 or 9 digits), `Z`: `"2023-11-14T22:13:20.000000005Z"`; a leap second is `:60` |
//! | `DateTime<FixedOffset>` | the same with its offset: `"2020-01-02T03:04:05.123-05:30"` |
//! | `NaiveDateTime` | `"2020-01-02T03:04:05.000000006"` (`Debug`) |
//! | `NaiveDate` | `"2020-01-02"`; years beyond 0..=9999 signed: `"+12345-01-02"` |
//! | `NaiveTime` | `"03:04:05.000000006"` |
//! | `Weekday` | its short name, `"Mon"` |
//! | `Month` | its full name, `"January"` |
//!
//! Reading uses chrono's `FromStr`, as its serde impls do (so a
//! `DateTime<Utc>` also accepts any offset, converted to UTC, and a space for
//! the `T`; a weekday or month is read from its short or full name in any
//! case).

use chrono::{
    DateTime, FixedOffset, Month, NaiveDate, NaiveDateTime, NaiveTime, SecondsFormat, Utc, Weekday,
};

fn utc(s: &str) -> Result<DateTime<Utc>, chrono::ParseError> {
    s.parse::<DateTime<FixedOffset>>()
        .map(|d| d.with_timezone(&Utc))
}

text_type!(
    DateTime<Utc>,
    "an RFC 3339 date and time string",
    "RFC 3339 date and time",
    |v| v.to_rfc3339_opts(SecondsFormat::AutoSi, true),
    |s| utc(s)
);
text_type!(
    DateTime<FixedOffset>,
    "an RFC 3339 date and time string",
    "RFC 3339 date and time",
    |v| v.to_rfc3339_opts(SecondsFormat::AutoSi, true),
    |s| s.parse::<DateTime<FixedOffset>>()
);
text_type!(
    NaiveDateTime,
    "a date and time string",
    "date and time",
    |v| format!("{v:?}"),
    |s| s.parse::<NaiveDateTime>()
);
text_type!(
    NaiveDate,
    "a date string",
    "date",
    |v| format!("{v:?}"),
    |s| s.parse::<NaiveDate>()
);
text_type!(NaiveTime, "a time string", "time", |v| v.to_string(), |s| s
    .parse::<NaiveTime>());
text_type!(
    Weekday,
    "a weekday string",
    "weekday",
    |v| v.to_string(),
    |s| s.parse::<Weekday>()
);
text_type!(Month, "a month string", "month", |v| v.name(), |s| s
    .parse::<Month>());
