//! jetjson's MessagePack: the `ToMsgpack`/`FromMsgpack` that
//! `#[derive(Msgpack)]` generates for each payload type, structs as maps
//! keyed by field name, the layout rmp-serde's `to_vec_named` writes.

use super::{check, Adapter, Format, Input, Step};
use crate::schema::Schema;
use std::sync::Arc;

/// jetjson, MessagePack.
pub struct JetjsonMsgpack;

impl<T: Schema> Adapter<T> for JetjsonMsgpack {
    fn name(&self) -> &'static str {
        "jetjson-msgpack"
    }

    fn crate_name(&self) -> &'static str {
        "jetjson"
    }

    fn format(&self) -> Format {
        Format::MessagePack
    }

    fn decode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let bytes = jetjson::msgpack::to_vec(&input.value);
        let c = Arc::clone(input);
        Some(Step::stateful(
            bytes,
            |bytes| jetjson::msgpack::from_slice::<T>(bytes),
            move |bytes, t| check::round_trip(&c, bytes.len(), t),
        ))
    }

    fn encode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || Ok::<_, jetjson::Error>(jetjson::msgpack::to_vec(&i.value)),
            move |out| {
                let out = out.map_err(|e| format!("encode failed: {e}"))?;
                check::round_trip(&c, out.len(), jetjson::msgpack::from_slice::<T>(&out))
            },
        ))
    }

    fn encode_reuse(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::stateful(
            Vec::new(),
            move |buf: &mut Vec<u8>| {
                buf.clear();
                let mut w = jetjson::msgpack::Writer::from_vec(std::mem::take(buf));
                jetjson::msgpack::ToMsgpack::write_msgpack(&i.value, &mut w);
                *buf = w.into_vec();
            },
            move |buf, ()| check::round_trip(&c, buf.len(), jetjson::msgpack::from_slice::<T>(buf)),
        ))
    }
}
