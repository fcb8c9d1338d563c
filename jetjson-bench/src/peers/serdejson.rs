//! serde_json (with `float_roundtrip`): the baseline every ratio is taken against.

use super::{check, Adapter, Format, Input, Step};
use crate::schema::Schema;
use serde_json::Value;
use std::sync::Arc;

/// serde_json: typed through serde, DOM as `serde_json::Value`.
pub struct SerdeJson;

impl<T: Schema> Adapter<T> for SerdeJson {
    fn name(&self) -> &'static str {
        "serde_json"
    }

    fn crate_name(&self) -> &'static str {
        "serde_json"
    }

    fn format(&self) -> Format {
        Format::Json
    }

    fn json_to_value(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || serde_json::from_slice::<Value>(&i.json),
            move |v| check::dom(&c, v),
        ))
    }

    fn value_to_t(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let dom = input.dom.clone();
        let c = Arc::clone(input);
        Some(Step::stateful(
            dom,
            |dom| T::deserialize(&*dom),
            move |_, t| check::typed(&c, t),
        ))
    }

    fn decode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || serde_json::from_slice::<T>(&i.json),
            move |t| check::typed(&c, t),
        ))
    }

    fn t_to_value(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || serde_json::to_value(&i.value),
            move |v| check::value_dom(&c, v),
        ))
    }

    fn value_to_json(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let c = Arc::clone(input);
        Some(Step::stateful(
            input.dom.clone(),
            |dom| serde_json::to_vec(dom),
            move |_, out| check::dom_text(&c, out.as_deref()),
        ))
    }

    fn encode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || serde_json::to_vec(&i.value),
            move |out| check::json_text(&c, out.as_deref()),
        ))
    }

    fn encode_reuse(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::stateful(
            Vec::new(),
            move |buf: &mut Vec<u8>| {
                buf.clear();
                serde_json::to_writer(&mut *buf, &i.value)
            },
            move |buf, r| check::json_text(&c, r.map(|()| buf.as_slice())),
        ))
    }

    /// serde_json has no lazy lookup: the whole DOM, then `pointer`.
    fn get(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || {
                serde_json::from_slice::<Value>(&i.json)
                    .map(|v| v.pointer(&i.pointer).map(|found| found.to_string()))
            },
            move |r| {
                let text = r.map_err(|e| e.to_string())?.ok_or("nothing found")?;
                check::got_text(&c, Ok::<_, String>(text.as_str()))
            },
        ))
    }
}
