//! `Option<T>`: `None` is `Null`, and `Null` is `None`; an absent struct
//! field is `None` too.

use super::{FromValue, ToValue};
use crate::value::Value;
use crate::Error;

impl<T: ToValue> ToValue for Option<T> {
    #[inline]
    fn to_value(&self) -> Value {
        match self {
            Some(v) => v.to_value(),
            None => Value::Null,
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    #[inline]
    fn from_value(v: Value) -> Result<Self, Error> {
        if v.is_null() {
            Ok(None)
        } else {
            T::from_value(v).map(Some)
        }
    }

    #[inline]
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        if v.is_null() {
            Ok(None)
        } else {
            T::from_value_ref(v).map(Some)
        }
    }

    fn value_missing() -> Option<Self> {
        Some(None)
    }
}
