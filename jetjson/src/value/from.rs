//! `From` impls: build a [`Value`] from Rust values.
//!
//! Integers become exact numbers, floats become numbers when finite and
//! `Null` when NaN or infinite (JSON has no such numbers), `Option::None`
//! becomes `Null`, sequences become arrays and `(key, value)` pairs objects.

use std::borrow::Cow;

use super::{Map, Number, Value};

macro_rules! from_int {
    ($($ty:ident)*) => {$(
        impl From<$ty> for Value {
            #[inline]
            fn from(v: $ty) -> Self {
                Value::Number(Number::from(v))
            }
        }
    )*};
}

from_int!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

impl From<f64> for Value {
    /// A number, or `Null` for NaN and the infinities.
    #[inline]
    fn from(v: f64) -> Self {
        Number::from_f64(v).map_or(Value::Null, Value::Number)
    }
}

impl From<f32> for Value {
    /// A number (the `f32` widened exactly), or `Null` for NaN and the
    /// infinities.
    #[inline]
    fn from(v: f32) -> Self {
        Value::from(f64::from(v))
    }
}

impl From<bool> for Value {
    #[inline]
    fn from(v: bool) -> Self {
        Value::Bool(v)
    }
}

impl From<Number> for Value {
    #[inline]
    fn from(v: Number) -> Self {
        Value::Number(v)
    }
}

impl From<String> for Value {
    #[inline]
    fn from(v: String) -> Self {
        Value::String(v)
    }
}

impl From<&String> for Value {
    #[inline]
    fn from(v: &String) -> Self {
        Value::String(v.clone())
    }
}

impl From<&str> for Value {
    #[inline]
    fn from(v: &str) -> Self {
        Value::String(v.to_owned())
    }
}

impl From<Cow<'_, str>> for Value {
    #[inline]
    fn from(v: Cow<'_, str>) -> Self {
        Value::String(v.into_owned())
    }
}

impl From<char> for Value {
    #[inline]
    fn from(v: char) -> Self {
        Value::String(v.to_string())
    }
}

impl From<()> for Value {
    /// `Null`.
    #[inline]
    fn from((): ()) -> Self {
        Value::Null
    }
}

impl From<Map<String, Value>> for Value {
    #[inline]
    fn from(v: Map<String, Value>) -> Self {
        Value::Object(v)
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(v: Vec<T>) -> Self {
        Value::Array(v.into_iter().map(Into::into).collect())
    }
}

impl<T: Clone + Into<Value>> From<&[T]> for Value {
    fn from(v: &[T]) -> Self {
        Value::Array(v.iter().cloned().map(Into::into).collect())
    }
}

impl<T: Into<Value>, const N: usize> From<[T; N]> for Value {
    fn from(v: [T; N]) -> Self {
        Value::Array(v.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    /// The value, or `Null` for `None`.
    fn from(v: Option<T>) -> Self {
        v.map_or(Value::Null, Into::into)
    }
}

impl<T: Into<Value>> FromIterator<T> for Value {
    /// An array.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Value::Array(iter.into_iter().map(Into::into).collect())
    }
}

impl<K: Into<String>, V: Into<Value>> FromIterator<(K, V)> for Value {
    /// An object; a repeated key keeps its first position and last value.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        Value::Object(
            iter.into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        )
    }
}

impl From<&Value> for Value {
    /// A copy (so that `json!` can interpolate borrowed values).
    fn from(v: &Value) -> Self {
        v.clone()
    }
}
