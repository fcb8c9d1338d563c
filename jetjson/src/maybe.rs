//! `Maybe<T>`: a field that tells a missing key from `null` from a value,
//! and its JSON, Value and MessagePack impls.

use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::{FromValue, ToValue};
use crate::{Error, FromJson, Reader, ToJson, Value, Writer};

/// A value that may be absent, `null`, or present: [`Option`] with the
/// missing key and `null` kept apart.
///
/// `Option<T>` reads both a missing key and `null` as `None`. That loses
/// what a PATCH request says: a missing key means "leave it as it is",
/// `null` means "clear it", and a value means "set it". `Maybe<T>` keeps the
/// three apart:
///
/// | input | `Option<T>` | `Maybe<T>` |
/// | --- | --- | --- |
/// | key missing | `None` | [`Maybe::Absent`] |
/// | `null` | `None` | [`Maybe::Null`] |
/// | a value | `Some(v)` | [`Maybe::Present(v)`](Maybe::Present) |
///
/// ```
/// use jetjson::Maybe;
///
/// #[derive(jetjson::Json)]
/// struct UserPatch {
///     name: Maybe<String>,
///     email: Maybe<String>,
///     age: Maybe<u8>,
/// }
///
/// struct User {
///     name: Option<String>,
///     email: Option<String>,
///     age: Option<u8>,
/// }
///
/// let patch: UserPatch = jetjson::from_str(r#"{"email": null, "age": 37}"#).unwrap();
/// assert!(patch.name.is_absent()); // leave the name alone
/// assert!(patch.email.is_null()); // clear the email
/// assert_eq!(patch.age, Maybe::Present(37)); // set the age
///
/// let mut user = User {
///     name: Some("Ada".into()),
///     email: Some("ada@example.com".into()),
///     age: Some(36),
/// };
/// patch.name.apply_to(&mut user.name);
/// patch.email.apply_to(&mut user.email);
/// patch.age.apply_to(&mut user.age);
/// assert_eq!(user.name.as_deref(), Some("Ada"));
/// assert_eq!(user.email, None);
/// assert_eq!(user.age, Some(37));
/// ```
///
/// A struct field of this type needs no attribute to be optional: a missing
/// key reads as `Absent` ([`FromJson::json_missing`]), in JSON, from a
/// [`Value`] and from MessagePack alike.
///
/// Written, `Absent` and `Null` are both `null`, since a value on its own
/// has no key to leave out. In a derived struct, an `Absent` field is left
/// out; `#[json(omit_empty)]` also leaves out `Null`
/// ([`is_json_empty`](ToJson::is_json_empty) is true for both).
///
/// `Maybe<Option<T>>` never holds `Present(None)`: `null` is read as
/// `Null` before `T` is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Maybe<T> {
    /// The key was not there.
    #[default]
    Absent,
    /// The value was `null` (nil in MessagePack).
    Null,
    /// The value was there and not `null`.
    Present(T),
}

// MARK: - Public: inspecting and converting

impl<T> Maybe<T> {
    /// Whether the key was missing.
    #[inline]
    pub fn is_absent(&self) -> bool {
        matches!(self, Maybe::Absent)
    }

    /// Whether the value was `null`.
    #[inline]
    pub fn is_null(&self) -> bool {
        matches!(self, Maybe::Null)
    }

    /// Whether there was a value other than `null`.
    #[inline]
    pub fn is_present(&self) -> bool {
        matches!(self, Maybe::Present(_))
    }

    /// The value, if present.
    ///
    /// ```
    /// use jetjson::Maybe;
    ///
    /// assert_eq!(Maybe::Present(3).as_option(), Some(&3));
    /// assert_eq!(Maybe::<u8>::Null.as_option(), None);
    /// ```
    #[inline]
    pub fn as_option(&self) -> Option<&T> {
        match self {
            Maybe::Present(v) => Some(v),
            Maybe::Absent | Maybe::Null => None,
        }
    }

    /// The value, if present, as a mutable reference.
    #[inline]
    pub fn as_option_mut(&mut self) -> Option<&mut T> {
        match self {
            Maybe::Present(v) => Some(v),
            Maybe::Absent | Maybe::Null => None,
        }
    }

    /// The value, if present; `Absent` and `Null` both become `None`.
    #[inline]
    pub fn into_option(self) -> Option<T> {
        match self {
            Maybe::Present(v) => Some(v),
            Maybe::Absent | Maybe::Null => None,
        }
    }

    /// The three states as serde's "double option" spells them: `Absent` is
    /// `None`, `Null` is `Some(None)`, `Present(v)` is `Some(Some(v))`.
    ///
    /// ```
    /// use jetjson::Maybe;
    ///
    /// assert_eq!(Maybe::<u8>::Absent.into_nested(), None);
    /// assert_eq!(Maybe::<u8>::Null.into_nested(), Some(None));
    /// assert_eq!(Maybe::Present(1).into_nested(), Some(Some(1)));
    /// ```
    #[inline]
    pub fn into_nested(self) -> Option<Option<T>> {
        match self {
            Maybe::Absent => None,
            Maybe::Null => Some(None),
            Maybe::Present(v) => Some(Some(v)),
        }
    }

    /// A `Maybe` of a reference to the value.
    #[inline]
    pub fn as_ref(&self) -> Maybe<&T> {
        match self {
            Maybe::Absent => Maybe::Absent,
            Maybe::Null => Maybe::Null,
            Maybe::Present(v) => Maybe::Present(v),
        }
    }

    /// A `Maybe` of a mutable reference to the value.
    #[inline]
    pub fn as_mut(&mut self) -> Maybe<&mut T> {
        match self {
            Maybe::Absent => Maybe::Absent,
            Maybe::Null => Maybe::Null,
            Maybe::Present(v) => Maybe::Present(v),
        }
    }

    /// Applies `f` to a present value; `Absent` and `Null` stay as they are.
    ///
    /// ```
    /// use jetjson::Maybe;
    ///
    /// assert_eq!(Maybe::Present("ab").map(str::len), Maybe::Present(2));
    /// assert_eq!(Maybe::<&str>::Null.map(str::len), Maybe::Null);
    /// ```
    #[inline]
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Maybe<U> {
        match self {
            Maybe::Absent => Maybe::Absent,
            Maybe::Null => Maybe::Null,
            Maybe::Present(v) => Maybe::Present(f(v)),
        }
    }

    /// The value if present, else `default`.
    #[inline]
    pub fn unwrap_or(self, default: T) -> T {
        self.into_option().unwrap_or(default)
    }

    /// PATCH semantics: `Absent` leaves `target` as it is, `Null` sets it to
    /// `None`, `Present(v)` to `Some(v)`.
    ///
    /// ```
    /// use jetjson::Maybe;
    ///
    /// let mut email = Some("old");
    /// Maybe::Absent.apply_to(&mut email);
    /// assert_eq!(email, Some("old"));
    /// Maybe::Present("new").apply_to(&mut email);
    /// assert_eq!(email, Some("new"));
    /// Maybe::Null.apply_to(&mut email);
    /// assert_eq!(email, None);
    /// ```
    #[inline]
    pub fn apply_to(self, target: &mut Option<T>) {
        match self {
            Maybe::Absent => {}
            Maybe::Null => *target = None,
            Maybe::Present(v) => *target = Some(v),
        }
    }
}

/// `None` is `Null`, `Some(v)` is `Present(v)`: an `Option` that was read
/// had a key.
impl<T> From<Option<T>> for Maybe<T> {
    #[inline]
    fn from(v: Option<T>) -> Self {
        match v {
            Some(v) => Maybe::Present(v),
            None => Maybe::Null,
        }
    }
}

/// As [`Maybe::into_nested`].
impl<T> From<Maybe<T>> for Option<Option<T>> {
    #[inline]
    fn from(v: Maybe<T>) -> Self {
        v.into_nested()
    }
}

// MARK: - Public: JSON

impl<T: ToJson> ToJson for Maybe<T> {
    /// `Absent` and `Null` as `null`, `Present(v)` as `v`.
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        match self {
            Maybe::Present(v) => v.write_json(w),
            Maybe::Absent | Maybe::Null => w.write_null(),
        }
    }

    /// True for `Absent` and `Null`, as for `None`.
    fn is_json_empty(&self) -> bool {
        !self.is_present()
    }
}

impl<'de, T: FromJson<'de>> FromJson<'de> for Maybe<T> {
    /// `null` is `Null`; anything else is read as a `T`.
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        if r.peek_null() {
            r.read_null()?;
            Ok(Maybe::Null)
        } else {
            T::read_json(r).map(Maybe::Present)
        }
    }

    /// A missing key is `Absent`.
    fn json_missing() -> Option<Self> {
        Some(Maybe::Absent)
    }
}

// MARK: - Public: Value

impl<T: ToValue> ToValue for Maybe<T> {
    /// `Absent` and `Null` as `Null`.
    #[inline]
    fn to_value(&self) -> Value {
        match self {
            Maybe::Present(v) => v.to_value(),
            Maybe::Absent | Maybe::Null => Value::Null,
        }
    }
}

impl<T: FromValue> FromValue for Maybe<T> {
    #[inline]
    fn from_value(v: Value) -> Result<Self, Error> {
        if v.is_null() {
            Ok(Maybe::Null)
        } else {
            T::from_value(v).map(Maybe::Present)
        }
    }

    #[inline]
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        if v.is_null() {
            Ok(Maybe::Null)
        } else {
            T::from_value_ref(v).map(Maybe::Present)
        }
    }

    /// A missing key is `Absent`.
    fn value_missing() -> Option<Self> {
        Some(Maybe::Absent)
    }
}

// MARK: - Public: MessagePack

impl<T: ToMsgpack> ToMsgpack for Maybe<T> {
    /// `Absent` and `Null` as nil.
    #[inline]
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        match self {
            Maybe::Present(v) => v.write_msgpack(w),
            Maybe::Absent | Maybe::Null => w.write_nil(),
        }
    }

    /// True for `Absent` and `Null`, as for `None`.
    fn is_msgpack_empty(&self) -> bool {
        !self.is_present()
    }
}

impl<'de, T: FromMsgpack<'de>> FromMsgpack<'de> for Maybe<T> {
    /// nil is `Null`; anything else is read as a `T`.
    #[inline]
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        if r.try_read_nil() {
            Ok(Maybe::Null)
        } else {
            T::read_msgpack(r).map(Maybe::Present)
        }
    }

    /// A missing key is `Absent`.
    fn msgpack_missing() -> Option<Self> {
        Some(Maybe::Absent)
    }
}
