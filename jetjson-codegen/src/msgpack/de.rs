//! The `FromMsgpack` emitter. A struct reads from a map keyed by field name
//! or from an array in declaration order, whichever the input holds (the
//! `as_array` layout only changes what is written). Missing, repeated and
//! unknown keys follow the JSON decoder's rules, with the same errors and
//! paths; every container is counted against the reader's depth limit.

use proc_macro2::TokenStream;
use quote::quote;

use crate::bridge::StaticCow;
use crate::defaults::{self, Missing, Transparent};
use crate::emit::{binding, byte_str, expecting, impl_header, index, str_lit, Direction};
use crate::json::de::{
    claim_round, index_arms, no_match_message, offer, readable, rest_round, split_untagged,
    variant_match, variant_names,
};
use crate::model::{Container, Data, Field, Style, Tagging, Variant};

/// What the emitters need to know about the impl being built.
struct Cx<'c, 'a> {
    cont: &'c Container<'a>,
    de: syn::Lifetime,
}

/// The `FromMsgpack` impl.
pub fn expand(cont: &Container) -> TokenStream {
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::FromMsgpack, &de);
    let cx = Cx { cont, de };
    let (body, missing) = match (&cont.attrs.from, &cont.attrs.try_from, &cont.data) {
        (Some(from), _, _) => (from_body(&cx, from, false), None),
        (None, Some(from), _) => (from_body(&cx, from, true), None),
        (None, None, Data::Struct(style, fields)) => struct_body(&cx, *style, fields),
        (None, None, Data::Enum(variants)) => (enum_body(&cx, variants), None),
    };
    let require = crate::bridge::require(cont, false);
    let de = &cx.de;
    let flat = expand_flat(cont);
    quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::FromMsgpack<#de> for #ident #ty_generics #where_clause {
            #[inline]
            fn read_msgpack(
                __r: &mut ::jetjson::__private::MsgpackReader<#de>,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                #require
                #body
            }
            #missing
        }
        #flat
    }
}

/// `from = "T"` / `try_from = "T"`: a `T`, converted.
fn from_body(cx: &Cx, from: &syn::Type, fallible: bool) -> TokenStream {
    let de = &cx.de;
    let read = quote!(<#from as ::jetjson::__private::FromMsgpack<#de>>::read_msgpack(__r)?);
    if fallible {
        quote! {
            let __at = __r.offset();
            let __v = #read;
            <Self as ::jetjson::__private::TryFrom<#from>>::try_from(__v)
                .map_err(|__e| ::jetjson::__private::msgpack_try_from_failed(__r, __e, __at))
        }
    } else {
        quote!(::jetjson::__private::Ok(<Self as ::jetjson::__private::From<#from>>::from(#read)))
    }
}

fn struct_body(cx: &Cx, style: Style, fields: &[Field]) -> (TokenStream, Option<TokenStream>) {
    let name = &cx.cont.attrs.name;
    if cx.cont.attrs.transparent.is_some() {
        return transparent(cx, fields);
    }
    let body = match style {
        Style::Struct => fields_body(
            cx,
            fields,
            &quote!(Self),
            &expecting(cx.cont, format!("struct {name}")),
        ),
        Style::Tuple => array_body(cx, fields, &quote!(Self), &format!("tuple struct {name}")),
        Style::Newtype => {
            let value = read_value(cx, &fields[0]);
            quote!(::jetjson::__private::Ok(Self(#value?)))
        }
        Style::Unit => quote! {
            __r.read_nil()?;
            ::jetjson::__private::Ok(Self)
        },
    };
    (body, None)
}

/// The one field read as the whole value; the others take their defaults.
fn transparent(cx: &Cx, fields: &[Field]) -> (TokenStream, Option<TokenStream>) {
    let de = &cx.de;
    defaults::transparent(
        cx.cont,
        fields,
        &Transparent {
            read: &|field| read_value(cx, field),
            no_field: quote!(__r.invalid_value("no field")),
            missing_fn: syn::Ident::new("msgpack_missing", proc_macro2::Span::call_site()),
            missing_of: &|ty| quote!(<#ty as ::jetjson::__private::FromMsgpack<#de>>::msgpack_missing),
        },
    )
}

/// Reads one field's value: an expression of type `Result<T, Error>`.
fn read_value(cx: &Cx, field: &Field) -> TokenStream {
    let de = &cx.de;
    let ty = field.ty;
    if let Some(module) = &field.attrs.with {
        return quote!(#module::read_msgpack(__r));
    }
    if let Some(via) = &field.attrs.deserialize_via {
        return crate::bridge::read_msgpack(via);
    }
    match crate::bridge::static_cow(ty) {
        Some(StaticCow::Plain) => quote!(::jetjson::__private::msgpack_owned_cow(__r)),
        Some(StaticCow::Option) => quote!(::jetjson::__private::msgpack_owned_cow_option(__r)),
        Some(StaticCow::Nested) => {
            quote!(::jetjson::__private::msgpack_owned_via_value::<#ty>(__r))
        }
        None => quote!(<#ty as ::jetjson::__private::FromMsgpack<#de>>::read_msgpack(__r)),
    }
}

/// An array of exactly the read fields, into `ctor { .. }`. Evaluates to
/// `Result<Self, Error>`.
fn array_body(cx: &Cx, fields: &[Field], ctor: &TokenStream, what: &str) -> TokenStream {
    let read: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing)
        .collect();
    let count = read.len();
    let expected = str_lit(&format!("{what} with {count} elements"));
    let reads = read.iter().enumerate().map(|(i, field)| {
        let binding = binding(field);
        let value = read_value(cx, field);
        let i = index(i);
        quote!(let #binding = #value.map_err(|e| e.index(#i))?;)
    });
    let tail = defaults::array_tail(cx.cont, fields, ctor);
    let count = index(count);
    quote! {
        __r.enter()?;
        let __len = ::jetjson::__private::msgpack_array_len(__r, #expected)?;
        if __len != #count {
            return ::jetjson::__private::Err(__r.invalid_length(#expected, __len));
        }
        #(#reads)*
        __r.leave();
        #tail
    }
}

/// Named fields from a map (by key) or an array (in order), into
/// `ctor { .. }`. Evaluates to `Result<Self, Error>`.
fn fields_body(cx: &Cx, fields: &[Field], ctor: &TokenStream, what: &str) -> TokenStream {
    let expected = str_lit(what);
    let read = own_fields(fields);
    let flats = crate::json::de::flattened(fields);
    let map = map_loop(cx, &read, &flats, None);
    if !flats.is_empty() {
        // Flattened members have no position of their own: a map only.
        let slots = slots(cx, &read, &flats);
        let tail = tail(cx, fields, ctor, true);
        return quote! {
            __r.enter()?;
            #(#slots)*
            let __len = ::jetjson::__private::msgpack_map_len(__r, #expected)?;
            #map
            __r.leave();
            #tail
        };
    }
    let positional = read.iter().enumerate().map(|(i, field)| {
        let binding = binding(field);
        let name = str_lit(&field.attrs.name.deserialize);
        let value = read_value(cx, field);
        let i = index(i);
        quote! {
            if __len > #i {
                #binding = ::jetjson::__private::Some(::jetjson::__private::in_field(#value, #name)?);
            }
        }
    });
    let count = index(read.len());
    let too_long = str_lit(&format!("{what} with at most {} elements", read.len()));
    let slots = slots(cx, &read, &[]);
    let tail = tail(cx, fields, ctor, true);
    quote! {
        __r.enter()?;
        #(#slots)*
        match ::jetjson::__private::msgpack_struct(__r, #expected)? {
            ::jetjson::__private::MsgpackShape::Map(__len) => {
                #map
            }
            ::jetjson::__private::MsgpackShape::Array(__len) => {
                if __len > #count {
                    return ::jetjson::__private::Err(__r.invalid_length(#too_long, __len));
                }
                #(#positional)*
            }
        }
        __r.leave();
        #tail
    }
}

/// The fields read from their own keys (not skipped, not flattened).
fn own_fields<'f, 'a>(fields: &'f [Field<'a>]) -> Vec<&'f Field<'a>> {
    fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing && f.attrs.flatten.is_none())
        .collect()
}

/// `let mut __f_a: Option<A> = None;` for each read field, and the slots
/// of each flattened one.
fn slots(cx: &Cx, read: &[&Field], flats: &[&Field]) -> Vec<TokenStream> {
    let de = &cx.de;
    let own = read.iter().map(|field| {
        let binding = binding(field);
        let ty = field.ty;
        quote!(let mut #binding: ::jetjson::__private::Option<#ty> = ::jetjson::__private::None;)
    });
    let flat = flats.iter().map(|field| {
        let binding = binding(field);
        let ty = field.ty;
        quote!(let mut #binding = <#ty as ::jetjson::__private::FlatFromMsgpack<#de>>::flat_slots();)
    });
    own.chain(flat).collect()
}

/// The loop over `__len` map members filling the slots of `read`. Each key
/// is first guessed to be the next field in declaration order (one compare
/// of its encoded bytes), and only otherwise read and matched. `tag` is a
/// key read once already (an internal enum tag): its first occurrence is
/// passed over, a second is a duplicate.
fn map_loop(cx: &Cx, read: &[&Field], flats: &[&Field], tag: Option<&str>) -> TokenStream {
    let count = read.len();
    let deny = cx.cont.attrs.deny_unknown_fields;
    let unknown = if deny {
        let expected = read.iter().map(|f| str_lit(&f.attrs.name.deserialize));
        quote! {
            return ::jetjson::__private::Err(__r.unknown_field(
                __key,
                &[#(#expected),*],
                __key_at,
            ));
        }
    } else {
        quote! {
            __r.skip_value()?;
            continue;
        }
    };
    let unknown = if flats.is_empty() {
        unknown
    } else {
        let offer = offer(&flat_trait(cx), flats, &quote!(__key), &|field| {
            let binding = binding(field);
            quote!(&mut #binding)
        });
        let newtype = count == 0 && flats.len() == 1 && tag.is_some() && !deny;
        let inner_deny = newtype.then(|| {
            // An internally tagged newtype's content has the map to itself
            // (but for the tag): its own `deny_unknown_fields` applies.
            let de = &cx.de;
            let ty = flats[0].ty;
            let inner = quote!(<#ty as ::jetjson::__private::FlatFromMsgpack<#de>>);
            quote! {
                if #inner::DENY_UNKNOWN {
                    return ::jetjson::__private::Err(__r.unknown_field(
                        __key,
                        #inner::FIELDS,
                        __key_at,
                    ));
                }
            }
        });
        quote! {
            if #offer {
                continue;
            }
            #inner_deny
            #unknown
        }
    };
    let key_at = (count > 0 || deny || tag.is_some() || !flats.is_empty())
        .then(|| quote!(let __key_at = __r.offset();));
    if count == 0 && tag.is_none() {
        return quote! {
            for _ in 0..__len {
                #key_at
                let __key = ::jetjson::__private::msgpack_key(__r)?;
                #unknown
            }
        };
    }

    let guesses = read.iter().enumerate().map(|(i, field)| {
        let encoded = byte_str(&super::str_bytes(&field.attrs.name.deserialize));
        let i = index(i);
        quote!(#i if __r.eat_raw(#encoded) => #i,)
    });
    let mut patterns = crate::json::de::key_patterns(read);
    let tag_index = count;
    if let Some(tag) = tag {
        let tag = byte_str(tag.as_bytes());
        let i = index(tag_index);
        patterns.push(quote!(#tag => #i,));
    }
    let mut arms: Vec<(usize, TokenStream)> = read
        .iter()
        .enumerate()
        .map(|(i, field)| {
            let binding = binding(field);
            let name = str_lit(&field.attrs.name.deserialize);
            let value = read_value(cx, field);
            let next = index(i + 1);
            (
                i,
                quote!({
                    if #binding.is_some() {
                        return ::jetjson::__private::Err(__r.duplicate_field(#name, __key_at));
                    }
                    #binding = ::jetjson::__private::Some(::jetjson::__private::in_field(#value, #name)?);
                    __next = #next;
                }),
            )
        })
        .collect();
    if let Some(tag) = tag {
        let tag = str_lit(tag);
        arms.push((
            tag_index,
            quote!({
                if __tag_seen {
                    return ::jetjson::__private::Err(__r.duplicate_field(#tag, __key_at));
                }
                __tag_seen = true;
                __r.skip_value()?;
            }),
        ));
    }
    let arms = index_arms(arms);
    let tag_seen = tag.map(|_| quote!(let mut __tag_seen = false;));
    let next_decl = (count > 0).then(|| quote!(let mut __next: usize = 0;));
    let matched = quote! {{
        let __key = ::jetjson::__private::msgpack_key(__r)?;
        match __key.as_bytes() {
            #(#patterns)*
            _ => {
                #unknown
            }
        }
    }};
    let field_index = if count == 0 {
        matched
    } else {
        quote! {
            match __next {
                #(#guesses)*
                _ => #matched,
            }
        }
    };
    quote! {
        #tag_seen
        #next_decl
        for _ in 0..__len {
            #key_at
            let __field: usize = #field_index;
            match __field {
                #arms
            }
        }
    }
}

/// After the members: the defaults, then `Ok(ctor { .. })`. `outer` says
/// whether the container's own `default` applies.
fn tail(cx: &Cx, fields: &[Field], ctor: &TokenStream, outer: bool) -> TokenStream {
    let strict = cx.cont.attrs.deny_unknown_fields;
    defaults::object_tail(cx.cont, fields, ctor, outer, &missing(cx, strict))
}

/// How the MessagePack decoder fills a field the map did not have (a
/// flattened one strictly: see [`crate::json::de::finish_name`]).
fn missing<'f>(cx: &'f Cx, strict: bool) -> Missing<'f> {
    Missing {
        take: &|slot, name| quote!(::jetjson::__private::msgpack_take(#slot, __r, #name)?),
        fill: &|slot| quote!(::jetjson::__private::msgpack_fill(#slot)),
        error: &|name| quote!(__r.missing_field(#name)),
        flat: Box::new(move |field, slots| {
            let ty = field.ty;
            let de = &cx.de;
            let finish = crate::json::de::finish_name(strict);
            quote!(<#ty as ::jetjson::__private::FlatFromMsgpack<#de>>::#finish(#slots, __r)?)
        }),
    }
}

/// `FlatFromMsgpack` for a struct with named fields: the JSON decoder's
/// [`crate::json::de::expand_flat`] over MessagePack keys. `#[inline]`.
pub fn expand_flat(cont: &Container) -> Option<TokenStream> {
    let fields = match &cont.data {
        Data::Struct(Style::Struct, fields) => fields,
        Data::Enum(variants) => return expand_flat_enum(cont, variants),
        Data::Struct(..) => return None,
    };
    if cont.attrs.transparent.is_some() {
        return None;
    }
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::FromMsgpack, &de);
    let cx = Cx { cont, de };
    let de = &cx.de;
    let flat_trait = quote!(::jetjson::__private::FlatFromMsgpack<#de>);
    let read = own_fields(fields);
    let flats = crate::json::de::flattened(fields);
    let slot_fields: Vec<&Field> = read.iter().chain(flats.iter()).copied().collect();
    let slot_types = slot_fields.iter().map(|field| {
        let ty = field.ty;
        if field.attrs.flatten.is_some() {
            quote!(<#ty as #flat_trait>::Slots)
        } else {
            quote!(::jetjson::__private::Option<#ty>)
        }
    });
    let slot_values: Vec<TokenStream> = slot_fields
        .iter()
        .map(|field| {
            let ty = field.ty;
            if field.attrs.flatten.is_some() {
                quote!(<#ty as #flat_trait>::flat_slots())
            } else {
                quote!(::jetjson::__private::None)
            }
        })
        .collect();
    // No fields: a block without a tail is `()`, which clippy prefers.
    let slot_values = if slot_values.is_empty() {
        quote!()
    } else {
        quote!((#(#slot_values,)*))
    };
    let position = |field: &Field| {
        index(
            slot_fields
                .iter()
                .position(|f| std::ptr::eq(*f, field))
                .unwrap_or_default(),
        )
    };
    let arms = read.iter().map(|field| {
        let names = field
            .attrs
            .name
            .deserialize_names()
            .into_iter()
            .map(|n| byte_str(n.as_bytes()));
        let name = str_lit(&field.attrs.name.deserialize);
        let value = read_value(&cx, field);
        let i = position(field);
        quote! {
            #(#names)|* => {
                if __s.#i.is_some() {
                    return ::jetjson::__private::Err(__r.duplicate_field(#name, __key_at));
                }
                __s.#i = ::jetjson::__private::Some(::jetjson::__private::in_field(#value, #name)?);
                ::jetjson::__private::Ok(true)
            }
        }
    });
    let slot_of = |field: &Field| {
        let i = position(field);
        quote!(&mut __s.#i)
    };
    let rest = if flats.is_empty() {
        quote!(::jetjson::__private::Ok(false))
    } else {
        let claims = claim_round(&flat_trait, &flats, &quote!(__key), &slot_of);
        quote!(::jetjson::__private::Ok(#claims))
    };
    // With flattened fields, as the JSON decoder's: the match is the
    // claiming round (`flat_claim`), and `flat_member` both rounds.
    let member_name = if flats.is_empty() {
        quote!(flat_member)
    } else {
        quote!(flat_claim)
    };
    let rounds = (!flats.is_empty()).then(|| {
        let rest = rest_round(&flat_trait, &flats, &quote!(__key), &slot_of, true);
        quote! {
            #[inline]
            fn flat_member(
                __s: &mut Self::Slots,
                __key: &#de str,
                __key_at: usize,
                __r: &mut ::jetjson::__private::MsgpackReader<#de>,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                ::jetjson::__private::Ok(
                    <Self as #flat_trait>::flat_claim(__s, __key, __key_at, __r)?
                        || <Self as #flat_trait>::flat_rest(
                            __s,
                            false,
                            __r.offset(),
                            __key,
                            __key_at,
                            __r,
                        )?,
                )
            }

            #[inline]
            fn flat_rest(
                __s: &mut Self::Slots,
                __taken: bool,
                __value_at: usize,
                __key: &#de str,
                __key_at: usize,
                __r: &mut ::jetjson::__private::MsgpackReader<#de>,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                #rest
            }
        }
    });
    let bindings = slot_fields.iter().map(|field| binding(field));
    let deny = cont.attrs.deny_unknown_fields;
    let tail = defaults::object_tail(cont, fields, &quote!(Self), true, &missing(&cx, deny));
    // As the JSON decoder's: its flattened fields finish strictly when the
    // struct it is flattened into is under `deny_unknown_fields`.
    let strict = (!deny && !flats.is_empty()).then(|| {
        let tail = defaults::object_tail(cont, fields, &quote!(Self), true, &missing(&cx, true));
        let bindings = slot_fields.iter().map(|field| binding(field));
        quote! {
            #[inline]
            fn flat_finish_strict(
                __s: Self::Slots,
                __r: &::jetjson::__private::MsgpackReader<#de>,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                let (#(#bindings,)*) = __s;
                #tail
            }
        }
    });
    let names = read.iter().map(|f| str_lit(&f.attrs.name.deserialize));
    let claims = crate::json::de::struct_claims(&read, &flats, &|ty| quote!(<#ty as #flat_trait>));
    let (key_at, r) = if read.is_empty() && flats.is_empty() {
        (quote!(_), quote!(_))
    } else {
        (quote!(__key_at), quote!(__r))
    };
    Some(quote! {
        #[automatically_derived]
        impl #impl_generics #flat_trait for #ident #ty_generics #where_clause {
            type Slots = (#(#slot_types,)*);
            const DENY_UNKNOWN: bool = #deny;
            const FIELDS: &'static [&'static str] = &[#(#names),*];

            #[inline]
            fn flat_slots() -> Self::Slots {
                #slot_values
            }

            #[inline]
            fn flat_claims(__key: &str) -> bool {
                #claims
            }

            #[inline]
            fn #member_name(
                __s: &mut Self::Slots,
                __key: &#de str,
                #key_at: usize,
                #r: &mut ::jetjson::__private::MsgpackReader<#de>,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                match __key.as_bytes() {
                    #(#arms)*
                    _ => #rest,
                }
            }

            #rounds

            #[inline]
            fn flat_finish(
                __s: Self::Slots,
                __r: &::jetjson::__private::MsgpackReader<#de>,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                let (#(#bindings,)*) = __s;
                #tail
            }

            #strict
        }
    })
}

/// `FlatFromMsgpack` for an enum without lifetime parameters: the claimed
/// members' bytes, read as one map afterwards (`FlatBytes`).
fn expand_flat_enum(cont: &Container, variants: &[Variant]) -> Option<TokenStream> {
    if cont.generics.lifetimes().next().is_some() {
        return None;
    }
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::FromMsgpack, &de);
    let where_clause = crate::emit::add_predicate(
        where_clause,
        quote!(Self: ::jetjson::__private::FromMsgpackOwned),
    );
    let flat_trait = quote!(::jetjson::__private::FlatFromMsgpack<#de>);
    let (catch_all, claims) =
        crate::json::de::enum_claims(cont, variants, &|ty| quote!(<#ty as #flat_trait>));
    let first = crate::json::de::first_only(cont, quote!(__s));
    let strict = crate::json::de::variant_uses(cont, variants, &|ty| quote!(<#ty as #flat_trait>))
        .map(|uses| {
            quote! {
                #[inline]
                fn flat_finish_strict(
                    __s: Self::Slots,
                    __r: &::jetjson::__private::MsgpackReader<#de>,
                ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                    __s.read_strict::<Self>(__r, #uses)
                }
            }
        });
    Some(quote! {
        #[automatically_derived]
        impl #impl_generics #flat_trait for #ident #ty_generics #where_clause {
            type Slots = ::jetjson::__private::FlatBytes;
            // Untagged: a catch-all, keeping a copy of every member no
            // field claims (beside a catch-all map, which reads it too).
            const CATCH_ALL: bool = #catch_all;

            #[inline]
            fn flat_slots() -> Self::Slots {
                ::jetjson::__private::Default::default()
            }

            #[inline]
            fn flat_claims(__key: &str) -> bool {
                #claims
            }

            #[inline]
            fn flat_member(
                __s: &mut Self::Slots,
                __key: &#de str,
                __key_at: usize,
                __r: &mut ::jetjson::__private::MsgpackReader<#de>,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                if <Self as #flat_trait>::flat_claims(__key) #first {
                    __s.push(__key_at, __r)?;
                    ::jetjson::__private::Ok(true)
                } else {
                    ::jetjson::__private::Ok(false)
                }
            }

            #[inline]
            fn flat_finish(
                __s: Self::Slots,
                __r: &::jetjson::__private::MsgpackReader<#de>,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                __s.read::<Self>(__r)
            }

            #strict
        }
    })
}

// MARK: - Enums

fn enum_body(cx: &Cx, variants: &[Variant]) -> TokenStream {
    if readable(variants).is_empty() {
        let message = str_lit(&format!(
            "enum {} has no variant to read",
            cx.cont.attrs.name
        ));
        return quote!(::jetjson::__private::Err(__r.invalid_value(#message)));
    }
    let (tagged, untagged_variants) = split_untagged(variants);
    let tagged_body = match &cx.cont.tagging {
        _ if readable(tagged).is_empty() => None,
        Tagging::External => Some(external(cx, tagged)),
        Tagging::Internal { tag } => Some(internal(cx, tagged, tag)),
        Tagging::Adjacent { tag, content } => Some(adjacent(cx, tagged, tag, content)),
        Tagging::Untagged => return untagged(cx, variants, None),
    };
    match tagged_body {
        Some(body) if untagged_variants.is_empty() => body,
        tagged_body => untagged(cx, untagged_variants, tagged_body),
    }
}

/// Reads a variant name (a string, at `__at`) into its index, the `other`
/// variant, or an unknown-variant error.
fn variant_index(variants: &[Variant]) -> TokenStream {
    let names = variant_names(variants);
    let index = variant_match(
        variants,
        quote!(__name.as_bytes()),
        quote!(__r.unknown_variant(__name, #names, __at)),
    );
    quote! {{
        let __name = __r.read_str()?;
        #index
    }}
}

/// Reads a variant's content as `Self::V`; evaluates to `Result<Self, Error>`.
fn content(cx: &Cx, variant: &Variant) -> TokenStream {
    let ident = &variant.ident;
    let name = &variant.attrs.name.deserialize;
    let enum_name = &cx.cont.attrs.name;
    match variant.style {
        Style::Unit => quote! {
            __r.read_nil()?;
            ::jetjson::__private::Ok(Self::#ident)
        },
        Style::Newtype => {
            let value = read_value(cx, &variant.fields[0]);
            quote!(::jetjson::__private::Ok(Self::#ident(#value?)))
        }
        Style::Tuple => array_body(
            cx,
            &variant.fields,
            &quote!(Self::#ident),
            &format!("tuple variant {enum_name}::{name}"),
        ),
        Style::Struct => fields_body(
            cx,
            &variant.fields,
            &quote!(Self::#ident),
            &format!("struct variant {enum_name}::{name}"),
        ),
    }
}

/// A unit variant's name as a string; any variant as a one-member map
/// `{name: content}`.
fn external(cx: &Cx, variants: &[Variant]) -> TokenStream {
    let enum_name = &cx.cont.attrs.name;
    let expected = str_lit(&expecting(cx.cont, format!("enum {enum_name}")));
    let single = str_lit(&format!("enum {enum_name} as a map of one member"));
    let index = variant_index(variants);
    let string_arms = readable(variants).into_iter().map(|(i, variant)| {
        let ident = &variant.ident;
        if variant.style == Style::Unit {
            return (i, quote!(::jetjson::__private::Ok(Self::#ident)));
        }
        let what = str_lit(&format!(
            "{} variant {enum_name}::{}",
            match variant.style {
                Style::Newtype => "newtype",
                Style::Tuple => "tuple",
                _ => "struct",
            },
            variant.attrs.name.deserialize
        ));
        let error = quote! {
            ::jetjson::__private::ErrorKind::InvalidType { expected: #what, found: "string" }
        };
        (
            i,
            quote!(::jetjson::__private::Err(__r.error_at(#error, __at))),
        )
    });
    let string_arms = index_arms(string_arms.collect());
    let map_arms = readable(variants).into_iter().map(|(i, variant)| {
        let content = content(cx, variant);
        let name = str_lit(&variant.attrs.name.deserialize);
        (
            i,
            quote! {
                ::jetjson::__private::msgpack_variant(__r, #name, |__r| {
                    #content
                })?
            },
        )
    });
    let map_arms = index_arms(map_arms.collect());
    quote! {
        if ::jetjson::__private::msgpack_is_str(__r) {
            let __at = __r.offset();
            let __variant: usize = #index;
            return match __variant {
                #string_arms
            };
        }
        __r.enter()?;
        let __len = ::jetjson::__private::msgpack_map_len(__r, #expected)?;
        if __len != 1 {
            return ::jetjson::__private::Err(__r.invalid_length(#single, __len));
        }
        let __at = __r.offset();
        if !::jetjson::__private::msgpack_is_str(__r) {
            return ::jetjson::__private::Err(__r.invalid_type("a variant name"));
        }
        let __variant: usize = #index;
        let __v = match __variant {
            #map_arms
        };
        __r.leave();
        ::jetjson::__private::Ok(__v)
    }
}

/// A map holding the tag member (anywhere) and the variant's fields.
fn internal(cx: &Cx, variants: &[Variant], tag: &str) -> TokenStream {
    let expected = str_lit(&expecting(
        cx.cont,
        format!("internally tagged enum {}", cx.cont.attrs.name),
    ));
    let tag_lit = str_lit(tag);
    let tag_bytes = byte_str(tag.as_bytes());
    let index = variant_index(variants);
    let arms = readable(variants).into_iter().map(|(i, variant)| {
        let ident = &variant.ident;
        // A newtype's field is flattened (see `model.rs`).
        let fields: &[Field] = match variant.style {
            Style::Struct | Style::Newtype => &variant.fields,
            _ => &[],
        };
        let read = own_fields(fields);
        let flats = crate::json::de::flattened(fields);
        let slots = slots(cx, &read, &flats);
        let members = map_loop(cx, &read, &flats, Some(tag));
        let tail = tail(cx, fields, &quote!(Self::#ident), false);
        (
            i,
            quote!({
                #(#slots)*
                #members
                #tail
            }),
        )
    });
    let arms = index_arms(arms.collect());
    quote! {
        __r.enter()?;
        let __len = ::jetjson::__private::msgpack_map_len(__r, #expected)?;
        let __start = __r.checkpoint();
        let mut __seen = 0usize;
        let __variant: usize = loop {
            if __seen == __len {
                return ::jetjson::__private::Err(__r.missing_field(#tag_lit));
            }
            if ::jetjson::__private::msgpack_key(__r)?.as_bytes() == &#tag_bytes[..] {
                let __at = __r.offset();
                break #index;
            }
            __r.skip_value()?;
            __seen += 1;
        };
        // Read the members again from the first, the tag among them.
        __r.restore(__start);
        let __v = match __variant {
            #arms
        }?;
        __r.leave();
        ::jetjson::__private::Ok(__v)
    }
}

/// A map `{tag: name, content: ..}`, members in either order.
fn adjacent(cx: &Cx, variants: &[Variant], tag: &str, content_key: &str) -> TokenStream {
    let de = &cx.de;
    let expected = str_lit(&expecting(
        cx.cont,
        format!("adjacently tagged enum {}", cx.cont.attrs.name),
    ));
    let tag_lit = str_lit(tag);
    let content_lit = str_lit(content_key);
    let tag_bytes = byte_str(tag.as_bytes());
    let content_bytes = byte_str(content_key.as_bytes());
    let unknown = if cx.cont.attrs.deny_unknown_fields {
        quote! {
            return ::jetjson::__private::Err(__r.unknown_field(
                __key,
                &[#tag_lit, #content_lit],
                __key_at,
            ));
        }
    } else {
        quote!(__r.skip_value()?;)
    };
    let index = variant_index(variants);
    let content_arms = readable(variants).into_iter().map(|(i, variant)| {
        let content = content(cx, variant);
        (i, quote!({ #content }))
    });
    let content_arms = index_arms(content_arms.collect());
    let missing_arms = readable(variants).into_iter().map(|(i, variant)| {
        let ident = &variant.ident;
        if variant.style == Style::Unit {
            (i, quote!(::jetjson::__private::Ok(Self::#ident)))
        } else {
            (
                i,
                quote!(::jetjson::__private::Err(__r.missing_field(#content_lit))),
            )
        }
    });
    let missing_arms = index_arms(missing_arms.collect());
    quote! {
        let __read_content = |__r: &mut ::jetjson::__private::MsgpackReader<#de>, __variant: usize|
            -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
            match __variant {
                #content_arms
            }
        };
        __r.enter()?;
        let __len = ::jetjson::__private::msgpack_map_len(__r, #expected)?;
        let mut __variant: ::jetjson::__private::Option<usize> = ::jetjson::__private::None;
        let mut __value: ::jetjson::__private::Option<Self> = ::jetjson::__private::None;
        let mut __content = ::jetjson::__private::None;
        for _ in 0..__len {
            let __key_at = __r.offset();
            let __key = ::jetjson::__private::msgpack_key(__r)?;
            match __key.as_bytes() {
                #tag_bytes => {
                    if __variant.is_some() {
                        return ::jetjson::__private::Err(__r.duplicate_field(#tag_lit, __key_at));
                    }
                    let __at = __r.offset();
                    __variant = ::jetjson::__private::Some(#index);
                }
                #content_bytes => {
                    if __value.is_some() || __content.is_some() {
                        return ::jetjson::__private::Err(
                            __r.duplicate_field(#content_lit, __key_at),
                        );
                    }
                    match __variant {
                        ::jetjson::__private::Some(__i) => {
                            __value = ::jetjson::__private::Some(
                                ::jetjson::__private::in_field(__read_content(__r, __i), #content_lit)?,
                            );
                        }
                        ::jetjson::__private::None => {
                            __content = ::jetjson::__private::Some(__r.checkpoint());
                            __r.skip_value()?;
                        }
                    }
                }
                _ => { #unknown }
            }
        }
        let ::jetjson::__private::Some(__variant) = __variant else {
            return ::jetjson::__private::Err(__r.missing_field(#tag_lit));
        };
        let __v = match (__value, __content) {
            (::jetjson::__private::Some(__v), _) => __v,
            (::jetjson::__private::None, ::jetjson::__private::Some(__at)) => {
                // The content came before the tag: go back and read it.
                let __end = __r.checkpoint();
                __r.restore(__at);
                let __v = ::jetjson::__private::in_field(__read_content(__r, __variant), #content_lit)?;
                __r.restore(__end);
                __v
            }
            (::jetjson::__private::None, ::jetjson::__private::None) => match __variant {
                #missing_arms
            }?,
        };
        __r.leave();
        ::jetjson::__private::Ok(__v)
    }
}

/// Each variant in turn from the same place (after the `tagged` forms, for
/// an enum whose untagged variants follow tagged ones); the first that reads
/// wins. When none does, the error quotes the one that got furthest.
fn untagged(cx: &Cx, variants: &[Variant], tagged: Option<TokenStream>) -> TokenStream {
    let message = no_match_message(cx.cont);
    let tagged = tagged.map(|body| {
        quote! {
            if let ::jetjson::__private::Some(__v) = ::jetjson::__private::msgpack_untagged_attempt(
                __r,
                &mut __closest,
                ::jetjson::__private::None,
                |__r| { #body },
            ) {
                return ::jetjson::__private::Ok(__v);
            }
        }
    });
    let attempts = readable(variants).into_iter().map(|(_, variant)| {
        let content = content(cx, variant);
        let name = str_lit(&variant.ident.to_string());
        quote! {
            if let ::jetjson::__private::Some(__v) = ::jetjson::__private::msgpack_untagged_attempt(
                __r,
                &mut __closest,
                ::jetjson::__private::Some(#name),
                |__r| { #content },
            ) {
                return ::jetjson::__private::Ok(__v);
            }
        }
    });
    quote! {
        let __at = __r.offset();
        let mut __closest = ::jetjson::__private::Closest::default();
        #tagged
        #(#attempts)*
        ::jetjson::__private::Err(::jetjson::__private::msgpack_untagged_no_match(
            __r,
            #message,
            __at,
            __closest,
        ))
    }
}

/// `::jetjson::__private::FlatFromMsgpack<'de>`: the flatten trait the
/// shared offer rounds (`crate::json::de::offer`) call here.
fn flat_trait(cx: &Cx) -> TokenStream {
    let de = &cx.de;
    quote!(::jetjson::__private::FlatFromMsgpack<#de>)
}
