//! What every generated impl shares: the `const _: () = { .. };` wrapper,
//! impl headers with their bounds, the `'de` lifetime, and byte literals.

use proc_macro2::{Span, TokenStream};
use quote::{quote, ToTokens};
use syn::parse_quote;

use crate::model::{Container, Data, Field, Variant};

/// Wraps impls so that nothing they name leaks into the user's scope.
pub fn wrap(impls: TokenStream) -> TokenStream {
    quote! {
        #[doc(hidden)]
        #[allow(
            non_upper_case_globals,
            unused_attributes,
            unused_assignments,
            unused_qualifications,
            clippy::absolute_paths,
            clippy::useless_let_if_seq,
        )]
        const _: () = {
            #impls
        };
    }
}

/// The lifetime that `FromJson` is implemented for: `'de`, unless the type
/// already has a lifetime of that name.
pub fn de_lifetime(generics: &syn::Generics) -> syn::Lifetime {
    let taken = generics.lifetimes().any(|l| l.lifetime.ident == "de");
    let name = if taken { "'__jetjson_de" } else { "'de" };
    syn::Lifetime::new(name, Span::call_site())
}

/// Which trait an impl is for, and so which bound a type parameter needs.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Direction {
    /// `T: ToJson`.
    Encode,
    /// `T: FromJson<'de>`.
    Decode,
    /// `T: ToValue`.
    ToValue,
    /// `T: FromValue`.
    FromValue,
    /// `T: ToMsgpack`.
    ToMsgpack,
    /// `T: FromMsgpack<'de>`.
    FromMsgpack,
}

impl Direction {
    /// Whether the impl writes (reads the fields that are serialized).
    fn writes(self) -> bool {
        matches!(
            self,
            Direction::Encode | Direction::ToValue | Direction::ToMsgpack
        )
    }

    /// Whether the impl reads with a `'de` lifetime.
    fn borrows(self) -> bool {
        matches!(self, Direction::Decode | Direction::FromMsgpack)
    }
}

/// Impl generics, type generics and where clause for `ToJson`/`FromJson`
/// and `ToValue`/`FromValue`, with the bounds serde would infer: type
/// parameters used by written (read) fields get the trait bound, except in
/// fields written (read) by a `with` module or through the serde bridge, and
/// in `PhantomData`; the types of fields read as `Default::default()` (a
/// field `default`, or `skip_deserializing` outside a container `default`)
/// that mention a parameter get `Default` (serde bounds the parameters
/// themselves; bounding the field type holds in strictly more cases, such
/// as `Option<T>` for any `T`). `FromJson` adds `'de` outliving every lifetime of the type.
/// `ToValue` also bounds the parameters of `omit_empty` fields by `ToJson`,
/// whose `is_json_empty` it asks. `FromValue` bounds each read field type
/// that names a lifetime of the type (`Inner<'a>`), so that the impl exists
/// exactly when those types can be made from a value (a type holding
/// `&'a str` cannot); a field type naming the type itself is left out, as
/// bounding it would recurse.
///
/// `#[json(bound)]` replaces the inference as serde's `bound` does: a
/// container `bound` (for this direction) replaces every inferred bound; a
/// field or variant `bound` is added, and that field (the variant's fields)
/// infers none. `#[serde(bound)]` names serde's traits, so its predicates
/// are added and the inference kept (see [`crate::attr::Bounds`]).
pub fn impl_header(
    cont: &Container,
    direction: Direction,
    de: &syn::Lifetime,
) -> (TokenStream, TokenStream, TokenStream) {
    let writes = direction.writes();
    let mut generics = cont.generics.clone();
    let mut predicates: Vec<syn::WherePredicate> = Vec::new();
    if let Data::Enum(variants) = &cont.data {
        for variant in variants {
            if let Some((given, _)) = variant.attrs.bound.given(writes) {
                predicates.extend_from_slice(given);
            }
        }
    }
    for (_, field) in fields_with_variants(cont) {
        if let Some((given, _)) = field.attrs.bound.given(writes) {
            predicates.extend_from_slice(given);
        }
    }
    match cont.attrs.bound.given(writes) {
        Some((given, true)) => predicates.extend_from_slice(given),
        Some((given, false)) => {
            predicates.extend_from_slice(given);
            predicates.extend(inferred(cont, direction, de));
        }
        None => predicates.extend(inferred(cont, direction, de)),
    }
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ty_generics = ty_generics.to_token_stream();
    if !writes {
        if let crate::attr::Default::Trait = cont.attrs.default {
            let ident = &cont.ident;
            predicates.push(parse_quote!(#ident #ty_generics: ::jetjson::__private::Default));
        }
    }
    if !predicates.is_empty() {
        generics.make_where_clause().predicates.extend(predicates);
    }
    let lifetimes: Vec<&syn::Lifetime> = cont.generics.lifetimes().map(|l| &l.lifetime).collect();
    if direction.borrows() {
        let param: syn::LifetimeParam = if lifetimes.is_empty() {
            parse_quote!(#de)
        } else {
            parse_quote!(#de: #(#lifetimes)+*)
        };
        generics
            .params
            .insert(0, syn::GenericParam::Lifetime(param));
    } else if !writes {
        // A given bound may name `'de` (`T: FromJson<'de>`); `FromValue`
        // has no such lifetime of its own, so it gets one.
        let names_de = generics
            .where_clause
            .as_ref()
            .is_some_and(|w| names_lifetime(&w.predicates.to_token_stream(), &[&de.ident]));
        if names_de {
            generics
                .params
                .insert(0, syn::GenericParam::Lifetime(parse_quote!(#de)));
        }
    }
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let where_clause = where_clause
        .filter(|w| !w.predicates.is_empty())
        .map(ToTokens::to_token_stream)
        .unwrap_or_default();
    (impl_generics.to_token_stream(), ty_generics, where_clause)
}

/// The bounds [`impl_header`] infers from the fields.
fn inferred(
    cont: &Container,
    direction: Direction,
    de: &syn::Lifetime,
) -> Vec<syn::WherePredicate> {
    let writes = direction.writes();
    let mut out: Vec<syn::WherePredicate> = Vec::new();
    let params: Vec<syn::Ident> = cont
        .generics
        .type_params()
        .map(|p| p.ident.clone())
        .collect();
    if !params.is_empty() {
        let mut bound = vec![false; params.len()];
        let mut empty = vec![false; params.len()];
        let mut defaults: Vec<&syn::Type> = Vec::new();
        let mut flat_bounds: Vec<&syn::Type> = Vec::new();
        for (variant, field) in fields_with_variants(cont) {
            if is_phantom(field.ty) {
                continue;
            }
            let own_bound = field.attrs.bound.replaces(writes)
                || variant.is_some_and(|v| v.attrs.bound.replaces(writes));
            let (skipped, custom) = if writes {
                (field.attrs.skip_serializing, field.attrs.custom_ser())
            } else {
                (field.attrs.skip_deserializing, field.attrs.custom_de())
            };
            let used = !skipped && !custom && !own_bound;
            if field.attrs.flatten.is_some() {
                // The field's type itself is bounded: `Option<T>` is
                // flattened when `T` is, which `T: FromJson` would not say.
                let tokens = field.ty.to_token_stream();
                if used && params.iter().any(|p| mentions(&tokens, p)) {
                    flat_bounds.push(field.ty);
                }
                continue;
            }
            // serde: a field `default`, and a `skip_deserializing` field
            // outside a container `default`, are `Default::default()`.
            let needs_default = !writes
                && !own_bound
                && (matches!(field.attrs.default, crate::attr::Default::Trait)
                    || (skipped && field.attrs.default.is_none() && cont.attrs.default.is_none()));
            if !used && !needs_default {
                continue;
            }
            let tokens = field.ty.to_token_stream();
            let asks_empty = direction == Direction::ToValue && field.attrs.omit_empty.is_some();
            let mut generic = false;
            for (i, param) in params.iter().enumerate() {
                if mentions(&tokens, param) {
                    generic = true;
                    if used {
                        bound[i] = true;
                        empty[i] |= asks_empty;
                    }
                }
            }
            // The field's type, not each parameter, is bounded by `Default`
            // (serde bounds the parameters): `Option<T>` is `Default` for
            // every `T`.
            let seen = defaults
                .iter()
                .any(|ty| ty.to_token_stream().to_string() == tokens.to_string());
            if needs_default && generic && !seen {
                defaults.push(field.ty);
            }
        }
        for (i, param) in params.iter().enumerate() {
            if bound[i] {
                out.push(match direction {
                    Direction::Encode => parse_quote!(#param: ::jetjson::__private::ToJson),
                    Direction::Decode => parse_quote!(#param: ::jetjson::__private::FromJson<#de>),
                    Direction::ToValue => parse_quote!(#param: ::jetjson::__private::ToValue),
                    Direction::FromValue => parse_quote!(#param: ::jetjson::__private::FromValue),
                    Direction::ToMsgpack => parse_quote!(#param: ::jetjson::__private::ToMsgpack),
                    Direction::FromMsgpack => {
                        parse_quote!(#param: ::jetjson::__private::FromMsgpack<#de>)
                    }
                });
            }
            if empty[i] {
                out.push(parse_quote!(#param: ::jetjson::__private::ToJson));
            }
        }
        for ty in defaults {
            out.push(parse_quote!(#ty: ::jetjson::__private::Default));
        }
        for ty in flat_bounds {
            out.push(match direction {
                Direction::Encode => parse_quote!(#ty: ::jetjson::__private::FlatToJson),
                Direction::Decode => parse_quote!(#ty: ::jetjson::__private::FlatFromJson<#de>),
                Direction::ToValue => parse_quote!(#ty: ::jetjson::__private::FlatToValue),
                Direction::FromValue => parse_quote!(#ty: ::jetjson::__private::FlatFromValue),
                Direction::ToMsgpack => parse_quote!(#ty: ::jetjson::__private::FlatToMsgpack),
                Direction::FromMsgpack => {
                    parse_quote!(#ty: ::jetjson::__private::FlatFromMsgpack<#de>)
                }
            });
        }
    }
    if direction == Direction::FromValue {
        let lifetimes: Vec<&syn::Ident> = cont
            .generics
            .lifetimes()
            .map(|l| &l.lifetime.ident)
            .collect();
        for (variant, field) in fields_with_variants(cont) {
            let own_bound = field.attrs.bound.replaces(false)
                || variant.is_some_and(|v| v.attrs.bound.replaces(false));
            if field.attrs.skip_deserializing
                || field.attrs.custom_de()
                || own_bound
                || is_phantom(field.ty)
            {
                continue;
            }
            let tokens = field.ty.to_token_stream();
            if names_lifetime(&tokens, &lifetimes) && !mentions(&tokens, &cont.ident) {
                let ty = field.ty;
                out.push(if field.attrs.flatten.is_some() {
                    parse_quote!(#ty: ::jetjson::__private::FlatFromValue)
                } else {
                    parse_quote!(#ty: ::jetjson::__private::FromValue)
                });
            }
        }
    }
    out
}

/// `where_clause` (possibly empty) with one more predicate.
pub fn add_predicate(where_clause: TokenStream, predicate: TokenStream) -> TokenStream {
    let trailing_comma = matches!(
        where_clause.clone().into_iter().last(),
        Some(proc_macro2::TokenTree::Punct(p)) if p.as_char() == ','
    );
    if where_clause.is_empty() {
        quote!(where #predicate)
    } else if trailing_comma {
        quote!(#where_clause #predicate)
    } else {
        quote!(#where_clause, #predicate)
    }
}

/// Impl headers without bounds, for stubs.
pub fn stub_header(
    generics: &syn::Generics,
    de: &syn::Lifetime,
) -> (TokenStream, TokenStream, TokenStream, TokenStream) {
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let mut with_de = generics.clone();
    let lifetimes: Vec<&syn::Lifetime> = generics.lifetimes().map(|l| &l.lifetime).collect();
    let param: syn::LifetimeParam = if lifetimes.is_empty() {
        parse_quote!(#de)
    } else {
        parse_quote!(#de: #(#lifetimes)+*)
    };
    with_de.params.insert(0, syn::GenericParam::Lifetime(param));
    let (de_impl_generics, _, _) = with_de.split_for_impl();
    (
        impl_generics.to_token_stream(),
        de_impl_generics.to_token_stream(),
        ty_generics.to_token_stream(),
        where_clause.to_token_stream(),
    )
}

/// Every field, with the variant it belongs to (`None` in a struct).
fn fields_with_variants<'c, 'a>(
    cont: &'c Container<'a>,
) -> Vec<(Option<&'c Variant<'a>>, &'c Field<'a>)> {
    match &cont.data {
        Data::Struct(_, fields) => fields.iter().map(|f| (None, f)).collect(),
        Data::Enum(variants) => variants
            .iter()
            .flat_map(|v| v.fields.iter().map(move |f| (Some(v), f)))
            .collect(),
    }
}

/// Whether a type is `PhantomData<..>` (by its last path segment).
pub fn is_phantom(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Path(path) => path
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == "PhantomData"),
        _ => false,
    }
}

/// Whether a type's tokens name one of `lifetimes` (`'a` in `Inner<'a>`).
fn names_lifetime(tokens: &TokenStream, lifetimes: &[&syn::Ident]) -> bool {
    let mut after_quote = false;
    tokens.clone().into_iter().any(|tt| {
        let found = match &tt {
            proc_macro2::TokenTree::Ident(i) => after_quote && lifetimes.contains(&i),
            proc_macro2::TokenTree::Group(g) => names_lifetime(&g.stream(), lifetimes),
            proc_macro2::TokenTree::Punct(_) | proc_macro2::TokenTree::Literal(_) => false,
        };
        after_quote = matches!(&tt, proc_macro2::TokenTree::Punct(p) if p.as_char() == '\'');
        found
    })
}

/// Whether a type holds a reference (`&'a str`, `Option<&'a [u8]>`): such
/// a field borrows from the input and cannot be made from a `Value`.
pub fn holds_reference(ty: &syn::Type) -> bool {
    fn walk(tokens: TokenStream) -> bool {
        tokens.into_iter().any(|tt| match tt {
            proc_macro2::TokenTree::Punct(p) => p.as_char() == '&',
            proc_macro2::TokenTree::Group(g) => walk(g.stream()),
            _ => false,
        })
    }
    walk(ty.to_token_stream())
}

/// Whether a field type names one of the container's lifetimes.
pub fn names_own_lifetime(cont: &Container, ty: &syn::Type) -> bool {
    let lifetimes: Vec<&syn::Ident> = cont
        .generics
        .lifetimes()
        .map(|l| &l.lifetime.ident)
        .collect();
    names_lifetime(&ty.to_token_stream(), &lifetimes)
}

/// Whether `tokens` name `ident` anywhere (a type parameter in a type).
pub fn mentions(tokens: &TokenStream, ident: &syn::Ident) -> bool {
    tokens.clone().into_iter().any(|tt| match tt {
        proc_macro2::TokenTree::Ident(i) => i == *ident,
        proc_macro2::TokenTree::Group(g) => mentions(&g.stream(), ident),
        _ => false,
    })
}

/// What the type's errors say was expected: `expecting = ".."` when given,
/// else `default`.
pub fn expecting(cont: &Container, default: String) -> String {
    cont.attrs.expecting.clone().unwrap_or(default)
}

// MARK: - Literals

/// `s` as a quoted JSON string, escaped as the runtime writer escapes.
pub fn json_string(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 2);
    out.push(b'"');
    for &b in s.as_bytes() {
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            0x0c => out.extend_from_slice(b"\\f"),
            b'\r' => out.extend_from_slice(b"\\r"),
            0..=0x1f => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(b >> 4)]);
                out.push(HEX[usize::from(b & 0xf)]);
            }
            _ => out.push(b),
        }
    }
    out.push(b'"');
    out
}

/// Whether `name` appears in JSON input exactly as `"name"` (no byte that
/// must be escaped), so `Reader::eat_key` can compare it directly.
pub fn plain_key(name: &str) -> bool {
    !name.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20)
}

/// A byte string literal.
pub fn byte_str(bytes: &[u8]) -> syn::LitByteStr {
    syn::LitByteStr::new(bytes, Span::call_site())
}

/// An unsuffixed integer literal: `3`, not `3usize`.
pub fn index(i: usize) -> proc_macro2::Literal {
    proc_macro2::Literal::usize_unsuffixed(i)
}

/// A string literal.
pub fn str_lit(s: &str) -> syn::LitStr {
    syn::LitStr::new(s, Span::call_site())
}

/// The local or binding that holds a field: `__f_<name>` or `__f_<index>`.
pub fn binding(field: &Field) -> syn::Ident {
    let name = match &field.member {
        syn::Member::Named(ident) => {
            let s = ident.to_string();
            s.strip_prefix("r#").map(str::to_owned).unwrap_or(s)
        }
        syn::Member::Unnamed(index) => index.index.to_string(),
    };
    syn::Ident::new(&format!("__f_{name}"), Span::call_site())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_keys_like_the_writer() {
        assert_eq!(json_string("id"), b"\"id\"");
        assert_eq!(json_string("a\"b\\c"), b"\"a\\\"b\\\\c\"");
        assert_eq!(json_string("\n\x01"), b"\"\\n\\u0001\"");
        assert_eq!(json_string("é"), "\"é\"".as_bytes());
        assert!(plain_key("s_name"));
        assert!(!plain_key("a\"b"));
        assert!(!plain_key("tab\t"));
    }
}
