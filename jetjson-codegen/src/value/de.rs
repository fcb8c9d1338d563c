//! The `FromValue` emitter. Each body is emitted twice from the same code:
//! `from_value` moves strings and members out of the value it is given,
//! `from_value_ref` copies them from a borrowed one. Objects are read as the
//! JSON decoder reads them: one pass over the members, each key guessed to
//! be the next field in declaration order (one compare) before a full match,
//! with the same defaults, errors and paths.
//!
//! Why one pass over the members rather than a lookup per field: a map keeps
//! its members in the order they were read or built, which is almost always
//! the struct's order, so the pass costs about one short compare per member;
//! a lookup hashes each field name, and the object's hash index (built above
//! 12 members) only wins when the object holds many more members than the
//! struct reads. A map holds each key once, so the duplicate check is left
//! in only for fields with aliases. Internally tagged enums do look the tag
//! up (`Map::get`), since it may come anywhere.

use proc_macro2::TokenStream;
use quote::quote;

use super::Convert;
use crate::defaults::{self, Missing, Transparent};
use crate::emit::{
    binding, byte_str, expecting, holds_reference, impl_header, index, names_own_lifetime, str_lit,
    Direction,
};
use crate::json::de::{
    has_aliases, index_arms, no_match_message, readable, split_untagged, variant_match,
    variant_names,
};
use crate::model::{Container, Data, Field, Style, Tagging, Variant};

/// Which of the two methods a body is for.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    /// `from_value(__v: Value)`.
    Owned,
    /// `from_value_ref(__v: &Value)`.
    Ref,
}

impl Mode {
    /// The trait method that converts a field.
    fn method(self) -> TokenStream {
        match self {
            Mode::Owned => quote!(from_value),
            Mode::Ref => quote!(from_value_ref),
        }
    }

    /// `__v` as a `&Value`.
    fn by_ref(self) -> TokenStream {
        match self {
            Mode::Owned => quote!(&__v),
            Mode::Ref => quote!(__v),
        }
    }

    /// The members of the object in `__v` (a `Map` or `&Map`).
    fn object(self, expected: &str) -> TokenStream {
        let expected = str_lit(expected);
        match self {
            Mode::Owned => quote!(::jetjson::__private::take_object(__v, #expected)?),
            Mode::Ref => quote!(::jetjson::__private::object_ref(__v, #expected)?),
        }
    }

    /// The elements of the array in `__v` (a `Vec` or a slice).
    fn array(self, expected: &syn::LitStr) -> TokenStream {
        match self {
            Mode::Owned => quote!(::jetjson::__private::take_array(__v, #expected)?),
            Mode::Ref => quote!(::jetjson::__private::array_ref(__v, #expected)?),
        }
    }

    /// The type of `__v`.
    fn value_type(self) -> TokenStream {
        match self {
            Mode::Owned => quote!(::jetjson::__private::Value),
            Mode::Ref => quote!(&::jetjson::__private::Value),
        }
    }
}

/// Whether the type can have a `FromValue` impl: none of the fields it reads
/// borrows (`&'a str` in any position), and no `with` field's type names
/// one of its lifetimes (the module reads from text that is gone after).
pub fn possible(cont: &Container) -> bool {
    let fields: Vec<&Field> = match &cont.data {
        Data::Struct(_, fields) => fields.iter().collect(),
        Data::Enum(variants) => readable(variants)
            .into_iter()
            .flat_map(|(_, v)| v.fields.iter())
            .collect(),
    };
    let borrows = |f: &Field| {
        holds_reference(f.ty) || (f.attrs.custom_de() && names_own_lifetime(cont, f.ty))
    };
    fields
        .into_iter()
        .filter(|f| !f.attrs.skip_deserializing)
        .all(|f| !borrows(f))
}

/// The `FromValue` impl, or `None` when the type cannot have one (see
/// [`possible`]).
pub fn expand(cont: &Container) -> Option<TokenStream> {
    if !possible(cont) {
        return None;
    }
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::FromValue, &de);
    let depth = quote!(let __depth = ::jetjson::__private::ValueDepth::enter()?;);
    let (owned, borrowed, missing) = match (&cont.attrs.from, &cont.attrs.try_from, &cont.data) {
        (Some(from), _, _) | (None, Some(from), _) => {
            let fallible = cont.attrs.from.is_none();
            (
                from_body(from, fallible, Mode::Owned),
                from_body(from, fallible, Mode::Ref),
                None,
            )
        }
        (None, None, Data::Struct(Style::Struct, fields)) if shared_struct(cont, fields) => {
            // One generic loop in the runtime over the struct's
            // `FlatFromValue::flat_member_any` (see `expand_flat`).
            let expected = str_lit(&expecting(cont, format!("struct {}", cont.attrs.name)));
            (
                quote!(::jetjson::__private::value_struct::<Self>(__v, #expected)),
                quote!(::jetjson::__private::value_struct_ref::<Self>(__v, #expected)),
                None,
            )
        }
        (None, None, Data::Struct(style, fields)) => {
            let (owned, _) = struct_body(cont, *style, fields, Mode::Owned);
            let (borrowed, missing) = struct_body(cont, *style, fields, Mode::Ref);
            (quote!(#depth #owned), quote!(#depth #borrowed), missing)
        }
        (None, None, Data::Enum(variants))
            if cont.tagging == Tagging::Untagged
                || variants.iter().any(|v| v.attrs.untagged.is_some()) =>
        {
            // Each variant is tried on the same value, so it is only borrowed.
            let borrowed = enum_body(cont, variants, Mode::Ref);
            let owned = quote!(<Self as ::jetjson::__private::FromValue>::from_value_ref(
                &__v
            ));
            (owned, quote!(#depth #borrowed), None)
        }
        (None, None, Data::Enum(variants)) => {
            let owned = enum_body(cont, variants, Mode::Owned);
            let borrowed = enum_body(cont, variants, Mode::Ref);
            (quote!(#depth #owned), quote!(#depth #borrowed), None)
        }
    };
    let flat = expand_flat(cont);
    let require = crate::bridge::require(cont, false);
    Some(quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::FromValue for #ident #ty_generics #where_clause {
            #[inline]
            fn from_value(
                __v: ::jetjson::__private::Value,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                #require
                #owned
            }
            #[inline]
            fn from_value_ref(
                __v: &::jetjson::__private::Value,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                #borrowed
            }
            #missing
        }
        #flat
    })
}

/// Whether a struct with named fields converts through the runtime's
/// `value_struct` and its `flat_member_any`: not transparent, and no
/// flattened fields (those are offered members by their own protocol).
fn shared_struct(cont: &Container, fields: &[Field]) -> bool {
    cont.attrs.transparent.is_none() && crate::json::de::flattened(fields).is_empty()
}

/// `from = "T"` / `try_from = "T"`: a `T`, converted.
fn from_body(from: &syn::Type, fallible: bool, mode: Mode) -> TokenStream {
    let method = mode.method();
    let read = quote!(<#from as ::jetjson::__private::FromValue>::#method(__v)?);
    if fallible {
        quote! {
            <Self as ::jetjson::__private::TryFrom<#from>>::try_from(#read)
                .map_err(::jetjson::__private::value_try_from_failed)
        }
    } else {
        quote!(::jetjson::__private::Ok(<Self as ::jetjson::__private::From<#from>>::from(#read)))
    }
}

fn struct_body(
    cont: &Container,
    style: Style,
    fields: &[Field],
    mode: Mode,
) -> (TokenStream, Option<TokenStream>) {
    if cont.attrs.transparent.is_some() {
        return transparent(cont, fields, mode);
    }
    let name = &cont.attrs.name;
    let body = match style {
        Style::Struct => {
            let members = mode.object(&expecting(cont, format!("struct {name}")));
            let object = object_body(cont, fields, &quote!(Self), None, true, mode);
            quote! {
                let __m = #members;
                #object
            }
        }
        Style::Tuple => array_body(
            cont,
            fields,
            &quote!(Self),
            &format!("tuple struct {name}"),
            mode,
        ),
        Style::Newtype => {
            let value = read_value(&fields[0], mode);
            quote!(::jetjson::__private::Ok(Self(#value?)))
        }
        Style::Unit => {
            let v = mode.by_ref();
            quote! {
                ::jetjson::__private::expect_null(#v)?;
                ::jetjson::__private::Ok(Self)
            }
        }
    };
    (body, None)
}

/// The one field made from the whole value; the others take their defaults.
fn transparent(
    cont: &Container,
    fields: &[Field],
    mode: Mode,
) -> (TokenStream, Option<TokenStream>) {
    defaults::transparent(
        cont,
        fields,
        &Transparent {
            read: &|field| read_value(field, mode),
            no_field: quote!(::jetjson::__private::value_invalid_value("no field")),
            missing_fn: syn::Ident::new("value_missing", proc_macro2::Span::call_site()),
            missing_of: &|ty| quote!(<#ty as ::jetjson::__private::FromValue>::value_missing),
        },
    )
}

/// Converts one field's value `__v`: an expression of type `Result<T, Error>`.
fn read_value(field: &Field, mode: Mode) -> TokenStream {
    let v = mode.by_ref();
    match Convert::of(field, false) {
        Convert::Serde(via) => crate::bridge::from_value(via, &v),
        Convert::Trait => {
            let ty = field.ty;
            let method = mode.method();
            quote!(<#ty as ::jetjson::__private::FromValue>::#method(__v))
        }
        Convert::Base64 => quote!(::jetjson::__private::base64_from_value(#v)),
        Convert::Module(module) => quote! {
            ::jetjson::__private::with_from_value(#v, |__r| #module::read_json(__r))
        },
    }
}

/// Converts one field's value `__v` into `slot` (an `Option` place), its
/// error under the field's name: a statement.
fn read_into(field: &Field, mode: Mode, slot: &TokenStream, name: &syn::LitStr) -> TokenStream {
    match (Convert::of(field, false), mode) {
        (Convert::Trait, Mode::Ref) => {
            quote!(::jetjson::__private::value_field_ref(&mut #slot, __v, #name)?;)
        }
        (Convert::Trait, Mode::Owned) => {
            quote!(::jetjson::__private::value_field(&mut #slot, __v, #name)?;)
        }
        _ => {
            let value = read_value(field, mode);
            quote!(#slot = ::jetjson::__private::Some(::jetjson::__private::in_field(#value, #name)?);)
        }
    }
}

/// An array of the read fields, in `__v`, into `ctor { .. }`: evaluates to
/// `Result<Self, Error>`. A missing or extra element is reported after the
/// elements present were converted, as the decoder does.
fn array_body(
    cont: &Container,
    fields: &[Field],
    ctor: &TokenStream,
    what: &str,
    mode: Mode,
) -> TokenStream {
    let read: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing)
        .collect();
    let expected = str_lit(&format!("{what} with {} elements", read.len()));
    let elements = mode.array(&expected);
    let mut stmts = Vec::new();
    let count = index(read.len());
    if read.is_empty() {
        stmts.push(quote! {
            if !__a.is_empty() {
                return ::jetjson::__private::Err(
                    ::jetjson::__private::value_too_many_elements(#expected),
                );
            }
        });
    } else {
        let iter = match mode {
            Mode::Owned => quote!(__a.into_iter()),
            Mode::Ref => quote!(__a.iter()),
        };
        stmts.push(quote! {
            let __len = __a.len();
            let mut __elements = #iter;
        });
        for (i, field) in read.iter().enumerate() {
            let binding = binding(field);
            let value = read_value(field, mode);
            let i = index(i);
            stmts.push(quote! {
                let #binding = match __elements.next() {
                    ::jetjson::__private::Some(__v) => #value.map_err(|e| e.index(#i))?,
                    ::jetjson::__private::None => {
                        return ::jetjson::__private::Err(
                            ::jetjson::__private::value_too_few_elements(#expected, #i),
                        );
                    }
                };
            });
        }
        stmts.push(quote! {
            if __len > #count {
                return ::jetjson::__private::Err(
                    ::jetjson::__private::value_too_many_elements(#expected),
                );
            }
        });
    }
    let tail = defaults::array_tail(cont, fields, ctor);
    quote! {
        let __a = #elements;
        #(#stmts)*
        #tail
    }
}

/// The members of the object `__m` (a `Map` or `&Map`) into `ctor { .. }`.
/// `tag` is a key to pass over (an internal enum tag). `outer` says whether
/// the container's own `default` applies. Evaluates to `Result<Self, Error>`.
fn object_body(
    cont: &Container,
    fields: &[Field],
    ctor: &TokenStream,
    tag: Option<&str>,
    outer: bool,
    mode: Mode,
) -> TokenStream {
    let read: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing && f.attrs.flatten.is_none())
        .collect();
    let flats = crate::json::de::flattened(fields);
    let deny = cont.attrs.deny_unknown_fields;
    let count = read.len();
    let expected_names: Vec<syn::LitStr> = read
        .iter()
        .map(|f| str_lit(&f.attrs.name.deserialize))
        .collect();

    let members_loop = if count == 0 && flats.is_empty() {
        // Nothing to read: at most, every key but the tag is an error.
        deny.then(|| {
            let tag = match tag {
                Some(tag) => quote!(::jetjson::__private::Some(#tag)),
                None => quote!(::jetjson::__private::None),
            };
            quote!(::jetjson::__private::deny_members(&__m, #tag, &[])?;)
        })
    } else {
        let slots = read.iter().map(|field| {
            let binding = binding(field);
            let ty = field.ty;
            quote!(let mut #binding: ::jetjson::__private::Option<#ty> = ::jetjson::__private::None;)
        });
        // The in-order guess, then the full match.
        let guesses = read.iter().enumerate().map(|(i, field)| {
            let name = str_lit(&field.attrs.name.deserialize);
            let i = index(i);
            quote!(#i if __k == #name => #i,)
        });
        let mut patterns = crate::json::de::key_patterns(&read);
        let tag_index = index(count + 1);
        if let Some(tag) = tag {
            let tag = byte_str(tag.as_bytes());
            patterns.push(quote!(#tag => #tag_index,));
        }
        let unknown_index = index(count);
        let arms = read.iter().enumerate().map(|(i, field)| {
            let binding = binding(field);
            let name = str_lit(&field.attrs.name.deserialize);
            let read = read_into(field, mode, &quote!(#binding), &name);
            let next = index(i + 1);
            // A map holds each key once; only a name and its alias can meet.
            let duplicate = (field.attrs.name.deserialize_names().len() > 1).then(|| {
                quote! {
                    if #binding.is_some() {
                        return ::jetjson::__private::Err(
                            ::jetjson::__private::value_duplicate_field(#name),
                        );
                    }
                }
            });
            let i = index(i);
            quote! {
                #i => {
                    #duplicate
                    #read
                    __next = #next;
                }
            }
        });
        let newtype = count == 0 && flats.len() == 1 && tag.is_some() && !deny;
        let deny_error = |expected: TokenStream| {
            quote! {
                return ::jetjson::__private::Err(
                    ::jetjson::__private::value_unknown_field(&__k, #expected),
                );
            }
        };
        let unknown = if deny {
            deny_error(quote!(&[#(#expected_names),*]))
        } else {
            quote!()
        };
        let unknown = if flats.is_empty() {
            unknown
        } else {
            let offer = offer(&flats, mode);
            let inner_deny = newtype.then(|| {
                // An internally tagged newtype's content has the object to
                // itself: its own `deny_unknown_fields` applies.
                let ty = flats[0].ty;
                let inner = quote!(<#ty as ::jetjson::__private::FlatFromValue>);
                let error = deny_error(quote!(#inner::FIELDS));
                quote! {
                    if #inner::DENY_UNKNOWN {
                        #error
                    }
                }
            });
            match mode {
                Mode::Ref => quote! {
                    if !(#offer) {
                        #inner_deny
                        #unknown
                    }
                },
                Mode::Owned => quote! {
                    let mut __member = ::jetjson::__private::Some((__k, __v));
                    #offer
                    if let ::jetjson::__private::Some((__k, _)) = __member {
                        #inner_deny
                        #unknown
                    }
                },
            }
        };
        let flat_slots = flats.iter().map(|field| {
            let binding = binding(field);
            let ty = field.ty;
            quote!(let mut #binding = <#ty as ::jetjson::__private::FlatFromValue>::flat_slots();)
        });
        let tag_arm = tag.map(|_| quote!(#tag_index => {}));
        Some(quote! {
            #(#slots)*
            #(#flat_slots)*
            let mut __next: usize = 0;
            for (__k, __v) in __m {
                let __field = match __next {
                    #(#guesses)*
                    _ => match __k.as_bytes() {
                        #(#patterns)*
                        _ => #unknown_index,
                    },
                };
                match __field {
                    #(#arms)*
                    #tag_arm
                    _ => { #unknown }
                }
            }
        })
    };

    let strict = cont.attrs.deny_unknown_fields;
    let tail = defaults::object_tail(cont, fields, ctor, outer, &missing(strict));

    quote! {
        #members_loop
        #tail
    }
}

/// How the `Value` decoder fills a field the object did not have (a
/// flattened one strictly: see [`crate::json::de::finish_name`]).
fn missing(strict: bool) -> Missing<'static> {
    let finish = if strict {
        quote!(flat_finish_value_strict)
    } else {
        quote!(flat_finish_value)
    };
    Missing {
        take: &|slot, name| quote!(::jetjson::__private::take_value(#slot, #name)?),
        fill: &|slot| quote!(::jetjson::__private::fill_value(#slot)),
        error: &|name| quote!(::jetjson::__private::value_missing_field(#name)),
        flat: Box::new(move |field, slots| {
            let ty = field.ty;
            quote!(<#ty as ::jetjson::__private::FlatFromValue>::#finish(#slots)?)
        }),
    }
}

/// Offers the member `(__k, __v)` to the flattened fields in two rounds,
/// as the JSON decoder's `offer`: first the fields that take their own
/// keys, at any depth (`flat_claim_*`), then, when none took it, every
/// catch-all at any depth (`flat_rest_*`). By reference: a `bool`
/// expression, true when one took it. Owned: statements that move
/// `__member` into the field that takes it; in the catch-all round every
/// field but the last gets a copy, the last the member itself.
fn offer(flats: &[&Field], mode: Mode) -> TokenStream {
    let trait_of = |field: &Field| {
        let ty = field.ty;
        quote!(<#ty as ::jetjson::__private::FlatFromValue>)
    };
    match mode {
        Mode::Ref => {
            let claims = claim_round(flats, &|f| {
                let b = binding(f);
                quote!(#b)
            });
            let rests = rest_round(flats, &|f| {
                let b = binding(f);
                quote!(#b)
            });
            quote!(#claims || #rests?)
        }
        Mode::Owned => {
            let claims = flats.iter().map(|field| {
                let trait_ = trait_of(field);
                let binding = binding(field);
                quote! {
                    if !#trait_::CATCH_ALL {
                        if let ::jetjson::__private::Some((__k, __v)) = __member {
                            __member = #trait_::flat_claim_owned(&mut #binding, __k, __v)?;
                        }
                    }
                }
            });
            let (last, copies) = flats.split_last().expect("flattened fields");
            let copies = copies.iter().map(|field| {
                let trait_ = trait_of(field);
                let binding = binding(field);
                quote! {
                    if #trait_::flat_rest_ref(&mut #binding, &__k, &__v)? {
                        __kept = true;
                    }
                }
            });
            let trait_ = trait_of(last);
            let binding = binding(last);
            quote! {
                #(#claims)*
                if let ::jetjson::__private::Some((__k, __v)) = __member {
                    let mut __kept = false;
                    #(#copies)*
                    __member = #trait_::flat_rest_owned(&mut #binding, __k, __v)?;
                    if __kept {
                        __member = ::jetjson::__private::None;
                    }
                }
            }
        }
    }
}

/// The claiming round of [`offer`] by reference (`__k`, `__v`), on the
/// slots `slots` names: a `bool` expression.
fn claim_round(flats: &[&Field], slots: &dyn Fn(&Field) -> TokenStream) -> TokenStream {
    let claims = flats.iter().map(|field| {
        let ty = field.ty;
        let trait_ = quote!(<#ty as ::jetjson::__private::FlatFromValue>);
        let slots = slots(field);
        quote!((!#trait_::CATCH_ALL && #trait_::flat_claim_ref(&mut #slots, __k, __v)?))
    });
    quote!(#(#claims)||*)
}

/// The catch-all round of [`offer`] by reference: every field is asked
/// (`|`, not `||`), a `Result<bool, Error>` expression.
fn rest_round(flats: &[&Field], slots: &dyn Fn(&Field) -> TokenStream) -> TokenStream {
    let rests = flats.iter().map(|field| {
        let ty = field.ty;
        let slots = slots(field);
        quote!(<#ty as ::jetjson::__private::FlatFromValue>::flat_rest_ref(&mut #slots, __k, __v))
    });
    if flats.len() == 1 {
        return quote!(#(#rests)*);
    }
    quote!(::jetjson::__private::Ok::<bool, ::jetjson::__private::Error>(#(#rests?)|*))
}

/// `FlatFromValue` for a struct with named fields (members offered by
/// reference; see [`object_body`] for the match). `#[inline]`, so unused it
/// costs no machine code.
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
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::FromValue, &de);
    let read: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing && f.attrs.flatten.is_none())
        .collect();
    let flats = crate::json::de::flattened(fields);
    let slot_fields: Vec<&Field> = read.iter().chain(flats.iter()).copied().collect();
    let flat_trait = quote!(::jetjson::__private::FlatFromValue);
    // A plain struct (no generics, nothing flattened, every field through
    // its own traits) has the same slots as its `FlatFromJson` impl: it
    // uses them and that impl's `flat_finish`, instead of a second copy of
    // its defaults and missing-field checks to type-check and borrow-check.
    let as_json = cont.generics.params.is_empty()
        && flats.is_empty()
        && read
            .iter()
            .all(|f| matches!(Convert::of(f, false), Convert::Trait));
    let json_trait = quote!(::jetjson::__private::FlatFromJson<'static>);
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
    let mut member = TokenStream::new();
    if flats.is_empty() {
        let arms = read.iter().map(|field| {
            let names = field
                .attrs
                .name
                .deserialize_names()
                .into_iter()
                .map(|n| byte_str(n.as_bytes()));
            let name = str_lit(&field.attrs.name.deserialize);
            let i = position(field);
            let read = match Convert::of(field, false) {
                Convert::Trait => {
                    return quote! {
                        #(#names)|* => ::jetjson::__private::ValueSource::slot(__v, &mut __s.#i, #name),
                    };
                }
                _ => {
                    let read = read_into(field, Mode::Ref, &quote!(__s.#i), &name);
                    quote! {
                        let __v = ::jetjson::__private::ValueSource::value(&__v);
                        #read
                    }
                }
            };
            quote! {
                #(#names)|* => {
                    if __s.#i.is_some() {
                        return ::jetjson::__private::Err(
                            ::jetjson::__private::value_duplicate_field(#name),
                        );
                    }
                    #read
                    ::jetjson::__private::Ok(::jetjson::__private::None)
                }
            }
        });
        let s = if read.is_empty() {
            quote!(_)
        } else {
            quote!(__s)
        };
        member = quote! {
            #[inline]
            fn flat_member_any<__V: ::jetjson::__private::ValueSource>(
                #s: &mut Self::Slots,
                __k: &str,
                __v: __V,
            ) -> ::jetjson::__private::Result<
                ::jetjson::__private::Option<__V>,
                ::jetjson::__private::Error,
            > {
                match __k.as_bytes() {
                    #(#arms)*
                    _ => ::jetjson::__private::Ok(::jetjson::__private::Some(__v)),
                }
            }


        };
    }
    let arms = read.iter().map(|field| {
        let names = field
            .attrs
            .name
            .deserialize_names()
            .into_iter()
            .map(|n| byte_str(n.as_bytes()));
        let name = str_lit(&field.attrs.name.deserialize);
        let i = position(field);
        let read = read_into(field, Mode::Ref, &quote!(__s.#i), &name);
        quote! {
            #(#names)|* => {
                if __s.#i.is_some() {
                    return ::jetjson::__private::Err(
                        ::jetjson::__private::value_duplicate_field(#name),
                    );
                }
                #read
                ::jetjson::__private::Ok(true)
            }
        }
    });
    if member.is_empty() {
        // Flattened fields: as the JSON decoder's, `flat_claim_ref` is the
        // claiming round, `flat_rest_ref` the catch-all round and
        // `flat_member_ref` both; the owned forms go through them (the
        // trait's `flat_rest_owned` does already).
        let slot_of = |field: &Field| {
            let i = position(field);
            quote!(__s.#i)
        };
        let claims = claim_round(&flats, &slot_of);
        let rests = rest_round(&flats, &slot_of);
        let result = quote! {
            ::jetjson::__private::Result<
                ::jetjson::__private::Option<(
                    ::jetjson::__private::String,
                    ::jetjson::__private::Value,
                )>,
                ::jetjson::__private::Error,
            >
        };
        member = quote! {
            #[inline]
            fn flat_claim_ref(
                __s: &mut Self::Slots,
                __k: &str,
                __v: &::jetjson::__private::Value,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                match __k.as_bytes() {
                    #(#arms)*
                    _ => ::jetjson::__private::Ok(#claims),
                }
            }

            #[inline]
            fn flat_rest_ref(
                __s: &mut Self::Slots,
                __k: &str,
                __v: &::jetjson::__private::Value,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                #rests
            }

            #[inline]
            fn flat_member_ref(
                __s: &mut Self::Slots,
                __k: &str,
                __v: &::jetjson::__private::Value,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                ::jetjson::__private::Ok(
                    <Self as #flat_trait>::flat_claim_ref(__s, __k, __v)?
                        || <Self as #flat_trait>::flat_rest_ref(__s, __k, __v)?,
                )
            }

            #[inline]
            fn flat_member_owned(
                __s: &mut Self::Slots,
                __k: ::jetjson::__private::String,
                __v: ::jetjson::__private::Value,
            ) -> #result {
                ::jetjson::__private::flat_member_owned_by_ref::<Self>(__s, __k, __v)
            }

            #[inline]
            fn flat_claim_owned(
                __s: &mut Self::Slots,
                __k: ::jetjson::__private::String,
                __v: ::jetjson::__private::Value,
            ) -> #result {
                ::jetjson::__private::flat_by_ref(
                    __s,
                    __k,
                    __v,
                    <Self as #flat_trait>::flat_claim_ref,
                )
            }
        };
    }
    let deny = cont.attrs.deny_unknown_fields;
    let finish = if as_json {
        quote!(::jetjson::__private::finish_value_as_json::<Self>(__s))
    } else {
        let bindings = slot_fields.iter().map(|field| binding(field));
        let tail = defaults::object_tail(cont, fields, &quote!(Self), true, &missing(deny));
        quote! {
            let (#(#bindings,)*) = __s;
            #tail
        }
    };
    // As the JSON decoder's: its flattened fields finish strictly when the
    // struct it is flattened into is under `deny_unknown_fields`.
    let strict = (!deny && !flats.is_empty()).then(|| {
        let tail = defaults::object_tail(cont, fields, &quote!(Self), true, &missing(true));
        let bindings = slot_fields.iter().map(|field| binding(field));
        quote! {
            #[inline]
            fn flat_finish_value_strict(
                __s: Self::Slots,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                let (#(#bindings,)*) = __s;
                #tail
            }
        }
    });
    let (slots_type, slots_value) = if as_json {
        (
            quote!(<Self as #json_trait>::Slots),
            quote!(<Self as #json_trait>::flat_slots()),
        )
    } else {
        (quote!((#(#slot_types,)*)), slot_values)
    };
    let names = read.iter().map(|f| str_lit(&f.attrs.name.deserialize));
    let claims = crate::json::de::struct_claims(&read, &flats, &|ty| quote!(<#ty as #flat_trait>));
    // Without aliases or flattened fields, the trait's default (`FIELDS`)
    // answers the same.
    let claims = (!flats.is_empty() || has_aliases(&read)).then(|| {
        quote! {
            #[inline]
            fn flat_claims(__key: &str) -> bool {
                #claims
            }
        }
    });
    Some(quote! {
        #[automatically_derived]
        impl #impl_generics #flat_trait for #ident #ty_generics #where_clause {
            type Slots = #slots_type;
            const DENY_UNKNOWN: bool = #deny;
            const FIELDS: &'static [&'static str] = &[#(#names),*];

            #[inline]
            fn flat_slots() -> Self::Slots {
                #slots_value
            }

            #claims

            #member

            #[inline]
            fn flat_finish_value(
                __s: Self::Slots,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                #finish
            }

            #strict
        }
    })
}

/// `FlatFromValue` for an enum: the members it claims, gathered into an
/// object and converted once the enclosing object's members are offered.
fn expand_flat_enum(cont: &Container, variants: &[Variant]) -> Option<TokenStream> {
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::FromValue, &de);
    let flat_trait = quote!(::jetjson::__private::FlatFromValue);
    let (catch_all, claims) =
        crate::json::de::enum_claims(cont, variants, &|ty| quote!(<#ty as #flat_trait>));
    let first = crate::json::de::first_only(cont, quote!(__s));
    let strict = crate::json::de::variant_uses(cont, variants, &|ty| quote!(<#ty as #flat_trait>))
        .map(|uses| {
            quote! {
                #[inline]
                fn flat_finish_value_strict(
                    __s: Self::Slots,
                ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                    ::jetjson::__private::value_flat_strict::<Self>(__s, #uses)
                }
            }
        });
    Some(quote! {
        #[automatically_derived]
        impl #impl_generics #flat_trait for #ident #ty_generics #where_clause {
            type Slots = ::jetjson::__private::Map;
            // Untagged: a catch-all, keeping a copy of every member no
            // field claims (beside a catch-all map, which gets it too).
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
            fn flat_member_ref(
                __s: &mut Self::Slots,
                __key: &str,
                __v: &::jetjson::__private::Value,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                let __claims = <Self as #flat_trait>::flat_claims(__key) #first;
                if __claims {
                    __s.insert(__key.into(), ::core::clone::Clone::clone(__v));
                }
                ::jetjson::__private::Ok(__claims)
            }

            #[inline]
            fn flat_member_owned(
                __s: &mut Self::Slots,
                __key: ::jetjson::__private::String,
                __v: ::jetjson::__private::Value,
            ) -> ::jetjson::__private::Result<
                ::jetjson::__private::Option<(::jetjson::__private::String, ::jetjson::__private::Value)>,
                ::jetjson::__private::Error,
            > {
                if <Self as #flat_trait>::flat_claims(&__key) #first {
                    __s.insert(__key, __v);
                    ::jetjson::__private::Ok(::jetjson::__private::None)
                } else {
                    ::jetjson::__private::Ok(::jetjson::__private::Some((__key, __v)))
                }
            }

            #[inline]
            fn flat_finish_value(
                __s: Self::Slots,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                <Self as ::jetjson::__private::FromValue>::from_value(
                    ::jetjson::__private::Value::Object(__s),
                )
            }

            #strict
        }
    })
}

// MARK: - Enums

fn enum_body(cont: &Container, variants: &[Variant], mode: Mode) -> TokenStream {
    if readable(variants).is_empty() {
        let message = str_lit(&format!("enum {} has no variant to read", cont.attrs.name));
        return quote! {
            ::jetjson::__private::Err(::jetjson::__private::value_invalid_value(#message))
        };
    }
    let (tagged, untagged_variants) = split_untagged(variants);
    let tagged_body = match &cont.tagging {
        _ if readable(tagged).is_empty() => None,
        Tagging::External => Some(external(cont, tagged, mode)),
        Tagging::Internal { tag } => Some(internal(cont, tagged, tag, mode)),
        Tagging::Adjacent { tag, content } => Some(adjacent(cont, tagged, tag, content, mode)),
        Tagging::Untagged => return untagged(cont, variants, None),
    };
    match tagged_body {
        Some(body) if untagged_variants.is_empty() => body,
        tagged_body => untagged(cont, untagged_variants, tagged_body),
    }
}

/// `match <name>.as_bytes() { b"A" => 0, .. }` over the variant names; an
/// unknown name is the `other` variant or an error naming `name`.
fn variant_index(variants: &[Variant], name: TokenStream) -> TokenStream {
    let names = variant_names(variants);
    variant_match(
        variants,
        quote!(#name.as_bytes()),
        quote!(::jetjson::__private::value_unknown_variant(&#name, #names)),
    )
}

/// Makes `Self::V` from a variant's content `__v`; evaluates to
/// `Result<Self, Error>`.
fn content(cont: &Container, variant: &Variant, mode: Mode) -> TokenStream {
    let ident = &variant.ident;
    let name = &variant.attrs.name.deserialize;
    let enum_name = &cont.attrs.name;
    match variant.style {
        Style::Unit => {
            let v = mode.by_ref();
            quote! {
                ::jetjson::__private::expect_null(#v)?;
                ::jetjson::__private::Ok(Self::#ident)
            }
        }
        Style::Newtype => {
            let value = read_value(&variant.fields[0], mode);
            quote!(::jetjson::__private::Ok(Self::#ident(#value?)))
        }
        Style::Tuple => array_body(
            cont,
            &variant.fields,
            &quote!(Self::#ident),
            &format!("tuple variant {enum_name}::{name}"),
            mode,
        ),
        Style::Struct => {
            let members = mode.object(&format!("struct variant {enum_name}::{name}"));
            let object = object_body(
                cont,
                &variant.fields,
                &quote!(Self::#ident),
                None,
                false,
                mode,
            );
            quote! {
                let __m = #members;
                #object
            }
        }
    }
}

/// `"A"` for unit variants, `{"V": content}` for all.
fn external(cont: &Container, variants: &[Variant], mode: Mode) -> TokenStream {
    let expected = str_lit(&expecting(cont, format!("enum {}", cont.attrs.name)));
    let split = match mode {
        Mode::Owned => quote!(::jetjson::__private::external(__v, #expected)?),
        Mode::Ref => quote!(::jetjson::__private::external_ref(__v, #expected)?),
    };
    let index_of = variant_index(variants, quote!(__k));
    let name_arms = readable(variants).into_iter().map(|(i, variant)| {
        let ident = &variant.ident;
        if variant.style == Style::Unit {
            (i, quote!(::jetjson::__private::Ok(Self::#ident)))
        } else {
            let what = str_lit(&format!(
                "{} variant {}::{}",
                match variant.style {
                    Style::Newtype => "newtype",
                    Style::Tuple => "tuple",
                    _ => "struct",
                },
                cont.attrs.name,
                variant.attrs.name.deserialize
            ));
            (
                i,
                quote! {
                    ::jetjson::__private::Err(
                        ::jetjson::__private::value_invalid_type_found(#what, "string"),
                    )
                },
            )
        }
    });
    let name_arms = index_arms(name_arms.collect());
    let member_arms = readable(variants).into_iter().map(|(i, variant)| {
        let content = content(cont, variant, mode);
        let name = str_lit(&variant.attrs.name.deserialize);
        (
            i,
            quote! {
                ::jetjson::__private::variant_value(#name, || {
                    #content
                })?
            },
        )
    });
    let member_arms = index_arms(member_arms.collect());
    quote! {
        match #split {
            ::jetjson::__private::External::Name(__k) => {
                let __variant = #index_of;
                match __variant {
                    #name_arms
                }
            }
            ::jetjson::__private::External::Member(__k, __v, __more) => {
                let __variant = #index_of;
                let __x = match __variant {
                    #member_arms
                };
                if __more {
                    return ::jetjson::__private::Err(
                        ::jetjson::__private::value_enum_object_len(#expected),
                    );
                }
                ::jetjson::__private::Ok(__x)
            }
        }
    }
}

/// `{"tag": "V", ...fields}`, the tag anywhere among the members.
fn internal(cont: &Container, variants: &[Variant], tag: &str, mode: Mode) -> TokenStream {
    let members = mode.object(&expecting(
        cont,
        format!("internally tagged enum {}", cont.attrs.name),
    ));
    let tag_lit = str_lit(tag);
    let index_of = variant_index(variants, quote!(__k));
    let arms = readable(variants).into_iter().map(|(i, variant)| {
        let ident = &variant.ident;
        let fields: &[Field] = match variant.style {
            Style::Struct | Style::Newtype => &variant.fields,
            _ => &[],
        };
        // `Self::V {}` is valid for a unit variant too, `Self::V { 0: .. }`
        // for a newtype (whose field is flattened: see `model.rs`).
        let object = object_body(cont, fields, &quote!(Self::#ident), Some(tag), false, mode);
        (i, quote!({ #object }))
    });
    let arms = index_arms(arms.collect());
    quote! {
        let __m = #members;
        let __variant = {
            let __k = ::jetjson::__private::tag_ref(&__m, #tag_lit)?;
            #index_of
        };
        match __variant {
            #arms
        }
    }
}

/// `{"tag": "V", "content": ..}`, in either order.
fn adjacent(
    cont: &Container,
    variants: &[Variant],
    tag: &str,
    content_key: &str,
    mode: Mode,
) -> TokenStream {
    let members = mode.object(&expecting(
        cont,
        format!("adjacently tagged enum {}", cont.attrs.name),
    ));
    let value_type = mode.value_type();
    let tag_lit = str_lit(tag);
    let content_lit = str_lit(content_key);
    let tag_bytes = byte_str(tag.as_bytes());
    let content_bytes = byte_str(content_key.as_bytes());
    let unknown = if cont.attrs.deny_unknown_fields {
        quote! {
            return ::jetjson::__private::Err(
                ::jetjson::__private::value_unknown_field(&__k, &[#tag_lit, #content_lit]),
            );
        }
    } else {
        quote!()
    };
    let index_of = variant_index(variants, quote!(__k));
    let tag_value = mode.by_ref();
    let content_arms = readable(variants).into_iter().map(|(i, variant)| {
        let content = content(cont, variant, mode);
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
                quote! {
                    ::jetjson::__private::Err(
                        ::jetjson::__private::value_missing_field(#content_lit),
                    )
                },
            )
        }
    });
    let missing_arms = index_arms(missing_arms.collect());
    quote! {
        let __content_of = |__v: #value_type, __variant: usize|
            -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
            match __variant {
                #content_arms
            }
        };
        let __m = #members;
        let mut __variant: ::jetjson::__private::Option<usize> = ::jetjson::__private::None;
        let mut __value: ::jetjson::__private::Option<Self> = ::jetjson::__private::None;
        let mut __content: ::jetjson::__private::Option<#value_type> = ::jetjson::__private::None;
        for (__k, __v) in __m {
            match __k.as_bytes() {
                #tag_bytes => {
                    let __k = ::jetjson::__private::str_ref(#tag_value, "a string")?;
                    __variant = ::jetjson::__private::Some(#index_of);
                }
                #content_bytes => match __variant {
                    ::jetjson::__private::Some(__i) => {
                        __value = ::jetjson::__private::Some(
                            ::jetjson::__private::in_field(__content_of(__v, __i), #content_lit)?,
                        );
                    }
                    ::jetjson::__private::None => __content = ::jetjson::__private::Some(__v),
                },
                _ => { #unknown }
            }
        }
        let ::jetjson::__private::Some(__variant) = __variant else {
            return ::jetjson::__private::Err(::jetjson::__private::value_missing_field(#tag_lit));
        };
        if let ::jetjson::__private::Some(__x) = __value {
            return ::jetjson::__private::Ok(__x);
        }
        match __content {
            // The content came before the tag.
            ::jetjson::__private::Some(__v) => {
                ::jetjson::__private::in_field(__content_of(__v, __variant), #content_lit)
            }
            ::jetjson::__private::None => match __variant {
                #missing_arms
            },
        }
    }
}

/// Each variant in turn on the borrowed value (after the `tagged` forms,
/// for an enum whose untagged variants follow tagged ones); the first that
/// converts wins. When none does, the error quotes the one whose error is
/// deepest in the value.
fn untagged(cont: &Container, variants: &[Variant], tagged: Option<TokenStream>) -> TokenStream {
    let message = no_match_message(cont);
    let tagged = tagged.map(|body| {
        quote! {
            if let ::jetjson::__private::Some(__x) = ::jetjson::__private::untagged_attempt_value(
                &mut __closest,
                ::jetjson::__private::None,
                || { #body },
            ) {
                return ::jetjson::__private::Ok(__x);
            }
        }
    });
    let attempts = readable(variants).into_iter().map(|(_, variant)| {
        let content = content(cont, variant, Mode::Ref);
        let name = str_lit(&variant.ident.to_string());
        quote! {
            if let ::jetjson::__private::Some(__x) = ::jetjson::__private::untagged_attempt_value(
                &mut __closest,
                ::jetjson::__private::Some(#name),
                || { #content },
            ) {
                return ::jetjson::__private::Ok(__x);
            }
        }
    });
    quote! {
        let mut __closest = ::jetjson::__private::Closest::default();
        #tagged
        #(#attempts)*
        ::jetjson::__private::Err(::jetjson::__private::untagged_no_match_value(#message, __closest))
    }
}
