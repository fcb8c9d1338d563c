//! The runtime surface that generated code calls, and nothing else does.
//! Not part of the public API: it changes with the generator, which is
//! pinned to this crate's exact version.

pub use core::default::Default;
pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};

pub use crate::error::{Error, ErrorKind};
pub use crate::read::{Checkpoint, Reader, Str};
pub use crate::traits::{FromJson, ToJson};
pub use crate::write::Writer;

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
