//! `T → Value` and `Value → T` without JSON text: the [`ToValue`] and
//! [`FromValue`] traits (the C++ article's *T → Value* and *Value → T*
//! columns), their impls for the standard library's types (one file per
//! family under `convert/`, as `impls/` has them for JSON), and the checks
//! and errors that those impls and generated code share.
//!
//! Both directions give exactly what going through text would:
//!
//! - `to_value(&x)` equals `jetjson::from_slice::<Value>(&jetjson::to_vec(&x))`:
//!   the same numbers (an `f32` becomes the `f64` nearest its shortest decimal
//!   text, as reading that text gives; `u128`/`i128` beyond 64 bits become the
//!   correctly rounded `f64`; NaN and the infinities become `Null`), the same
//!   member order, the same object for a map whose keys collide once written
//!   (the last value wins at the first position).
//! - `from_value(v)` accepts what `jetjson::from_slice::<T>(&jetjson::to_vec(&v))`
//!   accepts and fails where it fails, with the same [`ErrorKind`] and the
//!   same path (`.users[2].age`), but no line or column
//!   ([`Error::line`] is 0 and `Display` leaves the position out).
//!
//! One deliberate difference: a `u128`/`i128` target also accepts a float
//! that is a whole number outside the 64-bit ranges, because that is how a
//! [`Value`] holds such integers. Such a number is the nearest `f64`, so only
//! integers that an `f64` holds exactly survive `to_value` then `from_value`
//! (`u128::MAX` becomes 2^128, which is out of range for `u128`); text keeps
//! every digit.
//!
//! [`FromValue::from_value`] takes the `Value` and moves its strings, arrays
//! and members into the result without copying them;
//! [`FromValue::from_value_ref`] borrows it and copies what it keeps (serde's
//! `T::deserialize(&value)`).

mod dom;
mod map;
mod option;
mod prim;
mod seq;
mod string;
mod tuple;
mod wrapper;

use std::borrow::Cow;

use super::{Map, Value};
use crate::{Error, ErrorKind};

#[cfg(doc)]
use crate::{FromJson, ToJson};

/// A type that can build a [`Value`] of itself, with no JSON text in between.
///
/// `#[derive(ToValue)]` implements it, beside `#[derive(Json)]` and from the
/// same attributes, so `to_value(&x)` is the DOM of `to_vec(&x)`. It is a
/// derive of its own so that a crate that never converts pays no compile
/// time for it.
///
/// ```
/// use jetjson::value::ToValue;
///
/// #[derive(jetjson::Json, jetjson::ToValue)]
/// struct User {
///     name: String,
///     #[json(omit_empty)]
///     tags: Vec<String>,
/// }
///
/// let v = User { name: "Ada".into(), tags: vec![] }.to_value();
/// assert_eq!(v, jetjson::json!({"name": "Ada"}));
/// ```
///
/// A hand-written impl builds the value directly:
///
/// ```
/// use jetjson::value::ToValue;
/// use jetjson::Value;
///
/// struct Point(i32, i32);
///
/// impl ToValue for Point {
///     fn to_value(&self) -> Value {
///         jetjson::json!({"x": self.0, "y": self.1})
///     }
/// }
///
/// assert_eq!(Point(1, -2).to_value().to_string(), r#"{"x":1,"y":-2}"#);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be converted to a `jetjson::Value` directly",
    label = "needs `jetjson::ToValue`",
    note = "derive it beside `Json`: `#[derive(jetjson::Json, jetjson::ToValue)]` \
            (or write its JSON with `jetjson::to_vec` and parse that)"
)]
pub trait ToValue {
    /// The value of `self`, as `jetjson::from_slice::<Value>(&jetjson::to_vec(self))`
    /// would give it.
    fn to_value(&self) -> Value;
}

/// A type that can be made from a [`Value`], with no JSON text in between.
///
/// `#[derive(FromValue)]` implements it, beside `#[derive(Json)]` (whose
/// [`FromJson`] it builds on) and from the same attributes, for every type
/// that owns its data (a type with a field such as `&'a str` cannot be made
/// from a `Value` that is dropped afterwards, so it gets no `FromValue`;
/// `Cow<'a, str>` fields are fine and come out owned).
///
/// ```
/// use jetjson::value::FromValue;
/// use jetjson::json;
///
/// #[derive(jetjson::Json, jetjson::FromValue, Debug, PartialEq)]
/// struct User {
///     name: String,
///     age: u8,
/// }
///
/// let v = json!({"name": "Ada", "age": 36});
/// let u = User::from_value_ref(&v).unwrap(); // copies the name
/// assert_eq!(u, User { name: "Ada".into(), age: 36 });
/// let u = User::from_value(v).unwrap(); // moves it
/// assert_eq!(u.name, "Ada");
///
/// let err = User::from_value(json!({"name": "Ada", "age": 300})).unwrap_err();
/// assert_eq!(err.to_string(), "number out of range for u8 (at .age)");
/// ```
///
/// A hand-written impl needs only [`from_value_ref`](Self::from_value_ref);
/// [`from_value`](Self::from_value) borrows by default:
///
/// ```
/// use jetjson::value::FromValue;
/// use jetjson::{Error, Value};
///
/// struct Celsius(f64);
///
/// impl FromValue for Celsius {
///     fn from_value_ref(v: &Value) -> Result<Self, Error> {
///         let t = f64::from_value_ref(v)?;
///         if t < -273.15 {
///             return Err(Error::custom("below absolute zero"));
///         }
///         Ok(Celsius(t))
///     }
/// }
///
/// assert_eq!(Celsius::from_value(jetjson::json!(21.5)).unwrap().0, 21.5);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be made from a `jetjson::Value` directly",
    label = "needs `jetjson::FromValue`",
    note = "derive it beside `Json`: `#[derive(jetjson::Json, jetjson::FromValue)]` \
            (a type that borrows, such as one with a `&'a str` field, cannot have it)"
)]
pub trait FromValue: Sized {
    /// Makes `Self` from `v`, moving strings, arrays and members out of it.
    fn from_value(v: Value) -> Result<Self, Error> {
        Self::from_value_ref(&v)
    }

    /// Makes `Self` from a borrowed `v`, copying what it keeps.
    fn from_value_ref(v: &Value) -> Result<Self, Error>;

    /// The value a struct field of this type takes when its key is absent,
    /// or `None` when the key is required: [`FromJson::json_missing`] for
    /// values. `Option<T>` answers `Some(None)`.
    fn value_missing() -> Option<Self> {
        None
    }
}

/// A type usable as an object key when building a [`Value`] from a map:
/// strings as they are; integers, `bool` and `char` as their text (what
/// [`ToJsonKey`](crate::ToJsonKey) writes, without the quotes).
pub trait ToValueKey {
    /// The key text.
    fn to_value_key(&self) -> String;
}

/// A type that can be made from an object key when converting a [`Value`]
/// into a map (what [`FromJsonKey`](crate::FromJsonKey) accepts).
pub trait FromValueKey: Sized {
    /// Converts a borrowed key.
    fn from_value_key(key: &str) -> Result<Self, Error>;

    /// Converts a key that is given away (`String` keeps it without a copy).
    fn from_value_key_owned(key: String) -> Result<Self, Error> {
        Self::from_value_key(&key)
    }
}

// MARK: - Shared checks: what a value must be, and the error when it is not

/// "expected `expected`, found string" for a value of the wrong kind.
#[cold]
#[inline(never)]
pub fn invalid_type(expected: &'static str, found: &Value) -> Error {
    invalid_type_found(expected, found.type_name())
}

/// "expected `expected`, found `found`".
#[cold]
#[inline(never)]
pub fn invalid_type_found(expected: &'static str, found: &'static str) -> Error {
    Error::without_position(ErrorKind::InvalidType { expected, found })
}

/// A data error with a message.
#[cold]
#[inline(never)]
pub fn invalid_value(message: impl Into<Cow<'static, str>>) -> Error {
    Error::without_position(ErrorKind::InvalidValue {
        message: message.into(),
    })
}

/// "number out of range for `ty`".
#[cold]
#[inline(never)]
pub(crate) fn out_of_range(ty: &'static str) -> Error {
    Error::without_position(ErrorKind::NumberOutOfRange { ty })
}

/// The elements of an array, borrowed.
#[inline]
pub fn array_ref<'v>(v: &'v Value, expected: &'static str) -> Result<&'v [Value], Error> {
    match v {
        Value::Array(a) => Ok(a),
        other => Err(invalid_type(expected, other)),
    }
}

/// The elements of an array, moved out.
#[inline]
pub fn array(mut v: Value, expected: &'static str) -> Result<Vec<Value>, Error> {
    match &mut v {
        Value::Array(a) => Ok(std::mem::take(a)),
        other => Err(invalid_type(expected, other)),
    }
}

/// The members of an object, borrowed.
#[inline]
pub fn object_ref<'v>(v: &'v Value, expected: &'static str) -> Result<&'v Map, Error> {
    match v {
        Value::Object(m) => Ok(m),
        other => Err(invalid_type(expected, other)),
    }
}

/// The members of an object, moved out.
#[inline]
pub fn object(mut v: Value, expected: &'static str) -> Result<Map, Error> {
    match &mut v {
        Value::Object(m) => Ok(std::mem::take(m)),
        other => Err(invalid_type(expected, other)),
    }
}

/// The text of a string, borrowed.
#[inline]
pub fn str_ref<'v>(v: &'v Value, expected: &'static str) -> Result<&'v str, Error> {
    match v {
        Value::String(s) => Ok(s),
        other => Err(invalid_type(expected, other)),
    }
}

/// The text of a string, moved out.
#[inline]
pub(crate) fn string(mut v: Value, expected: &'static str) -> Result<String, Error> {
    match &mut v {
        Value::String(s) => Ok(std::mem::take(s)),
        other => Err(invalid_type(expected, other)),
    }
}

/// `Ok` for `null`, as reading `null` checks it.
#[inline]
pub fn null(v: &Value) -> Result<(), Error> {
    match v {
        Value::Null => Ok(()),
        other => Err(invalid_type("null", other)),
    }
}

/// "expected `expected`, found `found`" for an array that ended early, as the
/// decoder words it.
#[cold]
#[inline(never)]
pub fn too_few_elements(expected: &'static str, found: usize) -> Error {
    invalid_value(format!("expected {expected}, found {found}"))
}

/// "too many elements for `expected`".
#[cold]
#[inline(never)]
pub fn too_many_elements(expected: &'static str) -> Error {
    invalid_value(format!("too many elements for {expected}"))
}

/// An array of values, built with one exact-size allocation.
#[inline]
pub(crate) fn array_of<'a, T: ToValue + 'a>(items: impl ExactSizeIterator<Item = &'a T>) -> Value {
    let mut out = Vec::with_capacity(items.len());
    out.extend(items.map(T::to_value));
    Value::Array(out)
}
