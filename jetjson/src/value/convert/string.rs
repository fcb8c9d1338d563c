//! `String`, `str`, `Cow<str>` and `Box<str>`. A string taken from a `Value`
//! by [`FromValue::from_value`] is moved, not copied; `&str` has no
//! `FromValue`, because a `Value` given away cannot be borrowed from (use
//! `String`, `Box<str>` or `Cow<str>`, which comes out owned).

use std::borrow::Cow;

use super::{str_ref, string, FromValue, FromValueKey, ToValue, ToValueKey};
use crate::value::Value;
use crate::Error;

impl ToValue for str {
    #[inline]
    fn to_value(&self) -> Value {
        Value::String(self.to_owned())
    }
}

impl ToValue for String {
    #[inline]
    fn to_value(&self) -> Value {
        Value::String(self.clone())
    }
}

impl FromValue for String {
    #[inline]
    fn from_value(v: Value) -> Result<Self, Error> {
        string(v, "a string")
    }

    #[inline]
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        str_ref(v, "a string").map(str::to_owned)
    }
}

/// Always `Cow::Owned`: there is no input text to borrow from.
impl FromValue for Cow<'_, str> {
    #[inline]
    fn from_value(v: Value) -> Result<Self, Error> {
        String::from_value(v).map(Cow::Owned)
    }

    #[inline]
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        String::from_value_ref(v).map(Cow::Owned)
    }
}

impl FromValue for Box<str> {
    fn from_value(v: Value) -> Result<Self, Error> {
        String::from_value(v).map(String::into_boxed_str)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        str_ref(v, "a string").map(Box::from)
    }
}

impl ToValueKey for str {
    #[inline]
    fn to_value_key(&self) -> String {
        self.to_owned()
    }
}

impl ToValueKey for String {
    #[inline]
    fn to_value_key(&self) -> String {
        self.clone()
    }
}

impl ToValueKey for Cow<'_, str> {
    fn to_value_key(&self) -> String {
        String::from(&**self)
    }
}

impl ToValueKey for Box<str> {
    fn to_value_key(&self) -> String {
        String::from(&**self)
    }
}

impl<T: ToValueKey + ?Sized> ToValueKey for &T {
    fn to_value_key(&self) -> String {
        (**self).to_value_key()
    }
}

impl FromValueKey for String {
    #[inline]
    fn from_value_key(key: &str) -> Result<Self, Error> {
        Ok(key.to_owned())
    }

    #[inline]
    fn from_value_key_owned(key: String) -> Result<Self, Error> {
        Ok(key)
    }
}

impl FromValueKey for Box<str> {
    fn from_value_key(key: &str) -> Result<Self, Error> {
        Ok(key.into())
    }

    fn from_value_key_owned(key: String) -> Result<Self, Error> {
        Ok(key.into_boxed_str())
    }
}

impl FromValueKey for Cow<'_, str> {
    fn from_value_key(key: &str) -> Result<Self, Error> {
        Ok(Cow::Owned(key.to_owned()))
    }

    fn from_value_key_owned(key: String) -> Result<Self, Error> {
        Ok(Cow::Owned(key))
    }
}
