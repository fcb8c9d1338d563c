//! Pointers and references: `&T`, `&mut T`, `Box<T>`, `Rc<T>`, `Arc<T>`.

use std::rc::Rc;
use std::sync::Arc;

use super::{FromValue, ToValue};
use crate::value::Value;
use crate::Error;

macro_rules! deref_to_value {
    ($($ty:ty),*) => {$(
        impl<T: ToValue + ?Sized> ToValue for $ty {
            #[inline]
            fn to_value(&self) -> Value {
                (**self).to_value()
            }
        }
    )*};
}

deref_to_value!(&T, &mut T, Box<T>, Rc<T>, Arc<T>);

macro_rules! wrap_from_value {
    ($($ty:ident),*) => {$(
        impl<T: FromValue> FromValue for $ty<T> {
            #[inline]
            fn from_value(v: Value) -> Result<Self, Error> {
                T::from_value(v).map($ty::new)
            }

            #[inline]
            fn from_value_ref(v: &Value) -> Result<Self, Error> {
                T::from_value_ref(v).map($ty::new)
            }

            fn value_missing() -> Option<Self> {
                T::value_missing().map($ty::new)
            }
        }
    )*};
}

wrap_from_value!(Box, Rc, Arc);
