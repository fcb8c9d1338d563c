//! Sequences: slices, `Vec`, `VecDeque`, `LinkedList`, `BinaryHeap`, fixed
//! arrays and sets, all as arrays. Each result is allocated once, at its
//! exact size where the type allows.

use std::collections::{BTreeSet, BinaryHeap, HashSet, LinkedList, VecDeque};
use std::hash::{BuildHasher, Hash};

use super::{array, array_of, array_ref, invalid_value, too_many_elements};
use super::{FromValue, ToValue};
use crate::value::Value;
use crate::Error;

/// Converts the elements of an array (borrowed), handing each to `push`;
/// errors carry the index.
#[inline]
fn each_ref<T: FromValue>(items: &[Value], mut push: impl FnMut(T)) -> Result<(), Error> {
    for (i, item) in items.iter().enumerate() {
        push(T::from_value_ref(item).map_err(|e| e.index(i))?);
    }
    Ok(())
}

/// Converts the elements of an array (moved), handing each to `push`.
#[inline]
fn each<T: FromValue>(items: Vec<Value>, mut push: impl FnMut(T)) -> Result<(), Error> {
    for (i, item) in items.into_iter().enumerate() {
        push(T::from_value(item).map_err(|e| e.index(i))?);
    }
    Ok(())
}

impl<T: ToValue> ToValue for [T] {
    #[inline]
    fn to_value(&self) -> Value {
        array_of(self.iter())
    }
}

impl<T: ToValue> ToValue for Vec<T> {
    #[inline]
    fn to_value(&self) -> Value {
        array_of(self.iter())
    }
}

impl<T: FromValue> FromValue for Vec<T> {
    #[inline]
    fn from_value(v: Value) -> Result<Self, Error> {
        let items = array(v, "an array")?;
        let mut out = Vec::with_capacity(items.len());
        each(items, |x| out.push(x))?;
        Ok(out)
    }

    #[inline]
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let items = array_ref(v, "an array")?;
        let mut out = Vec::with_capacity(items.len());
        each_ref(items, |x| out.push(x))?;
        Ok(out)
    }
}

impl<T: ToValue> ToValue for VecDeque<T> {
    fn to_value(&self) -> Value {
        array_of(self.iter())
    }
}

impl<T: FromValue> FromValue for VecDeque<T> {
    fn from_value(v: Value) -> Result<Self, Error> {
        let items = array(v, "an array")?;
        let mut out = VecDeque::with_capacity(items.len());
        each(items, |x| out.push_back(x))?;
        Ok(out)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let items = array_ref(v, "an array")?;
        let mut out = VecDeque::with_capacity(items.len());
        each_ref(items, |x| out.push_back(x))?;
        Ok(out)
    }
}

impl<T: ToValue, const N: usize> ToValue for [T; N] {
    #[inline]
    fn to_value(&self) -> Value {
        array_of(self.iter())
    }
}

/// "expected an array of N elements, found n", as the decoder says it.
#[cold]
#[inline(never)]
fn wrong_length<const N: usize>(found: usize) -> Error {
    if N == 0 {
        invalid_value("expected an empty array")
    } else if found < N {
        invalid_value(format!("expected an array of {N} elements, found {found}"))
    } else {
        too_many_elements("a fixed-size array")
    }
}

/// Exactly `N` elements; fewer or more is an error, reported after the
/// elements present were converted (the decoder's order). Built in place.
impl<T: FromValue, const N: usize> FromValue for [T; N] {
    fn from_value(v: Value) -> Result<Self, Error> {
        let items = array(v, "an array")?;
        let len = items.len();
        let mut slots: [Option<T>; N] = std::array::from_fn(|_| None);
        for (i, (slot, item)) in slots.iter_mut().zip(items).enumerate() {
            *slot = Some(T::from_value(item).map_err(|e| e.index(i))?);
        }
        finish(slots, len)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let items = array_ref(v, "an array")?;
        let mut slots: [Option<T>; N] = std::array::from_fn(|_| None);
        for (i, (slot, item)) in slots.iter_mut().zip(items).enumerate() {
            *slot = Some(T::from_value_ref(item).map_err(|e| e.index(i))?);
        }
        finish(slots, items.len())
    }
}

fn finish<T, const N: usize>(slots: [Option<T>; N], len: usize) -> Result<[T; N], Error> {
    if len != N {
        return Err(wrong_length::<N>(len));
    }
    // `len == N`, so the loop above filled every slot.
    Ok(slots.map(|slot| slot.unwrap_or_else(|| unreachable!())))
}

impl<T: ToValue, S> ToValue for HashSet<T, S> {
    fn to_value(&self) -> Value {
        array_of(self.iter())
    }
}

impl<T, S> FromValue for HashSet<T, S>
where
    T: FromValue + Eq + Hash,
    S: BuildHasher + Default,
{
    fn from_value(v: Value) -> Result<Self, Error> {
        let items = array(v, "an array")?;
        let mut out = HashSet::with_capacity_and_hasher(items.len(), S::default());
        each(items, |x| {
            out.insert(x);
        })?;
        Ok(out)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let items = array_ref(v, "an array")?;
        let mut out = HashSet::with_capacity_and_hasher(items.len(), S::default());
        each_ref(items, |x| {
            out.insert(x);
        })?;
        Ok(out)
    }
}

impl<T: ToValue> ToValue for BTreeSet<T> {
    fn to_value(&self) -> Value {
        array_of(self.iter())
    }
}

impl<T: FromValue + Ord> FromValue for BTreeSet<T> {
    fn from_value(v: Value) -> Result<Self, Error> {
        let mut out = BTreeSet::new();
        each(array(v, "an array")?, |x| {
            out.insert(x);
        })?;
        Ok(out)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let mut out = BTreeSet::new();
        each_ref(array_ref(v, "an array")?, |x| {
            out.insert(x);
        })?;
        Ok(out)
    }
}

impl<T: ToValue> ToValue for LinkedList<T> {
    fn to_value(&self) -> Value {
        array_of(self.iter())
    }
}

impl<T: FromValue> FromValue for LinkedList<T> {
    fn from_value(v: Value) -> Result<Self, Error> {
        let mut out = LinkedList::new();
        each(array(v, "an array")?, |x| out.push_back(x))?;
        Ok(out)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let mut out = LinkedList::new();
        each_ref(array_ref(v, "an array")?, |x| out.push_back(x))?;
        Ok(out)
    }
}

impl<T: ToValue> ToValue for BinaryHeap<T> {
    fn to_value(&self) -> Value {
        array_of(self.iter())
    }
}

impl<T: FromValue + Ord> FromValue for BinaryHeap<T> {
    fn from_value(v: Value) -> Result<Self, Error> {
        Vec::from_value(v).map(BinaryHeap::from)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        Vec::from_value_ref(v).map(BinaryHeap::from)
    }
}
