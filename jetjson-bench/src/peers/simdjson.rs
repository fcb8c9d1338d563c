//! simd-json: typed through its serde API on a mutable copy of the input,
//! DOM as `OwnedValue` ([`SimdJson`]) or `BorrowedValue` ([`SimdJsonBorrowed`]).
//!
//! simd-json parses in place, so every parse first copies the input into a
//! buffer reused across runs; the copy is inside the timing (it is part of
//! what a caller holding a `&[u8]` must do).

use super::{check, Adapter, Format, Input, Step};
use crate::schema::Schema;
use simd_json::prelude::Writable;
use simd_json::{BorrowedValue, OwnedValue};
use std::sync::Arc;

/// simd-json with its owned DOM.
pub struct SimdJson;

/// simd-json with its borrowed DOM (strings point into the parsed buffer).
/// The typed operations are the same calls as [`SimdJson`]'s, so they are not repeated.
pub struct SimdJsonBorrowed;

fn copy_of(json: &[u8], buf: &mut Vec<u8>) {
    buf.clear();
    buf.extend_from_slice(json);
}

fn owned_dom<T>(input: &Input<T>) -> Result<OwnedValue, String> {
    let mut copy = input.json.clone();
    simd_json::to_owned_value(&mut copy).map_err(|e| format!("simd-json cannot parse: {e}"))
}

fn borrowed_dom<T>(input: &Input<T>) -> Result<BorrowedValue<'static>, String> {
    let mut copy = input.json.clone();
    simd_json::to_borrowed_value(&mut copy)
        .map(BorrowedValue::into_static)
        .map_err(|e| format!("simd-json cannot parse: {e}"))
}

impl<T: Schema> Adapter<T> for SimdJson {
    fn name(&self) -> &'static str {
        "simd-json"
    }

    fn crate_name(&self) -> &'static str {
        "simd-json"
    }

    fn format(&self) -> Format {
        Format::Json
    }

    fn json_to_value(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::stateful(
            Vec::with_capacity(input.json.len()),
            move |buf: &mut Vec<u8>| {
                copy_of(&i.json, buf);
                simd_json::to_owned_value(buf)
            },
            move |_, v| check::dom(&c, v),
        ))
    }

    fn value_to_t(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let dom = match owned_dom(input) {
            Ok(dom) => dom,
            Err(e) => return Some(Step::failed(e)),
        };
        let c = Arc::clone(input);
        Some(Step::stateful(
            dom,
            |dom| simd_json::serde::from_refowned_value::<T>(dom),
            move |_, t| check::typed(&c, t),
        ))
    }

    fn decode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::stateful(
            Vec::with_capacity(input.json.len()),
            move |buf: &mut Vec<u8>| {
                copy_of(&i.json, buf);
                simd_json::serde::from_slice::<T>(buf)
            },
            move |_, t| check::typed(&c, t),
        ))
    }

    fn t_to_value(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || simd_json::serde::to_owned_value(&i.value),
            move |v| check::value_dom(&c, v),
        ))
    }

    fn value_to_json(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let dom = match owned_dom(input) {
            Ok(dom) => dom,
            Err(e) => return Some(Step::failed(e)),
        };
        let c = Arc::clone(input);
        Some(Step::stateful(
            dom,
            |dom| dom.encode(),
            move |_, out| check::dom_text(&c, Ok::<_, String>(out.as_bytes())),
        ))
    }

    fn encode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || simd_json::to_vec(&i.value),
            move |out| check::json_text(&c, out.as_deref()),
        ))
    }

    fn encode_reuse(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::stateful(
            Vec::new(),
            move |buf: &mut Vec<u8>| {
                buf.clear();
                simd_json::to_writer(&mut *buf, &i.value)
            },
            move |buf, r| check::json_text(&c, r.map(|()| buf.as_slice())),
        ))
    }
}

impl<T: Schema> Adapter<T> for SimdJsonBorrowed {
    fn name(&self) -> &'static str {
        "simd-json-borrowed"
    }

    fn crate_name(&self) -> &'static str {
        "simd-json"
    }

    fn format(&self) -> Format {
        Format::Json
    }

    fn json_to_value(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::stateful(
            Vec::with_capacity(input.json.len()),
            move |buf: &mut Vec<u8>| {
                copy_of(&i.json, buf);
                // The DOM borrows `buf`, so it is dropped here, inside the timing.
                simd_json::to_borrowed_value(buf).map(drop)
            },
            move |_, r| {
                r.map_err(|e| format!("parse failed: {e}"))?;
                let mut copy = c.json.clone();
                let v = simd_json::to_borrowed_value(&mut copy);
                check::dom(&c, v)
            },
        ))
    }

    fn value_to_t(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let dom = match borrowed_dom(input) {
            Ok(dom) => dom,
            Err(e) => return Some(Step::failed(e)),
        };
        let c = Arc::clone(input);
        Some(Step::stateful(
            dom,
            |dom| simd_json::serde::from_refborrowed_value::<T>(dom),
            move |_, t| check::typed(&c, t),
        ))
    }

    fn t_to_value(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || simd_json::serde::to_borrowed_value(&i.value),
            move |v| check::value_dom(&c, v),
        ))
    }

    fn value_to_json(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let dom = match borrowed_dom(input) {
            Ok(dom) => dom,
            Err(e) => return Some(Step::failed(e)),
        };
        let c = Arc::clone(input);
        Some(Step::stateful(
            dom,
            |dom| dom.encode(),
            move |_, out| check::dom_text(&c, Ok::<_, String>(out.as_bytes())),
        ))
    }
}
