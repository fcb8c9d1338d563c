//! `Value`: the DOM, for JSON without a Rust type — jsoncpp's ease with
//! rapidjson's speed.
//!
//! - [`Value`] owns everything. Reading goes through the same [`Reader`]
//!   as typed decoding, iteratively (an explicit stack, so a depth limit of a
//!   million is safe), and builds each array and object with one exact-size
//!   allocation.
//! - [`ValueRef<'a>`](ValueRef) borrows strings from the input whenever they
//!   hold no escape, and [`from_slice_mut`] (rapidjson's *in situ* parsing)
//!   unescapes strings inside the input buffer itself, so no string is
//!   allocated at all.
//! - Objects are a [`Map`] that keeps the input's member order and finds keys
//!   by a scan when small and a hash index when large.
//! - Reading `v["a"]["b"][0]` never panics (anything missing is `Null`);
//!   assigning `v["a"]["b"] = 1.into()` creates the objects on the way, as
//!   jsoncpp does; [`json!`](crate::json) writes literals.
//! - Output is byte for byte serde_json's, compact or pretty.
//! - Dropping, cloning, comparing and printing never recurse, so a value
//!   nested a million levels deep is as safe as a flat one.
//! - Typed values convert to and from a `Value` directly, without text
//!   ([`to_value`], [`from_value`], [`from_value_ref`]; the [`ToValue`] and
//!   [`FromValue`] traits, which `#[derive(ToValue, FromValue)]` implements
//!   beside `#[derive(Json)]`): the C++ article's *T → Value* and
//!   *Value → T*.
//!
//! ```
//! use jetjson::{json, Value};
//!
//! let mut v: Value = jetjson::from_str(r#"{"user": {"name": "Ada", "tags": ["x"]}}"#).unwrap();
//! assert_eq!(v["user"]["name"], "Ada");
//! assert!(v["user"]["missing"][3].is_null());
//!
//! v["user"]["langs"]["first"] = "Analytical Engine".into();
//! v["user"]["tags"].push(json!({"y": [1, 2.5, null]}));
//! assert_eq!(v.pointer("/user/tags/1/y/1"), Some(&json!(2.5)));
//! assert_eq!(
//!     jetjson::to_string(&v),
//!     r#"{"user":{"name":"Ada","tags":["x",{"y":[1,2.5,null]}],"langs":{"first":"Analytical Engine"}}}"#
//! );
//! ```
//!
//! # Duplicate keys
//!
//! When an object repeats a key, the last value wins and the member stays at
//! the position of the first occurrence (what serde_json does with
//! `preserve_order`): `{"a":1,"b":2,"a":3}` reads as `{"a":3,"b":2}`.
//! [`ValueOptions::reject_duplicate_keys`] makes a repeat an error instead.
//!
//! # Numbers
//!
//! See [`Number`]: integers are exact within `i64`/`u64`; anything else,
//! including integers beyond 64 bits, is a correctly rounded `f64`.
//!
//! # Typed values
//!
//! ```
//! use jetjson::json;
//! use jetjson::value::{from_value, from_value_ref, to_value};
//!
//! #[derive(jetjson::Json, jetjson::ToValue, jetjson::FromValue, Debug, PartialEq)]
//! struct User {
//!     name: String,
//!     langs: Vec<String>,
//! }
//!
//! let v = json!({"name": "Ada", "langs": ["en"]});
//! let by_ref: User = from_value_ref(&v).unwrap(); // copies the strings
//! let moved: User = from_value(v).unwrap(); // moves them
//! assert_eq!(by_ref, moved);
//! assert_eq!(to_value(&moved).unwrap(), json!({"name": "Ada", "langs": ["en"]}));
//!
//! let err = from_value::<User>(json!({"name": "Ada", "langs": [1]})).unwrap_err();
//! assert_eq!(err.to_string(), "expected a string, found number (at .langs[0])");
//! ```
//!
//! The conversions give exactly what going through JSON text would (see
//! [`ToValue`] and [`FromValue`] for the details) and never recurse
//! without bound: a recursive type made from a value nested deeper than 128
//! levels of generated conversions fails with
//! [`ErrorKind::DepthLimit`](crate::ErrorKind::DepthLimit).

mod borrowed;
pub(crate) mod convert;
mod de;
mod drop;
mod eq;
mod from;
pub(crate) mod index;
mod insitu;
mod macros;
mod map;
pub(crate) mod number;
mod ser;

use std::borrow::Borrow;

pub use self::borrowed::ValueRef;
pub use self::convert::{FromValue, FromValueKey, ToValue, ToValueKey};
pub use self::de::ValueOptions;
pub use self::index::Index;
pub use self::insitu::from_slice_mut;
pub use self::map::{Iter, IterMut, Map};
pub use self::number::Number;

use crate::Error;

#[cfg(doc)]
use crate::Reader;

/// A JSON value that owns its data.
///
/// Read one with `jetjson::from_slice::<Value>`, build one with
/// [`json!`](crate::json) or the `From` impls, write one with
/// `jetjson::to_string` (or `{}` / `{:#}` for compact / pretty text).
///
/// Moving a `String`, `Vec` or `Map` out of a `Value` by pattern matching is
/// not possible, because `Value` has a `Drop` impl (the one that keeps deep
/// values from overflowing the stack); use [`Value::take`] or the `into_*`
/// methods:
///
/// ```
/// use jetjson::{json, Value};
///
/// let v = json!(["a", "b"]);
/// let items: Vec<Value> = v.into_array().unwrap();
/// assert_eq!(items, ["a", "b"]);
/// ```
#[derive(Default)]
pub enum Value {
    /// `null`
    #[default]
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number, kept exact when it is an integer (see [`Number`]).
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object, members in order.
    Object(Map<String, Value>),
}

/// The shared `Null` that indexing returns for anything missing.
pub(crate) static NULL: Value = Value::Null;

// MARK: - Private: one view for the algorithms both DOMs share

/// What a node is, by reference: lets printing, comparing and pointer lookup
/// be written once for [`Value`] and [`ValueRef`].
pub(crate) enum Node<'v, T: Tree> {
    Null,
    Bool(bool),
    Number(&'v Number),
    String(&'v str),
    Array(&'v [T]),
    Object(&'v Map<T::Key, T>),
}

/// A DOM node type: [`Value`] or [`ValueRef`].
pub(crate) trait Tree: Sized {
    type Key: Borrow<str>;

    fn node(&self) -> Node<'_, Self>;
    fn array_mut(&mut self) -> Option<&mut Vec<Self>>;
    fn object_mut(&mut self) -> Option<&mut Map<Self::Key, Self>>;
}

impl Tree for Value {
    type Key = String;

    #[inline]
    fn node(&self) -> Node<'_, Self> {
        match self {
            Value::Null => Node::Null,
            Value::Bool(b) => Node::Bool(*b),
            Value::Number(n) => Node::Number(n),
            Value::String(s) => Node::String(s),
            Value::Array(a) => Node::Array(a),
            Value::Object(m) => Node::Object(m),
        }
    }

    #[inline]
    fn array_mut(&mut self) -> Option<&mut Vec<Self>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    #[inline]
    fn object_mut(&mut self) -> Option<&mut Map<String, Self>> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }
}

/// The read accessors that [`Value`] and [`ValueRef`] share.
macro_rules! accessors {
    ($ty:ident $(<$lt:lifetime>)?, $key:ty) => {
        impl$(<$lt>)? $ty$(<$lt>)? {
            /// Whether the value is `null`.
            #[inline]
            pub fn is_null(&self) -> bool {
                matches!(self, $ty::Null)
            }

            /// Whether the value is `true` or `false`.
            #[inline]
            pub fn is_boolean(&self) -> bool {
                matches!(self, $ty::Bool(_))
            }

            /// Whether the value is a number.
            #[inline]
            pub fn is_number(&self) -> bool {
                matches!(self, $ty::Number(_))
            }

            /// Whether the value is an integer that fits an `i64`.
            #[inline]
            pub fn is_i64(&self) -> bool {
                matches!(self, $ty::Number(n) if n.is_i64())
            }

            /// Whether the value is an integer that fits a `u64`.
            #[inline]
            pub fn is_u64(&self) -> bool {
                matches!(self, $ty::Number(n) if n.is_u64())
            }

            /// Whether the value is a number held as an `f64`.
            #[inline]
            pub fn is_f64(&self) -> bool {
                matches!(self, $ty::Number(n) if n.is_f64())
            }

            /// Whether the value is a string.
            #[inline]
            pub fn is_string(&self) -> bool {
                matches!(self, $ty::String(_))
            }

            /// Whether the value is an array.
            #[inline]
            pub fn is_array(&self) -> bool {
                matches!(self, $ty::Array(_))
            }

            /// Whether the value is an object.
            #[inline]
            pub fn is_object(&self) -> bool {
                matches!(self, $ty::Object(_))
            }

            /// `Some(())` for `null`.
            #[inline]
            pub fn as_null(&self) -> Option<()> {
                self.is_null().then_some(())
            }

            /// The boolean, if the value is one.
            #[inline]
            pub fn as_bool(&self) -> Option<bool> {
                match self {
                    $ty::Bool(b) => Some(*b),
                    _ => None,
                }
            }

            /// The number, if the value is one.
            #[inline]
            pub fn as_number(&self) -> Option<&$crate::value::Number> {
                match self {
                    $ty::Number(n) => Some(n),
                    _ => None,
                }
            }

            /// The number as an `i64`, if it is an integer in range.
            #[inline]
            pub fn as_i64(&self) -> Option<i64> {
                self.as_number().and_then($crate::value::Number::as_i64)
            }

            /// The number as a `u64`, if it is a non-negative integer.
            #[inline]
            pub fn as_u64(&self) -> Option<u64> {
                self.as_number().and_then($crate::value::Number::as_u64)
            }

            /// The number as an `f64` (integers converted), if it is a number.
            #[inline]
            pub fn as_f64(&self) -> Option<f64> {
                self.as_number().and_then($crate::value::Number::as_f64)
            }

            /// The string, if the value is one.
            #[inline]
            pub fn as_str(&self) -> Option<&str> {
                match self {
                    $ty::String(s) => Some(&**s),
                    _ => None,
                }
            }

            /// The elements, if the value is an array.
            #[inline]
            pub fn as_array(&self) -> Option<&Vec<Self>> {
                match self {
                    $ty::Array(a) => Some(a),
                    _ => None,
                }
            }

            /// The elements, mutable, if the value is an array.
            #[inline]
            pub fn as_array_mut(&mut self) -> Option<&mut Vec<Self>> {
                match self {
                    $ty::Array(a) => Some(a),
                    _ => None,
                }
            }

            /// The members, if the value is an object.
            #[inline]
            pub fn as_object(&self) -> Option<&$crate::value::Map<$key, Self>> {
                match self {
                    $ty::Object(m) => Some(m),
                    _ => None,
                }
            }

            /// The members, mutable, if the value is an object.
            #[inline]
            pub fn as_object_mut(&mut self) -> Option<&mut $crate::value::Map<$key, Self>> {
                match self {
                    $ty::Object(m) => Some(m),
                    _ => None,
                }
            }

            /// The number of elements or members of an array or object; 0 for
            /// anything else.
            pub fn len(&self) -> usize {
                match self {
                    $ty::Array(a) => a.len(),
                    $ty::Object(m) => m.len(),
                    _ => 0,
                }
            }

            /// Whether [`len`](Self::len) is 0.
            pub fn is_empty(&self) -> bool {
                self.len() == 0
            }

            /// The element at an index of an array or the member at a key of an
            /// object; `None` when the value has no such thing.
            #[inline]
            pub fn get<I: $crate::value::Index>(&self, index: I) -> Option<&Self> {
                $crate::value::index::get(self, index.key())
            }

            /// [`get`](Self::get), mutable.
            #[inline]
            pub fn get_mut<I: $crate::value::Index>(&mut self, index: I) -> Option<&mut Self> {
                $crate::value::index::get_mut(self, index.key())
            }

            /// Looks a value up by a JSON Pointer (RFC 6901) such as
            /// `/users/0/name`: `""` is the whole value, each `/token`
            /// a member key or an array index, `~1` in a token stands for `/`
            /// and `~0` for `~`. `None` when any step is missing or the pointer
            /// is malformed.
            pub fn pointer(&self, pointer: &str) -> Option<&Self> {
                $crate::value::index::pointer(self, pointer)
            }

            /// [`pointer`](Self::pointer), mutable.
            pub fn pointer_mut(&mut self, pointer: &str) -> Option<&mut Self> {
                $crate::value::index::pointer_mut(self, pointer)
            }

            /// Replaces the value with `Null` and returns it.
            pub fn take(&mut self) -> Self {
                std::mem::replace(self, $ty::Null)
            }

            /// The elements, if the value is an array (moved out).
            pub fn into_array(mut self) -> Option<Vec<Self>> {
                match &mut self {
                    $ty::Array(a) => Some(std::mem::take(a)),
                    _ => None,
                }
            }

            /// The members, if the value is an object (moved out).
            pub fn into_object(mut self) -> Option<$crate::value::Map<$key, Self>> {
                match &mut self {
                    $ty::Object(m) => Some(std::mem::take(m)),
                    _ => None,
                }
            }

            /// Pretty JSON text indented by `indent` spaces per level, in
            /// serde_json's layout (`{:#}` gives the same with 2 spaces).
            pub fn to_string_pretty(&self, indent: usize) -> String {
                $crate::value::ser::to_string(self, Some(indent))
            }

            /// [`to_string_pretty`](Self::to_string_pretty) as bytes.
            pub fn to_vec_pretty(&self, indent: usize) -> Vec<u8> {
                $crate::value::ser::to_vec(self, Some(indent))
            }
        }
    };
}

pub(crate) use accessors;

accessors!(Value, String);

impl Value {
    /// The string, moved out, if the value is one.
    pub fn into_string(mut self) -> Option<String> {
        match &mut self {
            Value::String(s) => Some(std::mem::take(s)),
            _ => None,
        }
    }

    /// Appends `value` to an array; `Null` first becomes an empty array
    /// (jsoncpp's `append`).
    ///
    /// # Panics
    ///
    /// When the value is neither an array nor `Null`.
    ///
    /// ```
    /// let mut v = jetjson::Value::Null;
    /// v.push(1.into());
    /// v.push("two".into());
    /// assert_eq!(v.to_string(), r#"[1,"two"]"#);
    /// ```
    pub fn push(&mut self, value: Value) {
        if self.is_null() {
            *self = Value::Array(Vec::new());
        }
        match self {
            Value::Array(a) => a.push(value),
            other => panic!("cannot push onto a JSON {}", other.type_name()),
        }
    }

    /// `null`, `boolean`, `number`, `string`, `array` or `object`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        }
    }
}

// MARK: - Conversions to and from typed values

/// Converts `value` into a [`Value`], with no JSON text in between: the
/// same value as `jetjson::from_slice::<Value>(&jetjson::to_vec(value))`
/// (see [`ToValue`]). The `Result` matches serde_json's `to_value`; it
/// fails only as described below.
///
/// ```
/// use std::collections::BTreeMap;
///
/// #[derive(jetjson::Json, jetjson::ToValue, jetjson::FromValue)]
/// struct User {
///     name: String,
///     langs: Vec<String>,
/// }
///
/// let v = jetjson::to_value(&User { name: "Ada".into(), langs: vec!["en".into()] }).unwrap();
/// assert_eq!(v, jetjson::json!({"name": "Ada", "langs": ["en"]}));
///
/// let m = BTreeMap::from([("a", vec![1, 2])]);
/// let v = jetjson::value::to_value(&m).unwrap(); // the same function
/// assert_eq!(v.to_string(), r#"{"a":[1,2]}"#);
/// ```
///
/// A value that cannot be encoded (see [`try_to_vec`](crate::try_to_vec))
/// is `null` in the value and makes this return the error.
#[inline]
pub fn to_value<T: ToValue + ?Sized>(value: &T) -> Result<Value, Error> {
    match crate::scope::capture(|| value.to_value()) {
        (_, Some(e)) => Err(e),
        (v, None) => Ok(v),
    }
}

/// Converts a [`Value`] into `T`, moving its strings, arrays and members
/// into the result (see [`FromValue`]). Errors are those decoding the
/// value's text would give, with the same path (`.users[2].age`) and no
/// line or column. Also at the crate root, as serde_json has it:
/// `jetjson::from_value`.
///
/// ```
/// #[derive(jetjson::Json, jetjson::ToValue, jetjson::FromValue, Debug, PartialEq)]
/// struct User {
///     name: String,
///     ages: Vec<u8>,
/// }
///
/// let v = jetjson::json!({"name": "Ada", "ages": [36]});
/// let u: User = jetjson::from_value(v).unwrap();
/// assert_eq!(u, User { name: "Ada".into(), ages: vec![36] });
///
/// let err = jetjson::from_value::<User>(jetjson::json!({"name": "Ada", "ages": [1, 300]}))
///     .unwrap_err();
/// assert_eq!(err.to_string(), "number out of range for u8 (at .ages[1])");
///
/// let xs: Vec<u8> = jetjson::value::from_value(jetjson::json!([1, 2, 3])).unwrap();
/// assert_eq!(xs, [1, 2, 3]);
/// ```
#[inline]
pub fn from_value<T: FromValue>(value: Value) -> Result<T, Error> {
    T::from_value(value)
}

/// Converts a borrowed [`Value`] into `T`, copying what `T` keeps (serde's
/// `T::deserialize(&value)`); otherwise as [`from_value`].
///
/// ```
/// let v = jetjson::json!({"name": "Ada", "langs": ["en", "fr"]});
/// let langs: Vec<String> = jetjson::value::from_value_ref(&v["langs"]).unwrap();
/// assert_eq!(langs, ["en", "fr"]);
/// assert_eq!(v["name"], "Ada"); // still there
/// ```
#[inline]
pub fn from_value_ref<T: FromValue>(value: &Value) -> Result<T, Error> {
    T::from_value_ref(value)
}

#[cfg(test)]
mod tests {
    use super::{Value, ValueRef};

    #[test]
    fn nodes_are_four_words() {
        assert_eq!(std::mem::size_of::<Value>(), 32);
        assert_eq!(std::mem::size_of::<ValueRef<'_>>(), 32);
    }
}
