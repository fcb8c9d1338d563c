//! The two traits every JSON type implements, and the two that map keys
//! implement.

use crate::read::{Reader, Str};
use crate::write::Writer;
use crate::Error;

/// A type that can write itself as JSON.
///
/// `#[derive(Json)]` or `#[derive(ToJson)]` writes this for you; a hand-written
/// impl calls the [`Writer`]'s methods, as easyjson's `MarshalEasyJSON` calls
/// `jwriter`:
///
/// ```
/// use jetjson::{ToJson, Writer};
///
/// struct Point(i32, i32);
///
/// impl ToJson for Point {
///     fn write_json(&self, w: &mut Writer<'_>) {
///         w.write_raw(b"{\"x\":");
///         w.write_i64(self.0.into());
///         w.write_raw(b",\"y\":");
///         w.write_i64(self.1.into());
///         w.write_byte(b'}');
///     }
/// }
///
/// assert_eq!(jetjson::to_string(&Point(1, -2)), r#"{"x":1,"y":-2}"#);
/// ```
pub trait ToJson {
    /// Appends the JSON text of `self` to `w`, compact (no whitespace).
    fn write_json(&self, w: &mut Writer<'_>);

    /// Whether the value counts as empty for `#[json(omit_empty)]`, with Go's
    /// meaning of `omitempty`: `false`, `0`, `""`, empty collections and
    /// `None`. Everything else (structs included) is never empty.
    fn is_json_empty(&self) -> bool {
        false
    }

    /// The value, when the type is `f64`; `None` for every other type (the
    /// default, which implementations outside jetjson keep). Lets slices
    /// and pairs of `f64` be written two numbers at a time
    /// ([`Writer::write_f64_pair`]); it folds to a constant once inlined.
    #[doc(hidden)]
    #[inline(always)]
    fn __as_f64(&self) -> Option<f64> {
        None
    }

    /// About how many bytes the compact text takes, for `to_vec` to size its
    /// buffer once: 128 unless the type knows better (a parsed `Document`
    /// writes about its input's length, and growing a 128-byte buffer to it
    /// was a tenth of writing the 140-byte doc payload).
    #[doc(hidden)]
    #[inline(always)]
    fn __json_size_hint(&self) -> usize {
        128
    }
}

/// A type that can be read from JSON, possibly borrowing from the input for
/// the lifetime `'de`.
///
/// ```
/// use jetjson::{FromJson, Reader, Error};
///
/// struct Celsius(f64);
///
/// impl<'de> FromJson<'de> for Celsius {
///     fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
///         let v = r.read_f64()?;
///         if v < -273.15 {
///             return Err(r.invalid_value("below absolute zero"));
///         }
///         Ok(Celsius(v))
///     }
/// }
///
/// let t: Celsius = jetjson::from_str("21.5").unwrap();
/// assert_eq!(t.0, 21.5);
/// assert!(jetjson::from_str::<Celsius>("-300").is_err());
/// ```
pub trait FromJson<'de>: Sized {
    /// Reads one value at the reader's position (leading whitespace allowed).
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error>;

    /// The value a struct field of this type takes when its key is absent, or
    /// `None` when the key is required. `Option<T>` answers `Some(None)`, so
    /// optional fields may be left out, as in serde; [`Maybe<T>`](crate::Maybe)
    /// answers `Some(Maybe::Absent)`, to tell a missing key from `null`.
    fn json_missing() -> Option<Self> {
        None
    }
}

/// A `FromJson` type that borrows nothing from the input, such as `String` or a
/// struct of owned fields. Use it as a bound where the input does not outlive
/// the call.
pub trait FromJsonOwned: for<'de> FromJson<'de> {}
impl<T> FromJsonOwned for T where T: for<'de> FromJson<'de> {}

/// A type usable as an object key when writing a map: strings as they are,
/// integers, `bool` and `char` as quoted strings.
pub trait ToJsonKey {
    /// Writes the key, quoted, without the colon.
    fn write_json_key(&self, w: &mut Writer<'_>);
}

/// A type that can be made from an object key when reading a map.
pub trait FromJsonKey<'de>: Sized {
    /// Converts the unescaped key text. Return errors without a position
    /// (`Error::custom`, `Error::without_position`): the map reader points
    /// them at the key. `r` gives access to the reader's options and input.
    fn from_json_key(key: Str<'de, '_>, r: &Reader<'de>) -> Result<Self, Error>;
}
