//! `Doc` and `Item`: typed targets with hand-written `ToJson`/`FromJson`
//! impls in the shape `#[derive(Json)]` generates (constant key prefixes when
//! writing; an in-order key guess, then a match, when reading; unknown keys
//! skipped; repeated keys an error; absent `Option`s `None`). They also derive
//! serde's traits, so the differential target can decode the same bytes with
//! serde_json into the same type.

use std::borrow::Cow;
use std::collections::BTreeMap;

use jetjson::{Error, ErrorKind, FromJson, Reader, ToJson, Writer};
use serde::{Deserialize, Serialize};

/// A record with one field of each kind a decoder treats differently,
/// nesting itself through `child`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Doc<'a> {
    /// A signed integer.
    pub id: i64,
    /// A narrow integer (range checks).
    pub small: u8,
    /// A float (rounding, shortest output).
    pub ratio: f64,
    /// An owned string (unescaping).
    pub name: String,
    /// A borrowed string: an escape in the input is an error.
    pub tag: &'a str,
    /// Borrowed without escapes, owned with.
    #[serde(borrow)]
    pub note: Cow<'a, str>,
    /// May be `null` or absent.
    pub nick: Option<String>,
    /// A sequence.
    pub scores: Vec<f64>,
    /// A map.
    pub attrs: BTreeMap<String, i64>,
    /// A sequence of structs.
    #[serde(borrow)]
    pub items: Vec<Item<'a>>,
    /// Recursion: decoding relies on the reader's depth guard.
    #[serde(borrow)]
    pub child: Option<Box<Doc<'a>>>,
}

/// The element type of [`Doc::items`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Item<'a> {
    /// A key that borrows when it can.
    #[serde(borrow)]
    pub key: Cow<'a, str>,
    /// An unsigned integer.
    pub count: u32,
    /// A sequence of booleans.
    pub flags: Vec<bool>,
    /// A tuple, as a two-element array.
    pub pair: (i16, char),
    /// An optional integer.
    pub when: Option<u64>,
}

// MARK: - Reading

/// Walks one object for a struct: `field(r, i)` reads the value of
/// `names[i]`; unknown keys are skipped; a repeated key is an error. `quoted`
/// holds each name with its quotes, for the in-order guess.
fn read_struct<'de>(
    r: &mut Reader<'de>,
    expected: &'static str,
    names: &'static [&'static str],
    quoted: &'static [&'static [u8]],
    mut field: impl FnMut(&mut Reader<'de>, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    debug_assert!(names.len() == quoted.len() && names.len() <= 64);
    r.begin_object(expected)?;
    let mut seen = 0u64;
    let mut guess = 0;
    let mut first = true;
    while r.next_member(&mut first)? {
        let key_at = r.offset();
        let index = if guess < names.len() && r.eat_key(quoted[guess])? {
            Some(guess)
        } else {
            let key = r.read_key()?;
            names.iter().position(|n| *n == key.as_str())
        };
        let Some(i) = index else {
            r.skip_value()?;
            continue;
        };
        if seen & (1 << i) != 0 {
            return Err(r.error_at(ErrorKind::DuplicateField { field: names[i] }, key_at));
        }
        seen |= 1 << i;
        field(r, i).map_err(|e| e.field(names[i]))?;
        guess = i + 1;
    }
    Ok(())
}

/// A field's value, or the type's value for an absent key, or "missing field".
fn take<'de, T: FromJson<'de>>(
    slot: Option<T>,
    r: &Reader<'de>,
    name: &'static str,
) -> Result<T, Error> {
    match slot.or_else(T::json_missing) {
        Some(v) => Ok(v),
        None => Err(r.error(ErrorKind::MissingField { field: name })),
    }
}

/// Reads into `slot`.
fn put<'de, T: FromJson<'de>>(slot: &mut Option<T>, r: &mut Reader<'de>) -> Result<(), Error> {
    *slot = Some(T::read_json(r)?);
    Ok(())
}

const DOC_FIELDS: &[&str] = &[
    "id", "small", "ratio", "name", "tag", "note", "nick", "scores", "attrs", "items", "child",
];
const DOC_QUOTED: &[&[u8]] = &[
    b"\"id\"",
    b"\"small\"",
    b"\"ratio\"",
    b"\"name\"",
    b"\"tag\"",
    b"\"note\"",
    b"\"nick\"",
    b"\"scores\"",
    b"\"attrs\"",
    b"\"items\"",
    b"\"child\"",
];

impl<'de: 'a, 'a> FromJson<'de> for Doc<'a> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let (mut id, mut small, mut ratio, mut name, mut tag, mut note) =
            (None, None, None, None, None, None);
        let (mut nick, mut scores, mut attrs, mut items, mut child) =
            (None, None, None, None, None);
        read_struct(r, "struct Doc", DOC_FIELDS, DOC_QUOTED, |r, i| match i {
            0 => put(&mut id, r),
            1 => put(&mut small, r),
            2 => put(&mut ratio, r),
            3 => put(&mut name, r),
            4 => put(&mut tag, r),
            5 => put(&mut note, r),
            6 => put(&mut nick, r),
            7 => put(&mut scores, r),
            8 => put(&mut attrs, r),
            9 => put(&mut items, r),
            _ => put(&mut child, r),
        })?;
        Ok(Doc {
            id: take(id, r, "id")?,
            small: take(small, r, "small")?,
            ratio: take(ratio, r, "ratio")?,
            name: take(name, r, "name")?,
            tag: take(tag, r, "tag")?,
            note: take(note, r, "note")?,
            nick: take(nick, r, "nick")?,
            scores: take(scores, r, "scores")?,
            attrs: take(attrs, r, "attrs")?,
            items: take(items, r, "items")?,
            child: take(child, r, "child")?,
        })
    }
}

const ITEM_FIELDS: &[&str] = &["key", "count", "flags", "pair", "when"];
const ITEM_QUOTED: &[&[u8]] = &[
    b"\"key\"",
    b"\"count\"",
    b"\"flags\"",
    b"\"pair\"",
    b"\"when\"",
];

impl<'de: 'a, 'a> FromJson<'de> for Item<'a> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let (mut key, mut count, mut flags, mut pair, mut when) = (None, None, None, None, None);
        read_struct(r, "struct Item", ITEM_FIELDS, ITEM_QUOTED, |r, i| match i {
            0 => put(&mut key, r),
            1 => put(&mut count, r),
            2 => put(&mut flags, r),
            3 => put(&mut pair, r),
            _ => put(&mut when, r),
        })?;
        Ok(Item {
            key: take(key, r, "key")?,
            count: take(count, r, "count")?,
            flags: take(flags, r, "flags")?,
            pair: take(pair, r, "pair")?,
            when: take(when, r, "when")?,
        })
    }
}

// MARK: - Writing

impl ToJson for Doc<'_> {
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_raw(b"{\"id\":");
        self.id.write_json(w);
        w.write_raw(b",\"small\":");
        self.small.write_json(w);
        w.write_raw(b",\"ratio\":");
        self.ratio.write_json(w);
        w.write_raw(b",\"name\":");
        self.name.write_json(w);
        w.write_raw(b",\"tag\":");
        self.tag.write_json(w);
        w.write_raw(b",\"note\":");
        self.note.write_json(w);
        w.write_raw(b",\"nick\":");
        self.nick.write_json(w);
        w.write_raw(b",\"scores\":");
        self.scores.write_json(w);
        w.write_raw(b",\"attrs\":");
        self.attrs.write_json(w);
        w.write_raw(b",\"items\":");
        self.items.write_json(w);
        w.write_raw(b",\"child\":");
        self.child.write_json(w);
        w.write_byte(b'}');
    }
}

impl ToJson for Item<'_> {
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_raw(b"{\"key\":");
        self.key.write_json(w);
        w.write_raw(b",\"count\":");
        self.count.write_json(w);
        w.write_raw(b",\"flags\":");
        self.flags.write_json(w);
        w.write_raw(b",\"pair\":");
        self.pair.write_json(w);
        w.write_raw(b",\"when\":");
        self.when.write_json(w);
        w.write_byte(b'}');
    }
}
