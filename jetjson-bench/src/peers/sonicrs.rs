//! sonic-rs: typed through serde, DOM as `sonic_rs::Value`.
//!
//! Built with the default target features (no `target-cpu=native`), as every
//! system here.

use super::{check, Adapter, Format, Input, Step};
use crate::schema::Schema;
use std::sync::Arc;

/// sonic-rs.
pub struct SonicRs;

impl<T: Schema> Adapter<T> for SonicRs {
    fn name(&self) -> &'static str {
        "sonic-rs"
    }

    fn crate_name(&self) -> &'static str {
        "sonic-rs"
    }

    fn format(&self) -> Format {
        Format::Json
    }

    fn json_to_value(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || sonic_rs::from_slice::<sonic_rs::Value>(&i.json),
            move |v| check::dom(&c, v),
        ))
    }

    fn value_to_t(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let dom: sonic_rs::Value = match sonic_rs::from_slice(&input.json) {
            Ok(dom) => dom,
            Err(e) => return Some(Step::failed(format!("sonic-rs cannot parse: {e}"))),
        };
        let c = Arc::clone(input);
        Some(Step::stateful(
            dom,
            |dom| sonic_rs::from_value::<T>(dom),
            move |_, t| check::typed(&c, t),
        ))
    }

    fn decode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || sonic_rs::from_slice::<T>(&i.json),
            move |t| check::typed(&c, t),
        ))
    }

    fn t_to_value(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || sonic_rs::to_value(&i.value),
            move |v| check::value_dom(&c, v),
        ))
    }

    fn value_to_json(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let dom: sonic_rs::Value = match sonic_rs::from_slice(&input.json) {
            Ok(dom) => dom,
            Err(e) => return Some(Step::failed(format!("sonic-rs cannot parse: {e}"))),
        };
        let c = Arc::clone(input);
        Some(Step::stateful(
            dom,
            |dom| sonic_rs::to_vec(dom),
            move |_, out| check::dom_text(&c, out.as_deref()),
        ))
    }

    fn encode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || sonic_rs::to_vec(&i.value),
            move |out| check::json_text(&c, out.as_deref()),
        ))
    }

    fn encode_reuse(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::stateful(
            Vec::new(),
            move |buf: &mut Vec<u8>| {
                buf.clear();
                sonic_rs::to_writer(&mut *buf, &i.value)
            },
            move |buf, r| check::json_text(&c, r.map(|()| buf.as_slice())),
        ))
    }

    /// `sonic_rs::get`: its lazy lookup, the raw text of the value.
    fn get(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let path = path(&input.pointer);
        let check_path = path.clone();
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || sonic_rs::get(&i.json[..], &path).map(|v| v.as_raw_str().len()),
            move |r| {
                r.map_err(|e| e.to_string())?;
                let v = sonic_rs::get(&c.json[..], &check_path).map_err(|e| e.to_string())?;
                check::got_text(&c, Ok::<_, String>(v.as_raw_str()))
            },
        ))
    }
}

/// A JSON Pointer as sonic-rs's path: a token that is a plain array index
/// (no sign, no leading zero) is an index, any other a key.
pub fn path(pointer: &str) -> Vec<sonic_rs::PointerNode> {
    super::pointer_tokens(pointer)
        .into_iter()
        .map(|t| match t.parse::<usize>() {
            Ok(i) if t == i.to_string() => sonic_rs::PointerNode::Index(i),
            _ => sonic_rs::PointerNode::Key(t.into()),
        })
        .collect()
}
