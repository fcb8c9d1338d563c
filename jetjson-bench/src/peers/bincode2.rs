//! bincode 2 through serde, standard configuration (little-endian varints).
//!
//! bincode is not self-describing: a field left out by `skip_serializing_if`
//! cannot be read back, so payloads whose types omit fields (twitter) are n/a.

use super::{check, Adapter, Format, Input, Step};
use crate::schema::Schema;
use std::sync::Arc;

/// bincode.
pub struct Bincode;

fn config() -> bincode::config::Configuration {
    bincode::config::standard()
}

fn back<T: Schema>(bytes: &[u8]) -> Result<T, bincode::error::DecodeError> {
    bincode::serde::decode_from_slice::<T, _>(bytes, config()).map(|(t, _)| t)
}

impl<T: Schema> Adapter<T> for Bincode {
    fn name(&self) -> &'static str {
        "bincode"
    }

    fn crate_name(&self) -> &'static str {
        "bincode"
    }

    fn format(&self) -> Format {
        Format::Bincode
    }

    fn decode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        if T::OMITS_FIELDS {
            return None;
        }
        let bytes = match bincode::serde::encode_to_vec(&input.value, config()) {
            Ok(bytes) => bytes,
            Err(e) => return Some(Step::failed(format!("encode failed: {e}"))),
        };
        let c = Arc::clone(input);
        Some(Step::stateful(
            bytes,
            |bytes| back::<T>(bytes),
            move |bytes, t| check::round_trip(&c, bytes.len(), t),
        ))
    }

    fn encode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        if T::OMITS_FIELDS {
            return None;
        }
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || bincode::serde::encode_to_vec(&i.value, config()),
            move |out| {
                let out = out.map_err(|e| format!("encode failed: {e}"))?;
                check::round_trip(&c, out.len(), back::<T>(&out))
            },
        ))
    }

    fn encode_reuse(&self, input: &Arc<Input<T>>) -> Option<Step> {
        if T::OMITS_FIELDS {
            return None;
        }
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::stateful(
            Vec::new(),
            move |buf: &mut Vec<u8>| {
                buf.clear();
                bincode::serde::encode_into_std_write(&i.value, buf, config())
            },
            move |buf, r| {
                r.map_err(|e| format!("encode failed: {e}"))?;
                check::round_trip(&c, buf.len(), back::<T>(buf))
            },
        ))
    }
}
