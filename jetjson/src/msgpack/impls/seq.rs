//! Sequences: slices, `Vec`, `VecDeque`, `LinkedList`, `BinaryHeap`, fixed
//! arrays and sets, all as MessagePack arrays (`Vec<u8>` included; see
//! `Bytes` for bin).

use std::collections::{BTreeSet, BinaryHeap, HashSet, LinkedList, VecDeque};
use std::hash::{BuildHasher, Hash};

use crate::msgpack::{FromMsgpack, Reader, ToMsgpack, Writer};
use crate::{Error, ErrorKind};

/// Writes `len` items as an array.
#[inline]
fn write_seq<'a, T: ToMsgpack + 'a>(
    w: &mut Writer,
    len: usize,
    iter: impl IntoIterator<Item = &'a T>,
) {
    w.write_array_len(len);
    for item in iter {
        item.write_msgpack(w);
    }
}

/// Reads an array into the collection that `make` returns (given the room
/// to reserve), handing each element to `push`; errors carry the index.
#[inline]
fn read_seq<'de, T: FromMsgpack<'de>, C>(
    r: &mut Reader<'de>,
    make: impl FnOnce(usize) -> C,
    mut push: impl FnMut(&mut C, T),
) -> Result<C, Error> {
    let len = r.read_array_len()?;
    r.enter()?;
    let mut out = make(r.capacity_for::<T>(len, 1));
    for index in 0..len {
        push(&mut out, T::read_msgpack(r).map_err(|e| e.index(index))?);
    }
    r.leave();
    Ok(out)
}

impl<T: ToMsgpack> ToMsgpack for [T] {
    #[inline]
    fn write_msgpack(&self, w: &mut Writer) {
        write_seq(w, self.len(), self);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<T: ToMsgpack> ToMsgpack for Vec<T> {
    #[inline]
    fn write_msgpack(&self, w: &mut Writer) {
        write_seq(w, self.len(), self);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

/// Reserves at most one element per remaining byte of input.
impl<'de, T: FromMsgpack<'de>> FromMsgpack<'de> for Vec<T> {
    #[inline]
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        read_seq(r, Vec::with_capacity, Vec::push)
    }
}

impl<T: ToMsgpack> ToMsgpack for VecDeque<T> {
    fn write_msgpack(&self, w: &mut Writer) {
        write_seq(w, self.len(), self);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, T: FromMsgpack<'de>> FromMsgpack<'de> for VecDeque<T> {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        read_seq(r, VecDeque::with_capacity, VecDeque::push_back)
    }
}

impl<T: ToMsgpack, const N: usize> ToMsgpack for [T; N] {
    #[inline]
    fn write_msgpack(&self, w: &mut Writer) {
        write_seq(w, N, self);
    }

    fn is_msgpack_empty(&self) -> bool {
        N == 0
    }
}

/// Exactly `N` elements; another length is an error at the array's marker.
/// Built in place, without a heap buffer.
impl<'de, T: FromMsgpack<'de>, const N: usize> FromMsgpack<'de> for [T; N] {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        let start = r.offset();
        let len = r.read_array_len()?;
        if len != N {
            return Err(r.error_at(
                ErrorKind::InvalidValue {
                    message: format!("expected an array of {N} elements, found {len}").into(),
                },
                start,
            ));
        }
        r.enter()?;
        let mut slots: [Option<T>; N] = std::array::from_fn(|_| None);
        for (index, slot) in slots.iter_mut().enumerate() {
            *slot = Some(T::read_msgpack(r).map_err(|e| e.index(index))?);
        }
        r.leave();
        // Every slot was filled by the loop above, which ran N times.
        Ok(slots.map(|slot| slot.unwrap_or_else(|| unreachable!())))
    }
}

impl<T: ToMsgpack, S> ToMsgpack for HashSet<T, S> {
    fn write_msgpack(&self, w: &mut Writer) {
        write_seq(w, self.len(), self);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

/// A repeated element is kept once.
impl<'de, T, S> FromMsgpack<'de> for HashSet<T, S>
where
    T: FromMsgpack<'de> + Eq + Hash,
    S: BuildHasher + Default,
{
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        read_seq(
            r,
            |n| HashSet::with_capacity_and_hasher(n, S::default()),
            |set, v| {
                set.insert(v);
            },
        )
    }
}

impl<T: ToMsgpack> ToMsgpack for BTreeSet<T> {
    fn write_msgpack(&self, w: &mut Writer) {
        write_seq(w, self.len(), self);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, T: FromMsgpack<'de> + Ord> FromMsgpack<'de> for BTreeSet<T> {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        read_seq(
            r,
            |_| BTreeSet::new(),
            |set, v| {
                set.insert(v);
            },
        )
    }
}

impl<T: ToMsgpack> ToMsgpack for LinkedList<T> {
    fn write_msgpack(&self, w: &mut Writer) {
        write_seq(w, self.len(), self);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, T: FromMsgpack<'de>> FromMsgpack<'de> for LinkedList<T> {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        read_seq(r, |_| LinkedList::new(), LinkedList::push_back)
    }
}

impl<T: ToMsgpack> ToMsgpack for BinaryHeap<T> {
    fn write_msgpack(&self, w: &mut Writer) {
        write_seq(w, self.len(), self);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, T: FromMsgpack<'de> + Ord> FromMsgpack<'de> for BinaryHeap<T> {
    fn read_msgpack(r: &mut Reader<'de>) -> Result<Self, Error> {
        Vec::read_msgpack(r).map(BinaryHeap::from)
    }
}
