//! Sequences: slices, `Vec`, `VecDeque`, `LinkedList`, `BinaryHeap` (in its
//! iteration order, as serde writes it), fixed arrays and sets, all as JSON
//! arrays.

use std::collections::{BTreeSet, BinaryHeap, HashSet, LinkedList, VecDeque};
use std::hash::{BuildHasher, Hash};

use crate::{Error, FromJson, Reader, ToJson, Writer};

/// Writes the items of `iter` as a JSON array. `flush_point` after each item
/// lets a streaming writer hand on its buffer.
#[inline]
fn write_seq<'a, T: ToJson + 'a>(w: &mut Writer<'_>, iter: impl IntoIterator<Item = &'a T>) {
    w.begin_array();
    let mut first = true;
    for item in iter {
        if !first {
            w.write_comma();
        }
        first = false;
        item.write_json(w);
        w.flush_point();
    }
    w.end_array();
}

/// [`write_seq`] for a slice; a slice of `f64` is written two numbers at a
/// time ([`Writer::write_f64_pair`]). For any other type `__as_f64` is a
/// constant `None` and only the plain loop remains.
#[inline]
fn write_slice<T: ToJson>(w: &mut Writer<'_>, items: &[T]) {
    if items.first().and_then(ToJson::__as_f64).is_none() {
        return write_seq(w, items);
    }
    w.begin_array();
    let mut pairs = items.chunks_exact(2);
    let mut first = true;
    for pair in &mut pairs {
        if !first {
            w.write_comma();
        }
        first = false;
        match (pair[0].__as_f64(), pair[1].__as_f64()) {
            (Some(a), Some(b)) => w.write_f64_pair(a, b),
            _ => {
                pair[0].write_json(w);
                w.write_comma();
                pair[1].write_json(w);
            }
        }
        w.flush_point();
    }
    if let [last] = pairs.remainder() {
        if !first {
            w.write_comma();
        }
        last.write_json(w);
        w.flush_point();
    }
    w.end_array();
}

/// Reads a JSON array, handing each element to `push`; errors carry the index.
#[inline]
fn read_seq<'de, T: FromJson<'de>>(
    r: &mut Reader<'de>,
    mut push: impl FnMut(T),
) -> Result<(), Error> {
    r.begin_array("an array")?;
    let mut first = true;
    let mut index = 0;
    while r.next_element(&mut first)? {
        push(T::read_json(r).map_err(|e| e.index(index))?);
        index += 1;
    }
    Ok(())
}

impl<T: ToJson> ToJson for [T] {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        write_slice(w, self);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        write_slice(w, self);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, T: FromJson<'de>> FromJson<'de> for Vec<T> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = Vec::new();
        read_seq(r, |v| out.push(v))?;
        Ok(out)
    }
}

impl<T: ToJson> ToJson for VecDeque<T> {
    fn write_json(&self, w: &mut Writer<'_>) {
        write_seq(w, self);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, T: FromJson<'de>> FromJson<'de> for VecDeque<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = VecDeque::new();
        read_seq(r, |v| out.push_back(v))?;
        Ok(out)
    }
}

impl<T: ToJson, const N: usize> ToJson for [T; N] {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        write_slice(w, self);
    }

    fn is_json_empty(&self) -> bool {
        N == 0
    }
}

/// Exactly `N` elements; fewer or more is an error. Built in place, without
/// a heap buffer.
impl<'de, T: FromJson<'de>, const N: usize> FromJson<'de> for [T; N] {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut slots: [Option<T>; N] = std::array::from_fn(|_| None);
        r.begin_array("an array")?;
        let mut first = true;
        for (index, slot) in slots.iter_mut().enumerate() {
            if !r.next_element(&mut first)? {
                return Err(
                    r.invalid_value(format!("expected an array of {N} elements, found {index}"))
                );
            }
            *slot = Some(T::read_json(r).map_err(|e| e.index(index))?);
        }
        if N == 0 {
            // `[]`: consume the closing bracket through the usual path.
            if r.next_element(&mut first)? {
                return Err(r.invalid_value("expected an empty array"));
            }
        } else {
            r.end_array("a fixed-size array")?;
        }
        // Every slot was filled by the loop above, which ran N times.
        Ok(slots.map(|slot| slot.unwrap_or_else(|| unreachable!())))
    }
}

impl<T: ToJson, S> ToJson for HashSet<T, S> {
    fn write_json(&self, w: &mut Writer<'_>) {
        write_seq(w, self);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, T, S> FromJson<'de> for HashSet<T, S>
where
    T: FromJson<'de> + Eq + Hash,
    S: BuildHasher + Default,
{
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = HashSet::with_hasher(S::default());
        read_seq(r, |v| {
            out.insert(v);
        })?;
        Ok(out)
    }
}

impl<T: ToJson> ToJson for BTreeSet<T> {
    fn write_json(&self, w: &mut Writer<'_>) {
        write_seq(w, self);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, T: FromJson<'de> + Ord> FromJson<'de> for BTreeSet<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = BTreeSet::new();
        read_seq(r, |v| {
            out.insert(v);
        })?;
        Ok(out)
    }
}

impl<T: ToJson> ToJson for LinkedList<T> {
    fn write_json(&self, w: &mut Writer<'_>) {
        write_seq(w, self);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, T: FromJson<'de>> FromJson<'de> for LinkedList<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = LinkedList::new();
        read_seq(r, |v| out.push_back(v))?;
        Ok(out)
    }
}

impl<T: ToJson> ToJson for BinaryHeap<T> {
    fn write_json(&self, w: &mut Writer<'_>) {
        write_seq(w, self);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, T: FromJson<'de> + Ord> FromJson<'de> for BinaryHeap<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = Vec::new();
        read_seq(r, |v| out.push(v))?;
        Ok(BinaryHeap::from(out))
    }
}
