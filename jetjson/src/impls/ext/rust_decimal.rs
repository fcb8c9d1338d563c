//! `rust_decimal::Decimal` (feature `rust_decimal`), as its serde impl with
//! the crate's default features writes it: a string of its `Display` text,
//! scale kept (`"1.50"`, `"-12.345"`).
//!
//! Read as that impl reads (`deserialize_any`): a string by `FromStr`, then
//! as scientific notation (`"1e3"`); an integer in the 64-bit ranges
//! exactly; any other number as serde_json hands it over, an `f64`, through
//! its `Display` text (`0.1` is `0.1`, `1.25e2` is `125`). Map keys are the
//! string.

use std::str::FromStr;

use rust_decimal::Decimal;

use crate::impls::text::{parse_key, read_json_text, read_msgpack_text};
use crate::msgpack::read::Int;
use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::{FromValue, FromValueKey, ToValue, ToValueKey};
use crate::{
    Error, ErrorKind, FromJson, FromJsonKey, Number, Reader, Str, ToJson, ToJsonKey, Value, Writer,
};

const EXPECTED: &str = "a decimal string or number";

fn parse(s: &str) -> Result<Decimal, rust_decimal::Error> {
    Decimal::from_str(s).or_else(|_| Decimal::from_scientific(s))
}

/// The decimal of a JSON number, as rust_decimal's visitor makes it.
fn from_number(n: &Number) -> Result<Decimal, String> {
    if let Some(u) = n.as_u64() {
        Ok(Decimal::from(u))
    } else if let Some(i) = n.as_i64() {
        Ok(Decimal::from(i))
    } else {
        let f = n.as_f64().unwrap_or(0.0);
        Decimal::from_str(&f.to_string())
            .map_err(|_| format!("invalid decimal: {f} is out of range"))
    }
}

impl ToJson for Decimal {
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_str(&self.to_string());
    }
}

impl<'de> FromJson<'de> for Decimal {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        match r.peek() {
            Some(b'-' | b'0'..=b'9') => {
                let start = r.offset();
                let n = Number::read_json(r)?;
                from_number(&n)
                    .map_err(|m| r.error_at(ErrorKind::InvalidValue { message: m.into() }, start))
            }
            _ => read_json_text(r, EXPECTED, "decimal", parse),
        }
    }
}

impl ToJsonKey for Decimal {
    fn write_json_key(&self, w: &mut Writer<'_>) {
        w.write_str(&self.to_string());
    }
}

impl<'de> FromJsonKey<'de> for Decimal {
    fn from_json_key(key: Str<'de, '_>, _r: &Reader<'de>) -> Result<Self, Error> {
        parse_key(key.as_str(), "decimal", parse)
    }
}

impl ToValue for Decimal {
    fn to_value(&self) -> Value {
        Value::String(self.to_string())
    }
}

impl FromValue for Decimal {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        match v {
            Value::Number(n) => from_number(n).map_err(crate::value::convert::invalid_value),
            _ => crate::impls::text::parse_value(v, EXPECTED, "decimal", parse),
        }
    }
}

impl ToValueKey for Decimal {
    fn to_value_key(&self) -> String {
        self.to_string()
    }
}

impl FromValueKey for Decimal {
    fn from_value_key(key: &str) -> Result<Self, Error> {
        parse_key(key, "decimal", parse)
    }
}

impl ToMsgpack for Decimal {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        w.write_str(&self.to_string());
    }
}

impl<'de> FromMsgpack<'de> for Decimal {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        let start = r.offset();
        let n = match r.peek() {
            Some(0x00..=0x7f | 0xcc..=0xd3 | 0xe0..=0xff) => match r.read_int(EXPECTED)? {
                Int::U(u) => Number::from(u),
                Int::I(i) => Number::from(i),
            },
            Some(0xca | 0xcb) => {
                let f = r.read_f64()?;
                Number::from_f64(f).ok_or_else(|| {
                    r.error_at(
                        ErrorKind::InvalidValue {
                            message: "invalid decimal: not finite".into(),
                        },
                        start,
                    )
                })?
            }
            _ => return read_msgpack_text(r, EXPECTED, "decimal", parse),
        };
        from_number(&n)
            .map_err(|m| r.error_at(ErrorKind::InvalidValue { message: m.into() }, start))
    }
}
