//! jetjson: typed through its derive, DOM as `jetjson::Value`.

use super::{check, Adapter, Format, Input, Step};
use crate::schema::Schema;
use std::sync::Arc;

/// jetjson: the generated `ToJson`/`FromJson` of each payload type.
pub struct Jetjson;

/// jetjson's DOM as serde_json's, for the checks (outside the timing).
fn as_serde(v: &jetjson::Value) -> Result<serde_json::Value, String> {
    serde_json::from_slice(&jetjson::to_vec(v)).map_err(|e| e.to_string())
}

impl<T: Schema> Adapter<T> for Jetjson {
    fn name(&self) -> &'static str {
        "jetjson"
    }

    fn crate_name(&self) -> &'static str {
        "jetjson"
    }

    fn format(&self) -> Format {
        Format::Json
    }

    fn json_to_value(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || jetjson::from_slice::<jetjson::Value>(&i.json),
            move |v| check::dom(&c, v.map_err(|e| e.to_string()).and_then(|v| as_serde(&v))),
        ))
    }

    /// `jetjson::value::from_value_ref`: `T` made from the borrowed DOM, no
    /// text (serde_json's `T::deserialize(&value)`).
    fn value_to_t(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let dom = jetjson::from_slice::<jetjson::Value>(&input.json).ok()?;
        let c = Arc::clone(input);
        Some(Step::stateful(
            dom,
            |dom| jetjson::value::from_value_ref::<T>(dom),
            move |_, t| check::typed(&c, t),
        ))
    }

    /// `jetjson::value::to_value`: the DOM built from `T`, no text.
    fn t_to_value(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || jetjson::value::to_value(&i.value),
            move |v| check::value_dom(&c, v.map_err(|e| e.to_string()).and_then(|v| as_serde(&v))),
        ))
    }

    fn decode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || jetjson::from_slice::<T>(&i.json),
            move |t| check::typed(&c, t),
        ))
    }

    fn value_to_json(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let c = Arc::clone(input);
        // The DOM is built once from the input, outside the timing.
        let dom = jetjson::from_slice::<jetjson::Value>(&input.json).ok()?;
        Some(Step::stateful(
            dom,
            |dom| Ok::<_, jetjson::Error>(jetjson::to_vec(dom)),
            move |_, out| check::dom_text(&c, out.as_deref()),
        ))
    }

    fn encode(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || Ok::<_, jetjson::Error>(jetjson::to_vec(&i.value)),
            move |out| check::json_text(&c, out.as_deref()),
        ))
    }

    fn encode_reuse(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::stateful(
            Vec::new(),
            move |buf: &mut Vec<u8>| {
                buf.clear();
                let mut w = jetjson::Writer::from_vec(std::mem::take(buf));
                jetjson::ToJson::write_json(&i.value, &mut w);
                *buf = w.into_vec();
                Ok::<_, jetjson::Error>(())
            },
            move |buf, r| check::json_text(&c, r.map(|()| buf.as_slice())),
        ))
    }

    /// `jetjson::get`: only the way to the value is read; the rest is
    /// stepped over with the reader's `skip_value`.
    fn get(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        Some(Step::new(
            move || jetjson::get(&i.json, &i.pointer).map(|t| t.map(str::len)),
            move |r| {
                r.map_err(|e| e.to_string())?;
                let text = jetjson::get(&c.json, &c.pointer).map_err(|e| e.to_string())?;
                check::got_text(&c, text.ok_or("nothing found"))
            },
        ))
    }
}
