//! `Option<T>` (nil is `None`) and pointers: `&T`, `&mut T`, `Box<T>`,
//! `Rc<T>`, `Arc<T>`.

use std::rc::Rc;
use std::sync::Arc;

use crate::msgpack::{FromMsgpack, Reader, ToMsgpack, Writer};
use crate::Error;

impl<T: ToMsgpack> ToMsgpack for Option<T> {
    #[inline]
    fn write_msgpack(&self, w: &mut Writer) {
        match self {
            Some(v) => v.write_msgpack(w),
            None => w.write_nil(),
        }
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_none()
    }
}

/// nil is `None`; an absent struct field is `None` too.
impl<'de, T: FromMsgpack<'de>> FromMsgpack<'de> for Option<T> {
    #[inline]
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        if r.try_read_nil() {
            Ok(None)
        } else {
            T::read_msgpack(r).map(Some)
        }
    }

    fn msgpack_missing() -> Option<Self> {
        Some(None)
    }
}

macro_rules! deref_to_msgpack {
    ($($ty:ty),*) => {$(
        impl<T: ToMsgpack + ?Sized> ToMsgpack for $ty {
            #[inline]
            fn write_msgpack(&self, w: &mut Writer) {
                (**self).write_msgpack(w);
            }

            fn is_msgpack_empty(&self) -> bool {
                (**self).is_msgpack_empty()
            }
        }
    )*};
}

deref_to_msgpack!(&T, &mut T, Box<T>, Rc<T>, Arc<T>);

macro_rules! wrap_from_msgpack {
    ($($ty:ident),*) => {$(
        impl<'de, T: FromMsgpack<'de>> FromMsgpack<'de> for $ty<T> {
            #[inline]
            fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
                T::read_msgpack(r).map($ty::new)
            }

            fn msgpack_missing() -> Option<Self> {
                T::msgpack_missing().map($ty::new)
            }
        }
    )*};
}

wrap_from_msgpack!(Box, Rc, Arc);
