//! MessagePack from the same model as JSON: `ToMsgpack` (`ser.rs`) and
//! `FromMsgpack` (`de.rs`). Names, renames, defaults, skips and the four
//! enum representations mean what they mean for JSON; structs are maps
//! keyed by field name, or arrays with `#[msgpack(as_array)]`.

pub mod de;
pub mod ser;

use proc_macro2::TokenStream;
use quote::quote;
use syn::spanned::Spanned;

use crate::emit::byte_str;

/// How named fields are laid out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A map from field name to value (the default).
    Map,
    /// An array of the values in declaration order (`#[msgpack(as_array)]`).
    Array,
}

/// The nil marker.
pub const NIL: u8 = 0xc0;

/// Reads `#[msgpack(..)]` on the container: only `as_array` exists.
pub fn layout(input: &syn::DeriveInput) -> Result<Layout, syn::Error> {
    let mut layout = Layout::Map;
    let mut errors: Option<syn::Error> = None;
    let mut push = |error: syn::Error| match &mut errors {
        Some(errors) => errors.combine(error),
        None => errors = Some(error),
    };
    for attr in input.attrs.iter().filter(|a| a.path().is_ident("msgpack")) {
        let parsed = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("as_array") {
                if layout == Layout::Array {
                    return Err(meta.error("duplicate msgpack attribute `as_array`"));
                }
                layout = Layout::Array;
                Ok(())
            } else {
                Err(meta.error("unknown msgpack attribute (the one there is: `as_array`)"))
            }
        });
        if let Err(error) = parsed {
            push(error);
        }
    }
    for field in fields(input) {
        for attr in field.attrs.iter().filter(|a| a.path().is_ident("msgpack")) {
            push(syn::Error::new(
                attr.span(),
                "`#[msgpack]` goes on the type (as_array); field settings are `#[json]`'s",
            ));
        }
    }
    match errors {
        Some(errors) => Err(errors),
        None => Ok(layout),
    }
}

fn fields(input: &syn::DeriveInput) -> Vec<&syn::Field> {
    match &input.data {
        syn::Data::Struct(data) => data.fields.iter().collect(),
        syn::Data::Enum(data) => data.variants.iter().flat_map(|v| v.fields.iter()).collect(),
        syn::Data::Union(data) => data.fields.named.iter().collect(),
    }
}

/// The smallest MessagePack encoding of a string.
pub fn str_bytes(s: &str) -> Vec<u8> {
    let len = s.len();
    let mut out = if len < 32 {
        vec![0xa0 | len as u8]
    } else if len <= 0xff {
        vec![0xd9, len as u8]
    } else if len <= 0xffff {
        let mut v = vec![0xda];
        v.extend_from_slice(&(len as u16).to_be_bytes());
        v
    } else {
        let mut v = vec![0xdb];
        v.extend_from_slice(&(len as u32).to_be_bytes());
        v
    };
    out.extend_from_slice(s.as_bytes());
    out
}

/// The smallest map header for `len` members.
pub fn map_header(len: usize) -> Vec<u8> {
    header(len, 0x80, 0xde)
}

/// The smallest array header for `len` elements.
pub fn array_header(len: usize) -> Vec<u8> {
    header(len, 0x90, 0xdc)
}

/// fix form (`fix | len` below 16), else the 16-bit marker, else the next.
fn header(len: usize, fix: u8, marker16: u8) -> Vec<u8> {
    if len < 16 {
        vec![fix | len as u8]
    } else if len <= 0xffff {
        let mut v = vec![marker16];
        v.extend_from_slice(&(len as u16).to_be_bytes());
        v
    } else {
        let mut v = vec![marker16 + 1];
        v.extend_from_slice(&(len as u32).to_be_bytes());
        v
    }
}

/// Statements under construction, with constant bytes held back so that
/// neighbours merge into one `write_raw`.
#[derive(Default)]
pub struct Out {
    stmts: Vec<TokenStream>,
    pending: Vec<u8>,
}

impl Out {
    /// Constant bytes.
    pub fn raw(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
    }

    /// A statement, after the constant bytes before it.
    pub fn stmt(&mut self, stmt: TokenStream) {
        self.flush();
        self.stmts.push(stmt);
    }

    fn flush(&mut self) {
        if !self.pending.is_empty() {
            let lit = byte_str(&self.pending);
            self.stmts.push(quote!(__w.write_raw(#lit);));
            self.pending.clear();
        }
    }

    /// The statements.
    pub fn finish(mut self) -> TokenStream {
        self.flush();
        let stmts = self.stmts;
        quote!(#(#stmts)*)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_take_the_smallest_form_at_every_boundary() {
        assert_eq!(map_header(0), [0x80]);
        assert_eq!(map_header(15), [0x8f]);
        assert_eq!(map_header(16), [0xde, 0, 16]);
        assert_eq!(map_header(0xffff), [0xde, 0xff, 0xff]);
        assert_eq!(map_header(0x10000), [0xdf, 0, 1, 0, 0]);
        assert_eq!(array_header(15), [0x9f]);
        assert_eq!(array_header(16), [0xdc, 0, 16]);
        assert_eq!(array_header(0x10000), [0xdd, 0, 1, 0, 0]);
        assert_eq!(str_bytes("id"), b"\xa2id");
        assert_eq!(str_bytes(&"x".repeat(31))[0], 0xbf);
        assert_eq!(str_bytes(&"x".repeat(32))[..2], [0xd9, 32]);
        assert_eq!(str_bytes(&"x".repeat(256))[..3], [0xda, 1, 0]);
        assert_eq!(str_bytes(&"x".repeat(0x10000))[..5], [0xdb, 0, 1, 0, 0]);
    }
}
