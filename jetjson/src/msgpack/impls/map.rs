//! `HashMap` and `BTreeMap` as MessagePack maps. MessagePack keys may be of
//! any type, so keys use `ToMsgpack` / `FromMsgpack` like values do.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

use crate::msgpack::read::Int;
use crate::msgpack::{FromMsgpack, Reader, ToMsgpack, Writer};
use crate::Error;

#[inline]
fn write_map<'a, K, V>(w: &mut Writer, len: usize, iter: impl IntoIterator<Item = (&'a K, &'a V)>)
where
    K: ToMsgpack + 'a,
    V: ToMsgpack + 'a,
{
    w.write_map_len(len);
    for (k, v) in iter {
        k.write_msgpack(w);
        v.write_msgpack(w);
    }
}

/// Reads a map into the collection `make` returns (given the room to
/// reserve), handing each entry to `insert`. An error in a value carries its
/// key in the path when the key is a string or an integer. A repeated key:
/// the last value wins, as for JSON.
#[inline]
fn read_map<'de, K, V, C>(
    r: &mut Reader<'de>,
    make: impl FnOnce(usize) -> C,
    mut insert: impl FnMut(&mut C, K, V),
) -> Result<C, Error>
where
    K: FromMsgpack<'de>,
    V: FromMsgpack<'de>,
{
    let len = r.read_map_len()?;
    r.enter()?;
    let mut out = make(r.capacity_for::<(K, V)>(len, 2));
    for _ in 0..len {
        let key_start = r.offset();
        let k = K::read_msgpack(r)?;
        match V::read_msgpack(r) {
            Ok(v) => insert(&mut out, k, v),
            Err(e) => return Err(key_path(e, r, key_start)),
        }
    }
    r.leave();
    Ok(out)
}

/// Adds `.key` to the path of `e`, reading the key again from the input.
#[cold]
fn key_path(e: Error, r: &Reader<'_>, key_start: usize) -> Error {
    let mut again = Reader::new(r.input());
    again.seek(key_start);
    if let Ok(key) = again.read_str() {
        return e.key(key);
    }
    again.seek(key_start);
    match again.read_int("a key") {
        Ok(Int::U(n)) => e.key(itoa::Buffer::new().format(n)),
        Ok(Int::I(n)) => e.key(itoa::Buffer::new().format(n)),
        Err(_) => e,
    }
}

impl<K: ToMsgpack, V: ToMsgpack, S> ToMsgpack for HashMap<K, V, S> {
    fn write_msgpack(&self, w: &mut Writer) {
        write_map(w, self.len(), self);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, K, V, S> FromMsgpack<'de> for HashMap<K, V, S>
where
    K: FromMsgpack<'de> + Eq + Hash,
    V: FromMsgpack<'de>,
    S: BuildHasher + Default,
{
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        read_map(
            r,
            |n| HashMap::with_capacity_and_hasher(n, S::default()),
            |m, k, v| {
                m.insert(k, v);
            },
        )
    }
}

impl<K: ToMsgpack, V: ToMsgpack> ToMsgpack for BTreeMap<K, V> {
    fn write_msgpack(&self, w: &mut Writer) {
        write_map(w, self.len(), self);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, K, V> FromMsgpack<'de> for BTreeMap<K, V>
where
    K: FromMsgpack<'de> + Ord,
    V: FromMsgpack<'de>,
{
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        read_map(
            r,
            |_| BTreeMap::new(),
            |m, k, v| {
                m.insert(k, v);
            },
        )
    }
}
