//! rmp-serde: MessagePack through serde, structs as maps keyed by field name
//! (`to_vec_named`), the layout of Go's msgp and of jetjson's MessagePack.

use super::{check, Adapter, Format, Input, Step};
use crate::schema::Schema;
use std::sync::Arc;

/// rmp-serde.
pub struct RmpSerde;

impl<T: Schema> Adapter<T> for RmpSerde {
    fn name(&self) -> &'static str {
        "rmp-serde"
    }

    fn crate_name(&self) -> &'static str {
        "rmp-serde"
    }

    fn format(&self) -> Format {
        Format::MessagePack
    }

    fn decode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let bytes = match rmp_serde::to_vec_named(&input.value) {
            Ok(bytes) => bytes,
            Err(e) => return Some(Step::failed(format!("encode failed: {e}"))),
        };
        let c = Arc::clone(input);
        Some(Step::stateful(
            bytes,
            |bytes| rmp_serde::from_slice::<T>(bytes),
            move |bytes, t| check::round_trip(&c, bytes.len(), t),
        ))
    }

    fn encode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || rmp_serde::to_vec_named(&i.value),
            move |out| {
                let out = out.map_err(|e| format!("encode failed: {e}"))?;
                check::round_trip(&c, out.len(), rmp_serde::from_slice::<T>(&out))
            },
        ))
    }

    fn encode_reuse(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::stateful(
            Vec::new(),
            move |buf: &mut Vec<u8>| {
                buf.clear();
                rmp_serde::encode::write_named(buf, &i.value)
            },
            move |buf, r| {
                r.map_err(|e| format!("encode failed: {e}"))?;
                check::round_trip(&c, buf.len(), rmp_serde::from_slice::<T>(buf))
            },
        ))
    }
}
