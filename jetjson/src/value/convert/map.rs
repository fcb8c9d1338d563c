//! Maps with string or integer keys, as objects (integer keys as their
//! text). Writing a map whose keys collide as text (two keys that write the
//! same) gives what reading the written object gives: the last value, at the
//! first key's position.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

use super::{object, object_ref, FromValue, FromValueKey, ToValue, ToValueKey};
use crate::value::{Map, Value};
use crate::Error;

/// An object of the map's entries, allocated once.
#[inline]
fn to_object<'a, K, V>(entries: impl ExactSizeIterator<Item = (&'a K, &'a V)>) -> Value
where
    K: ToValueKey + 'a + ?Sized,
    V: ToValue + 'a,
{
    let mut members = Vec::with_capacity(entries.len());
    members.extend(entries.map(|(k, v)| (k.to_value_key(), v.to_value())));
    Value::Object(Map::from_members(members))
}

/// Converts the members of an object (borrowed), handing each entry to
/// `insert`. A key that does not convert is reported before its value; an
/// error in a value carries its key in the path.
#[inline]
fn each_ref<K, V>(members: &Map, mut insert: impl FnMut(K, V)) -> Result<(), Error>
where
    K: FromValueKey,
    V: FromValue,
{
    for (k, v) in members {
        let key = K::from_value_key(k)?;
        match V::from_value_ref(v) {
            Ok(v) => insert(key, v),
            Err(e) => return Err(e.key(k)),
        }
    }
    Ok(())
}

/// Converts the members of an object (moved): keys and values are taken,
/// not copied.
#[inline]
fn each<K, V>(members: Map, mut insert: impl FnMut(K, V)) -> Result<(), Error>
where
    K: FromValueKey,
    V: FromValue,
{
    for (k, v) in members {
        match V::from_value(v) {
            Ok(v) => insert(K::from_value_key_owned(k)?, v),
            Err(e) => {
                // A bad key is reported before its value, as in decoding.
                K::from_value_key(&k)?;
                return Err(e.key(&k));
            }
        }
    }
    Ok(())
}

impl<K: ToValueKey, V: ToValue, S> ToValue for HashMap<K, V, S> {
    fn to_value(&self) -> Value {
        to_object(self.iter())
    }
}

impl<K, V, S> FromValue for HashMap<K, V, S>
where
    K: FromValueKey + Eq + Hash,
    V: FromValue,
    S: BuildHasher + Default,
{
    fn from_value(v: Value) -> Result<Self, Error> {
        let members = object(v, "an object")?;
        let mut out = HashMap::with_capacity_and_hasher(members.len(), S::default());
        each(members, |k, v| {
            out.insert(k, v);
        })?;
        Ok(out)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let members = object_ref(v, "an object")?;
        let mut out = HashMap::with_capacity_and_hasher(members.len(), S::default());
        each_ref(members, |k, v| {
            out.insert(k, v);
        })?;
        Ok(out)
    }
}

impl<K: ToValueKey, V: ToValue> ToValue for BTreeMap<K, V> {
    fn to_value(&self) -> Value {
        to_object(self.iter())
    }
}

impl<K, V> FromValue for BTreeMap<K, V>
where
    K: FromValueKey + Ord,
    V: FromValue,
{
    fn from_value(v: Value) -> Result<Self, Error> {
        let mut out = BTreeMap::new();
        each(object(v, "an object")?, |k, v| {
            out.insert(k, v);
        })?;
        Ok(out)
    }

    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        let mut out = BTreeMap::new();
        each_ref(object_ref(v, "an object")?, |k, v| {
            out.insert(k, v);
        })?;
        Ok(out)
    }
}
