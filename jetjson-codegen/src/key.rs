//! The map-key impls: `ToJsonKey` / `FromJsonKey` (and `ToValueKey` /
//! `FromValueKey`) for the types serde_json accepts as map keys.
//!
//! - An enum of unit variants, externally tagged: the key is the variant's
//!   name. Writing forwards to the type's own `ToJson` / `ToValue` (a unit
//!   variant writes its name as a string); reading matches the name as the
//!   type's `FromJson` does, aliases and `other` included, and the `Value`
//!   key is read by that same match.
//! - A newtype struct, or a `transparent` one: the inner type's key. The
//!   inner type may not be a key at all (`struct Tags(Vec<String>)`); a
//!   concrete inner type is therefore bounded under a `for<'__k>` binder,
//!   which the compiler checks where the impl is used rather than where it
//!   is written, so the impl exists and is simply never satisfied.
//!
//! Anything else (data-carrying variants, other tagging, `from` / `into`,
//! an inner field read by a `with` module or the serde bridge) gets no key
//! impl, as serde_json refuses such keys at run time.
//!
//! Stubs ([`Options::stubs`](crate::Options::stubs)) get key impls for the
//! same types, with the same headers and bounds, so that a type is a key
//! under the stubs exactly where it will be under the real impls. Their
//! bodies do what the value stubs do: a key is written as the stub value's
//! text, `null`, quoted (`{"null":1}`, so that the object stays valid JSON;
//! two stub keys in one map write the same key twice), and reading one fails
//! with "stub".

use proc_macro2::TokenStream;
use quote::quote;

use crate::defaults::{self, Transparent};
use crate::emit::{add_predicate, is_phantom, mentions, stub_header};
use crate::json::de::{index_arms, readable, variant_match, variant_names};
use crate::model::{Container, Data, Field, Style, Tagging, Variant};

/// Which key impls to generate.
pub struct Wanted {
    /// `ToJsonKey` (beside `ToJson`).
    pub to_json: bool,
    /// `FromJsonKey` (beside `FromJson`).
    pub from_json: bool,
    /// `ToValueKey` (beside `ToValue`).
    pub to_value: bool,
    /// `FromValueKey` (beside `FromValue`).
    pub from_value: bool,
    /// Stub bodies, for [`Options::stubs`](crate::Options::stubs).
    pub stub: bool,
}

/// The key impls `cont` can have, of those `wanted`.
pub fn expand(cont: &Container, wanted: &Wanted) -> TokenStream {
    let attrs = &cont.attrs;
    if attrs.into.is_some() || attrs.from.is_some() || attrs.try_from.is_some() {
        return TokenStream::new();
    }
    match &cont.data {
        Data::Enum(variants) => unit_enum(cont, variants, wanted),
        Data::Struct(style, fields) => {
            let inner = if attrs.transparent.is_some() {
                fields
                    .iter()
                    .find(|f| !(f.attrs.skip_serializing && f.attrs.skip_deserializing))
            } else if *style == Style::Newtype {
                fields.first()
            } else {
                None
            };
            match inner {
                Some(inner) if plain(inner) => newtype(cont, fields, inner, wanted),
                _ => TokenStream::new(),
            }
        }
    }
}

/// Whether a field is written and read as its own type's value.
fn plain(field: &Field) -> bool {
    let attrs = &field.attrs;
    !attrs.skip_serializing
        && !attrs.skip_deserializing
        && !attrs.custom_ser()
        && !attrs.custom_de()
        && attrs.flatten.is_none()
}

/// An enum whose variants are all unit variants, externally tagged.
fn unit_enum(cont: &Container, variants: &[Variant], wanted: &Wanted) -> TokenStream {
    let keyable = !variants.is_empty()
        && cont.tagging == Tagging::External
        && variants
            .iter()
            .all(|v| v.style == Style::Unit && v.attrs.untagged.is_none());
    if !keyable {
        return TokenStream::new();
    }
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, de_impl_generics, ty_generics, where_clause) =
        stub_header(cont.generics, &de);
    // A variant that is never written has no name to write.
    let writes = !variants.iter().any(|v| v.attrs.skip_serializing);
    let reads = !readable(variants).is_empty();
    let to_json = (wanted.to_json && writes).then(|| {
        let body = if wanted.stub {
            stub_write()
        } else {
            quote!(::jetjson::__private::ToJson::write_json(self, __w);)
        };
        quote! {
            #[automatically_derived]
            impl #impl_generics ::jetjson::__private::ToJsonKey for #ident #ty_generics #where_clause {
                #[inline]
                fn write_json_key(&self, __w: &mut ::jetjson::__private::Writer<'_>) {
                    #body
                }
            }
        }
    });
    let to_value = (wanted.to_value && writes).then(|| {
        let body = if wanted.stub {
            stub_text()
        } else {
            quote!(::jetjson::__private::string_key(::jetjson::__private::ToValue::to_value(self)))
        };
        quote! {
            #[automatically_derived]
            impl #impl_generics ::jetjson::__private::ToValueKey for #ident #ty_generics #where_clause {
                #[inline]
                fn to_value_key(&self) -> ::jetjson::__private::String {
                    #body
                }
            }
        }
    });
    let from_json = (wanted.from_json && reads).then(|| {
        let body = if wanted.stub {
            stub_refuse()
        } else {
            unit_match(variants)
        };
        quote! {
            #[automatically_derived]
            impl #de_impl_generics ::jetjson::__private::FromJsonKey<#de> for #ident #ty_generics #where_clause {
                fn from_json_key(
                    __key: ::jetjson::__private::Str<#de, '_>,
                    _: &::jetjson::__private::Reader<#de>,
                ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                    #body
                }
            }
        }
    });
    // The one name match is `FromJsonKey`'s: `#[derive(FromValue)]` goes
    // beside `FromJson`.
    let from_value = (wanted.from_value && reads).then(|| {
        let body = if wanted.stub {
            stub_refuse()
        } else {
            quote!(::jetjson::__private::key_from_text(__key))
        };
        quote! {
            #[automatically_derived]
            impl #impl_generics ::jetjson::__private::FromValueKey for #ident #ty_generics #where_clause {
                #[inline]
                fn from_value_key(
                    __key: &str,
                ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                    #body
                }
            }
        }
    });
    quote! {
        #to_json
        #from_json
        #to_value
        #from_value
    }
}

/// The body of an enum's `FromJsonKey`: the variant named by `__key`, matched
/// as the enum's `FromJson` matches it.
fn unit_match(variants: &[Variant]) -> TokenStream {
    let names = variant_names(variants);
    let variant = variant_match(
        variants,
        quote!(__key.as_bytes()),
        quote!(::jetjson::__private::value_unknown_variant(__key.as_str(), #names)),
    );
    let arms = readable(variants)
        .into_iter()
        .map(|(i, v)| {
            let ident = &v.ident;
            (i, quote!(Self::#ident))
        })
        .collect();
    let arms = index_arms(arms);
    quote! {
        let __variant = #variant;
        ::jetjson::__private::Ok(match __variant {
            #arms
        })
    }
}

/// A newtype or `transparent` struct: the key of `inner`, the other fields
/// their defaults.
fn newtype(cont: &Container, fields: &[Field], inner: &Field, wanted: &Wanted) -> TokenStream {
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, de_impl_generics, ty_generics, where_clause) =
        stub_header(cont.generics, &de);
    let params: Vec<&syn::Ident> = cont.generics.type_params().map(|p| &p.ident).collect();
    let generic = |ty: &syn::Type| {
        let tokens = quote!(#ty);
        params.iter().any(|p| mentions(&tokens, p))
    };
    // `Inner: Trait` for an inner type that names a type parameter; for a
    // concrete one the same under a binder, which is not checked here (a
    // false bound without one, `Vec<String>: ToJsonKey`, is an error).
    let ty = inner.ty;
    let bound = |tr: TokenStream| {
        if generic(ty) {
            quote!(#ty: ::jetjson::__private::#tr)
        } else {
            quote!(for<'__k> #ty: ::jetjson::__private::#tr)
        }
    };
    // The fields left out take `Default::default()` as in `FromJson`; in a
    // generic type theirs is bounded (`PhantomData` needs none).
    let mut read_where = where_clause.clone();
    if cont.attrs.default.is_none() {
        for field in fields {
            let default = matches!(
                field.attrs.default,
                crate::attr::Default::Trait | crate::attr::Default::None
            );
            if !std::ptr::eq(field, inner) && default && generic(field.ty) && !is_phantom(field.ty)
            {
                let fty = field.ty;
                read_where = add_predicate(read_where, quote!(#fty: ::jetjson::__private::Default));
            }
        }
    } else if fields.len() > 1 {
        // A container `default` among skipped fields: left to `FromJson`.
        return TokenStream::new();
    }
    let member = &inner.member;
    let body = |read: TokenStream| {
        if wanted.stub {
            return stub_refuse();
        }
        defaults::transparent(
            cont,
            fields,
            &Transparent {
                read: &|_| read.clone(),
                no_field: TokenStream::new(),
                missing_fn: syn::Ident::new("unused", proc_macro2::Span::call_site()),
                missing_of: &|_| TokenStream::new(),
            },
        )
        .0
    };
    let to_json = wanted.to_json.then(|| {
        let where_clause = add_predicate(where_clause.clone(), bound(quote!(ToJsonKey)));
        let body = if wanted.stub {
            stub_write()
        } else {
            quote!(::jetjson::__private::ToJsonKey::write_json_key(&self.#member, __w);)
        };
        quote! {
            #[automatically_derived]
            impl #impl_generics ::jetjson::__private::ToJsonKey for #ident #ty_generics #where_clause {
                #[inline]
                fn write_json_key(&self, __w: &mut ::jetjson::__private::Writer<'_>) {
                    #body
                }
            }
        }
    });
    let from_json = wanted.from_json.then(|| {
        let where_clause = add_predicate(read_where.clone(), bound(quote!(FromJsonKey<#de>)));
        let body = body(quote!(::jetjson::__private::FromJsonKey::from_json_key(__key, __r)));
        quote! {
            #[automatically_derived]
            impl #de_impl_generics ::jetjson::__private::FromJsonKey<#de> for #ident #ty_generics #where_clause {
                #[inline]
                fn from_json_key(
                    __key: ::jetjson::__private::Str<#de, '_>,
                    __r: &::jetjson::__private::Reader<#de>,
                ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                    #body
                }
            }
        }
    });
    let to_value = wanted.to_value.then(|| {
        let where_clause = add_predicate(where_clause.clone(), bound(quote!(ToValueKey)));
        let body = if wanted.stub {
            stub_text()
        } else {
            quote!(::jetjson::__private::ToValueKey::to_value_key(&self.#member))
        };
        quote! {
            #[automatically_derived]
            impl #impl_generics ::jetjson::__private::ToValueKey for #ident #ty_generics #where_clause {
                #[inline]
                fn to_value_key(&self) -> ::jetjson::__private::String {
                    #body
                }
            }
        }
    });
    let from_value = wanted.from_value.then(|| {
        let where_clause = add_predicate(read_where.clone(), bound(quote!(FromValueKey)));
        let borrowed = body(quote!(::jetjson::__private::FromValueKey::from_value_key(__key)));
        // A stub refuses every key alike; the trait's default `owned` is
        // its `borrowed`.
        let owned = (!wanted.stub).then(|| {
            let owned = body(quote!(
                ::jetjson::__private::FromValueKey::from_value_key_owned(__key)
            ));
            quote! {
                #[inline]
                fn from_value_key_owned(
                    __key: ::jetjson::__private::String,
                ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                    #owned
                }
            }
        });
        quote! {
            #[automatically_derived]
            impl #impl_generics ::jetjson::__private::FromValueKey for #ident #ty_generics #where_clause {
                #[inline]
                fn from_value_key(
                    __key: &str,
                ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                    #borrowed
                }
                #owned
            }
        }
    });
    quote! {
        #to_json
        #from_json
        #to_value
        #from_value
    }
}

// MARK: - Stubs

/// A stub `write_json_key`: the stub value's text, `null`, as a key.
fn stub_write() -> TokenStream {
    quote!(__w.write_raw(b"\"null\"");)
}

/// A stub `to_value_key`: the same text as [`stub_write`], unquoted.
fn stub_text() -> TokenStream {
    quote!(<::jetjson::__private::String as ::jetjson::__private::From<&str>>::from("null"))
}

/// A stub key read: the value stubs' "stub" error, without a position, which
/// the map reader points at the key.
fn stub_refuse() -> TokenStream {
    quote!(::jetjson::__private::Err(
        ::jetjson::__private::value_invalid_value("stub")
    ))
}
