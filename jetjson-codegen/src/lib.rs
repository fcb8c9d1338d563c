//! The jetjson generator: a typed model of a Rust type and the `ToJson` /
//! `FromJson` (and `ToValue` / `FromValue`) tokens for it. No proc-macro
//! dependency, so the derive (`jetjson-derive`) and the source generator
//! (`jetjson gen`) share it.
//!
//! ```
//! let input: syn::DeriveInput = syn::parse_quote! {
//!     struct Point { x: i32, y: i32 }
//! };
//! let tokens = jetjson_codegen::expand(&input, &jetjson_codegen::Options::default()).unwrap();
//! assert!(tokens.to_string().contains(r#"b"{\"x\":""#));
//! ```
//!
//! The steps, as in serde_derive: attributes are read into a typed model
//! (`model.rs`, `attr.rs`, names in `symbol.rs`, `rename_all` rules in
//! `case.rs`), the model is checked as a whole (`check.rs`), every problem is
//! reported at once with its span (`ctxt.rs`), and only then do the emitters
//! (`json/ser.rs`, `json/de.rs` for JSON; `value/ser.rs`, `value/de.rs` for
//! `Value` ↔ `T`; `key.rs` for the map-key traits of the types that can be
//! keys) turn the model into tokens, wrapped by `emit.rs`. The
//! attribute reference is on `jetjson::Json`.

#![deny(missing_docs)]

mod attr;
mod bridge;
mod case;
mod check;
mod ctxt;
mod defaults;
mod emit;
mod json;
mod key;
mod keytable;
mod model;
mod msgpack;
mod symbol;
mod value;

use proc_macro2::TokenStream;
use quote::quote;

pub use crate::case::RenameRule;
#[doc(hidden)]
pub use crate::keytable::key_hash;

/// What to generate. The derive uses the defaults; `jetjson gen` maps its
/// flags (easyjson's) onto these.
#[derive(Clone, Debug)]
pub struct Options {
    /// Generate the encoding side: `ToJson` (and `ToValue`, `ToMsgpack`
    /// when those formats are on).
    pub to_json: bool,
    /// Generate the decoding side: `FromJson` (and `FromValue`,
    /// `FromMsgpack`).
    pub from_json: bool,
    /// Generate the JSON impls, `ToJson`/`FromJson`. On by default; off for
    /// `#[derive(Msgpack)]`, `#[derive(ToValue)]` and `#[derive(FromValue)]`.
    pub json: bool,
    /// Generate `ToMsgpack`/`FromMsgpack`: structs as maps keyed by field
    /// name, or arrays with `#[msgpack(as_array)]`. Off by default; on for
    /// `#[derive(Msgpack)]` and `jetjson gen --msgpack`.
    pub msgpack: bool,
    /// The naming rule for struct fields of types without their own
    /// `rename_all` (easyjson `-snake_case`, `-lower_camel_case`).
    pub default_rename_all: Option<RenameRule>,
    /// Treat every named field as `omit_empty` (easyjson `-omit_empty`).
    pub default_omit_empty: bool,
    /// Generate impls that compile but do nothing useful: encoding writes
    /// `null`, decoding fails with "stub" (easyjson `-stubs`), so code that
    /// uses the types builds before the real generator has run. The types
    /// that would get map-key impls get stub ones: a key is written as
    /// `"null"`, and reading one fails with "stub".
    pub stubs: bool,
    /// Generate `ToValue` (on the encoding side) and `FromValue` (on the
    /// decoding side): `Value` ↔ `T` without JSON text. On by default, as
    /// `jetjson gen` writes them unless given `--no-value`; the derives make
    /// them only for `#[derive(ToValue)]` and `#[derive(FromValue)]`, so
    /// `#[derive(Json)]` costs no compile time for conversions a crate does
    /// not use. `FromValue` is left out for a type that reads a field
    /// holding a reference (`&'a str`), as a `Value` cannot lend one: by
    /// `jetjson gen` silently, by `#[derive(FromValue)]` with a compile
    /// error. The generated `FromValue` of a struct calls the type's
    /// `FromJson` helpers, so it needs the JSON impls too (from a derive or
    /// `gen`).
    pub value: bool,
}

impl Options {
    /// What `#[derive(Json)]` generates: the JSON impls, no `Value` or
    /// MessagePack ones (the other derives start from it).
    pub const DERIVE: Options = Options {
        to_json: true,
        from_json: true,
        json: true,
        msgpack: false,
        default_rename_all: None,
        default_omit_empty: false,
        stubs: false,
        value: false,
    };
}

impl Default for Options {
    /// What `jetjson gen` writes without flags: [`Options::DERIVE`] and the
    /// `Value` impls.
    fn default() -> Self {
        Options {
            value: true,
            ..Options::DERIVE
        }
    }
}

/// Generates the impls `options` asks for, inside one `const _: () = { .. };`.
/// Every attribute problem is reported in the one `syn::Error` returned, each
/// at its own span.
pub fn expand(input: &syn::DeriveInput, options: &Options) -> Result<TokenStream, syn::Error> {
    if options.stubs {
        return Ok(stub(input, options));
    }
    let cx = ctxt::Ctxt::new();
    let Some(cont) = model::Container::from_ast(&cx, input, options) else {
        cx.check()?;
        return Ok(TokenStream::new());
    };
    check::check(&cx, &cont);
    let layout = if options.msgpack {
        msgpack::layout(input)
            .map_err(|e| cx.syn_error(e))
            .unwrap_or(msgpack::Layout::Map)
    } else {
        msgpack::Layout::Map
    };
    if layout == msgpack::Layout::Array {
        if let model::Data::Struct(_, fields) = &cont.data {
            if let Some(field) = fields.iter().find(|f| f.attrs.flatten.is_some()) {
                cx.error_spanned_by(
                    field.original,
                    "`#[msgpack(as_array)]` cannot hold a flattened field: its members have no \
                     position in the array; drop `as_array` or spell the fields out",
                );
            }
        }
    }
    let (json, value, msgpack) = (options.json, options.value, options.msgpack);
    if value && !json && options.from_json && !options.to_json && !value::de::possible(&cont) {
        // `#[derive(FromValue)]` asked for it by name: say why there is none.
        cx.error_spanned_by(
            &input.ident,
            "`FromValue` cannot be derived for a type that reads a field borrowing from the \
             input (such as `&'a str`): a `Value` cannot lend its strings; use `String` or \
             `Cow<'a, str>` for that field, or drop `FromValue`",
        );
    }
    cx.check()?;
    let to_json = (json && options.to_json).then(|| json::ser::expand(&cont));
    let from_json = (json && options.from_json).then(|| json::de::expand(&cont));
    let to_value = (value && options.to_json).then(|| value::ser::expand(&cont));
    let from_value = (value && options.from_json)
        .then(|| value::de::expand(&cont))
        .flatten();
    let to_msgpack = (msgpack && options.to_json).then(|| msgpack::ser::expand(&cont, layout));
    let from_msgpack = (msgpack && options.from_json).then(|| msgpack::de::expand(&cont));
    let keys = key::expand(
        &cont,
        &key::Wanted {
            to_json: to_json.is_some(),
            from_json: from_json.is_some(),
            to_value: to_value.is_some(),
            from_value: from_value.is_some(),
            stub: false,
        },
    );
    Ok(emit::wrap(quote! {
        #to_json
        #from_json
        #to_value
        #from_value
        #keys
        #to_msgpack
        #from_msgpack
    }))
}

/// Impls that compile whatever the attributes say: what [`Options::stubs`]
/// generates, and what the derive emits beside a compile error so that one
/// bad attribute does not cascade into errors at every use of the type
/// (miniserde `fallback.rs`).
///
/// The value impls do not read the attributes. The map-key impls depend on
/// them (`transparent`, `tag`, a skipped field), so they are generated only
/// when the attributes read without error, for the types [`expand`] would
/// give them; the errors themselves are [`expand`]'s to report.
pub fn stub(input: &syn::DeriveInput, options: &Options) -> TokenStream {
    let ident = &input.ident;
    let de = emit::de_lifetime(&input.generics);
    let (impl_generics, de_impl_generics, ty_generics, where_clause) =
        emit::stub_header(&input.generics, &de);
    let (json, value) = (options.json, options.value);
    let to_json = (json && options.to_json).then(|| {
        quote! {
            #[automatically_derived]
            impl #impl_generics ::jetjson::__private::ToJson for #ident #ty_generics #where_clause {
                fn write_json(&self, __w: &mut ::jetjson::__private::Writer<'_>) {
                    __w.write_null();
                }
            }
        }
    });
    let from_json = (json && options.from_json).then(|| {
        quote! {
            #[automatically_derived]
            impl #de_impl_generics ::jetjson::__private::FromJson<#de> for #ident #ty_generics #where_clause {
                fn read_json(
                    __r: &mut ::jetjson::__private::Reader<#de>,
                ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                    ::jetjson::__private::Err(__r.invalid_value("stub"))
                }
            }
        }
    });
    let to_value = (value && options.to_json).then(|| {
        quote! {
            #[automatically_derived]
            impl #impl_generics ::jetjson::__private::ToValue for #ident #ty_generics #where_clause {
                fn to_value(&self) -> ::jetjson::__private::Value {
                    ::jetjson::__private::Value::Null
                }
            }
        }
    });
    let from_value = (value && options.from_json).then(|| {
        quote! {
            #[automatically_derived]
            impl #impl_generics ::jetjson::__private::FromValue for #ident #ty_generics #where_clause {
                fn from_value_ref(
                    __v: &::jetjson::__private::Value,
                ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                    ::jetjson::__private::Err(::jetjson::__private::value_invalid_value("stub"))
                }
            }
        }
    });
    let to_msgpack = (options.msgpack && options.to_json).then(|| {
        quote! {
            #[automatically_derived]
            impl #impl_generics ::jetjson::__private::ToMsgpack for #ident #ty_generics #where_clause {
                fn write_msgpack(&self, __w: &mut ::jetjson::__private::MsgpackWriter) {
                    __w.write_nil();
                }
            }
        }
    });
    let from_msgpack = (options.msgpack && options.from_json).then(|| {
        quote! {
            #[automatically_derived]
            impl #de_impl_generics ::jetjson::__private::FromMsgpack<#de> for #ident #ty_generics #where_clause {
                fn read_msgpack(
                    __r: &mut ::jetjson::__private::MsgpackReader<#de>,
                ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                    ::jetjson::__private::Err(__r.invalid_value("stub"))
                }
            }
        }
    });
    let keys = {
        let cx = ctxt::Ctxt::new();
        let cont = model::Container::from_ast(&cx, input, options);
        match (cont, cx.check()) {
            (Some(cont), Ok(())) => key::expand(
                &cont,
                &key::Wanted {
                    to_json: to_json.is_some(),
                    from_json: from_json.is_some(),
                    to_value: to_value.is_some(),
                    // As in `expand`, where a type that borrows has no
                    // `FromValue` to stand beside.
                    from_value: from_value.is_some() && value::de::possible(&cont),
                    stub: true,
                },
            ),
            _ => TokenStream::new(),
        }
    };
    emit::wrap(quote! {
        #to_json
        #from_json
        #to_value
        #from_value
        #keys
        #to_msgpack
        #from_msgpack
    })
}
