//! [`Serde<T>`] and [`via_serde!`](crate::via_serde): jetjson's traits for
//! types that have only serde impls, by way of the bridge.

use ::serde::de::DeserializeOwned;
use ::serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::msgpack::{FromMsgpack, ToMsgpack};
use crate::read::Str;
use crate::value::{FromValue, FromValueKey, ToValue, ToValueKey};
use crate::{Error, FromJson, FromJsonKey, Reader, ToJson, ToJsonKey, Value, Writer};

/// A value that jetjson reads and writes through its serde impls: for a
/// type that implements only `Serialize`/`Deserialize` (a URI newtype, a
/// `serde_repr` enum), as a field, a map key or on its own.
///
/// It implements [`ToJson`], [`FromJson`], [`ToValue`], [`FromValue`],
/// [`ToMsgpack`], [`FromMsgpack`] and the map-key traits, and is itself
/// `Serialize`/`Deserialize` as `T` is. A `Serialize` error cannot come out
/// of `ToJson`: the value is written as `null` and the error kept for
/// [`jetjson::try_to_vec`](crate::try_to_vec) (see
/// [`jetjson::serde::to_vec`](super::to_vec)).
///
/// ```
/// use jetjson::serde::Serde;
/// use std::net::Ipv4Addr;
///
/// let ip = Serde(Ipv4Addr::new(127, 0, 0, 1)); // std's serde impl
/// assert_eq!(jetjson::to_string(&ip), r#""127.0.0.1""#);
/// let back: Serde<Ipv4Addr> = jetjson::from_str(r#""10.0.0.1""#).unwrap();
/// assert_eq!(back.0, Ipv4Addr::new(10, 0, 0, 1));
/// ```
///
/// To use a type directly, without the wrapper, implement the traits for it
/// with [`via_serde!`](crate::via_serde).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Serde<T>(pub T);

impl<T> From<T> for Serde<T> {
    fn from(v: T) -> Self {
        Serde(v)
    }
}

impl<T> std::ops::Deref for Serde<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Serde<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: Serialize> Serialize for Serde<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Serde<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Serde)
    }
}

impl<T: Serialize> ToJson for Serde<T> {
    fn write_json(&self, w: &mut Writer<'_>) {
        crate::__private::serde_write(&self.0, w);
    }
}

impl<'de, T: Deserialize<'de>> FromJson<'de> for Serde<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        crate::__private::serde_read(r).map(Serde)
    }
}

impl<T: Serialize> ToValue for Serde<T> {
    fn to_value(&self) -> Value {
        crate::__private::serde_to_value(&self.0)
    }
}

impl<T: DeserializeOwned> FromValue for Serde<T> {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        crate::__private::serde_from_value(v).map(Serde)
    }
}

impl<T: Serialize> ToMsgpack for Serde<T> {
    fn write_msgpack(&self, w: &mut crate::msgpack::Writer) {
        crate::__private::serde_write_msgpack(&self.0, w);
    }
}

impl<'de, T: Deserialize<'de>> FromMsgpack<'de> for Serde<T> {
    fn read_msgpack(r: &mut crate::msgpack::Reader<'de>) -> Result<Self, Error> {
        crate::__private::serde_read_msgpack(r).map(Serde)
    }
}

impl<T: Serialize> ToJsonKey for Serde<T> {
    fn write_json_key(&self, w: &mut Writer<'_>) {
        write_key(&self.0, w);
    }
}

impl<'de, T: Deserialize<'de>> FromJsonKey<'de> for Serde<T> {
    fn from_json_key(key: Str<'de, '_>, r: &Reader<'de>) -> Result<Self, Error> {
        read_key(key, r).map(Serde)
    }
}

impl<T: Serialize> ToValueKey for Serde<T> {
    fn to_value_key(&self) -> String {
        value_key(&self.0)
    }
}

impl<T: DeserializeOwned> FromValueKey for Serde<T> {
    fn from_value_key(key: &str) -> Result<Self, Error> {
        from_value_key(key).map(Serde)
    }
}

// MARK: - The key conventions, for `Serde` and `via_serde!`

/// Writes `key` as a JSON object key (quoted) by serde_json's rules: a
/// string, an integer, `bool`, `char`, a finite float, a unit variant or a
/// newtype of one. Any other key is written `"null"` and its error kept as
/// a failed value's is.
#[doc(hidden)]
pub fn write_key<T: ?Sized + Serialize>(key: &T, w: &mut Writer<'_>) {
    let start = w.as_bytes().len();
    if let Err(e) = super::ser::write_key(key, w) {
        w.truncate(start);
        w.write_str("null");
        crate::scope::record(e);
    }
}

/// Reads a `T` from a JSON object key by serde_json's rules.
#[doc(hidden)]
pub fn read_key<'de, T: Deserialize<'de>>(key: Str<'de, '_>, r: &Reader<'de>) -> Result<T, Error> {
    super::de::from_key(key, r.input())
}

/// The text of `key` as a `Value`'s object key (see [`write_key`]).
#[doc(hidden)]
pub fn value_key<T: ?Sized + Serialize>(key: &T) -> String {
    match key.serialize(super::value::KeyText) {
        Ok(text) => text,
        Err(e) => {
            crate::scope::record(e);
            "null".to_owned()
        }
    }
}

/// Reads a `T` from a `Value`'s object key by serde_json's rules.
#[doc(hidden)]
pub fn from_value_key<T: DeserializeOwned>(key: &str) -> Result<T, Error> {
    super::value::from_value_key(key)
}

/// Implements jetjson's traits for a type through its serde impls, as
/// [`Serde<T>`](crate::serde::Serde) does for the wrapper: [`ToJson`],
/// [`FromJson`], [`ToValue`], [`FromValue`], [`ToMsgpack`], [`FromMsgpack`],
/// and the map-key traits [`ToJsonKey`], [`FromJsonKey`], [`ToValueKey`]
/// and [`FromValueKey`] by serde_json's key conventions (a newtype over a
/// string or an integer, or a unit-variant enum, makes a key).
///
/// The reading impls need an owned type (`for<'de> Deserialize<'de>`).
/// Generic types take their parameters and bounds:
/// `via_serde!(Tagged<T> where T: serde::Serialize + serde::de::DeserializeOwned);`.
///
/// ```
/// use serde::{Deserialize, Serialize};
/// use std::collections::BTreeMap;
///
/// #[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
/// #[serde(rename_all = "lowercase")]
/// enum Level {
///     Low,
///     High,
/// }
/// jetjson::via_serde!(Level);
///
/// let m = BTreeMap::from([(Level::Low, vec![Level::High])]);
/// let text = jetjson::to_string(&m);
/// assert_eq!(text, r#"{"low":["high"]}"#);
/// assert_eq!(jetjson::from_str::<BTreeMap<Level, Vec<Level>>>(&text).unwrap(), m);
/// ```
#[macro_export]
macro_rules! via_serde {
    ($name:ident < $($param:ident),+ $(,)? > $(where $($bound:tt)+)?) => {
        $crate::__via_serde_impls!(
            [$($param),+] $name<$($param),+>, [$($($bound)+)?]
        );
    };
    ($ty:ty) => {
        $crate::__via_serde_impls!([] $ty, []);
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __via_serde_impls {
    ([$($param:ident),*] $ty:ty, [$($bound:tt)*]) => {
        impl<$($param),*> $crate::ToJson for $ty
        where
            $ty: $crate::__private::serde::Serialize, $($bound)*
        {
            fn write_json(&self, w: &mut $crate::Writer<'_>) {
                $crate::__private::serde_write(self, w);
            }
        }

        impl<'de, $($param),*> $crate::FromJson<'de> for $ty
        where
            $ty: $crate::__private::serde::de::DeserializeOwned, $($bound)*
        {
            fn read_json(r: &mut $crate::Reader<'de>) -> ::core::result::Result<Self, $crate::Error> {
                $crate::__private::serde_read(r)
            }
        }

        impl<$($param),*> $crate::ToValue for $ty
        where
            $ty: $crate::__private::serde::Serialize, $($bound)*
        {
            fn to_value(&self) -> $crate::Value {
                $crate::__private::serde_to_value(self)
            }
        }

        impl<$($param),*> $crate::FromValue for $ty
        where
            $ty: $crate::__private::serde::de::DeserializeOwned, $($bound)*
        {
            fn from_value_ref(v: &$crate::Value) -> ::core::result::Result<Self, $crate::Error> {
                $crate::__private::serde_from_value(v)
            }
        }

        impl<$($param),*> $crate::msgpack::ToMsgpack for $ty
        where
            $ty: $crate::__private::serde::Serialize, $($bound)*
        {
            fn write_msgpack(&self, w: &mut $crate::msgpack::Writer) {
                $crate::__private::serde_write_msgpack(self, w);
            }
        }

        impl<'de, $($param),*> $crate::msgpack::FromMsgpack<'de> for $ty
        where
            $ty: $crate::__private::serde::de::DeserializeOwned, $($bound)*
        {
            fn read_msgpack(
                r: &mut $crate::msgpack::Reader<'de>,
            ) -> ::core::result::Result<Self, $crate::Error> {
                $crate::__private::serde_read_msgpack(r)
            }
        }

        impl<$($param),*> $crate::ToJsonKey for $ty
        where
            $ty: $crate::__private::serde::Serialize, $($bound)*
        {
            fn write_json_key(&self, w: &mut $crate::Writer<'_>) {
                $crate::serde::__via::write_key(self, w);
            }
        }

        impl<'de, $($param),*> $crate::FromJsonKey<'de> for $ty
        where
            $ty: $crate::__private::serde::de::DeserializeOwned, $($bound)*
        {
            fn from_json_key(
                key: $crate::Str<'de, '_>,
                r: &$crate::Reader<'de>,
            ) -> ::core::result::Result<Self, $crate::Error> {
                $crate::serde::__via::read_key(key, r)
            }
        }

        impl<$($param),*> $crate::ToValueKey for $ty
        where
            $ty: $crate::__private::serde::Serialize, $($bound)*
        {
            fn to_value_key(&self) -> ::std::string::String {
                $crate::serde::__via::value_key(self)
            }
        }

        impl<$($param),*> $crate::FromValueKey for $ty
        where
            $ty: $crate::__private::serde::de::DeserializeOwned, $($bound)*
        {
            fn from_value_key(key: &str) -> ::core::result::Result<Self, $crate::Error> {
                $crate::serde::__via::from_value_key(key)
            }
        }
    };
}
