//! Unsized values behind pointers, and weak pointers, as serde has them:
//!
//! - `Box`, `Rc` and `Arc` of `[T]`, `str`, `Path`, `CStr` and `OsStr` are
//!   read as their owned form (`Vec<T>`, `String`, `PathBuf`, `CString`,
//!   `OsString`) and converted, as serde reads them through `Box`; they
//!   are written as what they point to (`wrapper.rs`).
//! - `Cow<B>` is written as `B` for any `B`, and read as `B`'s owned form
//!   (always `Cow::Owned`; `Cow<str>` borrows, in `string.rs`).
//! - `Rc<str>` and `Arc<str>` are map keys too.
//! - `rc::Weak<T>` and `sync::Weak<T>` are written as the value they point
//!   to, or `null` once it is dropped; reading reads an `Option<T>` and
//!   gives a dangling `Weak` (serde's `rc` feature does the same).

use std::borrow::Cow;
use std::ffi::{CStr, CString};
use std::path::{Path, PathBuf};
use std::rc::{self, Rc};
use std::sync::{self, Arc};

use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::{FromValue, FromValueKey, ToValue, ToValueKey};
use crate::{Error, FromJson, FromJsonKey, Reader, Str, ToJson, ToJsonKey, Value, Writer};

/// `FromJson`, `FromValue` and `FromMsgpack` for `$target`, read as
/// `$owned` and converted with `$into`.
macro_rules! via_owned {
    ($([$($g:tt)*] $target:ty => $owned:ty, $into:expr;)*) => {$(
        impl<'de, $($g)*> FromJson<'de> for $target
        where
            $owned: FromJson<'de>,
        {
            #[inline]
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                <$owned>::read_json(r).map($into)
            }
        }

        impl<$($g)*> FromValue for $target
        where
            $owned: FromValue,
        {
            #[inline]
            fn from_value(v: Value) -> Result<Self, Error> {
                <$owned>::from_value(v).map($into)
            }

            #[inline]
            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                <$owned>::from_value_ref(v).map($into)
            }
        }

        impl<'de, $($g)*> FromMsgpack<'de> for $target
        where
            $owned: FromMsgpack<'de>,
        {
            #[inline]
            fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
                <$owned>::read_msgpack(r).map($into)
            }
        }
    )*};
}

via_owned! {
    [T] Box<[T]> => Vec<T>, Vec::into_boxed_slice;
    [T] Rc<[T]> => Vec<T>, Rc::from;
    [T] Arc<[T]> => Vec<T>, Arc::from;
    ['a, T: Clone] Cow<'a, [T]> => Vec<T>, Cow::Owned;
    [] Rc<str> => String, Rc::from;
    [] Arc<str> => String, Arc::from;
    [] Box<Path> => PathBuf, PathBuf::into_boxed_path;
    [] Rc<Path> => PathBuf, Rc::from;
    [] Arc<Path> => PathBuf, Arc::from;
    ['a] Cow<'a, Path> => PathBuf, Cow::Owned;
    [] Box<CStr> => CString, CString::into_boxed_c_str;
    [] Rc<CStr> => CString, Rc::from;
    [] Arc<CStr> => CString, Arc::from;
    ['a] Cow<'a, CStr> => CString, Cow::Owned;
}

#[cfg(any(unix, windows))]
mod os {
    use std::borrow::Cow;
    use std::ffi::{OsStr, OsString};
    use std::rc::Rc;
    use std::sync::Arc;

    use crate::msgpack::{self, FromMsgpack};
    use crate::value::FromValue;
    use crate::{Error, FromJson, Reader, Value};

    via_owned! {
        [] Box<OsStr> => OsString, OsString::into_boxed_os_str;
        [] Rc<OsStr> => OsString, Rc::from;
        [] Arc<OsStr> => OsString, Arc::from;
        ['a] Cow<'a, OsStr> => OsString, Cow::Owned;
    }
}

// MARK: - Cow, written as what it holds

impl<B: ToJson + ToOwned + ?Sized> ToJson for Cow<'_, B> {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        (**self).write_json(w);
    }

    fn is_json_empty(&self) -> bool {
        (**self).is_json_empty()
    }
}

impl<B: ToValue + ToOwned + ?Sized> ToValue for Cow<'_, B> {
    #[inline]
    fn to_value(&self) -> Value {
        (**self).to_value()
    }
}

impl<B: ToMsgpack + ToOwned + ?Sized> ToMsgpack for Cow<'_, B> {
    #[inline]
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        (**self).write_msgpack(w);
    }

    fn is_msgpack_empty(&self) -> bool {
        (**self).is_msgpack_empty()
    }
}

// MARK: - Rc<str> and Arc<str> as map keys

macro_rules! shared_str_key {
    ($($ptr:ident),*) => {$(
        impl ToJsonKey for $ptr<str> {
            #[inline]
            fn write_json_key(&self, w: &mut Writer<'_>) {
                w.write_str(self);
            }
        }

        impl<'de> FromJsonKey<'de> for $ptr<str> {
            #[inline]
            fn from_json_key(key: Str<'de, '_>, _r: &Reader<'de>) -> Result<Self, Error> {
                Ok($ptr::from(key.as_str()))
            }
        }

        impl ToValueKey for $ptr<str> {
            fn to_value_key(&self) -> String {
                String::from(&**self)
            }
        }

        impl FromValueKey for $ptr<str> {
            fn from_value_key(key: &str) -> Result<Self, Error> {
                Ok($ptr::from(key))
            }
        }
    )*};
}

shared_str_key!(Rc, Arc);

// MARK: - Weak

macro_rules! weak {
    ($($weak:ty),*) => {$(
        impl<T: ToJson + ?Sized> ToJson for $weak {
            fn write_json(&self, w: &mut Writer<'_>) {
                match self.upgrade() {
                    Some(v) => (*v).write_json(w),
                    None => w.write_null(),
                }
            }
        }

        impl<'de, T: FromJson<'de>> FromJson<'de> for $weak {
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                Option::<T>::read_json(r).map(|_| <$weak>::new())
            }

            fn json_missing() -> Option<Self> {
                Some(<$weak>::new())
            }
        }

        impl<T: ToValue + ?Sized> ToValue for $weak {
            fn to_value(&self) -> Value {
                match self.upgrade() {
                    Some(v) => (*v).to_value(),
                    None => Value::Null,
                }
            }
        }

        impl<T: FromValue> FromValue for $weak {
            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                Option::<T>::from_value_ref(v).map(|_| <$weak>::new())
            }

            fn value_missing() -> Option<Self> {
                Some(<$weak>::new())
            }
        }

        impl<T: ToMsgpack + ?Sized> ToMsgpack for $weak {
            fn write_msgpack(&self, w: &mut msgpack::Writer) {
                match self.upgrade() {
                    Some(v) => (*v).write_msgpack(w),
                    None => w.write_nil(),
                }
            }
        }

        impl<'de, T: FromMsgpack<'de>> FromMsgpack<'de> for $weak {
            fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
                Option::<T>::read_msgpack(r).map(|_| <$weak>::new())
            }

            fn msgpack_missing() -> Option<Self> {
                Some(<$weak>::new())
            }
        }
    )*};
}

weak!(rc::Weak<T>, sync::Weak<T>);
