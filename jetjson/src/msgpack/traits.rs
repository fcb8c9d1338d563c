//! `ToMsgpack` and `FromMsgpack`: the MessagePack twins of `ToJson` and
//! `FromJson`.

use super::{Reader, Writer};
use crate::Error;

/// A type that can write itself as MessagePack.
///
/// `#[derive(Msgpack)]` writes this for you; a hand-written impl calls the
/// [`Writer`]'s methods:
///
/// ```
/// use jetjson::msgpack::{ToMsgpack, Writer};
///
/// struct Point(i32, i32);
///
/// impl ToMsgpack for Point {
///     fn write_msgpack(&self, w: &mut Writer) {
///         w.write_array_len(2);
///         w.write_i64(self.0.into());
///         w.write_i64(self.1.into());
///     }
/// }
///
/// assert_eq!(jetjson::msgpack::to_vec(&Point(1, -2)), [0x92, 0x01, 0xfe]);
/// ```
pub trait ToMsgpack {
    /// Appends the MessagePack encoding of `self` to `w`.
    fn write_msgpack(&self, w: &mut Writer);

    /// Whether the value counts as empty for `omit_empty`, with Go's meaning
    /// of `omitempty` and the same answers as
    /// [`ToJson::is_json_empty`](crate::ToJson::is_json_empty): `false`, `0`,
    /// `""`, empty collections and `None`. Everything else (structs
    /// included) is never empty.
    fn is_msgpack_empty(&self) -> bool {
        false
    }
}

/// A type that can be read from MessagePack, possibly borrowing from the
/// input for the lifetime `'de`.
///
/// An impl that reads an array or a map calls [`Reader::enter`] after the
/// header and [`Reader::leave`] after the contents, so that the depth limit
/// holds for recursive types:
///
/// ```
/// use jetjson::msgpack::{FromMsgpack, Reader};
/// use jetjson::Error;
///
/// #[derive(Debug, PartialEq)]
/// struct Point(i32, i32);
///
/// impl<'de> FromMsgpack<'de> for Point {
///     fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
///         let len = r.read_array_len()?;
///         if len != 2 {
///             return Err(r.invalid_length("a point of 2 elements", len));
///         }
///         r.enter()?;
///         let x = i32::read_msgpack(r).map_err(|e| e.index(0))?;
///         let y = i32::read_msgpack(r).map_err(|e| e.index(1))?;
///         r.leave();
///         Ok(Point(x, y))
///     }
/// }
///
/// assert_eq!(jetjson::msgpack::from_slice::<Point>(&[0x92, 0x01, 0xfe]).unwrap(), Point(1, -2));
/// let err = jetjson::msgpack::from_slice::<Point>(&[0x92, 0x01, 0xa1, b'x']).unwrap_err();
/// assert_eq!(err.to_string(), "expected i32, found string at byte 2 (at [1])");
/// ```
pub trait FromMsgpack<'de>: Sized {
    /// Reads one value at the reader's cursor.
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error>;

    /// The value a struct field of this type takes when its key is absent,
    /// or `None` when the key is required. `Option<T>` answers `Some(None)`.
    fn msgpack_missing() -> Option<Self> {
        None
    }
}

/// A `FromMsgpack` type that borrows nothing from the input, such as
/// `String` or a struct of owned fields.
pub trait FromMsgpackOwned: for<'de> FromMsgpack<'de> {}
impl<T> FromMsgpackOwned for T where T: for<'de> FromMsgpack<'de> {}
