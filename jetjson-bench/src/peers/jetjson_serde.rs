//! jetjson's serde bridge: the same serde-derived types that serde_json
//! reads, through `jetjson::serde` (jetjson's reader and writer under a
//! `serde::Deserializer`/`Serializer`), no jetjson derive involved. The row
//! a program that only has serde derives gets by switching crates.

use super::{check, Adapter, Format, Input, Step};
use crate::schema::Schema;
use std::sync::Arc;

/// `jetjson::serde::{from_slice, to_vec, to_writer}` on serde types.
pub struct JetjsonSerde;

impl<T: Schema> Adapter<T> for JetjsonSerde {
    fn name(&self) -> &'static str {
        "jetjson-serde"
    }

    fn crate_name(&self) -> &'static str {
        "jetjson"
    }

    fn format(&self) -> Format {
        Format::Json
    }

    fn decode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || jetjson::serde::from_slice::<T>(&i.json),
            move |t| check::typed(&c, t),
        ))
    }

    fn encode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || jetjson::serde::to_vec(&i.value),
            move |out| check::json_text(&c, out.as_deref()),
        ))
    }

    fn encode_reuse(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::stateful(
            Vec::new(),
            move |buf: &mut Vec<u8>| {
                buf.clear();
                jetjson::serde::to_writer(&mut *buf, &i.value)
            },
            move |buf, r| check::json_text(&c, r.map(|()| buf.as_slice())),
        ))
    }
}
