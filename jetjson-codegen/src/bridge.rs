//! Calls into the serde bridge (`jetjson::__private::serde_*`, behind
//! jetjson's `serde` feature) for the fields that go through it: serde's
//! `with` modules, `serialize_with` / `deserialize_with` functions, and
//! `#[json(serde)]` fields whose types have only serde impls. One builder per
//! format and direction, so the three emitters agree.

use proc_macro2::TokenStream;
use quote::quote;

use crate::attr::Via;
use crate::model::{Container, Data, Field};

/// `::jetjson::__private::require_serde!();` when some field of the impl
/// goes through the bridge (`encode` picks the writing side): a compile
/// error telling the user to enable jetjson's `serde` feature when it is off.
pub fn require(cont: &Container, encode: bool) -> Option<TokenStream> {
    let fields: Vec<&Field> = match &cont.data {
        Data::Struct(_, fields) => fields.iter().collect(),
        Data::Enum(variants) => variants
            .iter()
            .filter(|v| {
                if encode {
                    !v.attrs.skip_serializing
                } else {
                    !v.attrs.skip_deserializing
                }
            })
            .flat_map(|v| v.fields.iter())
            .collect(),
    };
    let uses = fields.into_iter().any(|f| {
        if encode {
            !f.attrs.skip_serializing && f.attrs.serialize_via.is_some()
        } else {
            !f.attrs.skip_deserializing && f.attrs.deserialize_via.is_some()
        }
    });
    uses.then(|| quote!(::jetjson::__private::require_serde!();))
}

/// Writes `access` (a reference) as JSON: a statement.
pub fn write_json(via: &Via, access: &TokenStream) -> TokenStream {
    match via {
        Via::Serde => quote!(::jetjson::__private::serde_write(#access, __w);),
        Via::Function(f) => {
            quote!(::jetjson::__private::serde_write_with(__w, |__s| #f(#access, __s));)
        }
    }
}

/// Reads a JSON value: an expression of type `Result<T, Error>`.
pub fn read_json(via: &Via) -> TokenStream {
    match via {
        Via::Serde => quote!(::jetjson::__private::serde_read(__r)),
        Via::Function(f) => quote!(::jetjson::__private::serde_read_with(__r, |__d| #f(__d))),
    }
}

/// The `Value` of `access`: an expression of type `Value`.
pub fn to_value(via: &Via, access: &TokenStream) -> TokenStream {
    match via {
        Via::Serde => quote!(::jetjson::__private::serde_to_value(#access)),
        Via::Function(f) => {
            quote!(::jetjson::__private::serde_to_value_with(|__s| #f(#access, __s)))
        }
    }
}

/// Converts the `&Value` `v`: an expression of type `Result<T, Error>`.
pub fn from_value(via: &Via, v: &TokenStream) -> TokenStream {
    match via {
        Via::Serde => quote!(::jetjson::__private::serde_from_value(#v)),
        Via::Function(f) => {
            quote!(::jetjson::__private::serde_from_value_with(#v, |__d| #f(__d)))
        }
    }
}

/// Writes `access` as MessagePack: a statement.
pub fn write_msgpack(via: &Via, access: &TokenStream) -> TokenStream {
    match via {
        Via::Serde => quote!(::jetjson::__private::serde_write_msgpack(#access, __w);),
        Via::Function(f) => {
            quote!(::jetjson::__private::serde_write_msgpack_with(__w, |__s| #f(#access, __s));)
        }
    }
}

/// Reads a MessagePack value: an expression of type `Result<T, Error>`.
pub fn read_msgpack(via: &Via) -> TokenStream {
    match via {
        Via::Serde => quote!(::jetjson::__private::serde_read_msgpack(__r)),
        Via::Function(f) => {
            quote!(::jetjson::__private::serde_read_msgpack_with(__r, |__d| #f(__d)))
        }
    }
}

/// The field's type when it is `Cow<'static, B>` or `Option<Cow<'static,
/// B>>`, which cannot borrow from the input (the input does not live for
/// `'static`): such a field is read as an owned `Cow`, through
/// `__private::owned_cow` / `owned_cow_option`.
pub fn static_cow(ty: &syn::Type) -> Option<StaticCow> {
    let last = last_segment(ty)?;
    if last.ident == "Option" && single_type_arg(last).is_some_and(is_static_cow) {
        return Some(StaticCow::Option);
    }
    if is_static_cow(ty) {
        return Some(StaticCow::Plain);
    }
    names_static(&quote::ToTokens::to_token_stream(ty)).then_some(StaticCow::Nested)
}

/// Whether the tokens name the lifetime `'static`.
fn names_static(tokens: &proc_macro2::TokenStream) -> bool {
    let mut after_quote = false;
    tokens.clone().into_iter().any(|tt| {
        let found = match &tt {
            proc_macro2::TokenTree::Ident(i) => after_quote && i == "static",
            proc_macro2::TokenTree::Group(g) => names_static(&g.stream()),
            _ => false,
        };
        after_quote = matches!(&tt, proc_macro2::TokenTree::Punct(p) if p.as_char() == '\'');
        found
    })
}

/// Which shape [`static_cow`] found.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum StaticCow {
    /// `Cow<'static, B>`.
    Plain,
    /// `Option<Cow<'static, B>>`: missing reads as `None`.
    Option,
    /// Any other type naming `'static` (`Vec<Cow<'static, str>>`): read
    /// through a `Value`, which hands out owned strings.
    Nested,
}

fn is_static_cow(ty: &syn::Type) -> bool {
    let Some(last) = last_segment(ty) else {
        return false;
    };
    if last.ident != "Cow" {
        return false;
    }
    match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => args
            .args
            .iter()
            .any(|arg| matches!(arg, syn::GenericArgument::Lifetime(l) if l.ident == "static")),
        _ => false,
    }
}

/// The last segment of a path type (`Maybe` in `jetjson::Maybe<T>`).
pub fn last_segment(ty: &syn::Type) -> Option<&syn::PathSegment> {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() => path.path.segments.last(),
        syn::Type::Group(group) => last_segment(&group.elem),
        syn::Type::Paren(paren) => last_segment(&paren.elem),
        _ => None,
    }
}

fn single_type_arg(segment: &syn::PathSegment) -> Option<&syn::Type> {
    match &segment.arguments {
        syn::PathArguments::AngleBracketed(args) if args.args.len() == 1 => {
            match args.args.first() {
                Some(syn::GenericArgument::Type(ty)) => Some(ty),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether a field's type is written `Maybe<T>` (last path segment `Maybe`
/// with one type argument: `Maybe<T>`, `jetjson::Maybe<T>`), the tri-state
/// `jetjson::Maybe`: such a named field is left out when absent. A type of
/// one's own named `Maybe` without a type argument is not taken for it.
pub fn is_maybe(ty: &syn::Type) -> bool {
    last_segment(ty).is_some_and(|s| s.ident == "Maybe" && single_type_arg(s).is_some())
}
