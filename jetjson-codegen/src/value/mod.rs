//! The value emitters: `ToValue` in [`ser`], `FromValue` in [`de`], from the
//! same model as the JSON emitters, so that a type's `Value` is the DOM of
//! its JSON text and reads back as the text would.
//!
//! A `with = "module"` field has only the module's `write_json`/`read_json`
//! to go by: its value is written as JSON text and read back, for that field
//! only. `base64` (and `with = "jetjson::base64"`) converts directly.

pub mod de;
pub mod ser;

use crate::model::Field;

/// How a field's value is converted.
pub enum Convert<'f> {
    /// Through the serde bridge.
    Serde(&'f crate::attr::Via),
    /// Through the field type's `ToValue`/`FromValue`.
    Trait,
    /// Bytes as a base64 string, directly.
    Base64,
    /// Through the module's JSON functions and text.
    Module(&'f syn::Path),
}

impl<'f> Convert<'f> {
    /// How `field` converts, when written (`encode`) or read.
    pub fn of(field: &'f Field, encode: bool) -> Self {
        let via = if encode {
            &field.attrs.serialize_via
        } else {
            &field.attrs.deserialize_via
        };
        match &field.attrs.with {
            None => match via {
                Some(via) => Convert::Serde(via),
                None => Convert::Trait,
            },
            Some(path) if is_jetjson_base64(path) => Convert::Base64,
            Some(path) => Convert::Module(path),
        }
    }
}

/// `::jetjson::base64` or `jetjson::base64`, which `#[json(base64)]` names.
fn is_jetjson_base64(path: &syn::Path) -> bool {
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    names == ["jetjson", "base64"] && path.segments.iter().all(|s| s.arguments.is_none())
}
