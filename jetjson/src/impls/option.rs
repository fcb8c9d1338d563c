//! `Option<T>`: `null` is `None`; an absent struct field is `None` too.
//! (`Maybe<T>`, in `maybe.rs`, keeps the two apart.)

use crate::{Error, FromJson, Reader, ToJson, Writer};

impl<T: ToJson> ToJson for Option<T> {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        match self {
            Some(v) => v.write_json(w),
            None => w.write_null(),
        }
    }

    fn is_json_empty(&self) -> bool {
        self.is_none()
    }
}

impl<'de, T: FromJson<'de>> FromJson<'de> for Option<T> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        if r.peek_null() {
            r.read_null()?;
            Ok(None)
        } else {
            T::read_json(r).map(Some)
        }
    }

    fn json_missing() -> Option<Self> {
        Some(None)
    }
}
