//! Maps with string or integer keys, as JSON objects (integer keys quoted).

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

use crate::{Error, FromJson, FromJsonKey, Reader, ToJson, ToJsonKey, Writer};

#[inline]
pub(crate) fn write_map<'a, K, V>(
    w: &mut Writer<'_>,
    iter: impl IntoIterator<Item = (&'a K, &'a V)>,
) where
    K: ToJsonKey + 'a + ?Sized,
    V: ToJson + 'a,
{
    w.begin_object();
    let mut first = true;
    for (k, v) in iter {
        if !first {
            w.write_comma();
        }
        first = false;
        k.write_json_key(w);
        w.write_byte(b':');
        v.write_json(w);
        w.flush_point();
    }
    w.end_object();
}

/// Reads a JSON object, handing each entry to `insert`. Errors in a value
/// carry its key in the path. A repeated key: the last value wins, as in
/// serde_json.
#[inline]
pub(crate) fn read_map<'de, K, V>(
    r: &mut Reader<'de>,
    mut insert: impl FnMut(K, V),
) -> Result<(), Error>
where
    K: FromJsonKey<'de>,
    V: FromJson<'de>,
{
    r.begin_object("an object")?;
    let mut first = true;
    while r.next_member(&mut first)? {
        let key_start = r.offset();
        let span = r.read_key_span()?;
        let k = K::from_json_key(r.span_str(span), r)
            .map_err(|e| e.with_position(r.input(), key_start))?;
        match V::read_json(r) {
            Ok(v) => insert(k, v),
            Err(e) => return Err(key_path(e, r, key_start)),
        }
    }
    Ok(())
}

#[cold]
fn key_path(e: Error, r: &mut Reader<'_>, key_start: usize) -> Error {
    let mut again = Reader::new(r.input());
    again.seek(key_start);
    match again.read_key() {
        Ok(key) => e.key(key.as_str()),
        Err(_) => e,
    }
}

impl<K: ToJsonKey, V: ToJson, S> ToJson for HashMap<K, V, S> {
    fn write_json(&self, w: &mut Writer<'_>) {
        write_map(w, self);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, K, V, S> FromJson<'de> for HashMap<K, V, S>
where
    K: FromJsonKey<'de> + Eq + Hash,
    V: FromJson<'de>,
    S: BuildHasher + Default,
{
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = HashMap::with_hasher(S::default());
        read_map(r, |k, v| {
            out.insert(k, v);
        })?;
        Ok(out)
    }
}

impl<K: ToJsonKey, V: ToJson> ToJson for BTreeMap<K, V> {
    fn write_json(&self, w: &mut Writer<'_>) {
        write_map(w, self);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl<'de, K, V> FromJson<'de> for BTreeMap<K, V>
where
    K: FromJsonKey<'de> + Ord,
    V: FromJson<'de>,
{
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        let mut out = BTreeMap::new();
        read_map(r, |k, v| {
            out.insert(k, v);
        })?;
        Ok(out)
    }
}
