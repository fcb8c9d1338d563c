//! `jetjson::Error` as serde's error type: custom messages become
//! [`ErrorKind::InvalidValue`] with no position; the bridge's deserializers
//! give them the position of the value being read, and its `SeqAccess` and
//! `MapAccess` add the path.

use std::fmt;

use crate::error::ErrorKind;
use crate::Error;

impl ::serde::de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::custom(msg)
    }

    #[cold]
    fn missing_field(field: &'static str) -> Self {
        Error::without_position(ErrorKind::MissingField { field })
    }

    #[cold]
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        Error::without_position(ErrorKind::UnknownField {
            field: field.to_owned(),
            expected,
        })
    }

    #[cold]
    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        Error::without_position(ErrorKind::UnknownVariant {
            variant: variant.to_owned(),
            expected,
        })
    }

    #[cold]
    fn duplicate_field(field: &'static str) -> Self {
        Error::without_position(ErrorKind::DuplicateField { field })
    }
}

impl ::serde::ser::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error::custom(msg)
    }
}
