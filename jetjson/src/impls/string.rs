//! `String`, `&str` (borrowed), `Cow<str>` (borrowed when it can be) and `Box<str>`.

use std::borrow::Cow;

use crate::{Error, FromJson, FromJsonKey, Reader, Str, ToJson, ToJsonKey, Writer};

impl ToJson for str {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_str(self);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl ToJson for String {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_str(self);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de> FromJson<'de> for String {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_string()
    }
}

/// Borrows from the input. Fails on a string with escapes, which has no
/// contiguous unescaped text in the input; use `Cow<str>` to accept both.
impl<'de: 'a, 'a> FromJson<'de> for &'a str {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_borrowed_str()
    }
}

/// Borrows from the input when the string has no escapes, owns otherwise.
impl<'de: 'a, 'a> FromJson<'de> for Cow<'a, str> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        Ok(match r.read_str()? {
            Str::Borrowed(s) => Cow::Borrowed(s),
            Str::Copied(s) => Cow::Owned(s.to_owned()),
        })
    }
}

impl<'de> FromJson<'de> for Box<str> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_string().map(String::into_boxed_str)
    }
}

impl ToJsonKey for str {
    #[inline]
    fn write_json_key(&self, w: &mut Writer<'_>) {
        w.write_str(self);
    }
}

impl ToJsonKey for String {
    #[inline]
    fn write_json_key(&self, w: &mut Writer<'_>) {
        w.write_str(self);
    }
}

impl ToJsonKey for Cow<'_, str> {
    fn write_json_key(&self, w: &mut Writer<'_>) {
        w.write_str(self);
    }
}

impl ToJsonKey for Box<str> {
    fn write_json_key(&self, w: &mut Writer<'_>) {
        w.write_str(self);
    }
}

impl<T: ToJsonKey + ?Sized> ToJsonKey for &T {
    fn write_json_key(&self, w: &mut Writer<'_>) {
        (**self).write_json_key(w);
    }
}

impl<'de> FromJsonKey<'de> for String {
    #[inline]
    fn from_json_key(key: Str<'de, '_>, _r: &Reader<'de>) -> Result<Self, Error> {
        Ok(key.as_str().to_owned())
    }
}

impl<'de> FromJsonKey<'de> for Box<str> {
    fn from_json_key(key: Str<'de, '_>, _r: &Reader<'de>) -> Result<Self, Error> {
        Ok(key.as_str().into())
    }
}

impl<'de: 'a, 'a> FromJsonKey<'de> for &'a str {
    fn from_json_key(key: Str<'de, '_>, _r: &Reader<'de>) -> Result<Self, Error> {
        match key {
            Str::Borrowed(s) => Ok(s),
            Str::Copied(_) => Err(Error::custom(
                "key with escapes cannot be borrowed as &str; use String or Cow<str>",
            )),
        }
    }
}

impl<'de: 'a, 'a> FromJsonKey<'de> for Cow<'a, str> {
    fn from_json_key(key: Str<'de, '_>, _r: &Reader<'de>) -> Result<Self, Error> {
        Ok(match key {
            Str::Borrowed(s) => Cow::Borrowed(s),
            Str::Copied(s) => Cow::Owned(s.to_owned()),
        })
    }
}
