//! jetjson's borrowed DOM, `jetjson::value::ValueRef`: strings without
//! escapes point into the input, so parsing allocates only the arrays and
//! objects. It reads the input as it is (no copy, unlike simd-json's in-place
//! parse). The typed operations are jetjson's, so they are not repeated.

use super::{check, Adapter, Format, Input, Step};
use crate::schema::Schema;
use std::sync::Arc;

/// jetjson with its borrowed DOM.
pub struct JetjsonBorrowed;

impl<T: Schema> Adapter<T> for JetjsonBorrowed {
    fn name(&self) -> &'static str {
        "jetjson-borrowed"
    }

    fn crate_name(&self) -> &'static str {
        "jetjson"
    }

    fn format(&self) -> Format {
        Format::Json
    }

    fn json_to_value(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let (i, c) = (Arc::clone(input), Arc::clone(input));
        let options = jetjson::value::ValueOptions::new();
        Some(Step::new(
            // The DOM borrows the input, so it is dropped here, inside the timing.
            move || options.from_slice_borrowed(&i.json).map(drop),
            move |r| {
                r.map_err(|e| format!("parse failed: {e}"))?;
                let dom = jetjson::value::ValueOptions::new()
                    .from_slice_borrowed(&c.json)
                    .map_err(|e| e.to_string())?;
                let text = jetjson::to_vec(&dom);
                check::dom(&c, serde_json::from_slice::<serde_json::Value>(&text))
            },
        ))
    }

    fn value_to_json(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let c = Arc::clone(input);
        // The DOM borrows the input for as long as the step lives; the copy is
        // leaked, once per step built (a few MB over a whole run).
        let json: &'static [u8] = Box::leak(input.json.clone().into_boxed_slice());
        let dom = jetjson::value::ValueOptions::new()
            .from_slice_borrowed(json)
            .ok()?;
        Some(Step::stateful(
            dom,
            |dom| Ok::<_, jetjson::Error>(jetjson::to_vec(&*dom)),
            move |_, out| check::dom_text(&c, out.as_deref()),
        ))
    }
}
