//! `#[serde(flatten)]` by routing, not buffering.
//!
//! serde reads an object with flattened fields into an intermediate tree and
//! lets each flattened field deserialize itself from that tree, which loses
//! `deny_unknown_fields`, 128-bit integers, borrowed strings and exact
//! numbers. jetjson's generator knows every type it derives, so each derived
//! struct also gets the traits below: the outer decoder reads each key once,
//! matches its own fields, and offers every other member to its flattened
//! fields, which take it ("this key is mine") and read its value straight
//! from the input. Nothing is buffered; the members are read once, in input
//! order.
//!
//! The same traits serve the content of internally tagged newtype variants
//! (`#[serde(tag = "type")] enum E { Created(Created) }`): the inner type's
//! members share the object with the tag.
//!
//! Implemented by the derive for structs with named fields, and here for
//! the catch-alls (`HashMap`/`BTreeMap`/[`Map`] keyed by strings or other
//! key types, [`Value`]) and `Option<T>` (`None` when none of `T`'s keys
//! appear). A catch-all answers `CATCH_ALL = true`.
//!
//! The outermost decoder routes each member it does not read itself in two
//! rounds. First the claiming round ([`FlatFromJson::flat_claim`]): every
//! flattened field's fields that take their own keys, at any depth (the
//! fields of a flattened struct, of the structs flattened into that one,
//! ...), never a catch-all. A member none of them takes then goes to the
//! catch-all round ([`FlatFromJson::flat_rest`]): every catch-all, at any
//! depth (inside flattened structs, `Option`s and `Box`es), receives it, in
//! declaration order; a second catch-all reads the value again (serde
//! hands each of its catch-alls every member no struct took). An untagged
//! enum is a catch-all here: it keeps a copy of the members no field
//! claims, as serde's catch-all beside it sees them too.
//!
//! Not public API: the generated code names these through `__private`.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

use crate::msgpack::{FromMsgpack, Reader as MsgpackReader, ToMsgpack, Writer as MsgpackWriter};
use crate::read::Str;
use crate::value::{FromValue, FromValueKey, ToValue, ToValueKey};
use crate::{Error, FromJson, FromJsonKey, Map, Reader, ToJson, ToJsonKey, Value, Writer};

/// A key offered to a flattened field: borrowed from the input when it held
/// no escape, else unescaped into its own string.
pub type FlatKey<'de> = Cow<'de, str>;

/// The key just read, detached from the reader so that the reader can go on
/// to read the value. Allocates only for a key with an escape.
#[inline]
pub fn flat_key<'de>(key: Str<'de, '_>) -> FlatKey<'de> {
    match key {
        Str::Borrowed(s) => Cow::Borrowed(s),
        Str::Copied(s) => Cow::Owned(s.to_owned()),
    }
}

fn key_str<'de, 'k>(key: &'k FlatKey<'de>) -> Str<'de, 'k> {
    match key {
        Cow::Borrowed(s) => Str::Borrowed(s),
        Cow::Owned(s) => Str::Copied(s),
    }
}

// MARK: - JSON

/// A type whose members can share an object with an enclosing struct's: the
/// target of `flatten`, or the content of an internally tagged newtype
/// variant.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into an object",
    label = "not a struct with named fields or an enum without lifetimes that derives jetjson, a map, `Value`, or an `Option` of one",
    note = "`#[serde(flatten)]` and internally tagged newtype variants need a type whose JSON form is an object",
    note = "a derived enum with a lifetime (one that borrows from the input) cannot be flattened: its members are kept as text until the object ends and read from that copy; give the enum owned fields (`String` for `&'a str`, `Cow<'static, str>`)"
)]
pub trait FlatFromJson<'de>: Sized {
    /// What is kept while the members are read: one slot per field.
    type Slots;
    /// Whether every offered key is taken (a map, `Value`, an untagged
    /// enum): asked only in the catch-all round ([`FlatFromJson::flat_rest`]).
    const CATCH_ALL: bool = false;
    /// `deny_unknown_fields` of the type, for internally tagged newtype
    /// variants, where the type has the object to itself.
    const DENY_UNKNOWN: bool = false;
    /// The keys it reads, for "unknown field" errors.
    const FIELDS: &'static [&'static str] = &[];

    /// Empty slots.
    fn flat_slots() -> Self::Slots;

    /// The claiming round of an enclosing decoder (asked of a type that is
    /// not [`CATCH_ALL`](Self::CATCH_ALL)): as
    /// [`flat_member`](Self::flat_member), but only the fields that take
    /// their own keys are asked, at any depth; a catch-all inside is left
    /// for [`flat_rest`](Self::flat_rest). The default is `flat_member`,
    /// right for a type without a catch-all inside.
    #[inline]
    fn flat_claim(
        slots: &mut Self::Slots,
        key: &FlatKey<'de>,
        key_at: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        Self::flat_member(slots, key, key_at, r)
    }

    /// The catch-all round: the member `key` (at `key_at`) that nothing
    /// claimed, given to every catch-all of the type, at any depth. Its
    /// value starts at `value_at`; `taken` says whether an earlier
    /// catch-all read it already (`r` is after it), else `r` is at it.
    /// Returns whether one here read it (`r` is then after the value); else
    /// `r` did not move. The default is a catch-all's: it reads the value
    /// (again, when taken); any other type has no catch-all.
    #[inline]
    fn flat_rest(
        slots: &mut Self::Slots,
        taken: bool,
        value_at: usize,
        key: &FlatKey<'de>,
        key_at: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        if !Self::CATCH_ALL {
            return Ok(false);
        }
        if taken {
            r.seek(value_at);
        }
        Self::flat_member(slots, key, key_at, r)
    }

    /// Whether [`flat_member`](Self::flat_member) would take `key`; a
    /// flattened enum asks it of its newtype variants' content.
    #[inline]
    fn flat_claims(key: &str) -> bool {
        Self::CATCH_ALL || Self::FIELDS.contains(&key)
    }

    /// Offered the member `key` (at input offset `key_at`), with `r` at its
    /// value: reads the value and returns `true` when the key is this type's,
    /// else returns `false` having read nothing. Both rounds at once, for
    /// a type that has the object to itself (an internally tagged newtype
    /// variant's content); a derived struct with flattened fields answers
    /// [`flat_claim`](Self::flat_claim), then [`flat_rest`](Self::flat_rest).
    ///
    /// The default is a derived struct's: [`flat_index`](Self::flat_index)
    /// then [`flat_read`](Self::flat_read).
    #[inline]
    fn flat_member(
        slots: &mut Self::Slots,
        key: &FlatKey<'de>,
        key_at: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        Self::flat_read(slots, Self::flat_index(key.as_bytes()), key_at, r)
    }

    /// The value, after the object's `}`: missing fields take their defaults
    /// or are errors at `r`'s position.
    fn flat_finish(slots: Self::Slots, r: &Reader<'de>) -> Result<Self, Error>;

    /// [`flat_finish`](Self::flat_finish) for a struct under
    /// `deny_unknown_fields`: a flattened enum that took members it does
    /// not use (an untagged enum's other variants' keys, an internally
    /// tagged one's other variants' fields) fails on the first such key,
    /// at its position. The default is `flat_finish`: every other type
    /// takes only the keys it uses.
    #[inline]
    fn flat_finish_strict(slots: Self::Slots, r: &Reader<'de>) -> Result<Self, Error> {
        Self::flat_finish(slots, r)
    }

    /// The position of the field named `key` among a derived struct's
    /// fields, or their count when none is named so. With
    /// [`flat_read`](Self::flat_read), the one key match and the one
    /// per-field body of a struct without flattened fields, shared by its
    /// `read_json` (after the in-order guess) and its `flat_member`. The
    /// default names no field; only the derive's callers ask.
    #[inline]
    fn flat_index(key: &[u8]) -> usize {
        let _ = key;
        usize::MAX
    }

    /// Reads the value of field `index` (key at `key_at`) into its slot and
    /// returns `true`, or returns `false` having read nothing when `index`
    /// is no field's.
    #[inline]
    fn flat_read(
        slots: &mut Self::Slots,
        index: usize,
        key_at: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        let _ = (slots, index, key_at, r);
        Ok(false)
    }
}

/// The writing side of [`FlatFromJson`]: the members, without braces.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into an object",
    label = "not a struct with named fields or an enum that derives jetjson, a map, `Value`, or an `Option` of one"
)]
pub trait FlatToJson {
    /// Writes the members, each after a comma unless `*first`; clears
    /// `*first` once one is written.
    fn write_flat(&self, w: &mut Writer<'_>, first: &mut bool);
}

/// The comma before a member, and the flag after it.
#[inline]
pub fn flat_comma(w: &mut Writer<'_>, first: &mut bool) {
    if !*first {
        w.write_byte(b',');
    }
    *first = false;
}

/// `Option<T>`'s slots: whether one of `T`'s own keys appeared, whether
/// `T`'s catch-all part took members, `T`'s slots, and the error of the
/// first member its catch-all part could not take. From then on the
/// `Option` takes the members its catch-all part is offered, and passes
/// them over.
pub type OptionSlots<S> = (bool, bool, S, Option<Error>);

/// `Option<T>` from its slots: `None` when `T` took no member; `T`, which
/// must be whole, once one of its own keys appeared (serde would make it
/// `None` on any error, losing what was there); when only its catch-all
/// part took members, `T` when it can be made from them, else `None`, as
/// in serde.
#[inline]
fn finish_option<S, T>(
    slots: OptionSlots<S>,
    finish: impl FnOnce(S) -> Result<T, Error>,
) -> Result<Option<T>, Error> {
    match slots {
        (true, _, _, Some(e)) => Err(e),
        (true, _, s, None) => finish(s).map(Some),
        (false, true, s, None) => Ok(finish(s).ok()),
        _ => Ok(None),
    }
}

impl<'de, T: FlatFromJson<'de>> FlatFromJson<'de> for Option<T> {
    type Slots = OptionSlots<T::Slots>;
    const CATCH_ALL: bool = T::CATCH_ALL;
    const FIELDS: &'static [&'static str] = T::FIELDS;

    #[inline]
    fn flat_slots() -> Self::Slots {
        (false, false, T::flat_slots(), None)
    }

    #[inline]
    fn flat_claims(key: &str) -> bool {
        T::flat_claims(key)
    }

    #[inline]
    fn flat_member(
        slots: &mut Self::Slots,
        key: &FlatKey<'de>,
        key_at: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        let taken = T::flat_member(&mut slots.2, key, key_at, r)?;
        slots.0 |= taken;
        Ok(taken)
    }

    #[inline]
    fn flat_claim(
        slots: &mut Self::Slots,
        key: &FlatKey<'de>,
        key_at: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        let taken = T::flat_claim(&mut slots.2, key, key_at, r)?;
        slots.0 |= taken;
        Ok(taken)
    }

    #[inline]
    fn flat_rest(
        slots: &mut Self::Slots,
        taken: bool,
        value_at: usize,
        key: &FlatKey<'de>,
        key_at: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        if slots.3.is_none() {
            let at = r.checkpoint();
            match T::flat_rest(&mut slots.2, taken, value_at, key, key_at, r) {
                Ok(kept) => {
                    slots.1 |= kept;
                    return Ok(kept);
                }
                Err(e) => {
                    r.restore(at);
                    slots.3 = Some(e);
                }
            }
        }
        // Passed over (a syntax error is still one).
        if !taken {
            r.skip_value()?;
        }
        Ok(true)
    }

    #[inline]
    fn flat_finish(slots: Self::Slots, r: &Reader<'de>) -> Result<Self, Error> {
        finish_option(slots, |s| T::flat_finish(s, r))
    }

    #[inline]
    fn flat_finish_strict(slots: Self::Slots, r: &Reader<'de>) -> Result<Self, Error> {
        finish_option(slots, |s| T::flat_finish_strict(s, r))
    }
}

impl<T: FlatToJson> FlatToJson for Option<T> {
    #[inline]
    fn write_flat(&self, w: &mut Writer<'_>, first: &mut bool) {
        if let Some(v) = self {
            v.write_flat(w, first);
        }
    }
}

impl<'de, T: FlatFromJson<'de>> FlatFromJson<'de> for Box<T> {
    type Slots = T::Slots;
    const CATCH_ALL: bool = T::CATCH_ALL;
    const DENY_UNKNOWN: bool = T::DENY_UNKNOWN;
    const FIELDS: &'static [&'static str] = T::FIELDS;

    #[inline]
    fn flat_slots() -> Self::Slots {
        T::flat_slots()
    }

    #[inline]
    fn flat_claim(
        slots: &mut Self::Slots,
        key: &FlatKey<'de>,
        key_at: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        T::flat_claim(slots, key, key_at, r)
    }

    #[inline]
    fn flat_rest(
        slots: &mut Self::Slots,
        taken: bool,
        value_at: usize,
        key: &FlatKey<'de>,
        key_at: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        T::flat_rest(slots, taken, value_at, key, key_at, r)
    }

    #[inline]
    fn flat_claims(key: &str) -> bool {
        T::flat_claims(key)
    }

    #[inline]
    fn flat_member(
        slots: &mut Self::Slots,
        key: &FlatKey<'de>,
        key_at: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        T::flat_member(slots, key, key_at, r)
    }

    #[inline]
    fn flat_finish(slots: Self::Slots, r: &Reader<'de>) -> Result<Self, Error> {
        T::flat_finish(slots, r).map(Box::new)
    }

    #[inline]
    fn flat_finish_strict(slots: Self::Slots, r: &Reader<'de>) -> Result<Self, Error> {
        T::flat_finish_strict(slots, r).map(Box::new)
    }
}

impl<T: FlatToJson + ?Sized> FlatToJson for Box<T> {
    #[inline]
    fn write_flat(&self, w: &mut Writer<'_>, first: &mut bool) {
        (**self).write_flat(w, first);
    }
}

/// Reads one remaining member into a catch-all: the key converted to `K`,
/// the value to `V`, errors pointed at the key or carrying it in the path.
#[inline]
fn catch_member<'de, K, V>(
    key: &FlatKey<'de>,
    key_at: usize,
    r: &mut Reader<'de>,
) -> Result<(K, V), Error>
where
    K: FromJsonKey<'de>,
    V: FromJson<'de>,
{
    let k = K::from_json_key(key_str(key), r).map_err(|e| e.with_position(r.input(), key_at))?;
    let v = V::read_json(r).map_err(|e| e.key(key))?;
    Ok((k, v))
}

#[inline]
fn write_members<'a, K, V>(
    w: &mut Writer<'_>,
    first: &mut bool,
    members: impl IntoIterator<Item = (&'a K, &'a V)>,
) where
    K: ToJsonKey + 'a + ?Sized,
    V: ToJson + 'a,
{
    for (k, v) in members {
        flat_comma(w, first);
        k.write_json_key(w);
        w.write_byte(b':');
        v.write_json(w);
        w.flush_point();
    }
}

impl<'de, K, V, S> FlatFromJson<'de> for HashMap<K, V, S>
where
    K: FromJsonKey<'de> + Eq + Hash,
    V: FromJson<'de>,
    S: BuildHasher + Default,
{
    type Slots = Self;
    const CATCH_ALL: bool = true;

    #[inline]
    fn flat_slots() -> Self {
        HashMap::default()
    }

    #[inline]
    fn flat_member(
        slots: &mut Self,
        key: &FlatKey<'de>,
        key_at: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        let (k, v) = catch_member(key, key_at, r)?;
        slots.insert(k, v);
        Ok(true)
    }

    #[inline]
    fn flat_finish(slots: Self, _r: &Reader<'de>) -> Result<Self, Error> {
        Ok(slots)
    }
}

impl<K: ToJsonKey, V: ToJson, S> FlatToJson for HashMap<K, V, S> {
    #[inline]
    fn write_flat(&self, w: &mut Writer<'_>, first: &mut bool) {
        write_members(w, first, self);
    }
}

impl<'de, K, V> FlatFromJson<'de> for BTreeMap<K, V>
where
    K: FromJsonKey<'de> + Ord,
    V: FromJson<'de>,
{
    type Slots = Self;
    const CATCH_ALL: bool = true;

    #[inline]
    fn flat_slots() -> Self {
        BTreeMap::new()
    }

    #[inline]
    fn flat_member(
        slots: &mut Self,
        key: &FlatKey<'de>,
        key_at: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        let (k, v) = catch_member(key, key_at, r)?;
        slots.insert(k, v);
        Ok(true)
    }

    #[inline]
    fn flat_finish(slots: Self, _r: &Reader<'de>) -> Result<Self, Error> {
        Ok(slots)
    }
}

impl<K: ToJsonKey, V: ToJson> FlatToJson for BTreeMap<K, V> {
    #[inline]
    fn write_flat(&self, w: &mut Writer<'_>, first: &mut bool) {
        write_members(w, first, self);
    }
}

// MARK: - Enums

/// The members a flattened enum claimed, copied as they were in the input
/// (key, colon, value; validated by skipping), to be read as one object
/// after the enclosing object ends. An enum's variant may be named by a tag
/// that comes after its fields, and an untagged enum is tried variant by
/// variant, so its members are read twice: the text is copied, not a tree,
/// so numbers, escapes and 128-bit integers stay exact, and errors point
/// back into the original input.
#[derive(Default)]
pub struct FlatText {
    text: Vec<u8>,
    /// `(offset in text, offset in the input)` of each member.
    segments: Vec<(usize, usize)>,
}

impl FlatText {
    /// Whether no member was copied yet.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// Copies the member whose key starts at `key_at`; `r` is at its value.
    #[inline]
    pub fn push(&mut self, key_at: usize, r: &mut Reader<'_>) -> Result<(), Error> {
        r.skip_value()?;
        let member = &r.input()[key_at..r.offset()];
        self.text
            .push(if self.text.is_empty() { b'{' } else { b',' });
        self.segments.push((self.text.len(), key_at));
        self.text.extend_from_slice(member);
        Ok(())
    }

    /// Reads the members as one object of type `T`; `r` is the enclosing
    /// reader, after its object.
    pub fn read<T: crate::FromJsonOwned>(mut self, r: &Reader<'_>) -> Result<T, Error> {
        self.read_object(r)
    }

    /// [`read`](Self::read), then every member's key offered to `uses`
    /// with the value: the first it refuses (giving the keys it expected)
    /// is an "unknown field" error at that key in the input.
    pub fn read_strict<T: crate::FromJsonOwned>(
        mut self,
        r: &Reader<'_>,
        uses: impl Fn(&T, &str) -> Result<(), &'static [&'static str]>,
    ) -> Result<T, Error> {
        let value = self.read_object(r)?;
        for &(at, original) in &self.segments {
            let mut keys = Reader::new(&self.text);
            keys.seek(at);
            let key = keys.read_key()?;
            if let Err(expected) = uses(&value, key.as_str()) {
                let key = key.as_str().to_owned();
                return Err(crate::__private::unknown_field(r, &key, expected, original));
            }
        }
        Ok(value)
    }

    fn read_object<T: crate::FromJsonOwned>(&mut self, r: &Reader<'_>) -> Result<T, Error> {
        if self.text.is_empty() {
            self.text.push(b'{');
        }
        self.text.push(b'}');
        let mut inner = Reader::new(&self.text);
        inner.set_max_depth(r.max_depth().saturating_sub(r.depth()).max(1));
        let value = T::read_json(&mut inner).and_then(|v| inner.finish().map(|()| v));
        value.map_err(|e| {
            let at = e.offset();
            let original = if at + 1 >= self.text.len() {
                // The object's end: where the enclosing one ended.
                r.offset()
            } else {
                match self.segments.iter().rev().find(|(t, _)| *t <= at) {
                    Some((t, i)) => i + (at - t),
                    None => r.offset(),
                }
            };
            e.reposition(r.input(), original)
        })
    }
}

/// [`FlatText`] for MessagePack: the claimed members' bytes, read as one
/// map after the enclosing one.
#[derive(Default)]
pub struct FlatBytes {
    bytes: Vec<u8>,
    count: usize,
    segments: Vec<(usize, usize)>,
}

impl FlatBytes {
    /// Whether no member was copied yet.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Copies the member whose key starts at `key_at`; `r` is at its value.
    #[inline]
    pub fn push(&mut self, key_at: usize, r: &mut MsgpackReader<'_>) -> Result<(), Error> {
        r.skip_value()?;
        self.segments.push((self.bytes.len(), key_at));
        self.bytes.extend_from_slice(&r.input()[key_at..r.offset()]);
        self.count += 1;
        Ok(())
    }

    /// [`FlatText::read_strict`] for MessagePack.
    pub fn read_strict<T: crate::msgpack::FromMsgpackOwned>(
        self,
        r: &MsgpackReader<'_>,
        uses: impl Fn(&T, &str) -> Result<(), &'static [&'static str]>,
    ) -> Result<T, Error> {
        let value = self.read_map(r)?;
        for &(at, original) in &self.segments {
            let key = MsgpackReader::new(&self.bytes[at..]).read_str()?;
            if let Err(expected) = uses(&value, key) {
                return Err(r.unknown_field(key, expected, original));
            }
        }
        Ok(value)
    }

    /// Reads the members as one map of type `T`.
    pub fn read<T: crate::msgpack::FromMsgpackOwned>(
        self,
        r: &MsgpackReader<'_>,
    ) -> Result<T, Error> {
        self.read_map(r)
    }

    fn read_map<T: crate::msgpack::FromMsgpackOwned>(
        &self,
        r: &MsgpackReader<'_>,
    ) -> Result<T, Error> {
        let mut w = MsgpackWriter::new();
        w.write_map_len(self.count);
        let header = w.as_bytes().len();
        w.write_raw(&self.bytes);
        let buf = w.into_vec();
        let mut inner = MsgpackReader::new(&buf);
        inner.set_max_depth(r.max_depth().saturating_sub(r.depth()).max(1));
        let value = T::read_msgpack(&mut inner).and_then(|v| inner.finish().map(|()| v));
        value.map_err(|e| {
            let at = e.offset().saturating_sub(header);
            let original = if e.offset() < header || at >= self.bytes.len() {
                r.offset()
            } else {
                match self.segments.iter().rev().find(|(t, _)| *t <= at) {
                    Some((t, i)) => i + (at - t),
                    None => r.offset(),
                }
            };
            e.reposition(r.input(), original)
        })
    }
}

/// What a flattened enum's variant uses of the members it took, for
/// [`FlatText::read_strict`] and its kin: `key` when it is one of `names`
/// (the variant's fields, its tag) or `nested` (a flattened field of the
/// variant claims it), else the names expected.
#[inline]
pub fn flat_uses(
    key: &str,
    names: &'static [&'static str],
    nested: bool,
) -> Result<(), &'static [&'static str]> {
    if nested || names.contains(&key) {
        Ok(())
    } else {
        Err(names)
    }
}

/// [`FlatText::read_strict`] for `Value` conversions: the members as one
/// object converted to `T`, then each key offered to `uses`.
pub fn value_flat_strict<T: FromValue>(
    members: Map<String, Value>,
    uses: impl Fn(&T, &str) -> Result<(), &'static [&'static str]>,
) -> Result<T, Error> {
    let object = Value::Object(members);
    let value = T::from_value_ref(&object)?;
    if let Value::Object(members) = &object {
        for key in members.keys() {
            if let Err(expected) = uses(&value, key) {
                return Err(crate::__private::value_unknown_field(key, expected));
            }
        }
    }
    Ok(value)
}

/// `FlatToJson` of a derived struct or enum: the members of the object its
/// `ToJson` writes, inline (taken out of that object in place); a value
/// written as a non-object (a unit variant's name) has none. One function
/// for every type, so the derive writes each field's code once, in
/// `write_json`, instead of a second time for flattening.
#[inline]
pub fn flat_write_object<T: ToJson + ?Sized>(value: &T, w: &mut Writer<'_>, first: &mut bool) {
    w.write_members_of(first, |w| value.write_json(w));
}

/// `FlatToValue` for an enum: its object's members.
pub fn flat_to_value_enum<T: ToValue + ?Sized>(value: &T, members: &mut Vec<(String, Value)>) {
    if let Value::Object(m) = &mut value.to_value() {
        members.extend(std::mem::take(m));
    }
}

/// `FlatToMsgpack` for an enum: its map's members, encoded once to count
/// them and once to write them.
pub fn flat_msgpack_enum<T: ToMsgpack + ?Sized>(value: &T) -> (usize, Vec<u8>) {
    let bytes = crate::msgpack::to_vec(value);
    let mut r = MsgpackReader::new(&bytes);
    match r.peek() {
        Some(0x80..=0x8f | 0xde | 0xdf) => match r.read_map_len() {
            Ok(n) => {
                let at = r.offset();
                (n, bytes[at..].to_vec())
            }
            Err(_) => (0, Vec::new()),
        },
        _ => (0, Vec::new()),
    }
}

// MARK: - Value

/// [`FlatFromJson`] for conversions from a [`Value`]: members are offered by
/// reference (the default for the owned form clones what is taken), and
/// catch-alls move them.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into an object",
    label = "not a struct with named fields or an enum without lifetimes that derives jetjson, a map, `Value`, or an `Option` of one",
    note = "a derived enum with a lifetime (one that borrows from the input) cannot be flattened: its members are kept as text until the object ends and read from that copy; give the enum owned fields (`String` for `&'a str`, `Cow<'static, str>`)"
)]
pub trait FlatFromValue: Sized {
    /// One slot per field.
    type Slots;
    /// Whether every offered key is taken (a map, `Value`, an untagged
    /// enum): asked only in the catch-all round ([`FlatFromJson::flat_rest`]).
    const CATCH_ALL: bool = false;
    /// `deny_unknown_fields` of the type.
    const DENY_UNKNOWN: bool = false;
    /// The keys it reads, for "unknown field" errors.
    const FIELDS: &'static [&'static str] = &[];

    /// Empty slots.
    fn flat_slots() -> Self::Slots;

    /// Whether the type takes `key`.
    #[inline]
    fn flat_claims(key: &str) -> bool {
        Self::CATCH_ALL || Self::FIELDS.contains(&key)
    }

    /// [`FlatFromJson::flat_claim`], by reference; the default is
    /// [`flat_member_ref`](Self::flat_member_ref).
    #[inline]
    fn flat_claim_ref(slots: &mut Self::Slots, key: &str, value: &Value) -> Result<bool, Error> {
        Self::flat_member_ref(slots, key, value)
    }

    /// [`FlatFromJson::flat_claim`], by value (the member back when not
    /// taken); the default is [`flat_member_owned`](Self::flat_member_owned).
    #[inline]
    fn flat_claim_owned(
        slots: &mut Self::Slots,
        key: String,
        value: Value,
    ) -> Result<Option<(String, Value)>, Error> {
        Self::flat_member_owned(slots, key, value)
    }

    /// [`FlatFromJson::flat_rest`], by reference: the member nothing
    /// claimed, given to every catch-all of the type at any depth; returns
    /// whether one here took it. The default is a catch-all's.
    #[inline]
    fn flat_rest_ref(slots: &mut Self::Slots, key: &str, value: &Value) -> Result<bool, Error> {
        if Self::CATCH_ALL {
            Self::flat_member_ref(slots, key, value)
        } else {
            Ok(false)
        }
    }

    /// [`flat_rest_ref`](Self::flat_rest_ref) by value, for the last
    /// flattened field asked: the member back when no catch-all here took
    /// it. The default moves it into a catch-all, and offers it by
    /// reference otherwise (a derived struct's catch-alls inside).
    #[inline]
    fn flat_rest_owned(
        slots: &mut Self::Slots,
        key: String,
        value: Value,
    ) -> Result<Option<(String, Value)>, Error> {
        if Self::CATCH_ALL {
            Self::flat_member_owned(slots, key, value)
        } else {
            crate::__private::flat_by_ref(slots, key, value, Self::flat_rest_ref)
        }
    }

    /// Offered a member: converts and keeps it when the key is this type's.
    /// The default is a derived struct's, through
    /// [`flat_member_any`](Self::flat_member_any).
    #[inline]
    fn flat_member_ref(slots: &mut Self::Slots, key: &str, value: &Value) -> Result<bool, Error> {
        Ok(Self::flat_member_any(slots, key, value)?.is_none())
    }

    /// Offered a member by value: returns it back when the key is not this
    /// type's. The default is a derived struct's, through
    /// [`flat_member_any`](Self::flat_member_any).
    #[inline]
    fn flat_member_owned(
        slots: &mut Self::Slots,
        key: String,
        value: Value,
    ) -> Result<Option<(String, Value)>, Error> {
        Ok(Self::flat_member_any(slots, &key, value)?.map(|v| (key, v)))
    }

    /// Offered a member from an owned or a borrowed value: converts it
    /// when the key is this type's (`Ok(None)`), else gives the value back.
    /// The one per-field body of a derived struct without flattened fields,
    /// behind its `flat_member_ref`, `flat_member_owned` and `FromValue`
    /// (through [`value_struct`](crate::__private::value_struct)); the
    /// default declines every key, and only the derive's callers ask it.
    #[inline]
    fn flat_member_any<V: crate::__private::ValueSource>(
        slots: &mut Self::Slots,
        key: &str,
        value: V,
    ) -> Result<Option<V>, Error> {
        let _ = (slots, key);
        Ok(Some(value))
    }

    /// The value, after the last member.
    fn flat_finish_value(slots: Self::Slots) -> Result<Self, Error>;

    /// [`FlatFromJson::flat_finish_strict`].
    #[inline]
    fn flat_finish_value_strict(slots: Self::Slots) -> Result<Self, Error> {
        Self::flat_finish_value(slots)
    }
}

/// The members a flattened field adds to the enclosing object's `Value`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into an object",
    label = "not a struct with named fields or an enum that derives jetjson, a map, `Value`, or an `Option` of one"
)]
pub trait FlatToValue {
    /// Appends the members.
    fn flat_to_value(&self, members: &mut Vec<(String, Value)>);
}

impl<T: FlatFromValue> FlatFromValue for Option<T> {
    type Slots = OptionSlots<T::Slots>;
    const CATCH_ALL: bool = T::CATCH_ALL;
    const FIELDS: &'static [&'static str] = T::FIELDS;

    #[inline]
    fn flat_slots() -> Self::Slots {
        (false, false, T::flat_slots(), None)
    }

    #[inline]
    fn flat_claims(key: &str) -> bool {
        T::flat_claims(key)
    }

    #[inline]
    fn flat_member_ref(slots: &mut Self::Slots, key: &str, value: &Value) -> Result<bool, Error> {
        let taken = T::flat_member_ref(&mut slots.2, key, value)?;
        slots.0 |= taken;
        Ok(taken)
    }

    #[inline]
    fn flat_member_owned(
        slots: &mut Self::Slots,
        key: String,
        value: Value,
    ) -> Result<Option<(String, Value)>, Error> {
        let back = T::flat_member_owned(&mut slots.2, key, value)?;
        slots.0 |= back.is_none();
        Ok(back)
    }

    #[inline]
    fn flat_claim_ref(slots: &mut Self::Slots, key: &str, value: &Value) -> Result<bool, Error> {
        let taken = T::flat_claim_ref(&mut slots.2, key, value)?;
        slots.0 |= taken;
        Ok(taken)
    }

    #[inline]
    fn flat_claim_owned(
        slots: &mut Self::Slots,
        key: String,
        value: Value,
    ) -> Result<Option<(String, Value)>, Error> {
        let back = T::flat_claim_owned(&mut slots.2, key, value)?;
        slots.0 |= back.is_none();
        Ok(back)
    }

    #[inline]
    fn flat_rest_ref(slots: &mut Self::Slots, key: &str, value: &Value) -> Result<bool, Error> {
        if slots.3.is_none() {
            match T::flat_rest_ref(&mut slots.2, key, value) {
                Ok(kept) => {
                    slots.1 |= kept;
                    return Ok(kept);
                }
                Err(e) => slots.3 = Some(e),
            }
        }
        Ok(true)
    }

    #[inline]
    fn flat_rest_owned(
        slots: &mut Self::Slots,
        key: String,
        value: Value,
    ) -> Result<Option<(String, Value)>, Error> {
        if slots.3.is_none() {
            match T::flat_rest_owned(&mut slots.2, key, value) {
                Ok(back) => {
                    slots.1 |= back.is_none();
                    return Ok(back);
                }
                Err(e) => slots.3 = Some(e),
            }
        }
        Ok(None)
    }

    #[inline]
    fn flat_finish_value(slots: Self::Slots) -> Result<Self, Error> {
        finish_option(slots, T::flat_finish_value)
    }

    #[inline]
    fn flat_finish_value_strict(slots: Self::Slots) -> Result<Self, Error> {
        finish_option(slots, T::flat_finish_value_strict)
    }
}

impl<T: FlatToValue> FlatToValue for Option<T> {
    #[inline]
    fn flat_to_value(&self, members: &mut Vec<(String, Value)>) {
        if let Some(v) = self {
            v.flat_to_value(members);
        }
    }
}

impl<T: FlatFromValue> FlatFromValue for Box<T> {
    type Slots = T::Slots;
    const CATCH_ALL: bool = T::CATCH_ALL;
    const DENY_UNKNOWN: bool = T::DENY_UNKNOWN;
    const FIELDS: &'static [&'static str] = T::FIELDS;

    #[inline]
    fn flat_slots() -> Self::Slots {
        T::flat_slots()
    }

    #[inline]
    fn flat_claim_ref(slots: &mut Self::Slots, key: &str, value: &Value) -> Result<bool, Error> {
        T::flat_claim_ref(slots, key, value)
    }

    #[inline]
    fn flat_claim_owned(
        slots: &mut Self::Slots,
        key: String,
        value: Value,
    ) -> Result<Option<(String, Value)>, Error> {
        T::flat_claim_owned(slots, key, value)
    }

    #[inline]
    fn flat_rest_ref(slots: &mut Self::Slots, key: &str, value: &Value) -> Result<bool, Error> {
        T::flat_rest_ref(slots, key, value)
    }

    #[inline]
    fn flat_rest_owned(
        slots: &mut Self::Slots,
        key: String,
        value: Value,
    ) -> Result<Option<(String, Value)>, Error> {
        T::flat_rest_owned(slots, key, value)
    }

    #[inline]
    fn flat_claims(key: &str) -> bool {
        T::flat_claims(key)
    }

    #[inline]
    fn flat_member_ref(slots: &mut Self::Slots, key: &str, value: &Value) -> Result<bool, Error> {
        T::flat_member_ref(slots, key, value)
    }

    #[inline]
    fn flat_member_owned(
        slots: &mut Self::Slots,
        key: String,
        value: Value,
    ) -> Result<Option<(String, Value)>, Error> {
        T::flat_member_owned(slots, key, value)
    }

    #[inline]
    fn flat_finish_value(slots: Self::Slots) -> Result<Self, Error> {
        T::flat_finish_value(slots).map(Box::new)
    }

    #[inline]
    fn flat_finish_value_strict(slots: Self::Slots) -> Result<Self, Error> {
        T::flat_finish_value_strict(slots).map(Box::new)
    }
}

impl<T: FlatToValue + ?Sized> FlatToValue for Box<T> {
    #[inline]
    fn flat_to_value(&self, members: &mut Vec<(String, Value)>) {
        (**self).flat_to_value(members);
    }
}

macro_rules! value_catch_all {
    ($([$($generics:tt)*] $map:ty, $new:expr, $insert:ident;)*) => {$(
        impl<$($generics)*> FlatFromValue for $map {
            type Slots = Self;
            const CATCH_ALL: bool = true;

            #[inline]
            fn flat_slots() -> Self {
                $new
            }

            #[inline]
            fn flat_member_ref(slots: &mut Self, key: &str, value: &Value) -> Result<bool, Error> {
                let k = FromValueKey::from_value_key(key)?;
                let v = FromValue::from_value_ref(value).map_err(|e| e.key(key))?;
                slots.$insert(k, v);
                Ok(true)
            }

            #[inline]
            fn flat_member_owned(
                slots: &mut Self,
                key: String,
                value: Value,
            ) -> Result<Option<(String, Value)>, Error> {
                let v = FromValue::from_value(value).map_err(|e| e.key(&key))?;
                let k = FromValueKey::from_value_key_owned(key)?;
                slots.$insert(k, v);
                Ok(None)
            }

            #[inline]
            fn flat_finish_value(slots: Self) -> Result<Self, Error> {
                Ok(slots)
            }
        }
    )*};
}

value_catch_all! {
    [K: FromValueKey + Eq + Hash, V: FromValue, S: BuildHasher + Default]
        HashMap<K, V, S>, HashMap::default(), insert;
    [K: FromValueKey + Ord, V: FromValue] BTreeMap<K, V>, BTreeMap::new(), insert;
}

impl<K: ToValueKey, V: ToValue, S> FlatToValue for HashMap<K, V, S> {
    #[inline]
    fn flat_to_value(&self, members: &mut Vec<(String, Value)>) {
        members.extend(self.iter().map(|(k, v)| (k.to_value_key(), v.to_value())));
    }
}

impl<K: ToValueKey, V: ToValue> FlatToValue for BTreeMap<K, V> {
    #[inline]
    fn flat_to_value(&self, members: &mut Vec<(String, Value)>) {
        members.extend(self.iter().map(|(k, v)| (k.to_value_key(), v.to_value())));
    }
}

// MARK: - MessagePack

/// [`FlatFromJson`] for MessagePack maps (keys are strings borrowed from
/// the input).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into a map",
    label = "not a struct with named fields or an enum without lifetimes that derives jetjson's Msgpack, a map, or an `Option` of one",
    note = "a derived enum with a lifetime (one that borrows from the input) cannot be flattened: its members are kept as bytes until the map ends and read from that copy; give the enum owned fields (`String` for `&'a str`, `Cow<'static, str>`)"
)]
pub trait FlatFromMsgpack<'de>: Sized {
    /// One slot per field.
    type Slots;
    /// Whether every offered key is taken (a map, `Value`, an untagged
    /// enum): asked only in the catch-all round ([`FlatFromJson::flat_rest`]).
    const CATCH_ALL: bool = false;
    /// `deny_unknown_fields` of the type.
    const DENY_UNKNOWN: bool = false;
    /// The keys it reads, for "unknown field" errors.
    const FIELDS: &'static [&'static str] = &[];

    /// Empty slots.
    fn flat_slots() -> Self::Slots;

    /// Whether the type takes `key`.
    #[inline]
    fn flat_claims(key: &str) -> bool {
        Self::CATCH_ALL || Self::FIELDS.contains(&key)
    }

    /// [`FlatFromJson::flat_claim`]; the default is
    /// [`flat_member`](Self::flat_member).
    #[inline]
    fn flat_claim(
        slots: &mut Self::Slots,
        key: &'de str,
        key_at: usize,
        r: &mut MsgpackReader<'de>,
    ) -> Result<bool, Error> {
        Self::flat_member(slots, key, key_at, r)
    }

    /// [`FlatFromJson::flat_rest`]; the default is a catch-all's.
    #[inline]
    fn flat_rest(
        slots: &mut Self::Slots,
        taken: bool,
        value_at: usize,
        key: &'de str,
        key_at: usize,
        r: &mut MsgpackReader<'de>,
    ) -> Result<bool, Error> {
        if !Self::CATCH_ALL {
            return Ok(false);
        }
        if taken {
            r.seek(value_at);
        }
        Self::flat_member(slots, key, key_at, r)
    }

    /// Offered a member with `r` at its value: reads it and returns `true`
    /// when the key is this type's, else `false` having read nothing.
    fn flat_member(
        slots: &mut Self::Slots,
        key: &'de str,
        key_at: usize,
        r: &mut MsgpackReader<'de>,
    ) -> Result<bool, Error>;

    /// The value, after the last member.
    fn flat_finish(slots: Self::Slots, r: &MsgpackReader<'de>) -> Result<Self, Error>;

    /// [`FlatFromJson::flat_finish_strict`].
    #[inline]
    fn flat_finish_strict(slots: Self::Slots, r: &MsgpackReader<'de>) -> Result<Self, Error> {
        Self::flat_finish(slots, r)
    }
}

/// The writing side of [`FlatFromMsgpack`]: a map header needs the count
/// before the members.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into a map",
    label = "not a struct with named fields or an enum that derives jetjson's Msgpack, a map, or an `Option` of one"
)]
pub trait FlatToMsgpack {
    /// How many members [`write_flat`](Self::write_flat) writes.
    fn flat_len(&self) -> usize;
    /// Writes the members (key, value, key, value, ...).
    fn write_flat(&self, w: &mut MsgpackWriter);
}

impl<'de, T: FlatFromMsgpack<'de>> FlatFromMsgpack<'de> for Option<T> {
    type Slots = OptionSlots<T::Slots>;
    const CATCH_ALL: bool = T::CATCH_ALL;
    const FIELDS: &'static [&'static str] = T::FIELDS;

    #[inline]
    fn flat_slots() -> Self::Slots {
        (false, false, T::flat_slots(), None)
    }

    #[inline]
    fn flat_claims(key: &str) -> bool {
        T::flat_claims(key)
    }

    #[inline]
    fn flat_member(
        slots: &mut Self::Slots,
        key: &'de str,
        key_at: usize,
        r: &mut MsgpackReader<'de>,
    ) -> Result<bool, Error> {
        let taken = T::flat_member(&mut slots.2, key, key_at, r)?;
        slots.0 |= taken;
        Ok(taken)
    }

    #[inline]
    fn flat_claim(
        slots: &mut Self::Slots,
        key: &'de str,
        key_at: usize,
        r: &mut MsgpackReader<'de>,
    ) -> Result<bool, Error> {
        let taken = T::flat_claim(&mut slots.2, key, key_at, r)?;
        slots.0 |= taken;
        Ok(taken)
    }

    #[inline]
    fn flat_rest(
        slots: &mut Self::Slots,
        taken: bool,
        value_at: usize,
        key: &'de str,
        key_at: usize,
        r: &mut MsgpackReader<'de>,
    ) -> Result<bool, Error> {
        if slots.3.is_none() {
            let at = r.checkpoint();
            match T::flat_rest(&mut slots.2, taken, value_at, key, key_at, r) {
                Ok(kept) => {
                    slots.1 |= kept;
                    return Ok(kept);
                }
                Err(e) => {
                    r.restore(at);
                    slots.3 = Some(e);
                }
            }
        }
        // Passed over (a syntax error is still one).
        if !taken {
            r.skip_value()?;
        }
        Ok(true)
    }

    #[inline]
    fn flat_finish(slots: Self::Slots, r: &MsgpackReader<'de>) -> Result<Self, Error> {
        finish_option(slots, |s| T::flat_finish(s, r))
    }

    #[inline]
    fn flat_finish_strict(slots: Self::Slots, r: &MsgpackReader<'de>) -> Result<Self, Error> {
        finish_option(slots, |s| T::flat_finish_strict(s, r))
    }
}

impl<T: FlatToMsgpack> FlatToMsgpack for Option<T> {
    #[inline]
    fn flat_len(&self) -> usize {
        self.as_ref().map_or(0, T::flat_len)
    }

    #[inline]
    fn write_flat(&self, w: &mut MsgpackWriter) {
        if let Some(v) = self {
            v.write_flat(w);
        }
    }
}

impl<'de, T: FlatFromMsgpack<'de>> FlatFromMsgpack<'de> for Box<T> {
    type Slots = T::Slots;
    const CATCH_ALL: bool = T::CATCH_ALL;
    const DENY_UNKNOWN: bool = T::DENY_UNKNOWN;
    const FIELDS: &'static [&'static str] = T::FIELDS;

    #[inline]
    fn flat_slots() -> Self::Slots {
        T::flat_slots()
    }

    #[inline]
    fn flat_claim(
        slots: &mut Self::Slots,
        key: &'de str,
        key_at: usize,
        r: &mut MsgpackReader<'de>,
    ) -> Result<bool, Error> {
        T::flat_claim(slots, key, key_at, r)
    }

    #[inline]
    fn flat_rest(
        slots: &mut Self::Slots,
        taken: bool,
        value_at: usize,
        key: &'de str,
        key_at: usize,
        r: &mut MsgpackReader<'de>,
    ) -> Result<bool, Error> {
        T::flat_rest(slots, taken, value_at, key, key_at, r)
    }

    #[inline]
    fn flat_claims(key: &str) -> bool {
        T::flat_claims(key)
    }

    #[inline]
    fn flat_member(
        slots: &mut Self::Slots,
        key: &'de str,
        key_at: usize,
        r: &mut MsgpackReader<'de>,
    ) -> Result<bool, Error> {
        T::flat_member(slots, key, key_at, r)
    }

    #[inline]
    fn flat_finish(slots: Self::Slots, r: &MsgpackReader<'de>) -> Result<Self, Error> {
        T::flat_finish(slots, r).map(Box::new)
    }

    #[inline]
    fn flat_finish_strict(slots: Self::Slots, r: &MsgpackReader<'de>) -> Result<Self, Error> {
        T::flat_finish_strict(slots, r).map(Box::new)
    }
}

impl<T: FlatToMsgpack + ?Sized> FlatToMsgpack for Box<T> {
    #[inline]
    fn flat_len(&self) -> usize {
        (**self).flat_len()
    }

    #[inline]
    fn write_flat(&self, w: &mut MsgpackWriter) {
        (**self).write_flat(w);
    }
}

macro_rules! msgpack_catch_all {
    ($([$($generics:tt)*] $map:ty, $new:expr;)*) => {$(
        impl<'de, $($generics)*> FlatFromMsgpack<'de> for $map {
            type Slots = Self;
            const CATCH_ALL: bool = true;

            #[inline]
            fn flat_slots() -> Self {
                $new
            }

            #[inline]
            fn flat_member(
                slots: &mut Self,
                key: &'de str,
                _key_at: usize,
                r: &mut MsgpackReader<'de>,
            ) -> Result<bool, Error> {
                let v = FromMsgpack::read_msgpack(r).map_err(|e| e.key(key))?;
                slots.insert(key.to_owned(), v);
                Ok(true)
            }

            #[inline]
            fn flat_finish(slots: Self, _r: &MsgpackReader<'de>) -> Result<Self, Error> {
                Ok(slots)
            }
        }
    )*};
}

msgpack_catch_all! {
    [V: FromMsgpack<'de>, S: BuildHasher + Default] HashMap<String, V, S>, HashMap::default();
    [V: FromMsgpack<'de>] BTreeMap<String, V>, BTreeMap::new();
}

impl<V: ToMsgpack, S> FlatToMsgpack for HashMap<String, V, S> {
    #[inline]
    fn flat_len(&self) -> usize {
        self.len()
    }

    #[inline]
    fn write_flat(&self, w: &mut MsgpackWriter) {
        for (k, v) in self {
            w.write_str(k);
            v.write_msgpack(w);
        }
    }
}

impl<V: ToMsgpack> FlatToMsgpack for BTreeMap<String, V> {
    #[inline]
    fn flat_len(&self) -> usize {
        self.len()
    }

    #[inline]
    fn write_flat(&self, w: &mut MsgpackWriter) {
        for (k, v) in self {
            w.write_str(k);
            v.write_msgpack(w);
        }
    }
}

// MARK: - Catch-alls of the optional crates

/// Every flatten trait for a map keyed by `String` whose values are `$v`:
/// it takes every member offered (a catch-all), in input order where the map
/// keeps order.
macro_rules! string_map_catch_all {
    ([$($generics:tt)*] $map:ty, $v:ty, $new:expr) => {
        impl<'de, $($generics)*> FlatFromJson<'de> for $map
        where
            $v: FromJson<'de>,
        {
            type Slots = Self;
            const CATCH_ALL: bool = true;

            #[inline]
            fn flat_slots() -> Self {
                $new
            }

            #[inline]
            fn flat_member(
                slots: &mut Self,
                key: &FlatKey<'de>,
                _key_at: usize,
                r: &mut Reader<'de>,
            ) -> Result<bool, Error> {
                let v = <$v as FromJson<'de>>::read_json(r).map_err(|e| e.key(key))?;
                slots.insert(key.clone().into_owned(), v);
                Ok(true)
            }

            #[inline]
            fn flat_finish(slots: Self, _r: &Reader<'de>) -> Result<Self, Error> {
                Ok(slots)
            }
        }

        impl<$($generics)*> FlatToJson for $map
        where
            $v: ToJson,
        {
            #[inline]
            fn write_flat(&self, w: &mut Writer<'_>, first: &mut bool) {
                for (k, v) in self {
                    flat_comma(w, first);
                    w.write_key(k);
                    v.write_json(w);
                    w.flush_point();
                }
            }
        }

        impl<$($generics)*> FlatFromValue for $map
        where
            $v: FromValue,
        {
            type Slots = Self;
            const CATCH_ALL: bool = true;

            #[inline]
            fn flat_slots() -> Self {
                $new
            }

            #[inline]
            fn flat_member_ref(slots: &mut Self, key: &str, value: &Value) -> Result<bool, Error> {
                let v = <$v as FromValue>::from_value_ref(value).map_err(|e| e.key(key))?;
                slots.insert(key.to_owned(), v);
                Ok(true)
            }

            #[inline]
            fn flat_member_owned(
                slots: &mut Self,
                key: String,
                value: Value,
            ) -> Result<Option<(String, Value)>, Error> {
                let v = <$v as FromValue>::from_value(value).map_err(|e| e.key(&key))?;
                slots.insert(key, v);
                Ok(None)
            }

            #[inline]
            fn flat_finish_value(slots: Self) -> Result<Self, Error> {
                Ok(slots)
            }
        }

        impl<$($generics)*> FlatToValue for $map
        where
            $v: ToValue,
        {
            #[inline]
            fn flat_to_value(&self, members: &mut Vec<(String, Value)>) {
                members.extend(self.iter().map(|(k, v)| (k.clone(), v.to_value())));
            }
        }

        impl<'de, $($generics)*> FlatFromMsgpack<'de> for $map
        where
            $v: FromMsgpack<'de>,
        {
            type Slots = Self;
            const CATCH_ALL: bool = true;

            #[inline]
            fn flat_slots() -> Self {
                $new
            }

            #[inline]
            fn flat_member(
                slots: &mut Self,
                key: &'de str,
                _key_at: usize,
                r: &mut MsgpackReader<'de>,
            ) -> Result<bool, Error> {
                let v = <$v as FromMsgpack<'de>>::read_msgpack(r).map_err(|e| e.key(key))?;
                slots.insert(key.to_owned(), v);
                Ok(true)
            }

            #[inline]
            fn flat_finish(slots: Self, _r: &MsgpackReader<'de>) -> Result<Self, Error> {
                Ok(slots)
            }
        }

        impl<$($generics)*> FlatToMsgpack for $map
        where
            $v: ToMsgpack,
        {
            #[inline]
            fn flat_len(&self) -> usize {
                self.len()
            }

            #[inline]
            fn write_flat(&self, w: &mut MsgpackWriter) {
                for (k, v) in self {
                    w.write_str(k);
                    v.write_msgpack(w);
                }
            }
        }
    };
}

string_map_catch_all!([V] Map<String, V>, V, Map::new());

#[cfg(feature = "indexmap")]
string_map_catch_all!(
    [V, S: BuildHasher + Default] indexmap::IndexMap<String, V, S>,
    V,
    indexmap::IndexMap::default()
);

#[cfg(feature = "serde_json")]
string_map_catch_all!(
    [] serde_json::Map<String, serde_json::Value>,
    serde_json::Value,
    serde_json::Map::new()
);

// MARK: - Value types as catch-alls

/// serde's error for a flattened value that has no members (a number, a
/// string, ...), kept for the fallible entry points (`try_to_vec`,
/// `to_writer`, `to_value`); `got` says what it was, in serde's words.
#[cold]
pub(crate) fn not_flattenable(got: &'static str) {
    crate::scope::record(Error::custom(format_args!(
        "can only flatten structs and maps (got {got})"
    )));
}

/// Every flatten trait for a JSON value type, `$value` (jetjson's [`Value`],
/// and serde_json's under its feature), whose objects are `$map`: a
/// catch-all that keeps the remaining members as an `Object`, in the order
/// `$map` keeps them, read as `$map` reads them.
///
/// On encode an `Object`'s members are written inline and `Null` writes
/// none, as serde does. Any other value has no members to place among the
/// outer object's: it writes none, and as serde fails to serialize it, it is
/// serde's error where encoding can fail ([`not_flattenable`]: `try_to_vec`,
/// `to_writer`, `to_value`).
macro_rules! value_type_catch_all {
    ($value:ident, $map:ty) => {
        impl<'de> FlatFromJson<'de> for $value {
            type Slots = $map;
            const CATCH_ALL: bool = true;

            #[inline]
            fn flat_slots() -> Self::Slots {
                <$map>::new()
            }

            #[inline]
            fn flat_member(
                slots: &mut Self::Slots,
                key: &FlatKey<'de>,
                key_at: usize,
                r: &mut Reader<'de>,
            ) -> Result<bool, Error> {
                <$map as FlatFromJson<'de>>::flat_member(slots, key, key_at, r)
            }

            #[inline]
            fn flat_finish(slots: Self::Slots, _r: &Reader<'de>) -> Result<Self, Error> {
                Ok($value::Object(slots))
            }
        }

        impl FlatToJson for $value {
            #[inline]
            fn write_flat(&self, w: &mut Writer<'_>, first: &mut bool) {
                match self {
                    $value::Object(m) => FlatToJson::write_flat(m, w, first),
                    $value::Null => {}
                    other => value_type_catch_all!(@not_flattenable $value, other),
                }
            }
        }

        impl FlatFromValue for $value {
            type Slots = $map;
            const CATCH_ALL: bool = true;

            #[inline]
            fn flat_slots() -> Self::Slots {
                <$map>::new()
            }

            #[inline]
            fn flat_member_ref(
                slots: &mut Self::Slots,
                key: &str,
                value: &Value,
            ) -> Result<bool, Error> {
                <$map as FlatFromValue>::flat_member_ref(slots, key, value)
            }

            #[inline]
            fn flat_member_owned(
                slots: &mut Self::Slots,
                key: String,
                value: Value,
            ) -> Result<Option<(String, Value)>, Error> {
                <$map as FlatFromValue>::flat_member_owned(slots, key, value)
            }

            #[inline]
            fn flat_finish_value(slots: Self::Slots) -> Result<Self, Error> {
                Ok($value::Object(slots))
            }
        }

        impl FlatToValue for $value {
            #[inline]
            fn flat_to_value(&self, members: &mut Vec<(String, Value)>) {
                match self {
                    $value::Object(m) => m.flat_to_value(members),
                    $value::Null => {}
                    other => value_type_catch_all!(@not_flattenable $value, other),
                }
            }
        }

        impl<'de> FlatFromMsgpack<'de> for $value {
            type Slots = $map;
            const CATCH_ALL: bool = true;

            #[inline]
            fn flat_slots() -> Self::Slots {
                <$map>::new()
            }

            #[inline]
            fn flat_member(
                slots: &mut Self::Slots,
                key: &'de str,
                key_at: usize,
                r: &mut MsgpackReader<'de>,
            ) -> Result<bool, Error> {
                <$map as FlatFromMsgpack<'de>>::flat_member(slots, key, key_at, r)
            }

            #[inline]
            fn flat_finish(slots: Self::Slots, _r: &MsgpackReader<'de>) -> Result<Self, Error> {
                Ok($value::Object(slots))
            }
        }

        /// The members an `Object` writes; none otherwise, as for JSON.
        impl FlatToMsgpack for $value {
            #[inline]
            fn flat_len(&self) -> usize {
                match self {
                    $value::Object(m) => m.len(),
                    _ => 0,
                }
            }

            #[inline]
            fn write_flat(&self, w: &mut MsgpackWriter) {
                match self {
                    $value::Object(m) => FlatToMsgpack::write_flat(m, w),
                    $value::Null => {}
                    other => value_type_catch_all!(@not_flattenable $value, other),
                }
            }
        }
    };
    // A value that is neither an object nor `null`, in serde's words.
    (@not_flattenable $value:ident, $other:expr) => {
        not_flattenable(match $other {
            $value::Bool(_) => "a boolean",
            $value::Number(n) if n.is_f64() => "a float",
            $value::Number(_) => "an integer",
            $value::String(_) => "a string",
            _ => "a sequence",
        })
    };
}

value_type_catch_all!(Value, Map<String, Value>);

/// `serde_json::Value` (feature `serde_json`), whose `Map` keeps the
/// members sorted, or in input order with serde_json's `preserve_order`.
#[cfg(feature = "serde_json")]
mod serde_json_value {
    use super::*;
    use serde_json::{Map as SMap, Value as SValue};

    value_type_catch_all!(SValue, SMap<String, SValue>);
}
