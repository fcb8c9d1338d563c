//! The atomics, as serde writes them: the value `load(Ordering::Relaxed)`
//! gives (serde's ordering, that of the standard library's `Debug`),
//! written and read as the primitive it holds.

use std::sync::atomic::Ordering;

use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::{FromValue, ToValue};
use crate::{Error, FromJson, Reader, ToJson, Value, Writer};

macro_rules! atomic {
    ($($atomic:ident $prim:ident $size:literal),* $(,)?) => {$(
        #[cfg(target_has_atomic = $size)]
        const _: () = {
            use std::sync::atomic::$atomic;

            impl ToJson for $atomic {
                #[inline]
                fn write_json(&self, w: &mut Writer<'_>) {
                    self.load(Ordering::Relaxed).write_json(w);
                }

                fn is_json_empty(&self) -> bool {
                    self.load(Ordering::Relaxed).is_json_empty()
                }
            }

            impl<'de> FromJson<'de> for $atomic {
                #[inline]
                fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                    $prim::read_json(r).map($atomic::new)
                }
            }

            impl ToValue for $atomic {
                fn to_value(&self) -> Value {
                    self.load(Ordering::Relaxed).to_value()
                }
            }

            impl FromValue for $atomic {
                fn from_value_ref(v: &Value) -> Result<Self, Error> {
                    $prim::from_value_ref(v).map($atomic::new)
                }
            }

            impl ToMsgpack for $atomic {
                fn write_msgpack(&self, w: &mut msgpack::Writer) {
                    self.load(Ordering::Relaxed).write_msgpack(w);
                }

                fn is_msgpack_empty(&self) -> bool {
                    self.load(Ordering::Relaxed).is_msgpack_empty()
                }
            }

            impl<'de> FromMsgpack<'de> for $atomic {
                fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
                    $prim::read_msgpack(r).map($atomic::new)
                }
            }
        };
    )*};
}

atomic!(
    AtomicBool bool "8",
    AtomicU8 u8 "8",
    AtomicU16 u16 "16",
    AtomicU32 u32 "32",
    AtomicU64 u64 "64",
    AtomicUsize usize "ptr",
    AtomicI8 i8 "8",
    AtomicI16 i16 "16",
    AtomicI32 i32 "32",
    AtomicI64 i64 "64",
    AtomicIsize isize "ptr",
);
