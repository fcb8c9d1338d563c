//! The DOM's own types: `Value` (moved or cloned), `Number`, the object
//! `Map`, and the borrowed `ValueRef`.

use super::{invalid_type, object, object_ref, FromValue, ToValue};
use crate::value::{Map, Number, Value, ValueRef};
use crate::Error;

impl ToValue for Value {
    /// A copy (iterative, so any depth is safe).
    #[inline]
    fn to_value(&self) -> Value {
        self.clone()
    }
}

impl FromValue for Value {
    /// The value itself, not copied.
    #[inline]
    fn from_value(v: Value) -> Result<Self, Error> {
        Ok(v)
    }

    #[inline]
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        Ok(v.clone())
    }
}

impl ToValue for ValueRef<'_> {
    /// An owned copy.
    fn to_value(&self) -> Value {
        self.clone().into_owned()
    }
}

impl ToValue for Number {
    #[inline]
    fn to_value(&self) -> Value {
        Value::Number(*self)
    }
}

impl FromValue for Number {
    #[inline]
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        match v {
            Value::Number(n) => Ok(*n),
            other => Err(invalid_type("a number", other)),
        }
    }
}

impl ToValue for Map<String, Value> {
    fn to_value(&self) -> Value {
        Value::Object(self.clone())
    }
}

impl FromValue for Map<String, Value> {
    fn from_value(v: Value) -> Result<Self, Error> {
        object(v, "an object")
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        object_ref(v, "an object").cloned()
    }
}
