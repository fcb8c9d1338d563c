//! `CString`/`CStr` and `OsString`/`OsStr`, as serde writes them.
//!
//! - `CString` and `CStr`: serde bytes (without the nul), which serde_json
//!   writes as an array of numbers (`"hi"` is `[104,105]`) and rmp-serde as
//!   binary data. Read as serde reads them: an array of integers 0..=255 or
//!   a string (its UTF-8 bytes); in MessagePack also binary data. A nul
//!   byte is an error.
//! - `OsString` and `OsStr`: serde's platform-tagged enum,
//!   `{"Unix":[104,105]}` on Unix (the bytes) and `{"Windows":[104,105]}` on
//!   Windows (the UTF-16 units); MessagePack: a map of one entry, the units
//!   an array (binary data is read too, as rmp-serde reads it). The other
//!   platform's variant is an error, as in serde, so such text does not
//!   move between platforms.
//!
//! The byte readers are shared with the `bytes` feature.

use std::ffi::{CStr, CString};

use crate::msgpack::{self, FromMsgpack, ToMsgpack};
use crate::value::convert::{invalid_type, invalid_value};
use crate::value::{FromValue, ToValue};
use crate::{Error, ErrorKind, FromJson, Reader, ToJson, Value, Writer};

const BYTES: &str = "an array of bytes or a string";

/// Bytes as serde_json hands them to a bytes visitor: an array of
/// integers 0..=255, or a string's UTF-8 bytes.
pub(crate) fn read_bytes(r: &mut Reader<'_>) -> Result<Vec<u8>, Error> {
    match r.peek() {
        Some(b'"') => r.read_string().map(String::into_bytes),
        Some(b'[') => Vec::<u8>::read_json(r),
        _ => Err(r.invalid_type(BYTES)),
    }
}

/// The same from a `Value`.
pub(crate) fn value_bytes(v: &Value) -> Result<Vec<u8>, Error> {
    match v {
        Value::String(s) => Ok(s.as_bytes().to_vec()),
        Value::Array(_) => Vec::<u8>::from_value_ref(v),
        other => Err(invalid_type(BYTES, other)),
    }
}

/// The same from MessagePack, where binary data is bytes too.
pub(crate) fn msgpack_bytes(r: &mut msgpack::Reader<'_>) -> Result<Vec<u8>, Error> {
    match r.peek() {
        Some(0xc4..=0xc6) => r.read_bin().map(<[u8]>::to_vec),
        Some(0xa0..=0xbf | 0xd9..=0xdb) => r.read_str().map(|s| s.as_bytes().to_vec()),
        Some(0x90..=0x9f | 0xdc | 0xdd) => Vec::<u8>::read_msgpack(r),
        _ => Err(r.invalid_type("binary data")),
    }
}

// MARK: - CString, CStr

#[cold]
fn nul_message(e: std::ffi::NulError) -> String {
    e.to_string()
}

impl ToJson for CStr {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        self.to_bytes().write_json(w);
    }

    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
}

impl ToJson for CString {
    #[inline]
    fn write_json(&self, w: &mut Writer<'_>) {
        self.as_c_str().write_json(w);
    }

    fn is_json_empty(&self) -> bool {
        self.as_c_str().is_empty()
    }
}

impl<'de> FromJson<'de> for CString {
    fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.peek();
        let start = r.offset();
        CString::new(read_bytes(r)?).map_err(|e| {
            let message = nul_message(e).into();
            r.error_at(ErrorKind::InvalidValue { message }, start)
        })
    }
}

impl ToValue for CStr {
    fn to_value(&self) -> Value {
        self.to_bytes().to_value()
    }
}

impl ToValue for CString {
    fn to_value(&self) -> Value {
        self.as_c_str().to_value()
    }
}

impl FromValue for CString {
    fn from_value_ref(v: &Value) -> Result<Self, Error> {
        CString::new(value_bytes(v)?).map_err(|e| invalid_value(nul_message(e)))
    }
}

impl ToMsgpack for CStr {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        w.write_bin(self.to_bytes());
    }

    fn is_msgpack_empty(&self) -> bool {
        self.is_empty()
    }
}

impl ToMsgpack for CString {
    fn write_msgpack(&self, w: &mut msgpack::Writer) {
        self.as_c_str().write_msgpack(w);
    }

    fn is_msgpack_empty(&self) -> bool {
        self.as_c_str().is_empty()
    }
}

impl<'de> FromMsgpack<'de> for CString {
    fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
        let start = r.offset();
        CString::new(msgpack_bytes(r)?).map_err(|e| {
            let message = nul_message(e).into();
            r.error_at(ErrorKind::InvalidValue { message }, start)
        })
    }
}

// MARK: - OsString, OsStr

#[cfg(any(unix, windows))]
mod os {
    use std::ffi::{OsStr, OsString};

    use crate::impls::shape::{
        msgpack_newtype_variant, newtype_variant_value, read_newtype_variant,
        value_newtype_variant, write_newtype_variant, write_newtype_variant_msgpack,
    };
    use crate::msgpack::{self, FromMsgpack, ToMsgpack};
    use crate::value::convert::invalid_value;
    use crate::value::{FromValue, ToValue};
    use crate::{Error, FromJson, Reader, ToJson, Value, Writer};

    const VARIANTS: &[&str] = &["Unix", "Windows"];
    const EXPECTED: &str = "an OS string";

    #[cfg(unix)]
    mod native {
        use std::borrow::Cow;
        use std::ffi::{OsStr, OsString};
        use std::os::unix::ffi::{OsStrExt, OsStringExt};

        pub(super) type Unit = u8;
        pub(super) const INDEX: usize = 0;
        pub(super) const OTHER: &str = "cannot deserialize Windows OS string on Unix";

        pub(super) fn units(s: &OsStr) -> Cow<'_, [u8]> {
            Cow::Borrowed(s.as_bytes())
        }

        pub(super) fn from_units(units: Vec<u8>) -> OsString {
            OsString::from_vec(units)
        }

        /// An array of bytes, or binary data (rmp-serde reads a `Vec<u8>`
        /// from either).
        pub(super) fn read_msgpack_units(
            r: &mut crate::msgpack::Reader<'_>,
        ) -> Result<Vec<u8>, crate::Error> {
            if let Some(0xc4..=0xc6) = r.peek() {
                return r.read_bin().map(<[u8]>::to_vec);
            }
            crate::msgpack::FromMsgpack::read_msgpack(r)
        }
    }

    #[cfg(windows)]
    mod native {
        use std::borrow::Cow;
        use std::ffi::{OsStr, OsString};
        use std::os::windows::ffi::{OsStrExt, OsStringExt};

        pub(super) type Unit = u16;
        pub(super) const INDEX: usize = 1;
        pub(super) const OTHER: &str = "cannot deserialize Unix OS string on Windows";

        pub(super) fn units(s: &OsStr) -> Cow<'_, [u16]> {
            Cow::Owned(s.encode_wide().collect())
        }

        pub(super) fn from_units(units: Vec<u16>) -> OsString {
            OsString::from_wide(&units)
        }

        pub(super) fn read_msgpack_units(
            r: &mut crate::msgpack::Reader<'_>,
        ) -> Result<Vec<u16>, crate::Error> {
            crate::msgpack::FromMsgpack::read_msgpack(r)
        }
    }

    use native::{from_units, read_msgpack_units, units, Unit, INDEX, OTHER};

    impl ToJson for OsStr {
        fn write_json(&self, w: &mut Writer<'_>) {
            write_newtype_variant(w, VARIANTS[INDEX], &units(self));
        }
    }

    impl ToJson for OsString {
        fn write_json(&self, w: &mut Writer<'_>) {
            self.as_os_str().write_json(w);
        }
    }

    impl<'de> FromJson<'de> for OsString {
        fn read_json(r: &mut Reader<'de>) -> Result<Self, Error> {
            read_newtype_variant(r, EXPECTED, VARIANTS, |r, i| {
                if i != INDEX {
                    return Err(r.invalid_value(OTHER));
                }
                Vec::<Unit>::read_json(r).map(from_units)
            })
        }
    }

    impl ToValue for OsStr {
        fn to_value(&self) -> Value {
            newtype_variant_value(VARIANTS[INDEX], units(self).to_value())
        }
    }

    impl ToValue for OsString {
        fn to_value(&self) -> Value {
            self.as_os_str().to_value()
        }
    }

    impl FromValue for OsString {
        fn from_value_ref(v: &Value) -> Result<Self, Error> {
            let (i, v) = value_newtype_variant(v, EXPECTED, VARIANTS)?;
            if i != INDEX {
                return Err(invalid_value(OTHER));
            }
            let units = Vec::<Unit>::from_value_ref(v).map_err(|e| e.field(VARIANTS[i]))?;
            Ok(from_units(units))
        }
    }

    impl ToMsgpack for OsStr {
        fn write_msgpack(&self, w: &mut msgpack::Writer) {
            write_newtype_variant_msgpack(w, VARIANTS[INDEX], &units(self));
        }
    }

    impl ToMsgpack for OsString {
        fn write_msgpack(&self, w: &mut msgpack::Writer) {
            self.as_os_str().write_msgpack(w);
        }
    }

    impl<'de> FromMsgpack<'de> for OsString {
        fn read_msgpack(r: &mut msgpack::Reader<'de>) -> Result<Self, Error> {
            msgpack_newtype_variant(r, EXPECTED, VARIANTS, |r, i| {
                if i != INDEX {
                    return Err(r.invalid_value(OTHER));
                }
                read_msgpack_units(r).map(from_units)
            })
        }
    }
}
