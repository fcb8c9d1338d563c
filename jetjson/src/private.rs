//! The runtime surface that generated code calls, and nothing else does.
//! Not part of the public API: it changes with the generator, which is
//! pinned to this crate's exact version.
//!
//! Everything here that builds an error is `#[cold]`: generated decoders call
//! these only on their failure paths.

pub use core::default::Default;
pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};

pub use crate::error::{Error, ErrorKind};
pub use crate::read::{Checkpoint, Reader, Str};
pub use crate::traits::{FromJson, ToJson};
pub use crate::write::Writer;

// MARK: - Fields

/// The value of a field after the object ended: the one read, else the
/// type's [`FromJson::json_missing`] (`None` for `Option`), else "missing
/// field".
#[inline]
pub fn take<'de, T: FromJson<'de>>(
    slot: Option<T>,
    r: &Reader<'de>,
    field: &'static str,
) -> Result<T, Error> {
    match slot {
        Some(v) => Ok(v),
        None => match T::json_missing() {
            Some(v) => Ok(v),
            None => Err(missing_field(r, field)),
        },
    }
}

/// "missing field `name`" at the reader's position (the object's end).
#[cold]
pub fn missing_field(r: &Reader<'_>, field: &'static str) -> Error {
    r.error(ErrorKind::MissingField { field })
}

/// "duplicate field `name`" at `offset` (the repeated key).
#[cold]
pub fn duplicate_field(r: &Reader<'_>, field: &'static str, offset: usize) -> Error {
    r.error_at(ErrorKind::DuplicateField { field }, offset)
}

/// "unknown field `key`, expected one of ..." at `offset` (the key).
#[cold]
pub fn unknown_field(
    r: &Reader<'_>,
    key: &str,
    expected: &'static [&'static str],
    offset: usize,
) -> Error {
    r.error_at(
        ErrorKind::UnknownField {
            field: key.to_owned(),
            expected,
        },
        offset,
    )
}

/// [`unknown_field`] for the key that starts at `offset`, read again from the
/// input, so that the decoder need not keep the key borrowed.
#[cold]
pub fn unknown_field_at(r: &Reader<'_>, expected: &'static [&'static str], offset: usize) -> Error {
    let mut again = Reader::new(r.input());
    again.seek(offset);
    match again.read_key() {
        Ok(key) => {
            let key = key.as_str().to_owned();
            unknown_field(r, &key, expected, offset)
        }
        Err(e) => e,
    }
}

// MARK: - Arrays

/// "expected tuple struct X with 3 elements, found 2" at the cursor.
#[cold]
pub fn too_few_elements(r: &Reader<'_>, expected: &'static str, found: usize) -> Error {
    r.invalid_value(format!("expected {expected}, found {found}"))
}

// MARK: - Enums

/// Byte offset of the next value (whitespace skipped), for errors that
/// point at a variant name.
#[inline]
pub fn value_offset(r: &mut Reader<'_>) -> usize {
    r.peek();
    r.offset()
}

/// "unknown variant `name`, expected one of ..." at `offset`.
#[cold]
pub fn unknown_variant(
    r: &Reader<'_>,
    variant: &str,
    expected: &'static [&'static str],
    offset: usize,
) -> Error {
    r.error_at(
        ErrorKind::UnknownVariant {
            variant: variant.to_owned(),
            expected,
        },
        offset,
    )
}

/// [`unknown_variant`] for the string (a value or a key) that starts at
/// `offset`, read again from the input.
#[cold]
pub fn unknown_variant_at(
    r: &Reader<'_>,
    expected: &'static [&'static str],
    offset: usize,
) -> Error {
    let mut again = Reader::new(r.input());
    again.seek(offset);
    match again.read_str() {
        Ok(name) => {
            let name = name.as_str().to_owned();
            unknown_variant(r, &name, expected, offset)
        }
        Err(e) => e,
    }
}

/// "expected `expected`, found `found`" at `offset`.
#[cold]
pub fn invalid_type_at(
    r: &Reader<'_>,
    expected: &'static str,
    found: &'static str,
    offset: usize,
) -> Error {
    r.error_at(ErrorKind::InvalidType { expected, found }, offset)
}

/// `{}` where an externally tagged enum wanted `{"Variant": ..}`.
#[cold]
pub fn empty_enum_object(r: &Reader<'_>, expected: &'static str) -> Error {
    r.invalid_value(format!("expected {expected}, found an empty object"))
}

/// Consumes the `}` after the one member of an externally tagged enum.
#[inline]
pub fn end_enum_object(r: &mut Reader<'_>, expected: &'static str) -> Result<(), Error> {
    let mut first = false;
    if r.next_member(&mut first)? {
        return Err(r.invalid_value(format!(
            "expected {expected} as an object with exactly one key"
        )));
    }
    Ok(())
}

/// Runs `read` for the variant `name`, adding `.name` to the path of its
/// errors.
#[inline]
pub fn variant<'de, T>(
    r: &mut Reader<'de>,
    name: &'static str,
    read: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
) -> Result<T, Error> {
    read(r).map_err(|e| e.field(name))
}

/// Runs `read` from the current position; on failure puts the reader back
/// and returns `None` (untagged enums try each variant this way).
#[inline]
pub fn attempt<'de, T>(
    r: &mut Reader<'de>,
    read: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
) -> Option<T> {
    let checkpoint = r.checkpoint();
    match read(r) {
        Ok(v) => Some(v),
        Err(_) => {
            r.restore(checkpoint);
            None
        }
    }
}

/// "data did not match any variant of untagged enum X" at `offset`.
#[cold]
pub fn no_variant_matched(r: &Reader<'_>, message: &'static str, offset: usize) -> Error {
    r.error_at(
        ErrorKind::InvalidValue {
            message: message.into(),
        },
        offset,
    )
}
