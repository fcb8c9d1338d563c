//! The runtime surface that generated code calls, and nothing else does.
//! Not part of the public API: it changes with the generator, which is
//! pinned to this crate's exact version.
//!
//! Everything here that builds an error is `#[cold]`: generated decoders call
//! these only on their failure paths.

pub use core::clone::Clone;
pub use core::convert::{From, Into, TryFrom};
pub use core::default::Default;

pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};
use std::borrow::Cow;
pub use std::string::String;
pub use std::vec::Vec;

pub use crate::error::{Error, ErrorKind};
pub use crate::read::{Checkpoint, Reader, Str};
pub use crate::traits::{FromJson, FromJsonKey, ToJson, ToJsonKey};
pub use crate::value::{FromValue, FromValueKey, Map, ToValue, ToValueKey, Value};
pub use crate::write::Writer;

pub use crate::msgpack::{FromMsgpack, ToMsgpack};

pub use crate::flatten::{
    flat_comma, flat_key, flat_msgpack_enum, flat_to_value_enum, flat_uses, flat_write_object,
    value_flat_strict, FlatBytes, FlatFromJson, FlatFromMsgpack, FlatFromValue, FlatKey, FlatText,
    FlatToJson, FlatToMsgpack, FlatToValue,
};
pub use crate::msgpack::FromMsgpackOwned;
pub use crate::traits::FromJsonOwned;

// MARK: - Map keys

/// The key text of a value that is a string: what a derived `ToValueKey`
/// of an enum of unit variants makes of the variant's `ToValue`.
#[inline]
pub fn string_key(mut v: Value) -> String {
    match &mut v {
        Value::String(s) => std::mem::take(s),
        // Not reached: such an enum's `to_value` is always a string.
        other => crate::to_string(other),
    }
}

/// A key read by `T`'s `FromJsonKey` from text that is not in a JSON input:
/// a derived `FromValueKey` of an enum of unit variants, whose variant match
/// lives in its `FromJsonKey`.
#[inline]
pub fn key_from_text<T: FromJsonKey<'static>>(key: &str) -> Result<T, Error> {
    T::from_json_key(Str::Copied(key), &Reader::new(b""))
}

// MARK: - Fields

/// A derived struct's key → field index: a perfect hash that the derive
/// found for the struct's names (jetjson-codegen's `keytable.rs`, whose
/// `key_hash` this one must equal bit for bit).
pub struct KeyTable {
    /// Multiplier of the hash.
    pub seed: u64,
    /// `64 - log2(buckets.len())`: the hash's top bits pick the bucket.
    pub shift: u32,
    /// `keys` index + 1 per bucket, 0 for none.
    pub buckets: &'static [u16],
    /// Each name (aliases too) and the index of its field.
    pub keys: &'static [(&'static [u8], usize)],
    /// The index for a key that names no field.
    pub unknown: usize,
}

impl KeyTable {
    /// The index of the field `key` names, else `unknown`.
    #[inline]
    pub fn index(&self, key: &[u8]) -> usize {
        let bucket = (key_hash(key, self.seed) >> self.shift) as usize;
        let entry = self.buckets.get(bucket).copied().unwrap_or(0);
        match self.keys.get(usize::from(entry).wrapping_sub(1)) {
            Some(&(name, field)) if name == key => field,
            _ => self.unknown,
        }
    }
}

/// See [`KeyTable`]: the length and up to 8 bytes from each end (and 8
/// from the middle of keys longer than 16), times the seed.
#[inline]
pub fn key_hash(key: &[u8], seed: u64) -> u64 {
    #[inline(always)]
    fn word<const N: usize>(bytes: &[u8], at: usize) -> u64 {
        let mut w = [0u8; 8];
        w[..N].copy_from_slice(&bytes[at..at + N]);
        u64::from_le_bytes(w)
    }
    let n = key.len();
    let (x, y, z) = if n >= 8 {
        let z = if n > 16 { word::<8>(key, n / 2 - 4) } else { 0 };
        (word::<8>(key, 0), word::<8>(key, n - 8), z)
    } else if n >= 4 {
        (word::<4>(key, 0), word::<4>(key, n - 4), 0)
    } else if n > 0 {
        (
            u64::from(key[0]) | u64::from(key[n / 2]) << 8 | u64::from(key[n - 1]) << 16,
            0,
            0,
        )
    } else {
        (0, 0, 0)
    };
    (x ^ y.rotate_left(21) ^ z.rotate_left(42) ^ n as u64).wrapping_mul(seed)
}

/// The value of a field after the object ended: the one read, else the
/// type's [`FromJson::json_missing`] (`None` for `Option`), else "missing
/// field".
#[inline]
pub fn take<'de, T: FromJson<'de>>(
    slot: Option<T>,
    r: &Reader<'de>,
    field: &'static str,
) -> Result<T, Error> {
    fill(slot).ok_or_else(|| missing_field(r, field))
}

/// The value of a field after the object ended: the one read, else the
/// type's [`FromJson::json_missing`]; `None` is for the caller to report
/// (derived decoders check all their fields with one `match`).
#[inline(always)]
pub fn fill<'de, T: FromJson<'de>>(slot: Option<T>) -> Option<T> {
    match slot {
        Some(v) => Some(v),
        None => T::json_missing(),
    }
}

/// "missing field `name`" at the reader's position (the object's end).
#[cold]
pub fn missing_field(r: &Reader<'_>, field: &'static str) -> Error {
    r.error(ErrorKind::MissingField { field })
}

/// "duplicate field `name`" at `offset` (the repeated key).
#[cold]
pub fn duplicate_field(r: &Reader<'_>, field: &'static str, offset: usize) -> Error {
    r.error_at(ErrorKind::DuplicateField { field }, offset)
}

/// "unknown field `key`, expected one of ..." at `offset` (the key).
#[cold]
pub fn unknown_field(
    r: &Reader<'_>,
    key: &str,
    expected: &'static [&'static str],
    offset: usize,
) -> Error {
    r.error_at(
        ErrorKind::UnknownField {
            field: key.to_owned(),
            expected,
        },
        offset,
    )
}

/// [`unknown_field`] for the key that starts at `offset`, read again from the
/// input, so that the decoder need not keep the key borrowed.
#[cold]
pub fn unknown_field_at(r: &Reader<'_>, expected: &'static [&'static str], offset: usize) -> Error {
    let mut again = Reader::new(r.input());
    again.seek(offset);
    match again.read_key() {
        Ok(key) => {
            let key = key.as_str().to_owned();
            unknown_field(r, &key, expected, offset)
        }
        Err(e) => e,
    }
}

/// Reads a field's value into its slot (empty: the decoder checked for a
/// duplicate), or fails with `.field` in front of the error's path. One
/// call per field in generated decoders, one copy per field type.
#[inline]
pub fn read_field<'de, T: FromJson<'de>>(
    slot: &mut Option<T>,
    r: &mut Reader<'de>,
    field: &'static str,
) -> Result<(), Error> {
    match T::read_json(r) {
        Ok(value) => {
            *slot = Some(value);
            Ok(())
        }
        Err(error) => Err(at_field(error, field)),
    }
}

/// A field's member in a derived struct's `flat_read`: "duplicate field"
/// (at the key, `key_at`) when its slot is full, else [`read_field`].
/// Returns `true`, the member being taken. One call per field, always
/// inlined: the hot loop must stay as if written out.
#[inline(always)]
pub fn read_slot<'de, T: FromJson<'de>>(
    slot: &mut Option<T>,
    r: &mut Reader<'de>,
    field: &'static str,
    key_at: usize,
) -> Result<bool, Error> {
    if slot.is_some() {
        return Err(duplicate_field(r, field, key_at));
    }
    read_field(slot, r, field)?;
    Ok(true)
}

/// [`read_field`] from a borrowed `Value`.
#[inline]
pub fn value_field_ref<T: FromValue>(
    slot: &mut Option<T>,
    v: &Value,
    field: &'static str,
) -> Result<(), Error> {
    match T::from_value_ref(v) {
        Ok(value) => {
            *slot = Some(value);
            Ok(())
        }
        Err(error) => Err(at_field(error, field)),
    }
}

/// [`read_field`] from an owned `Value`.
#[inline]
pub fn value_field<T: FromValue>(
    slot: &mut Option<T>,
    v: Value,
    field: &'static str,
) -> Result<(), Error> {
    match T::from_value(v) {
        Ok(value) => {
            *slot = Some(value);
            Ok(())
        }
        Err(error) => Err(at_field(error, field)),
    }
}

/// A field's decoded value, or its error with `.field` in front of the
/// path (through [`at_field`], out of line): no closure per field.
#[inline]
pub fn in_field<T>(result: Result<T, Error>, field: &'static str) -> Result<T, Error> {
    match result {
        Ok(value) => Ok(value),
        Err(error) => Err(at_field(error, field)),
    }
}

/// `error` with `.field` in front of its path: what a field's decoder
/// failure becomes. One out-of-line copy for every field of every type.
#[cold]
#[inline(never)]
pub fn at_field(error: Error, field: &'static str) -> Error {
    error.field(field)
}

// MARK: - Arrays

/// "expected tuple struct X with 3 elements, found 2" at the cursor.
#[cold]
pub fn too_few_elements(r: &Reader<'_>, expected: &'static str, found: usize) -> Error {
    r.invalid_value(format!("expected {expected}, found {found}"))
}

// MARK: - Enums

/// Byte offset of the next value (whitespace skipped), for errors that
/// point at a variant name.
#[inline]
pub fn value_offset(r: &mut Reader<'_>) -> usize {
    r.peek();
    r.offset()
}

/// "unknown variant `name`, expected one of ..." at `offset`.
#[cold]
pub fn unknown_variant(
    r: &Reader<'_>,
    variant: &str,
    expected: &'static [&'static str],
    offset: usize,
) -> Error {
    r.error_at(
        ErrorKind::UnknownVariant {
            variant: variant.to_owned(),
            expected,
        },
        offset,
    )
}

/// [`unknown_variant`] for the string (a value or a key) that starts at
/// `offset`, read again from the input.
#[cold]
pub fn unknown_variant_at(
    r: &Reader<'_>,
    expected: &'static [&'static str],
    offset: usize,
) -> Error {
    let mut again = Reader::new(r.input());
    again.seek(offset);
    match again.read_str() {
        Ok(name) => {
            let name = name.as_str().to_owned();
            unknown_variant(r, &name, expected, offset)
        }
        Err(e) => e,
    }
}

/// "expected `expected`, found `found`" at `offset`.
#[cold]
pub fn invalid_type_at(
    r: &Reader<'_>,
    expected: &'static str,
    found: &'static str,
    offset: usize,
) -> Error {
    r.error_at(ErrorKind::InvalidType { expected, found }, offset)
}

/// `{}` where an externally tagged enum wanted `{"Variant": ..}`.
#[cold]
pub fn empty_enum_object(r: &Reader<'_>, expected: &'static str) -> Error {
    r.invalid_value(format!("expected {expected}, found an empty object"))
}

/// Consumes the `}` after the one member of an externally tagged enum.
#[inline]
pub fn end_enum_object(r: &mut Reader<'_>, expected: &'static str) -> Result<(), Error> {
    let mut first = false;
    if r.next_member(&mut first)? {
        return Err(r.invalid_value(format!(
            "expected {expected} as an object with exactly one key"
        )));
    }
    Ok(())
}

/// Runs `read` for the variant `name`, adding `.name` to the path of its
/// errors.
#[inline]
pub fn variant<'de, T>(
    r: &mut Reader<'de>,
    name: &'static str,
    read: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
) -> Result<T, Error> {
    read(r).map_err(|e| e.field(name))
}

/// Runs `read` from the current position; on failure puts the reader back
/// and returns `None` (untagged enums try each variant this way).
#[inline]
pub fn attempt<'de, T>(
    r: &mut Reader<'de>,
    read: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
) -> Option<T> {
    let checkpoint = r.checkpoint();
    match read(r) {
        Ok(v) => Some(v),
        Err(_) => {
            r.restore(checkpoint);
            None
        }
    }
}

/// "data did not match any variant of untagged enum X" at `offset`.
#[cold]
pub fn no_variant_matched(r: &Reader<'_>, message: &'static str, offset: usize) -> Error {
    r.error_at(
        ErrorKind::InvalidValue {
            message: message.into(),
        },
        offset,
    )
}

/// The failure of the untagged-enum variant that got furthest, for the
/// "no variant matched" error: a score (see `progress`), the variant's
/// name (`None` for the tagged forms of an enum whose untagged variants come
/// after them) and its error. Ties keep the earlier variant.
#[derive(Default)]
pub struct Closest(Option<(Progress, Option<&'static str>, Error)>);

/// How far a variant got: see `progress`.
type Progress = (usize, usize, bool);

impl Closest {
    #[cold]
    fn offer(&mut self, score: Progress, name: Option<&'static str>, error: Error) {
        let better = match &self.0 {
            Some((best, _, _)) => score > *best,
            None => true,
        };
        if better {
            self.0 = Some((score, name, error));
        }
    }

    /// The final error: `message` with the closest variant's error (its
    /// position and path), else `fallback`.
    #[cold]
    fn error(self, message: &'static str, fallback: Error) -> Error {
        match self.0 {
            None => fallback,
            Some((_, name, error)) => {
                let closest = match name {
                    Some(name) => format!("the closest was `{name}`"),
                    None => String::from("the closest was the tagged form"),
                };
                let message = format!("{message}; {closest}: {}", error.kind());
                error.with_kind(ErrorKind::InvalidValue {
                    message: message.into(),
                })
            }
        }
    }
}

/// How far a variant got before `error`: first how deep into the value
/// its error is (a variant that took a member and failed inside it beats
/// one that skipped the member as unknown and missed its own at the end),
/// then how far into the input (`offset`: bytes for text and MessagePack, 0
/// for `Value`), then whether the value's type was right (an error other
/// than "expected X, found Y").
fn progress(offset: usize, error: &Error) -> Progress {
    let shape_matched = !matches!(error.kind(), ErrorKind::InvalidType { .. });
    (error.depth(), offset, shape_matched)
}

/// [`attempt`], keeping the error in `closest` when it got further than the
/// variants tried before (`name` is the variant's, `None` for the tagged
/// forms).
#[inline]
pub fn untagged_attempt<'de, T>(
    r: &mut Reader<'de>,
    closest: &mut Closest,
    name: Option<&'static str>,
    read: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
) -> Option<T> {
    let checkpoint = r.checkpoint();
    match read(r) {
        Ok(v) => Some(v),
        Err(e) => {
            r.restore(checkpoint);
            closest.offer(progress(e.offset(), &e), name, e);
            None
        }
    }
}

/// "data did not match any variant of untagged enum X; the closest was
/// `V`: <V's error>" at the position and path of V's error (at `offset`
/// when no variant was tried).
#[cold]
pub fn untagged_no_match(
    r: &Reader<'_>,
    message: &'static str,
    offset: usize,
    closest: Closest,
) -> Error {
    closest.error(message, no_variant_matched(r, message, offset))
}

/// [`untagged_attempt`] for `Value`: the error that is deepest in the value
/// is the closest.
#[inline]
pub fn untagged_attempt_value<T>(
    closest: &mut Closest,
    name: Option<&'static str>,
    convert: impl FnOnce() -> Result<T, Error>,
) -> Option<T> {
    match convert() {
        Ok(v) => Some(v),
        Err(e) => {
            closest.offer(progress(0, &e), name, e);
            None
        }
    }
}

/// [`untagged_no_match`] for `Value`.
#[cold]
pub fn untagged_no_match_value(message: &'static str, closest: Closest) -> Error {
    closest.error(message, value_invalid_value(message))
}

/// [`untagged_attempt`] for MessagePack.
#[inline]
pub fn msgpack_untagged_attempt<'de, T>(
    r: &mut MsgpackReader<'de>,
    closest: &mut Closest,
    name: Option<&'static str>,
    read: impl FnOnce(&mut MsgpackReader<'de>) -> Result<T, Error>,
) -> Option<T> {
    let at = r.checkpoint();
    match read(r) {
        Ok(v) => Some(v),
        Err(e) => {
            r.restore(at);
            closest.offer(progress(e.offset(), &e), name, e);
            None
        }
    }
}

/// [`untagged_no_match`] for MessagePack.
#[cold]
pub fn msgpack_untagged_no_match(
    r: &MsgpackReader<'_>,
    message: &'static str,
    offset: usize,
    closest: Closest,
) -> Error {
    closest.error(message, msgpack_no_variant(r, message, offset))
}

// MARK: - Owned borrows, from/try_from

/// A `Cow<'static, B>` field: read as a `Cow` of the input, then owned (the
/// input does not live for `'static`).
#[inline]
pub fn owned_cow<'de, B>(r: &mut Reader<'de>) -> Result<Cow<'static, B>, Error>
where
    B: ?Sized + ToOwned + 'static,
    Cow<'de, B>: FromJson<'de>,
{
    let cow = <Cow<'de, B> as FromJson<'de>>::read_json(r)?;
    Ok(Cow::Owned(cow.into_owned()))
}

/// A field whose type holds a `'static` borrow deeper inside
/// (`Vec<Cow<'static, str>>`, a map keyed by `Cow<'static, str>`), which
/// cannot be read from an input that does not live for `'static`: read as a
/// [`Value`] and converted, so every string comes out owned. Conversion
/// errors point at the value.
#[inline(never)]
pub fn owned_via_value<T: FromValue>(r: &mut Reader<'_>) -> Result<T, Error> {
    let at = value_offset(r);
    let v = <Value as FromJson<'_>>::read_json(r)?;
    T::from_value(v).map_err(|e| e.with_position(r.input(), at))
}

/// [`owned_via_value`] for MessagePack.
#[inline(never)]
pub fn msgpack_owned_via_value<T: FromValue>(r: &mut MsgpackReader<'_>) -> Result<T, Error> {
    let at = r.offset();
    let v = <Value as FromMsgpack<'_>>::read_msgpack(r)?;
    T::from_value(v).map_err(|e| e.with_byte_offset(at))
}

/// The value of such a field when its key is absent: its `Value`
/// conversion's answer (`None` for an `Option`), else "missing field".
#[inline]
pub fn owned_via_value_missing<T: FromValue>(
    slot: Option<T>,
    missing: impl FnOnce() -> Error,
) -> Result<T, Error> {
    match slot {
        Some(v) => Ok(v),
        None => T::value_missing().ok_or_else(missing),
    }
}

/// An `Option<Cow<'static, B>>` field, as [`owned_cow`].
#[inline]
pub fn owned_cow_option<'de, B>(r: &mut Reader<'de>) -> Result<Option<Cow<'static, B>>, Error>
where
    B: ?Sized + ToOwned + 'static,
    Option<Cow<'de, B>>: FromJson<'de>,
{
    let cow = <Option<Cow<'de, B>> as FromJson<'de>>::read_json(r)?;
    Ok(cow.map(|c| Cow::Owned(c.into_owned())))
}

/// [`owned_cow`] for MessagePack.
#[inline]
pub fn msgpack_owned_cow<'de, B>(r: &mut MsgpackReader<'de>) -> Result<Cow<'static, B>, Error>
where
    B: ?Sized + ToOwned + 'static,
    Cow<'de, B>: FromMsgpack<'de>,
{
    let cow = <Cow<'de, B> as FromMsgpack<'de>>::read_msgpack(r)?;
    Ok(Cow::Owned(cow.into_owned()))
}

/// [`owned_cow_option`] for MessagePack.
#[inline]
pub fn msgpack_owned_cow_option<'de, B>(
    r: &mut MsgpackReader<'de>,
) -> Result<Option<Cow<'static, B>>, Error>
where
    B: ?Sized + ToOwned + 'static,
    Option<Cow<'de, B>>: FromMsgpack<'de>,
{
    let cow = <Option<Cow<'de, B>> as FromMsgpack<'de>>::read_msgpack(r)?;
    Ok(cow.map(|c| Cow::Owned(c.into_owned())))
}

/// `try_from = "T"` failed: the conversion's error, as serde reports it
/// (its `Display`), at `offset` (where the value started).
#[cold]
pub fn try_from_failed(r: &Reader<'_>, error: impl core::fmt::Display, offset: usize) -> Error {
    r.error_at(
        ErrorKind::InvalidValue {
            message: error.to_string().into(),
        },
        offset,
    )
}

/// [`try_from_failed`] for `Value` (no position).
#[cold]
pub fn value_try_from_failed(error: impl core::fmt::Display) -> Error {
    crate::value::convert::invalid_value(error.to_string())
}

/// [`try_from_failed`] for MessagePack.
#[cold]
pub fn msgpack_try_from_failed(
    r: &MsgpackReader<'_>,
    error: impl core::fmt::Display,
    offset: usize,
) -> Error {
    r.error_at(
        ErrorKind::InvalidValue {
            message: error.to_string().into(),
        },
        offset,
    )
}

// MARK: - Value conversions: building a Value (ToValue)

/// Room for a struct's `n` members.
#[inline]
pub fn members(n: usize) -> Vec<(String, Value)> {
    Vec::with_capacity(n)
}

/// Appends the member `key` with `value`'s [`ToValue`]: one call per
/// field in generated `to_value`/`flat_to_value`.
#[inline]
pub fn push_member<T: ToValue + ?Sized>(
    members: &mut Vec<(String, Value)>,
    key: &'static str,
    value: &T,
) {
    members.push(member(key, value.to_value()));
}

/// One member: the key (a field or tag name) and its value.
#[inline]
pub fn member(key: &'static str, value: Value) -> (String, Value) {
    (String::from(key), value)
}

/// An object of members whose keys are distinct (a struct's, which `check`
/// made unique).
#[inline]
pub fn object(members: Vec<(String, Value)>) -> Value {
    Value::Object(Map::from_unique(members))
}

/// An array of the given elements, allocated once.
#[inline]
pub fn array<const N: usize>(elements: [Value; N]) -> Value {
    Value::Array(Vec::from(elements))
}

/// A string: a variant name.
#[inline]
pub fn string(name: &'static str) -> Value {
    Value::String(String::from(name))
}

/// The value of a field with `with = "module"`: the module knows only JSON
/// text, so `write` writes it and the text is read back (for this field
/// only). Text that does not read as JSON gives `Null`.
pub fn with_to_value(write: impl FnOnce(&mut Writer<'_>)) -> Value {
    let mut w = Writer::with_capacity(64);
    write(&mut w);
    crate::value::ValueOptions::new()
        .max_depth(usize::MAX)
        .from_slice(w.as_bytes())
        .unwrap_or(Value::Null)
}

/// A `base64` field's value: the base64 string, made directly.
pub fn base64_to_value<T: AsRef<[u8]> + ?Sized>(bytes: &T) -> Value {
    use base64::Engine as _;
    Value::String(base64::engine::general_purpose::STANDARD.encode(bytes.as_ref()))
}

// MARK: - Value conversions: reading a Value (FromValue)

pub use crate::value::convert::{
    array as take_array, array_ref, invalid_type as value_invalid_type,
    invalid_type_found as value_invalid_type_found, null as expect_null, object as take_object,
    object_ref, str_ref, too_few_elements as value_too_few_elements,
    too_many_elements as value_too_many_elements,
};

/// A member's value as the `Value` conversions get it: owned (moved into
/// the field) or borrowed (copied). Lets one generated per-field body serve
/// `from_value` and `from_value_ref`.
pub trait ValueSource: Sized {
    /// Converts the value into `slot`, its error under `.field`.
    fn field<T: FromValue>(self, slot: &mut Option<T>, field: &'static str) -> Result<(), Error>;
    /// The value, borrowed, for the conversions that only read it.
    fn value(&self) -> &Value;
    /// A field's member in a derived struct's `flat_member_any`: "duplicate
    /// field" when its slot is full (a name and its alias), else
    /// [`field`](Self::field); `None`, the member being taken.
    #[inline]
    fn slot<T: FromValue>(
        self,
        slot: &mut Option<T>,
        field: &'static str,
    ) -> Result<Option<Self>, Error> {
        if slot.is_some() {
            return Err(value_duplicate_field(field));
        }
        self.field(slot, field)?;
        Ok(None)
    }
}

impl ValueSource for Value {
    #[inline]
    fn field<T: FromValue>(self, slot: &mut Option<T>, field: &'static str) -> Result<(), Error> {
        value_field(slot, self, field)
    }
    #[inline]
    fn value(&self) -> &Value {
        self
    }
}

impl ValueSource for &Value {
    #[inline]
    fn field<T: FromValue>(self, slot: &mut Option<T>, field: &'static str) -> Result<(), Error> {
        value_field_ref(slot, self, field)
    }
    #[inline]
    fn value(&self) -> &Value {
        self
    }
}

/// `FlatFromValue::flat_finish_value` of a derived struct whose fields all
/// convert through their own traits (no generics, no flattened fields):
/// the JSON decoder's `flat_finish` over the same slots, so the struct's
/// defaults and missing-field checks are generated and type-checked once,
/// not once per format. Its "missing field" error, made at an empty
/// reader, loses that position: a `Value` has none.
#[inline]
pub fn finish_value_as_json<T: FlatFromJson<'static>>(slots: T::Slots) -> Result<T, Error> {
    T::flat_finish(slots, &Reader::new(b"")).map_err(Error::positionless)
}

/// `FromValue::from_value` of a derived struct with named fields: one pass
/// over the members, each offered to the struct's
/// [`FlatFromValue::flat_member_any`]; an unknown key is skipped, or an
/// error under `deny_unknown_fields`. Generic here rather than generated
/// per type: `Value` conversions are not the hot path, and one body serves
/// every struct (instantiated only for those converted).
#[inline]
pub fn value_struct<T: FlatFromValue>(v: Value, expected: &'static str) -> Result<T, Error> {
    let _depth = ValueDepth::enter()?;
    let m = take_object(v, expected)?;
    let mut slots = T::flat_slots();
    for (k, v) in m {
        if T::flat_member_any(&mut slots, &k, v)?.is_some() && T::DENY_UNKNOWN {
            return Err(value_unknown_field(&k, T::FIELDS));
        }
    }
    T::flat_finish_value(slots)
}

/// [`value_struct`] from a borrowed `Value` (`from_value_ref`).
#[inline]
pub fn value_struct_ref<T: FlatFromValue>(v: &Value, expected: &'static str) -> Result<T, Error> {
    let _depth = ValueDepth::enter()?;
    let m = object_ref(v, expected)?;
    let mut slots = T::flat_slots();
    for (k, v) in m {
        if T::flat_member_any(&mut slots, k, v)?.is_some() && T::DENY_UNKNOWN {
            return Err(value_unknown_field(k, T::FIELDS));
        }
    }
    T::flat_finish_value(slots)
}

/// The derived owned offers of a struct with flattened fields
/// (`flat_member_owned` and its rounds): the member offered by reference
/// to `offer`, given back when not taken.
#[inline]
pub fn flat_by_ref<S>(
    slots: &mut S,
    key: String,
    value: Value,
    offer: impl FnOnce(&mut S, &str, &Value) -> Result<bool, Error>,
) -> Result<Option<(String, Value)>, Error> {
    if offer(slots, &key, &value)? {
        Ok(None)
    } else {
        Ok(Some((key, value)))
    }
}

/// [`flat_by_ref`] through `T`'s `flat_member_ref`.
#[inline]
pub fn flat_member_owned_by_ref<T: FlatFromValue>(
    slots: &mut T::Slots,
    key: String,
    value: Value,
) -> Result<Option<(String, Value)>, Error> {
    if T::flat_member_ref(slots, &key, &value)? {
        Ok(None)
    } else {
        Ok(Some((key, value)))
    }
}

/// The value of a field after the object was read: the one found, else
/// the type's [`FromValue::value_missing`], else "missing field".
#[inline]
pub fn take_value<T: FromValue>(slot: Option<T>, field: &'static str) -> Result<T, Error> {
    fill_value(slot).ok_or_else(|| value_missing_field(field))
}

/// [`fill`] for a field read from a `Value`.
#[inline(always)]
pub fn fill_value<T: FromValue>(slot: Option<T>) -> Option<T> {
    match slot {
        Some(v) => Some(v),
        None => T::value_missing(),
    }
}

/// "missing field `name`".
#[cold]
pub fn value_missing_field(field: &'static str) -> Error {
    Error::without_position(ErrorKind::MissingField { field })
}

/// "duplicate field `name`": a field's name and its alias both present.
#[cold]
pub fn value_duplicate_field(field: &'static str) -> Error {
    Error::without_position(ErrorKind::DuplicateField { field })
}

/// "unknown field `key`, expected one of ...".
#[cold]
pub fn value_unknown_field(key: &str, expected: &'static [&'static str]) -> Error {
    Error::without_position(ErrorKind::UnknownField {
        field: key.to_owned(),
        expected,
    })
}

/// "unknown variant `name`, expected one of ...".
#[cold]
pub fn value_unknown_variant(variant: &str, expected: &'static [&'static str]) -> Error {
    Error::without_position(ErrorKind::UnknownVariant {
        variant: variant.to_owned(),
        expected,
    })
}

/// A data error with a fixed message, such as "data did not match any
/// variant of untagged enum X".
#[cold]
pub fn value_invalid_value(message: &'static str) -> Error {
    crate::value::convert::invalid_value(message)
}

/// Checks that an object has no member but `tag`, for a type that reads no
/// field under `deny_unknown_fields`.
#[inline]
pub fn deny_members(
    members: &Map,
    tag: Option<&'static str>,
    expected: &'static [&'static str],
) -> Result<(), Error> {
    match members.keys().find(|k| Some(k.as_str()) != tag) {
        Some(key) => Err(value_unknown_field(key, expected)),
        None => Ok(()),
    }
}

/// Runs `convert` for the variant `name`, adding `.name` to the path of its
/// errors.
#[inline]
pub fn variant_value<T>(
    name: &'static str,
    convert: impl FnOnce() -> Result<T, Error>,
) -> Result<T, Error> {
    convert().map_err(|e| e.field(name))
}

/// The tag of an internally tagged enum: the string at key `tag`.
#[inline]
pub fn tag_ref<'v>(members: &'v Map, tag: &'static str) -> Result<&'v str, Error> {
    match members.get(tag) {
        Some(v) => str_ref(v, "a string"),
        None => Err(value_missing_field(tag)),
    }
}

/// An externally tagged enum's value: a variant name, or an object whose one
/// member is a variant name and its content.
pub enum External<K, V> {
    /// `"Variant"`.
    Name(K),
    /// `{"Variant": content}`; the flag says more members followed (an
    /// error once the content is read, as in decoding).
    Member(K, V, bool),
}

/// [`External`] from a borrowed value; `expected` is "enum X".
#[inline]
pub fn external_ref<'v>(
    v: &'v Value,
    expected: &'static str,
) -> Result<External<&'v str, &'v Value>, Error> {
    match v {
        Value::String(name) => Ok(External::Name(name)),
        Value::Object(m) => match m.get_index(0) {
            Some((k, content)) => Ok(External::Member(k, content, m.len() > 1)),
            None => Err(value_empty_enum_object(expected)),
        },
        other => Err(value_invalid_type(expected, other)),
    }
}

/// [`External`] from a value given away: the name and content are moved.
#[inline]
pub fn external(mut v: Value, expected: &'static str) -> Result<External<String, Value>, Error> {
    match &mut v {
        Value::String(name) => Ok(External::Name(std::mem::take(name))),
        Value::Object(m) => {
            let more = m.len() > 1;
            match std::mem::take(m).into_iter().next() {
                Some((k, content)) => Ok(External::Member(k, content, more)),
                None => Err(value_empty_enum_object(expected)),
            }
        }
        other => Err(value_invalid_type(expected, other)),
    }
}

/// `{}` where an externally tagged enum wanted `{"Variant": ..}`.
#[cold]
fn value_empty_enum_object(expected: &'static str) -> Error {
    crate::value::convert::invalid_value(format!("expected {expected}, found an empty object"))
}

/// An externally tagged enum's object had more than one member.
#[cold]
pub fn value_enum_object_len(expected: &'static str) -> Error {
    crate::value::convert::invalid_value(format!(
        "expected {expected} as an object with exactly one key"
    ))
}

/// Runs `convert`; its error is dropped (untagged enums try each variant).
#[inline]
pub fn attempt_value<T>(convert: impl FnOnce() -> Result<T, Error>) -> Option<T> {
    convert().ok()
}

/// A field with `with = "module"`: the value is written as JSON text and
/// the module reads it (for this field only). Errors keep their path and
/// lose the position in that text.
pub fn with_from_value<T>(
    v: &Value,
    read: impl for<'de> FnOnce(&mut Reader<'de>) -> Result<T, Error>,
) -> Result<T, Error> {
    let text = crate::to_vec(v);
    let mut r = Reader::new(&text);
    let value = read(&mut r).and_then(|value| r.finish().map(|()| value));
    value.map_err(|e| e.relocate(0, 0, 0))
}

/// A `base64` field: the bytes of a base64 string.
pub fn base64_from_value<T: From<Vec<u8>>>(v: &Value) -> Result<T, Error> {
    use base64::Engine as _;
    let text = str_ref(v, "a string")?;
    match base64::engine::general_purpose::STANDARD.decode(text) {
        Ok(bytes) => Ok(T::from(bytes)),
        Err(e) => Err(crate::value::convert::invalid_value(format!(
            "invalid base64: {e}"
        ))),
    }
}

// MARK: - Value conversions: nesting

/// How many generated `FromValue` conversions may be open at once on a
/// thread, as the reader limits nesting: a recursive type made from a
/// deeply nested `Value` fails rather than overflowing the stack.
pub const VALUE_MAX_DEPTH: usize = crate::read::DEFAULT_MAX_DEPTH;

std::thread_local! {
    static VALUE_DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One open generated `FromValue` conversion, counted while it lives.
pub struct ValueDepth(());

impl ValueDepth {
    /// Counts one more level, or fails with [`ErrorKind::DepthLimit`] past
    /// [`VALUE_MAX_DEPTH`].
    #[inline]
    pub fn enter() -> Result<ValueDepth, Error> {
        VALUE_DEPTH.with(|depth| {
            let n = depth.get();
            if n >= VALUE_MAX_DEPTH {
                return Err(depth_limit());
            }
            depth.set(n + 1);
            Ok(ValueDepth(()))
        })
    }
}

impl Drop for ValueDepth {
    #[inline]
    fn drop(&mut self) {
        VALUE_DEPTH.with(|depth| depth.set(depth.get() - 1));
    }
}

#[cold]
fn depth_limit() -> Error {
    Error::without_position(ErrorKind::DepthLimit {
        limit: VALUE_MAX_DEPTH,
    })
}

// MARK: - MessagePack

pub use crate::msgpack::{Reader as MsgpackReader, Writer as MsgpackWriter};

/// The shape a struct was written in: a map keyed by field name, or an
/// array of the values in declaration order (`as_array`). Either is read.
pub enum MsgpackShape {
    /// A map of this many entries.
    Map(usize),
    /// An array of this many elements.
    Array(usize),
}

/// A struct's header: a map or an array; anything else is "expected
/// `expected`, found ...".
#[inline]
pub fn msgpack_struct(
    r: &mut MsgpackReader<'_>,
    expected: &'static str,
) -> Result<MsgpackShape, Error> {
    match r.peek() {
        Some(0x80..=0x8f | 0xde | 0xdf) => r.read_map_len().map(MsgpackShape::Map),
        Some(0x90..=0x9f | 0xdc | 0xdd) => r.read_array_len().map(MsgpackShape::Array),
        _ => Err(r.invalid_type(expected)),
    }
}

/// An array header; anything else is "expected `expected`, found ...".
#[inline]
pub fn msgpack_array_len(
    r: &mut MsgpackReader<'_>,
    expected: &'static str,
) -> Result<usize, Error> {
    match r.peek() {
        Some(0x90..=0x9f | 0xdc | 0xdd) => r.read_array_len(),
        _ => Err(r.invalid_type(expected)),
    }
}

/// A map header; anything else is "expected `expected`, found ...".
#[inline]
pub fn msgpack_map_len(r: &mut MsgpackReader<'_>, expected: &'static str) -> Result<usize, Error> {
    match r.peek() {
        Some(0x80..=0x8f | 0xde | 0xdf) => r.read_map_len(),
        _ => Err(r.invalid_type(expected)),
    }
}

/// Whether the next value is a string (a variant name, or a key).
#[inline]
pub fn msgpack_is_str(r: &MsgpackReader<'_>) -> bool {
    matches!(r.peek(), Some(0xa0..=0xbf | 0xd9..=0xdb))
}

/// A field name: a string key; any other key is "expected a string key,
/// found ...".
#[inline]
pub fn msgpack_key<'de>(r: &mut MsgpackReader<'de>) -> Result<&'de str, Error> {
    if msgpack_is_str(r) {
        r.read_str()
    } else {
        Err(r.invalid_type("a string key"))
    }
}

/// The value of a field after the map ended: the one read, else the
/// type's [`FromMsgpack::msgpack_missing`] (`None` for `Option`), else
/// "missing field".
#[inline]
pub fn msgpack_take<'de, T: FromMsgpack<'de>>(
    slot: Option<T>,
    r: &MsgpackReader<'de>,
    field: &'static str,
) -> Result<T, Error> {
    msgpack_fill(slot).ok_or_else(|| r.missing_field(field))
}

/// [`fill`] for a field read from MessagePack.
#[inline(always)]
pub fn msgpack_fill<'de, T: FromMsgpack<'de>>(slot: Option<T>) -> Option<T> {
    match slot {
        Some(v) => Some(v),
        None => T::msgpack_missing(),
    }
}

/// Runs `read` for the variant `name`, adding `.name` to the path of its
/// errors.
#[inline]
pub fn msgpack_variant<'de, T>(
    r: &mut MsgpackReader<'de>,
    name: &'static str,
    read: impl FnOnce(&mut MsgpackReader<'de>) -> Result<T, Error>,
) -> Result<T, Error> {
    read(r).map_err(|e| e.field(name))
}

/// Runs `read` from the current position; on failure puts the reader back
/// (position and nesting depth) and returns `None`: untagged enums try each
/// variant this way.
#[inline]
pub fn msgpack_attempt<'de, T>(
    r: &mut MsgpackReader<'de>,
    read: impl FnOnce(&mut MsgpackReader<'de>) -> Result<T, Error>,
) -> Option<T> {
    let at = r.checkpoint();
    match read(r) {
        Ok(v) => Some(v),
        Err(_) => {
            r.restore(at);
            None
        }
    }
}

/// "data did not match any variant of untagged enum X" at `offset`.
#[cold]
pub fn msgpack_no_variant(r: &MsgpackReader<'_>, message: &'static str, offset: usize) -> Error {
    r.error_at(
        ErrorKind::InvalidValue {
            message: message.into(),
        },
        offset,
    )
}

/// A variant marked `skip_serializing` was asked to encode itself: the
/// error serde gives, kept for the fallible entry points; the caller writes
/// `null` (nil) in its place.
#[cold]
pub fn unwritable_variant(name: &'static str) {
    crate::scope::record(Error::custom(format_args!(
        "the enum variant {name} cannot be serialized"
    )));
}

// MARK: - The serde bridge (feature `serde`)

#[cfg(feature = "serde")]
pub use ::serde;

/// Expands to nothing with the `serde` feature; without it, to a compile
/// error that says to enable it. The derive emits it once per type that
/// hands a field to serde.
#[cfg(feature = "serde")]
#[doc(hidden)]
#[macro_export]
macro_rules! __jetjson_require_serde {
    () => {};
}

/// Expands to nothing with the `serde` feature; without it, to a compile
/// error that says to enable it. The derive emits it once per type that
/// hands a field to serde.
#[cfg(not(feature = "serde"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __jetjson_require_serde {
    () => {
        ::core::compile_error!(
            "this type uses serde (a `with` function or a serde-only field type): enable jetjson's `serde` feature: jetjson = { version = \"0.1\", features = [\"serde\"] }"
        );
    };
}

pub use crate::__jetjson_require_serde as require_serde;

/// Writes `value` through serde. On failure the value's bytes are cut back
/// out, `null` is written instead, and the error is kept for the fallible
/// entry point that called in (see [`crate::try_to_vec`]).
#[cfg(feature = "serde")]
pub fn serde_write<T: ?Sized + serde::Serialize>(value: &T, w: &mut Writer<'_>) {
    serde_write_with(w, |s| value.serialize(s));
}

/// [`serde_write`] with a serde `serialize_with` function.
#[cfg(feature = "serde")]
pub fn serde_write_with<F>(w: &mut Writer<'_>, f: F)
where
    F: FnOnce(crate::serde::Serializer<'_, '_>) -> Result<(), Error>,
{
    let start = w.as_bytes().len();
    if let Err(e) = f(crate::serde::Serializer::new(w)) {
        w.truncate(start);
        w.write_null();
        crate::scope::record(e);
    }
}

/// Reads a `T` through serde.
#[cfg(feature = "serde")]
pub fn serde_read<'de, T: serde::Deserialize<'de>>(r: &mut Reader<'de>) -> Result<T, Error> {
    crate::serde::read_value(r, |d| T::deserialize(d))
}

/// The value of an absent `#[json(serde)]` field, as serde's derive makes
/// it: the type's `Deserialize` is asked to read from nothing, which an
/// `Option` answers with `None`; any other type fails, and `missing` makes
/// the "missing field" error.
#[cfg(feature = "serde")]
pub fn serde_missing<'de, T, F>(missing: F) -> Result<T, Error>
where
    T: serde::Deserialize<'de>,
    F: FnOnce() -> Error,
{
    T::deserialize(crate::serde::Absent).map_err(|_| missing())
}

/// Reads with a serde `deserialize_with` function.
#[cfg(feature = "serde")]
pub fn serde_read_with<'de, T, F>(r: &mut Reader<'de>, f: F) -> Result<T, Error>
where
    F: FnOnce(crate::serde::Deserializer<'_, 'de>) -> Result<T, Error>,
{
    crate::serde::read_value(r, f)
}

/// Builds a `Value` through serde; on failure `null`, the error kept as for
/// [`serde_write`].
#[cfg(feature = "serde")]
pub fn serde_to_value<T: ?Sized + serde::Serialize>(value: &T) -> Value {
    serde_to_value_with(|s| value.serialize(s))
}

/// [`serde_to_value`] with a serde `serialize_with` function.
#[cfg(feature = "serde")]
pub fn serde_to_value_with<F>(f: F) -> Value
where
    F: FnOnce(crate::serde::ValueSerializer) -> Result<Value, Error>,
{
    match f(crate::serde::ValueSerializer) {
        Ok(v) => v,
        Err(e) => {
            crate::scope::record(e);
            Value::Null
        }
    }
}

/// Makes a `T` from a `Value` through serde.
#[cfg(feature = "serde")]
pub fn serde_from_value<T: serde::de::DeserializeOwned>(v: &Value) -> Result<T, Error> {
    T::deserialize(crate::serde::ValueDeserializer::new(v))
}

/// [`serde_from_value`] with a serde `deserialize_with` function.
#[cfg(feature = "serde")]
pub fn serde_from_value_with<'v, T, F>(v: &'v Value, f: F) -> Result<T, Error>
where
    F: FnOnce(crate::serde::ValueDeserializer<'v>) -> Result<T, Error>,
{
    f(crate::serde::ValueDeserializer::new(v))
}

/// Writes `value` as MessagePack through serde; on failure nil, the error
/// kept as for [`serde_write`].
#[cfg(feature = "serde")]
pub fn serde_write_msgpack<T: ?Sized + serde::Serialize>(
    value: &T,
    w: &mut crate::msgpack::Writer,
) {
    serde_write_msgpack_with(w, |s| value.serialize(s));
}

/// [`serde_write_msgpack`] with a serde `serialize_with` function.
#[cfg(feature = "serde")]
pub fn serde_write_msgpack_with<F>(w: &mut crate::msgpack::Writer, f: F)
where
    F: FnOnce(crate::serde::msgpack::Serializer<'_>) -> Result<(), Error>,
{
    let start = w.as_bytes().len();
    if let Err(e) = f(crate::serde::msgpack::Serializer::new(w)) {
        w.truncate(start);
        w.write_nil();
        crate::scope::record(e);
    }
}

/// Reads a `T` from MessagePack through serde.
#[cfg(feature = "serde")]
pub fn serde_read_msgpack<'de, T: serde::Deserialize<'de>>(
    r: &mut crate::msgpack::Reader<'de>,
) -> Result<T, Error> {
    T::deserialize(crate::serde::msgpack::Deserializer::new(r))
}

/// Reads MessagePack with a serde `deserialize_with` function.
#[cfg(feature = "serde")]
pub fn serde_read_msgpack_with<'de, T, F>(
    r: &mut crate::msgpack::Reader<'de>,
    f: F,
) -> Result<T, Error>
where
    F: FnOnce(crate::serde::msgpack::Deserializer<'_, 'de>) -> Result<T, Error>,
{
    f(crate::serde::msgpack::Deserializer::new(r))
}
