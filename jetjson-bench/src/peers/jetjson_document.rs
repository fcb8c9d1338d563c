//! jetjson's read-only DOM, `jetjson::Document`: one flat array of 16-byte
//! slots, strings borrowed from the input. Only the DOM operations: the
//! typed ones are jetjson's.

use super::{check, Adapter, Format, Input, Step};
use crate::schema::Schema;
use std::sync::Arc;

/// jetjson with `Document`.
pub struct JetjsonDocument;

impl<T: Schema> Adapter<T> for JetjsonDocument {
    fn name(&self) -> &'static str {
        "jetjson-document"
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
            // The document borrows the input, so it is dropped here, inside the timing.
            move || jetjson::Document::parse(&i.json).map(|d| d.slot_count()),
            move |r| {
                r.map_err(|e| format!("parse failed: {e}"))?;
                let doc = jetjson::Document::parse(&c.json).map_err(|e| e.to_string())?;
                let text = jetjson::to_vec(&doc);
                check::dom(&c, serde_json::from_slice::<serde_json::Value>(&text))
            },
        ))
    }

    fn value_to_json(&self, input: &Arc<Input<T>>) -> Option<Step> {
        let c = Arc::clone(input);
        // The document borrows the input for as long as the step lives; the
        // copy is leaked, once per step built (a few MB over a whole run).
        let json: &'static [u8] = Box::leak(input.json.clone().into_boxed_slice());
        let doc = jetjson::Document::parse(json).ok()?;
        Some(Step::stateful(
            doc,
            |doc| Ok::<_, jetjson::Error>(jetjson::to_vec(&*doc)),
            move |_, out| check::dom_text(&c, out.as_deref()),
        ))
    }
}
