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

// MARK: - Enums of newtype variants: `Result`, `OsString`

/// serde's error for a bare `"Name"` where a newtype variant is expected.
#[cold]
fn unit_variant() -> ErrorKind {
    ErrorKind::InvalidType {
        expected: "a newtype variant",
        found: "unit variant",
    }
}

#[cold]
fn unknown_variant(name: &str, names: &'static [&'static str]) -> ErrorKind {
    ErrorKind::UnknownVariant {
        variant: name.to_owned(),
        expected: names,
    }
}

#[cold]
fn not_one_variant(expected: &'static str) -> String {
    format!("expected {expected} of one variant")
}

/// Reads an externally tagged enum whose variants all hold one value,
/// `{"Name":value}`, as serde_json reads it: `read(r, i)` reads the value
/// of `names[i]` (its errors carry the name in their path). A bare
/// `"Name"`, an unknown name, an empty object or a second member is an
/// error.
pub(crate) fn read_newtype_variant<'de, T>(
    r: &mut Reader<'de>,
    expected: &'static str,
    names: &'static [&'static str],
    read: impl FnOnce(&mut Reader<'de>, usize) -> Result<T, Error>,
) -> Result<T, Error> {
    match r.peek() {
        Some(b'"') => {
            let start = r.offset();
            let name = r.read_str()?;
            let kind = if names.contains(&name.as_str()) {
                unit_variant()
            } else {
                unknown_variant(name.as_str(), names)
            };
            Err(r.error_at(kind, start))
        }
        Some(b'{') => {
            r.begin_object(expected)?;
            let mut first = true;
            if !r.next_member(&mut first)? {
                return Err(r.invalid_value(not_one_variant(expected)));
            }
            let key_start = r.offset();
            let key = r.read_key()?;
            let Some(i) = names.iter().position(|n| *n == key.as_str()) else {
                let kind = unknown_variant(key.as_str(), names);
                return Err(r.error_at(kind, key_start));
            };
            let out = read(r, i).map_err(|e| e.field(names[i]))?;
            if r.next_member(&mut first)? {
                return Err(r.invalid_value(not_one_variant(expected)));
            }
            Ok(out)
        }
        _ => Err(r.invalid_type(expected)),
    }
}

/// The same from a `Value`: the variant's index and value.
pub(crate) fn value_newtype_variant<'v>(
    v: &'v Value,
    expected: &'static str,
    names: &'static [&'static str],
) -> Result<(usize, &'v Value), Error> {
    match v {
        Value::String(s) if names.contains(&s.as_str()) => {
            Err(Error::without_position(unit_variant()))
        }
        Value::String(s) => Err(Error::without_position(unknown_variant(s, names))),
        Value::Object(m) => match m.iter().next() {
            Some((k, v)) if m.len() == 1 => match names.iter().position(|n| *n == k.as_str()) {
                Some(i) => Ok((i, v)),
                None => Err(Error::without_position(unknown_variant(k, names))),
            },
            _ => Err(invalid_value(not_one_variant(expected))),
        },
        other => Err(invalid_type(expected, other)),
    }
}

/// The same from MessagePack: a map of one entry whose key is the name or
/// the variant's index, as rmp-serde reads it.
pub(crate) fn msgpack_newtype_variant<'de, T>(
    r: &mut msgpack::Reader<'de>,
    expected: &'static str,
    names: &'static [&'static str],
    read: impl FnOnce(&mut msgpack::Reader<'de>, usize) -> Result<T, Error>,
) -> Result<T, Error> {
    match r.peek() {
        Some(0xa0..=0xbf | 0xd9..=0xdb) => {
            let start = r.offset();
            let name = r.read_str()?;
            let kind = if names.contains(&name) {
                unit_variant()
            } else {
                unknown_variant(name, names)
            };
            Err(r.error_at(kind, start))
        }
        Some(0x80..=0x8f | 0xde | 0xdf) => {
            let len = r.read_map_len()?;
            if len != 1 {
                return Err(r.invalid_length(expected, len));
            }
            r.enter()?;
            let key_start = r.offset();
            let i = if matches!(r.peek(), Some(0x00..=0x7f | 0xcc..=0xcf)) {
                let i = r.read_u64()?;
                match usize::try_from(i).ok().filter(|i| *i < names.len()) {
                    Some(i) => i,
                    None => {
                        let kind = unknown_variant(&i.to_string(), names);
                        return Err(r.error_at(kind, key_start));
                    }
                }
            } else {
                let key = r.read_str()?;
                match names.iter().position(|n| *n == key) {
                    Some(i) => i,
                    None => return Err(r.error_at(unknown_variant(key, names), key_start)),
                }
            };
            let out = read(r, i).map_err(|e| e.field(names[i]))?;
            r.leave();
            Ok(out)
        }
        _ => Err(r.invalid_type(expected)),
    }
}

/// Writes `{"name":value}`.
#[inline]
pub(crate) fn write_newtype_variant<T: crate::ToJson + ?Sized>(
    w: &mut crate::Writer<'_>,
    name: &str,
    v: &T,
) {
    w.begin_object();
    w.write_str(name);
    w.write_byte(b':');
    v.write_json(w);
    w.end_object();
}

/// The `Value` of `{"name":value}`.
pub(crate) fn newtype_variant_value(name: &str, v: Value) -> Value {
    let mut m = crate::Map::with_capacity(1);
    m.insert(name.to_owned(), v);
    Value::Object(m)
}

/// The MessagePack of `{"name":value}`.
#[inline]
pub(crate) fn write_newtype_variant_msgpack<T: msgpack::ToMsgpack + ?Sized>(
    w: &mut msgpack::Writer,
    name: &str,
    v: &T,
) {
    w.write_map_len(1);
    w.write_str(name);
    v.write_msgpack(w);
}
