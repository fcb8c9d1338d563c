//! `PathBuf` and `Path` as strings, as serde writes them, and as map keys.
//! MessagePack: a string; binary data that is UTF-8 is read too, as serde's
//! `PathBuf` reads bytes.
//!
//! serde refuses to write a path that is not valid UTF-8; `ToJson` cannot
//! fail, so it writes such a path lossily (each invalid sequence as U+FFFD),
//! and the text no longer reads back to the same path.
//!
//! `OsString` has no impl: serde writes it as a platform-tagged enum
//! (`{"Unix":[bytes]}`), which does not read back on another platform.

use std::path::{Path, PathBuf};

use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::{ToValue, ToValueKey};
use crate::{Error, ToJson, ToJsonKey, Value, Writer};

text_json!(
    PathBuf,
    "a path string",
    "path",
    |v| v.to_string_lossy(),
    |s| Ok::<_, std::convert::Infallible>(PathBuf::from(s))
);
text_key!(PathBuf, "path", |v| v.to_string_lossy(), |s| Ok::<
    _,
    std::convert::Infallible,
>(
    PathBuf::from(s)
));

impl ToJson for Path {
    fn write_json(&self, w: &mut Writer<'_>) {
        w.write_str(&self.to_string_lossy());
    }
}

impl ToJsonKey for Path {
    fn write_json_key(&self, w: &mut Writer<'_>) {
        w.write_str(&self.to_string_lossy());
    }
}

impl ToValue for Path {
    fn to_value(&self) -> Value {
        Value::String(self.to_string_lossy().into_owned())
    }
}

impl ToValueKey for Path {
    fn to_value_key(&self) -> String {
        self.to_string_lossy().into_owned()
    }
}

impl ToMsgpack for Path {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        w.write_str(&self.to_string_lossy());
    }
}

impl ToMsgpack for PathBuf {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        self.as_path().write_msgpack(w);
    }
}

impl<'de> FromMsgpack<'de> for PathBuf {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        if let Some(0xc4..=0xc6) = r.peek() {
            let start = r.offset();
            let bytes = r.read_bin()?;
            return match std::str::from_utf8(bytes) {
                Ok(s) => Ok(PathBuf::from(s)),
                Err(_) => Err(r.error_at(crate::ErrorKind::InvalidUtf8, start)),
            };
        }
        crate::impls::text::read_msgpack_text(r, "a path string", "path", |s| {
            Ok::<_, std::convert::Infallible>(PathBuf::from(s))
        })
    }
}
