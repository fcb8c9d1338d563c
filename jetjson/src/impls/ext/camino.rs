//! `camino::Utf8PathBuf` (and `Utf8Path` for writing) (feature `camino`):
//! the path's text, as camino's serde impl writes it, in every format and
//! as a map key.

use std::convert::Infallible;

use camino::{Utf8Path, Utf8PathBuf};

use crate::msgpack::{self, ToMsgpack};
use crate::value::{ToValue, ToValueKey};
use crate::{ToJson, ToJsonKey, Value, Writer};

text_type!(
    Utf8PathBuf,
    "a path string",
    "path",
    |v| v.as_str(),
    |s| Ok::<_, Infallible>(Utf8PathBuf::from(s))
);

impl ToJson for Utf8Path {
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_str(self.as_str());
    }
}

impl ToJsonKey for Utf8Path {
    fn write_json_key(&self, w: &mut Writer<'_>) {
        w.write_str(self.as_str());
    }
}

impl ToValue for Utf8Path {
    fn to_value(&self) -> Value {
        Value::String(self.as_str().to_owned())
    }
}

impl ToValueKey for Utf8Path {
    fn to_value_key(&self) -> String {
        self.as_str().to_owned()
    }
}

impl ToMsgpack for Utf8Path {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        w.write_str(self.as_str());
    }
}
