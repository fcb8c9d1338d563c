//! Interior mutability and markers: `Cell<T>` (for `T: Copy`), `RefCell<T>`,
//! `Mutex<T>`, `RwLock<T>` as the value they hold, and `PhantomData<T>` as
//! `null` (MessagePack: an empty array, as rmp-serde writes a unit struct;
//! nil is read too).
//!
//! Where serde's `Serialize` fails, `ToJson` (which cannot) writes anyway:
//! a poisoned `Mutex` or `RwLock` is written with the data it holds, and a
//! `RefCell` that is mutably borrowed at the time is written as `null`.

use std::cell::{Cell, RefCell};
use std::marker::PhantomData;
use std::sync::{Mutex, RwLock};

use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::{FromValue, ToValue};
use crate::{Error, FromJson, Reader, ToJson, Value, Writer};

/// Implements the six traits for a wrapper whose contents `$get` borrows
/// (yielding `Option<impl Deref<Target = T>>`, `None` written as null) and
/// `$new` wraps.
macro_rules! cell {
    ($ty:ident, [$($bound:tt)*], |$v:ident| $get:expr, $new:expr) => {
        impl<T: ToJson $($bound)*> ToJson for $ty<T> {
            fn write_json(&self, w: &mut Writer<'_>) {
                let $v = self;
                match $get {
                    Some(inner) => (*inner).write_json(w),
                    None => w.write_null(),
                }
            }

            fn is_json_empty(&self) -> bool {
                let $v = self;
                match $get {
                    Some(inner) => (*inner).is_json_empty(),
                    None => true,
                }
            }
        }

        impl<'de, T: FromJson<'de> $($bound)*> FromJson<'de> for $ty<T> {
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                T::read_json(r).map($new)
            }

            fn json_missing() -> Option<Self> {
                T::json_missing().map($new)
            }
        }

        impl<T: ToValue $($bound)*> ToValue for $ty<T> {
            fn to_value(&self) -> Value {
                let $v = self;
                match $get {
                    Some(inner) => (*inner).to_value(),
                    None => Value::Null,
                }
            }
        }

        impl<T: FromValue $($bound)*> FromValue for $ty<T> {
            fn from_value(v: Value) -> Result<Self, Error> {
                T::from_value(v).map($new)
            }

            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                T::from_value_ref(v).map($new)
            }

            fn value_missing() -> Option<Self> {
                T::value_missing().map($new)
            }
        }

        impl<T: ToMsgpack $($bound)*> ToMsgpack for $ty<T> {
            fn write_msgpack(&self, w: &mut msgpack::Writer) {
                let $v = self;
                match $get {
                    Some(inner) => (*inner).write_msgpack(w),
                    None => w.write_nil(),
                }
            }

            fn is_msgpack_empty(&self) -> bool {
                let $v = self;
                match $get {
                    Some(inner) => (*inner).is_msgpack_empty(),
                    None => true,
                }
            }
        }

        impl<'de, T: FromMsgpack<'de> $($bound)*> FromMsgpack<'de> for $ty<T> {
            fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
                T::read_msgpack(r).map($new)
            }

            fn msgpack_missing() -> Option<Self> {
                T::msgpack_missing().map($new)
            }
        }
    };
}

/// `Cell::get` behind a reference, so that the macro can deref it.
struct Copied<T>(T);

impl<T> std::ops::Deref for Copied<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

cell!(Cell, [+ Copy], |v| Some(Copied(v.get())), Cell::new);
cell!(RefCell, [], |v| v.try_borrow().ok(), RefCell::new);
cell!(
    Mutex,
    [],
    |v| Some(v.lock().unwrap_or_else(std::sync::PoisonError::into_inner)),
    Mutex::new
);
cell!(
    RwLock,
    [],
    |v| Some(v.read().unwrap_or_else(std::sync::PoisonError::into_inner)),
    RwLock::new
);

// MARK: - PhantomData

impl<T: ?Sized> ToJson for PhantomData<T> {
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_null();
    }
}

impl<'de, T: ?Sized> FromJson<'de> for PhantomData<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.read_null().map(|()| PhantomData)
    }
}

impl<T: ?Sized> ToValue for PhantomData<T> {
    fn to_value(&self) -> Value {
        Value::Null
    }
}

impl<T: ?Sized> FromValue for PhantomData<T> {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        crate::value::convert::null(v).map(|()| PhantomData)
    }
}

impl<T: ?Sized> ToMsgpack for PhantomData<T> {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        w.write_array_len(0);
    }
}

impl<'de, T: ?Sized> FromMsgpack<'de> for PhantomData<T> {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        if r.try_read_nil() {
            return Ok(PhantomData);
        }
        if r.peek() == Some(0x90) {
            r.read_array_len()?;
            return Ok(PhantomData);
        }
        Err(r.invalid_type("nil or an empty array"))
    }
}
