//! prost: Protocol Buffers through the hand-written mirrors in [`crate::proto`].
//!
//! The timed operations work on the prost message type itself (converted from
//! `T` once, outside the timing), as a protobuf user would hold it; the check
//! converts the decoded message back to `T` and compares. Payloads without a
//! mirror (the corpora) are n/a.

use super::{check, Adapter, Format, Input, Step};
use crate::schema::Schema;
use prost::Message;
use std::sync::Arc;

/// prost.
pub struct Prost;

fn back<T: Schema>(bytes: &[u8]) -> Result<T, String> {
    let msg = T::Proto::decode(bytes).map_err(|e| e.to_string())?;
    T::from_proto(msg).ok_or_else(|| "no protobuf mirror".to_string())
}

impl<T: Schema> Adapter<T> for Prost {
    fn name(&self) -> &'static str {
        "prost"
    }

    fn crate_name(&self) -> &'static str {
        "prost"
    }

    fn format(&self) -> Format {
        Format::Protobuf
    }

    fn decode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let bytes = input.value.to_proto()?.encode_to_vec();
        let c = Arc::clone(input);
        Some(Step::stateful(
            bytes,
            |bytes| T::Proto::decode(bytes.as_slice()),
            move |bytes, msg| {
                let msg = msg.map_err(|e| format!("decode failed: {e}"))?;
                let t = T::from_proto(msg).ok_or("no protobuf mirror");
                check::round_trip(&c, bytes.len(), t)
            },
        ))
    }

    fn encode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let msg = input.value.to_proto()?;
        let c = Arc::clone(input);
        Some(Step::stateful(
            msg,
            |msg| msg.encode_to_vec(),
            move |_, out| check::round_trip(&c, out.len(), back::<T>(&out)),
        ))
    }

    fn encode_reuse(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let msg = input.value.to_proto()?;
        let c = Arc::clone(input);
        Some(Step::stateful(
            (msg, Vec::new()),
            |(msg, buf): &mut (T::Proto, Vec<u8>)| {
                buf.clear();
                msg.encode(buf)
            },
            move |(_, buf), r| {
                r.map_err(|e| format!("encode failed: {e}"))?;
                check::round_trip(&c, buf.len(), back::<T>(buf))
            },
        ))
    }
}
