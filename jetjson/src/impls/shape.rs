//! Readers shared by the standard library's struct-shaped types (`Duration`,
//! `SystemTime`, the ranges), in the three formats: serde reads a struct
//! from an object of its named fields (each once, no other key) or from an
//! array of them in order, and so do these.

use crate::msgpack;
use crate::value::convert::{invalid_type, invalid_value};
use crate::value::Value;
use crate::{Error, ErrorKind, Reader};

/// "expected `expected` of N fields, found M" for an array of the wrong
/// length.
#[cold]
fn wrong_length(expected: &'static str, fields: usize, found: usize) -> String {
    format!("expected {expected} of {fields} fields, found {found}")
}

/// Reads an object of `fields` (or an array of them in order), calling
/// `field(r, i)` to read the value of `fields[i]`. A repeated or unknown key
/// is an error at the key; a missing field is the caller's to report (see
/// [`missing`]), since only it knows which it got.
pub(crate) fn read_struct<'de>(
    r: &mut Reader<'de>,
    expected: &'static str,
    fields: &'static [&'static str],
    mut field: impl FnMut(&mut Reader<'de>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    match r.peek() {
        Some(b'{') => {
            r.begin_object(expected)?;
            let mut first = true;
            let mut seen = 0u32;
            while r.next_member(&mut first)? {
                let key_start = r.offset();
                let key = r.read_key()?;
                let Some(i) = fields.iter().position(|f| *f == key.as_str()) else {
                    let kind = ErrorKind::UnknownField {
                        field: key.as_str().to_owned(),
                        expected: fields,
                    };
                    return Err(r.error_at(kind, key_start));
                };
                if seen & (1 << i) != 0 {
                    let kind = ErrorKind::DuplicateField { field: fields[i] };
                    return Err(r.error_at(kind, key_start));
                }
                seen |= 1 << i;
                field(r, i).map_err(|e| e.field(fields[i]))?;
            }
            Ok(())
        }
        Some(b'[') => {
            r.begin_array(expected)?;
            let mut first = true;
            for i in 0..fields.len() {
                if !r.next_element(&mut first)? {
                    return Err(r.invalid_value(wrong_length(expected, fields.len(), i)));
                }
                field(r, i).map_err(|e| e.index(i))?;
            }
            r.end_array(expected)
        }
        _ => Err(r.invalid_type(expected)),
    }
}

/// The same from a `Value`.
pub(crate) fn value_struct(
    v: &Value,
    expected: &'static str,
    fields: &'static [&'static str],
    mut field: impl FnMut(&Value, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    match v {
        Value::Object(m) => {
            for (k, v) in m {
                let Some(i) = fields.iter().position(|f| *f == k.as_str()) else {
                    return Err(Error::without_position(ErrorKind::UnknownField {
                        field: k.clone(),
                        expected: fields,
                    }));
                };
                // A `Value` object holds each key once: no duplicate check.
                field(v, i).map_err(|e| e.field(fields[i]))?;
            }
            Ok(())
        }
        Value::Array(a) => {
            if a.len() != fields.len() {
                return Err(invalid_value(wrong_length(expected, fields.len(), a.len())));
            }
            for (i, v) in a.iter().enumerate() {
                field(v, i).map_err(|e| e.index(i))?;
            }
            Ok(())
        }
        other => Err(invalid_type(expected, other)),
    }
}

/// The same from MessagePack: a map keyed by the field names, or an array.
pub(crate) fn msgpack_struct<'de>(
    r: &mut msgpack::Reader<'de>,
    expected: &'static str,
    fields: &'static [&'static str],
    mut field: impl FnMut(&mut msgpack::Reader<'de>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    match r.peek() {
        Some(0x80..=0x8f | 0xde | 0xdf) => {
            let len = r.read_map_len()?;
            r.enter()?;
            let mut seen = 0u32;
            for _ in 0..len {
                let key_start = r.offset();
                let key = r.read_str()?;
                let Some(i) = fields.iter().position(|f| *f == key) else {
                    return Err(r.unknown_field(key, fields, key_start));
                };
                if seen & (1 << i) != 0 {
                    return Err(r.duplicate_field(fields[i], key_start));
                }
                seen |= 1 << i;
                field(r, i).map_err(|e| e.field(fields[i]))?;
            }
            r.leave();
            Ok(())
        }
        Some(0x90..=0x9f | 0xdc | 0xdd) => {
            let len = r.read_array_len()?;
            if len != fields.len() {
                return Err(r.invalid_length(expected, len));
            }
            r.enter()?;
            for i in 0..len {
                field(r, i).map_err(|e| e.index(i))?;
            }
            r.leave();
            Ok(())
        }
        _ => Err(r.invalid_type(expected)),
    }
}

/// "missing field `name`" for a struct-shaped value read from JSON: at the
/// cursor, just past the closing brace.
#[cold]
pub(crate) fn missing(r: &Reader<'_>, name: &'static str) -> Error {
    r.error(ErrorKind::MissingField { field: name })
}

/// The same for a `Value` (no position).
#[cold]
pub(crate) fn value_missing(name: &'static str) -> Error {
    Error::without_position(ErrorKind::MissingField { field: name })
}

/// The same for MessagePack.
#[cold]
pub(crate) fn msgpack_missing(r: &msgpack::Reader<'_>, name: &'static str) -> Error {
    r.missing_field(name)
}
