//! Pointers and references: `&T`, `&mut T`, `Box<T>`, `Rc<T>`, `Arc<T>`.

use std::rc::Rc;
use std::sync::Arc;

use crate::{Error, FromJson, Reader, ToJson, Writer};

macro_rules! deref_to_json {
    ($($ty:ty),*) => {$(
        impl<T: ToJson + ?Sized> ToJson for $ty {
            #[inline]
            fn write_json(&self, w: &mut Writer<'_>) {
                (**self).write_json(w);
            }

            fn is_json_empty(&self) -> bool {
                (**self).is_json_empty()
            }

            #[inline(always)]
            fn __json_size_hint(&self) -> usize {
                (**self).__json_size_hint()
            }
        }
    )*};
}

deref_to_json!(&T, &mut T, Box<T>, Rc<T>, Arc<T>);

macro_rules! wrap_from_json {
    ($($ty:ident),*) => {$(
        impl<'de, T: FromJson<'de>> FromJson<'de> for $ty<T> {
            #[inline]
            fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
                T::read_json(r).map($ty::new)
            }

            fn json_missing() -> Option<Self> {
                T::json_missing().map($ty::new)
            }
        }
    )*};
}

wrap_from_json!(Box, Rc, Arc);
