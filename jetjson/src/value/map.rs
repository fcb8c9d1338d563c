//! `Map`: a JSON object that keeps its members in insertion (input) order and
//! finds keys fast at any size.
//!
//! Members live in one `Vec<(K, V)>`, in order. Objects of up to
//! [`INDEX_MIN`] members are searched by a linear scan, which for a few short
//! keys beats any hashing. Larger objects get a hash index, an
//! open-addressing table of member positions, on their first lookup, kept up
//! to date by inserts from then on: a parsed document that is only walked or
//! written back never pays for one. (Parsing still checks a large object for
//! repeated keys, in a table reused from object to object.) The hash is
//! seeded per process from the standard library's random source, so keys
//! chosen by an attacker cannot be made to collide on purpose.

use std::borrow::Borrow;
use std::cell::RefCell;
use std::fmt;
use std::hash::{BuildHasher, Hasher};
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::OnceLock;

/// Objects with more members than this get a hash index.
pub(crate) const INDEX_MIN: usize = 12;

/// A JSON object: members in order, keys unique, fast lookup.
///
/// `K` is the key type, `String` for [`Value`](crate::Value) and
/// `Cow<'a, str>` for [`ValueRef`](crate::value::ValueRef); lookups take a
/// `&str` either way.
///
/// Inserting a key that is present replaces its value and keeps its
/// position; [`remove`](Map::remove) closes the gap, keeping the order of
/// the rest.
///
/// ```
/// use jetjson::value::Map;
/// use jetjson::Value;
///
/// let mut m = Map::new();
/// m.insert("b".to_string(), Value::from(1));
/// m.insert("a".to_string(), Value::from(2));
/// m.insert("b".to_string(), Value::from(3));
/// assert_eq!(m.keys().collect::<Vec<_>>(), ["b", "a"]);
/// assert_eq!(m["b"], 3);
/// ```
pub struct Map<K = String, V = crate::Value> {
    entries: Vec<(K, V)>,
    /// Built on the first lookup while `entries.len() > INDEX_MIN`.
    index: LazyIndex,
}

impl<K, V> Default for Map<K, V> {
    fn default() -> Self {
        Map::new()
    }
}

impl<K, V> Map<K, V> {
    /// An empty map.
    #[inline]
    pub const fn new() -> Self {
        Map {
            entries: Vec::new(),
            index: LazyIndex::empty(),
        }
    }

    /// An empty map with room for `capacity` members.
    pub fn with_capacity(capacity: usize) -> Self {
        Map {
            entries: Vec::with_capacity(capacity),
            index: LazyIndex::empty(),
        }
    }

    /// The number of members.
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the map has no members.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Removes every member.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.index.clear();
    }

    /// The members in order.
    #[inline]
    pub fn iter(&self) -> Iter<'_, K, V> {
        Iter {
            inner: self.entries.iter(),
        }
    }

    /// The members in order, values mutable.
    #[inline]
    pub fn iter_mut(&mut self) -> IterMut<'_, K, V> {
        IterMut {
            inner: self.entries.iter_mut(),
        }
    }

    /// The keys in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + ExactSizeIterator {
        self.entries.iter().map(|(k, _)| k)
    }

    /// The values in order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.entries.iter().map(|(_, v)| v)
    }

    /// The values in order, mutable.
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> + ExactSizeIterator {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    /// The member at position `i` in order.
    pub fn get_index(&self, i: usize) -> Option<(&K, &V)> {
        self.entries.get(i).map(|(k, v)| (k, v))
    }

    /// The members as a slice, in order.
    #[inline]
    pub(crate) fn entries(&self) -> &[(K, V)] {
        &self.entries
    }

    /// Takes every member out, leaving the map empty.
    pub(crate) fn take_entries(&mut self) -> Vec<(K, V)> {
        self.index.clear();
        std::mem::take(&mut self.entries)
    }
}

impl<K: Borrow<str>, V> Map<K, V> {
    /// The position of `key`, if present.
    #[inline]
    fn find(&self, key: &str) -> Option<usize> {
        let index = if self.entries.len() > INDEX_MIN {
            self.index.get_or_build(&self.entries)
        } else {
            None
        };
        match index {
            None => self.entries.iter().position(|(k, _)| k.borrow() == key),
            Some(index) => index.find(key, &self.entries),
        }
    }

    /// The value of `key`.
    #[inline]
    pub fn get(&self, key: &str) -> Option<&V> {
        self.find(key).map(|i| &self.entries[i].1)
    }

    /// The value of `key`, mutable.
    #[inline]
    pub fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        self.find(key).map(|i| &mut self.entries[i].1)
    }

    /// The key as stored and the value of `key`.
    pub fn get_key_value(&self, key: &str) -> Option<(&K, &V)> {
        self.find(key).map(|i| {
            let (k, v) = &self.entries[i];
            (k, v)
        })
    }

    /// Whether `key` is present.
    #[inline]
    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_some()
    }

    /// Sets `key` to `value`. A present key keeps its position and its old
    /// value is returned; a new key goes last.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        if let Some(i) = self.find(key.borrow()) {
            return Some(std::mem::replace(&mut self.entries[i].1, value));
        }
        self.push_new(key, value);
        None
    }

    /// Appends a member whose key is known to be absent.
    fn push_new(&mut self, key: K, value: V) {
        let pos = self.entries.len();
        self.entries.push((key, value));
        // An index already built follows; otherwise the next lookup builds one.
        if let Some(index) = self.index.get_mut() {
            index.insert(pos, &self.entries);
        }
    }

    /// The value of `key`, inserting `make()` first if it is absent.
    pub fn get_or_insert_with(&mut self, key: &str, make: impl FnOnce() -> V) -> &mut V
    where
        K: for<'k> From<&'k str>,
    {
        let i = match self.find(key) {
            Some(i) => i,
            None => {
                self.push_new(K::from(key), make());
                self.entries.len() - 1
            }
        };
        &mut self.entries[i].1
    }

    /// Removes `key` and returns its value; the members after it move up,
    /// keeping their order (O(n), like `Vec::remove`).
    pub fn remove(&mut self, key: &str) -> Option<V> {
        self.remove_entry(key).map(|(_, v)| v)
    }

    /// Removes `key` and returns the stored key and value, keeping the order
    /// of the rest.
    pub fn remove_entry(&mut self, key: &str) -> Option<(K, V)> {
        let i = self.find(key)?;
        let entry = self.entries.remove(i);
        self.reindex();
        Some(entry)
    }

    /// Keeps only the members for which `keep` returns `true`, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&K, &mut V) -> bool) {
        self.entries.retain_mut(|(k, v)| keep(k, v));
        self.reindex();
    }

    /// Sorts the members by key (byte order), as serde_json's default
    /// `BTreeMap` would hold them.
    pub fn sort_keys(&mut self) {
        self.entries
            .sort_by(|(a, _), (b, _)| a.borrow().cmp(b.borrow()));
        self.reindex();
    }

    /// Drops the index after members moved; the next lookup rebuilds it.
    fn reindex(&mut self) {
        self.index.clear();
    }

    /// A map made from parsed members, in order, resolving repeated keys:
    /// the last value wins, at the position of the first occurrence. Returns
    /// the position (in `entries`) and text of the first repeated key instead
    /// when `reject_duplicates` is set.
    pub(crate) fn from_parsed(
        mut entries: Vec<(K, V)>,
        reject_duplicates: bool,
    ) -> Result<Self, (usize, String)> {
        let n = entries.len();
        if n <= INDEX_MIN {
            // Small: compare each key with those before it.
            for j in 1..n {
                let key: &str = entries[j].0.borrow();
                if entries[..j].iter().any(|(k, _)| k.borrow() == key) {
                    return Self::from_parsed_slow(entries, reject_duplicates, j);
                }
            }
            return Ok(Map {
                entries,
                index: LazyIndex::empty(),
            });
        }
        if let Some(j) = first_repeat(&entries) {
            return Self::from_parsed_slow(entries, reject_duplicates, j);
        }
        entries.shrink_to_fit();
        Ok(Map {
            entries,
            index: LazyIndex::empty(),
        })
    }

    /// A map of members that may repeat a key, resolved as reading resolves
    /// them: the last value wins, at the position of the first occurrence.
    pub(crate) fn from_members(entries: Vec<(K, V)>) -> Self {
        // `from_parsed` fails only when asked to reject repeats.
        Self::from_parsed(entries, false).unwrap_or_default()
    }

    /// A map of members whose keys are known to be distinct (a copy of
    /// another map's members, or a struct's fields).
    pub(crate) fn from_unique(entries: Vec<(K, V)>) -> Self {
        let mut map = Map {
            entries,
            index: LazyIndex::empty(),
        };
        map.reindex();
        map
    }

    #[cold]
    fn from_parsed_slow(
        entries: Vec<(K, V)>,
        reject_duplicates: bool,
        first_repeat: usize,
    ) -> Result<Self, (usize, String)> {
        if reject_duplicates {
            let key: &str = entries[first_repeat].0.borrow();
            return Err((first_repeat, key.to_owned()));
        }
        let mut map = Map::with_capacity(entries.len());
        for (k, v) in entries {
            map.insert(k, v);
        }
        Ok(map)
    }
}

impl<K, V> From<Map<K, V>> for Vec<(K, V)> {
    fn from(mut map: Map<K, V>) -> Self {
        map.take_entries()
    }
}

impl<K: Clone, V: Clone> Clone for Map<K, V> {
    fn clone(&self) -> Self {
        Map {
            entries: self.entries.clone(),
            index: self.index.clone(),
        }
    }
}

impl<K: Borrow<str>, V: PartialEq> PartialEq for Map<K, V> {
    /// Maps are equal when they hold the same keys with equal values, in any
    /// order (JSON objects are unordered).
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len()
            && self.entries.iter().enumerate().all(|(i, (k, v))| {
                // Same order is the common case: try the same position first.
                match other.entries.get(i) {
                    Some((ok, ov)) if ok.borrow() == k.borrow() => v == ov,
                    _ => other.get(k.borrow()).is_some_and(|ov| v == ov),
                }
            })
    }
}

impl<K: Borrow<str>, V: Eq> Eq for Map<K, V> {}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for Map<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.entries.iter().map(|(k, v)| (k, v)))
            .finish()
    }
}

impl<K: Borrow<str>, V> std::ops::Index<&str> for Map<K, V> {
    type Output = V;

    /// The value of `key`.
    ///
    /// # Panics
    ///
    /// When `key` is absent (use [`Map::get`] to test).
    fn index(&self, key: &str) -> &V {
        match self.get(key) {
            Some(v) => v,
            None => panic!("key `{key}` not in the map"),
        }
    }
}

impl<K: Borrow<str>, V> std::ops::IndexMut<&str> for Map<K, V> {
    /// The value of `key`, mutable.
    ///
    /// # Panics
    ///
    /// When `key` is absent (use [`Map::get_mut`] to test).
    fn index_mut(&mut self, key: &str) -> &mut V {
        match self.get_mut(key) {
            Some(v) => v,
            None => panic!("key `{key}` not in the map"),
        }
    }
}

impl<K: Borrow<str>, V> FromIterator<(K, V)> for Map<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut map = Map::new();
        map.extend(iter);
        map
    }
}

impl<K: Borrow<str>, V> Extend<(K, V)> for Map<K, V> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        let iter = iter.into_iter();
        self.entries.reserve(iter.size_hint().0);
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl<K, V> IntoIterator for Map<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;

    fn into_iter(mut self) -> Self::IntoIter {
        self.take_entries().into_iter()
    }
}

impl<'m, K, V> IntoIterator for &'m Map<K, V> {
    type Item = (&'m K, &'m V);
    type IntoIter = Iter<'m, K, V>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'m, K, V> IntoIterator for &'m mut Map<K, V> {
    type Item = (&'m K, &'m mut V);
    type IntoIter = IterMut<'m, K, V>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

/// The members of a [`Map`] in order, by reference.
#[derive(Clone)]
pub struct Iter<'m, K, V> {
    inner: std::slice::Iter<'m, (K, V)>,
}

impl<'m, K, V> Iterator for Iter<'m, K, V> {
    type Item = (&'m K, &'m V);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(k, v)| (k, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<K, V> DoubleEndedIterator for Iter<'_, K, V> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|(k, v)| (k, v))
    }
}

impl<K, V> ExactSizeIterator for Iter<'_, K, V> {}

/// The members of a [`Map`] in order, values mutable.
pub struct IterMut<'m, K, V> {
    inner: std::slice::IterMut<'m, (K, V)>,
}

impl<'m, K, V> Iterator for IterMut<'m, K, V> {
    type Item = (&'m K, &'m mut V);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(k, v)| (&*k, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<K, V> DoubleEndedIterator for IterMut<'_, K, V> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|(k, v)| (&*k, v))
    }
}

impl<K, V> ExactSizeIterator for IterMut<'_, K, V> {}

// MARK: - Private: the hash index

/// Slot value of an empty slot.
const EMPTY: u64 = u64::MAX;

/// Open addressing with linear probing over member positions. Each slot holds
/// a member's position (low 32 bits) and the high 32 bits of its key's hash
/// (to skip most key comparisons). At most half the slots are full.
#[derive(Clone)]
struct HashIndex {
    slots: Box<[u64]>,
}

impl HashIndex {
    fn with_capacity(len: usize) -> Self {
        let size = (len * 2).next_power_of_two().max(32);
        HashIndex {
            slots: vec![EMPTY; size].into_boxed_slice(),
        }
    }

    /// An index of `entries`, or `None` when positions do not fit 32 bits
    /// (then lookups scan, which at that size is the least of the problems).
    fn build<K: Borrow<str>, V>(entries: &[(K, V)]) -> Option<Self> {
        if entries.len() >= u32::MAX as usize {
            return None;
        }
        let mut index = HashIndex::with_capacity(entries.len());
        for i in 0..entries.len() {
            index.insert(i, entries);
        }
        Some(index)
    }

    fn find<K: Borrow<str>, V>(&self, key: &str, entries: &[(K, V)]) -> Option<usize> {
        probe(&self.slots, hash(key.as_bytes()), key, entries).err()
    }

    /// Adds `entries[pos]`, whose key is not yet indexed.
    fn insert<K: Borrow<str>, V>(&mut self, pos: usize, entries: &[(K, V)]) {
        if (pos + 1) * 2 > self.slots.len() {
            if let Some(bigger) = HashIndex::build(&entries[..=pos]) {
                *self = bigger;
            }
            return;
        }
        let h = hash(entries[pos].0.borrow().as_bytes());
        if let Ok(slot) = probe(&self.slots, h, "", &entries[..0]) {
            self.slots[slot] = (h & !0xffff_ffff) | pos as u64;
        }
    }
}

/// Linear probing from `h` in a table whose length is a power of two and
/// which has an empty slot: `Err(position)` of the member whose key is `key`,
/// else `Ok(slot)` of the empty slot where the probe ended.
#[inline]
fn probe<K: Borrow<str>, V>(
    slots: &[u64],
    h: u64,
    key: &str,
    entries: &[(K, V)],
) -> Result<usize, usize> {
    let mask = slots.len() - 1;
    let tag = h >> 32;
    let mut slot = h as usize & mask;
    loop {
        let s = slots[slot];
        if s == EMPTY {
            return Ok(slot);
        }
        if s >> 32 == tag {
            let pos = (s & 0xffff_ffff) as usize;
            if let Some((k, _)) = entries.get(pos) {
                if k.borrow() == key {
                    return Err(pos);
                }
            }
        }
        slot = (slot + 1) & mask;
    }
}

/// The position of the first member whose key an earlier member has, using
/// a table kept per thread and reused from object to object, so checking a
/// parsed object allocates nothing once the largest one has been seen.
fn first_repeat<K: Borrow<str>, V>(entries: &[(K, V)]) -> Option<usize> {
    thread_local! {
        static SLOTS: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
    }
    if entries.len() >= u32::MAX as usize {
        // Positions would not fit the table's 32 bits: compare directly.
        return (1..entries.len()).find(|&j| {
            let key: &str = entries[j].0.borrow();
            entries[..j].iter().any(|(k, _)| k.borrow() == key)
        });
    }
    SLOTS.with(|slots| {
        let mut slots = slots.borrow_mut();
        let size = (entries.len() * 2).next_power_of_two().max(32);
        slots.clear();
        slots.resize(size, EMPTY);
        for (j, (key, _)) in entries.iter().enumerate() {
            let key: &str = key.borrow();
            let h = hash(key.as_bytes());
            match probe(&slots, h, key, &entries[..j]) {
                Err(_) => return Some(j),
                Ok(slot) => slots[slot] = (h & !0xffff_ffff) | j as u64,
            }
        }
        None
    })
}

/// A map's hash index, built on demand behind a shared reference: one
/// pointer (null until built), so `Map` and `Value` stay as small as without
/// it. It is freed only through `&mut self` (or by the builder that lost a
/// race to publish its own), so a reference handed out by `get` lives as
/// long as the borrow of the map.
struct LazyIndex(AtomicPtr<HashIndex>);

impl LazyIndex {
    /// No index yet.
    const fn empty() -> LazyIndex {
        LazyIndex(AtomicPtr::new(ptr::null_mut()))
    }

    /// The index, building it from `entries` first if there is none yet;
    /// `None` when the entries are too many to index.
    #[inline]
    fn get_or_build<K: Borrow<str>, V>(&self, entries: &[(K, V)]) -> Option<&HashIndex> {
        let p = self.0.load(Ordering::Acquire);
        if !p.is_null() {
            // SAFETY: a non-null pointer here came from `Box::into_raw` and
            // was published by the compare-exchange below; it is freed only
            // through `&mut self`, which cannot coexist with this `&self`.
            return Some(unsafe { &*p });
        }
        self.build(entries)
    }

    #[cold]
    fn build<K: Borrow<str>, V>(&self, entries: &[(K, V)]) -> Option<&HashIndex> {
        let fresh = Box::into_raw(Box::new(HashIndex::build(entries)?));
        match self
            .0
            .compare_exchange(ptr::null_mut(), fresh, Ordering::AcqRel, Ordering::Acquire)
        {
            // SAFETY: `fresh` is now published and lives as `get_or_build`
            // describes.
            Ok(_) => Some(unsafe { &*fresh }),
            Err(theirs) => {
                // Another thread published an index of the same entries
                // first (building needs only `&self`, so entries cannot have
                // changed): use theirs, free ours, which nobody else saw.
                // SAFETY: `fresh` came from `Box::into_raw` above and was
                // never shared; `theirs` is published as above.
                unsafe {
                    drop(Box::from_raw(fresh));
                    Some(&*theirs)
                }
            }
        }
    }

    /// The index if built, for updating it in place.
    #[inline]
    fn get_mut(&mut self) -> Option<&mut HashIndex> {
        let p = *self.0.get_mut();
        // SAFETY: `&mut self` excludes every other reference to the index;
        // a non-null pointer is a live `Box` (see `get_or_build`).
        (!p.is_null()).then(|| unsafe { &mut *p })
    }

    /// Drops the index; the next lookup builds a new one.
    #[inline]
    fn clear(&mut self) {
        let p = std::mem::replace(self.0.get_mut(), ptr::null_mut());
        if !p.is_null() {
            // SAFETY: a non-null pointer is a live `Box` that only this map
            // owns, and `&mut self` excludes every reference into it.
            drop(unsafe { Box::from_raw(p) });
        }
    }
}

impl Drop for LazyIndex {
    fn drop(&mut self) {
        self.clear();
    }
}

impl Clone for LazyIndex {
    fn clone(&self) -> Self {
        let p = self.0.load(Ordering::Acquire);
        if p.is_null() {
            return LazyIndex::empty();
        }
        // SAFETY: as in `get_or_build`: published and alive while `&self` is.
        let copy = unsafe { (*p).clone() };
        LazyIndex(AtomicPtr::new(Box::into_raw(Box::new(copy))))
    }
}

/// The per-process hash seed, drawn once from the standard library's random
/// source.
fn seed() -> u64 {
    static SEED: OnceLock<u64> = OnceLock::new();
    *SEED.get_or_init(|| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(0x9e37_79b9_7f4a_7c15);
        h.finish() | 1
    })
}

#[inline]
fn fold_mul(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    (p as u64) ^ ((p >> 64) as u64)
}

/// A seeded multiply-fold hash over 8-byte words (foldhash's construction).
#[inline]
fn hash(bytes: &[u8]) -> u64 {
    const K0: u64 = 0x243f_6a88_85a3_08d3;
    const K1: u64 = 0x1319_8a2e_0370_7344;
    const K2: u64 = 0xa409_3822_299f_31d0;
    let s = seed();
    let mut h = fold_mul(s ^ bytes.len() as u64, K0);
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = fold_mul(h ^ u64::from_le_bytes(w), K1 ^ s);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut w = [0u8; 8];
        w[..rest.len()].copy_from_slice(rest);
        h = fold_mul(h ^ u64::from_le_bytes(w), K2 ^ s);
    }
    fold_mul(h, K0 ^ s)
}

#[cfg(test)]
mod tests {
    use super::*;

    impl LazyIndex {
        fn is_built(&self) -> bool {
            !self.0.load(Ordering::Acquire).is_null()
        }
    }

    #[test]
    fn index_agrees_with_scan_across_the_threshold() {
        let mut m: Map<String, usize> = Map::new();
        for i in 0..200 {
            m.insert(format!("k{i}"), i);
            // Inserting looked the key up first: a large map has an index,
            // kept up to date by the insert.
            assert_eq!(m.index.is_built(), m.len() > INDEX_MIN + 1, "{i}");
            for j in 0..=i {
                assert_eq!(m.get(&format!("k{j}")), Some(&j), "{i} {j}");
            }
            assert_eq!(m.index.is_built(), m.len() > INDEX_MIN, "{i}");
            assert_eq!(m.get("absent"), None);
        }
        m.remove("k3");
        assert!(!m.index.is_built(), "moving members drops the index");
        assert_eq!(m.get("k3"), None);
        assert_eq!(m.get("k4"), Some(&4));
        m.retain(|_, v| *v % 2 == 0);
        assert_eq!(m.len(), 100);
        assert_eq!(m.get("k100"), Some(&100));
        let copy = m.clone();
        assert!(copy.index.is_built());
        assert_eq!(copy.get("k198"), Some(&198));
        m.retain(|_, v| *v < 10);
        assert_eq!(m.get("k8"), Some(&8));
        assert!(!m.index.is_built(), "small maps scan");
    }

    #[test]
    fn a_parsed_map_builds_its_index_on_the_first_lookup_only() {
        let entries: Vec<(String, usize)> = (0..40).map(|i| (format!("k{i}"), i)).collect();
        let m = Map::from_parsed(entries, false).unwrap();
        assert!(!m.index.is_built());
        assert_eq!(m.get("k39"), Some(&39));
        assert!(m.index.is_built());
        // Lookups from several threads at once: each sees a whole index.
        let m = Map::from_parsed((0..500).map(|i| (format!("k{i}"), i)).collect(), false).unwrap();
        std::thread::scope(|scope| {
            for t in 0..4 {
                let m = &m;
                scope.spawn(move || {
                    for i in (t..500).step_by(4) {
                        assert_eq!(m.get(&format!("k{i}")), Some(&i));
                    }
                });
            }
        });
    }

    #[test]
    fn repeated_keys_are_found_in_objects_of_every_size() {
        // The per-thread table is reused: a large object, then small and
        // large ones again, each with and without a repeat.
        for n in [13usize, 200, 14, 40, 13, 1000, 20] {
            let mut entries: Vec<(String, usize)> =
                (0..n).map(|i| (format!("key{i}"), i)).collect();
            assert_eq!(first_repeat(&entries), None, "{n}");
            entries.push((format!("key{}", n / 2), 0));
            assert_eq!(first_repeat(&entries), Some(n), "{n}");
        }
    }

    #[test]
    fn from_parsed_keeps_first_position_last_value() {
        for n in [3usize, 40] {
            let mut entries: Vec<(String, usize)> = (0..n).map(|i| (format!("k{i}"), i)).collect();
            entries.push(("k1".into(), 1000));
            let m = Map::from_parsed(entries.clone(), false).unwrap();
            assert_eq!(m.len(), n);
            assert_eq!(m.get_index(1), Some((&"k1".to_string(), &1000)));
            assert_eq!(
                Map::from_parsed(entries, true).err(),
                Some((n, "k1".to_string()))
            );
        }
    }
}
