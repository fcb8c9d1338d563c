//! The `FromJson` emitter. Objects are read with one `Option` local per
//! field; each key is first guessed to be the next field in declaration
//! order (one `eat_key` compare), and only otherwise parsed and matched.
//! Errors carry the field's JSON name in their path.

use proc_macro2::TokenStream;
use quote::quote;

use crate::bridge::{self, StaticCow};
use crate::defaults::{self, Missing, Transparent};
use crate::emit::{
    binding, byte_str, expecting, impl_header, index, json_string, plain_key, str_lit, Direction,
};
use crate::model::{Container, Data, Field, Style, Tagging, Variant};

/// What the emitters need to know about the impl being built.
struct Cx<'c, 'a> {
    cont: &'c Container<'a>,
    de: syn::Lifetime,
}

/// The `FromJson` impl.
pub fn expand(cont: &Container) -> TokenStream {
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::Decode, &de);
    let cx = Cx { cont, de };
    let (body, missing) = match (&cont.attrs.from, &cont.attrs.try_from, &cont.data) {
        (Some(from), _, _) => (from_body(&cx, from, false), None),
        (None, Some(from), _) => (from_body(&cx, from, true), None),
        (None, None, Data::Struct(style, fields)) => struct_body(&cx, *style, fields),
        (None, None, Data::Enum(variants)) => (enum_body(&cx, variants), None),
    };
    let require = bridge::require(cont, false);
    let de = &cx.de;
    let flat = expand_flat(cont);
    quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::FromJson<#de> for #ident #ty_generics #where_clause {
            fn read_json(
                __r: &mut ::jetjson::__private::Reader<#de>,
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
    let read = quote!(<#from as ::jetjson::__private::FromJson<#de>>::read_json(__r)?);
    if fallible {
        quote! {
            let __at = ::jetjson::__private::value_offset(__r);
            let __v = #read;
            <Self as ::jetjson::__private::TryFrom<#from>>::try_from(__v)
                .map_err(|__e| ::jetjson::__private::try_from_failed(__r, __e, __at))
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
        Style::Struct if shared_struct(fields) => {
            let expected = str_lit(&expecting(cx.cont, format!("struct {name}")));
            shared_body(cx, fields, &expected)
        }
        Style::Struct => {
            let expected = str_lit(&expecting(cx.cont, format!("struct {name}")));
            let object = object_body(cx, fields, &quote!(Self), None, true);
            quote! {
                __r.begin_object(#expected)?;
                #object
            }
        }
        Style::Tuple => {
            let value = array_body(
                cx,
                fields,
                &quote!(Self),
                &format!("tuple struct {name}"),
                cx.cont.attrs.expecting.as_deref(),
            );
            quote!(#value)
        }
        Style::Newtype => {
            let value = read_value(cx, &fields[0]);
            quote!(::jetjson::__private::Ok(Self(#value?)))
        }
        Style::Unit => quote! {
            __r.read_null()?;
            ::jetjson::__private::Ok(Self)
        },
    };
    (body, None)
}

/// Whether a struct with named fields (not transparent) reads through its
/// `FlatFromJson::flat_index` and `flat_read`: it reads at least one field
/// and flattens none.
fn shared_struct(fields: &[Field]) -> bool {
    flattened(fields).is_empty()
        && fields
            .iter()
            .any(|f| !f.attrs.skip_deserializing && f.attrs.flatten.is_none())
}

/// Whether a field read has a second name (`alias`).
pub fn has_aliases(read: &[&Field]) -> bool {
    read.iter()
        .any(|f| f.attrs.name.deserialize_names().len() > 1)
}

/// `read_json` of a [`shared_struct`]: the members loop with the in-order
/// guess (one `eat_key` compare per member, inline), then the struct's
/// `flat_index` for a key out of order and its `flat_read` for the value,
/// and `flat_finish` for the missing fields. The per-field code is
/// generated once, in the `FlatFromJson` impl, and inlined here.
fn shared_body(cx: &Cx, fields: &[Field], expected: &syn::LitStr) -> TokenStream {
    let de = &cx.de;
    let read: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing && f.attrs.flatten.is_none())
        .collect();
    let flat = quote!(<Self as ::jetjson::__private::FlatFromJson<#de>>);
    // The key and its colon in one compare: no `?` in the guesses.
    let guesses = read.iter().enumerate().filter_map(|(i, field)| {
        let name = &field.attrs.name.deserialize;
        plain_key(name).then(|| {
            let mut quoted = json_string(name);
            quoted.push(b':');
            let quoted = byte_str(&quoted);
            let i = index(i);
            quote!(#i if __r.eat_key_colon(#quoted) => #i,)
        })
    });
    let unknown = if cx.cont.attrs.deny_unknown_fields {
        quote! {
            return ::jetjson::__private::Err(
                ::jetjson::__private::unknown_field_at(__r, #flat::FIELDS, __key_at),
            );
        }
    } else {
        quote!(__r.skip_value()?;)
    };
    quote! {
        __r.begin_object(#expected)?;
        let mut __first = true;
        let mut __s = #flat::flat_slots();
        let mut __next: usize = 0;
        while __r.next_member(&mut __first)? {
            let __key_at = __r.offset();
            let __field = match __next {
                #(#guesses)*
                _ => #flat::flat_index(__r.read_key()?.as_bytes()),
            };
            if #flat::flat_read(&mut __s, __field, __key_at, __r)? {
                __next = __field + 1;
            } else {
                #unknown
            }
        }
        #flat::flat_finish(__s, __r)
    }
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
            missing_fn: syn::Ident::new("json_missing", proc_macro2::Span::call_site()),
            missing_of: &|ty| quote!(<#ty as ::jetjson::__private::FromJson<#de>>::json_missing),
        },
    )
}

/// Reads one field's value: an expression of type `Result<T, Error>`.
fn read_value(cx: &Cx, field: &Field) -> TokenStream {
    let de = &cx.de;
    let ty = field.ty;
    if let Some(module) = &field.attrs.with {
        return quote!(#module::read_json(__r));
    }
    if let Some(via) = &field.attrs.deserialize_via {
        return bridge::read_json(via);
    }
    match bridge::static_cow(ty) {
        Some(StaticCow::Plain) => quote!(::jetjson::__private::owned_cow(__r)),
        Some(StaticCow::Option) => quote!(::jetjson::__private::owned_cow_option(__r)),
        Some(StaticCow::Nested) => quote!(::jetjson::__private::owned_via_value::<#ty>(__r)),
        None => quote!(<#ty as ::jetjson::__private::FromJson<#de>>::read_json(__r)),
    }
}

/// Reads one field's value into `slot` (an `Option` place), its error
/// under the field's name: a statement.
fn read_into(cx: &Cx, field: &Field, slot: &TokenStream, name: &syn::LitStr) -> TokenStream {
    if defaults::native_de(field) {
        quote!(::jetjson::__private::read_field(&mut #slot, __r, #name)?;)
    } else {
        let value = read_value(cx, field);
        quote!(#slot = ::jetjson::__private::Some(::jetjson::__private::in_field(#value, #name)?);)
    }
}

/// A JSON array of the read fields, into `ctor { .. }`. Evaluates to
/// `Result<Self, Error>` (statements and a tail expression). The expected
/// text is `<what> with N elements`, or `expecting` when given.
fn array_body(
    cx: &Cx,
    fields: &[Field],
    ctor: &TokenStream,
    what: &str,
    expecting: Option<&str>,
) -> TokenStream {
    let read: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing)
        .collect();
    let expected = str_lit(&match expecting {
        Some(text) => text.to_owned(),
        None => format!("{what} with {} elements", read.len()),
    });
    let mut stmts = Vec::new();
    if !read.is_empty() {
        stmts.push(quote!(let mut __first = true;));
    }
    for (i, field) in read.iter().enumerate() {
        let binding = binding(field);
        let value = read_value(cx, field);
        let i = index(i);
        stmts.push(quote! {
            let #binding = if __r.next_element(&mut __first)? {
                #value.map_err(|e| e.index(#i))?
            } else {
                return ::jetjson::__private::Err(
                    ::jetjson::__private::too_few_elements(__r, #expected, #i),
                );
            };
        });
    }
    let tail = defaults::array_tail(cx.cont, fields, ctor);
    quote! {
        __r.begin_array(#expected)?;
        #(#stmts)*
        __r.end_array(#expected)?;
        #tail
    }
}

/// The members of an object whose `{` was consumed, into `ctor { .. }`.
/// `tag` is a key to pass over (an internal enum tag; `__first` is then in
/// scope, as the tag was looked for first). `outer` says whether the
/// container's own `default` applies. Evaluates to `Result<Self, Error>`.
fn object_body(
    cx: &Cx,
    fields: &[Field],
    ctor: &TokenStream,
    tag: Option<&str>,
    outer: bool,
) -> TokenStream {
    let read: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing && f.attrs.flatten.is_none())
        .collect();
    let flats = flattened(fields);
    let deny = cx.cont.attrs.deny_unknown_fields;
    let count = read.len();
    let de = &cx.de;

    let slots = read.iter().map(|field| {
        let binding = binding(field);
        let ty = field.ty;
        quote!(let mut #binding: ::jetjson::__private::Option<#ty> = ::jetjson::__private::None;)
    });
    let flat_slots = flats.iter().map(|field| {
        let binding = binding(field);
        let ty = field.ty;
        quote!(let mut #binding = <#ty as ::jetjson::__private::FlatFromJson<#de>>::flat_slots();)
    });

    // The in-order guess, then the full match.
    let guesses = read.iter().enumerate().filter_map(|(i, field)| {
        let name = &field.attrs.name.deserialize;
        plain_key(name).then(|| {
            let quoted = byte_str(&json_string(name));
            let i = index(i);
            quote!(#i if __r.eat_key(#quoted)? => #i,)
        })
    });
    let mut patterns = key_patterns(&read);
    let tag_index = index(count + 1);
    if let Some(tag) = tag {
        let tag = byte_str(tag.as_bytes());
        patterns.push(quote!(#tag => #tag_index,));
    }
    let unknown_index = index(count);
    let key_match = if flats.is_empty() {
        quote! {
            match __r.read_key()?.as_bytes() {
                #(#patterns)*
                _ => #unknown_index,
            }
        }
    } else {
        // The key is kept for the flattened fields when it is not ours.
        quote! {{
            let __key = __r.read_key()?;
            match __key.as_bytes() {
                #(#patterns)*
                _ => {
                    __flat_key = ::jetjson::__private::flat_key(__key);
                    #unknown_index
                }
            }
        }}
    };
    let field_index = if count == 0 {
        key_match
    } else {
        quote! {
            match __next {
                #(#guesses)*
                _ => #key_match,
            }
        }
    };

    let arms = read.iter().enumerate().map(|(i, field)| {
        let binding = binding(field);
        let name = str_lit(&field.attrs.name.deserialize);
        let read = read_into(cx, field, &quote!(#binding), &name);
        let next = index(i + 1);
        let i = index(i);
        quote! {
            #i => {
                if #binding.is_some() {
                    return ::jetjson::__private::Err(
                        ::jetjson::__private::duplicate_field(__r, #name, __key_at),
                    );
                }
                #read
                __next = #next;
            }
        }
    });
    let unknown = if deny {
        let expected = read.iter().map(|f| str_lit(&f.attrs.name.deserialize));
        quote! {
            return ::jetjson::__private::Err(
                ::jetjson::__private::unknown_field_at(__r, &[#(#expected),*], __key_at),
            );
        }
    } else {
        quote!(__r.skip_value()?;)
    };
    let newtype = read.is_empty() && flats.len() == 1 && flats[0].member == index_member(0);
    let unknown = if flats.is_empty() {
        unknown
    } else if newtype && tag.is_some() && !deny {
        // The content of an internally tagged newtype variant: the inner
        // type has the object to itself (but for the tag), so its own
        // `deny_unknown_fields` applies.
        let ty = flats[0].ty;
        let inner = quote!(<#ty as ::jetjson::__private::FlatFromJson<#de>>);
        quote! {
            if !#inner::flat_member(&mut __f_0, &__flat_key, __key_at, __r)? {
                if #inner::DENY_UNKNOWN {
                    return ::jetjson::__private::Err(
                        ::jetjson::__private::unknown_field_at(__r, #inner::FIELDS, __key_at),
                    );
                }
                __r.skip_value()?;
            }
        }
    } else {
        let offer = offer(&flat_trait(cx), &flats, &quote!(&__flat_key), &|field| {
            let binding = binding(field);
            quote!(&mut #binding)
        });
        quote! {
            if !(#offer) {
                #unknown
            }
        }
    };
    // The tag was read once to pick the variant (`__tag_seen` says whether
    // that was before these members); a second one is a duplicate.
    let tag_arm = tag.map(|tag| {
        let tag = str_lit(tag);
        quote! {
            #tag_index => {
                if __tag_seen {
                    return ::jetjson::__private::Err(
                        ::jetjson::__private::duplicate_field(__r, #tag, __key_at),
                    );
                }
                __tag_seen = true;
                __r.skip_value()?;
            }
        }
    });
    let key_at = (count > 0 || deny || tag.is_some() || !flats.is_empty())
        .then(|| quote!(let __key_at = __r.offset();));
    let flat_key = (!flats.is_empty()).then(|| {
        quote!(let mut __flat_key: ::jetjson::__private::FlatKey<#de> = ::jetjson::__private::FlatKey::Borrowed("");)
    });
    let next_decl = (count > 0).then(|| quote!(let mut __next: usize = 0;));
    let dispatch = if count == 0 && tag.is_none() && flats.is_empty() {
        quote! {
            #field_index;
            #unknown
        }
    } else {
        quote! {
            let __field = #field_index;
            match __field {
                #(#arms)*
                #tag_arm
                _ => { #unknown }
            }
        }
    };

    let strict = cx.cont.attrs.deny_unknown_fields;
    let tail = defaults::object_tail(cx.cont, fields, ctor, outer, &missing(cx, strict));
    let first_decl = tag.is_none().then(|| quote!(let mut __first = true;));

    quote! {
        #first_decl
        #(#slots)*
        #(#flat_slots)*
        #flat_key
        #next_decl
        while __r.next_member(&mut __first)? {
            #key_at
            #dispatch
        }
        #tail
    }
}

/// How the JSON decoder fills a field the object did not have, and makes
/// a flattened field's value from its slots (strictly: see
/// [`finish_name`]).
fn missing<'f>(cx: &'f Cx, strict: bool) -> Missing<'f> {
    Missing {
        take: &|slot, name| quote!(::jetjson::__private::take(#slot, __r, #name)?),
        fill: &|slot| quote!(::jetjson::__private::fill(#slot)),
        error: &|name| quote!(::jetjson::__private::missing_field(__r, #name)),
        flat: Box::new(move |field, slots| {
            let ty = field.ty;
            let de = &cx.de;
            let finish = finish_name(strict);
            quote!(<#ty as ::jetjson::__private::FlatFromJson<#de>>::#finish(#slots, __r)?)
        }),
    }
}

/// The flatten traits' method that makes a flattened field's value:
/// `flat_finish`, or `flat_finish_strict` under `deny_unknown_fields` (of
/// the type, or of a struct that it is flattened into): a flattened enum
/// then fails on a member its variant does not use.
pub fn finish_name(strict: bool) -> syn::Ident {
    let name = if strict {
        "flat_finish_strict"
    } else {
        "flat_finish"
    };
    syn::Ident::new(name, proc_macro2::Span::call_site())
}

/// For a flattened internally tagged or untagged enum, which takes members
/// that its variant may not use: a closure `|&Self, &str| -> Result<(),
/// &[&str]>` telling whether the value's variant uses a key (its tag, its
/// fields, a flattened field's keys; an untagged newtype variant's content,
/// all), for `flat_finish_strict`. `None` for the other representations,
/// which take only what they use.
pub fn variant_uses(
    cont: &Container,
    variants: &[Variant],
    flat_trait: &dyn Fn(&syn::Type) -> TokenStream,
) -> Option<TokenStream> {
    let tag = match &cont.tagging {
        Tagging::Internal { tag } => Some(tag.as_str()),
        Tagging::Untagged => None,
        _ => return None,
    };
    let mut arms = Vec::new();
    let mut skipped = false;
    for variant in variants {
        if variant.attrs.skip_deserializing {
            skipped = true;
            continue;
        }
        let ident = &variant.ident;
        let untagged = tag.is_none() || variant.attrs.untagged.is_some();
        if untagged && variant.style == Style::Newtype {
            arms.push(quote!(Self::#ident { .. } => ::jetjson::__private::Ok(()),));
            continue;
        }
        let mut names: Vec<String> = Vec::new();
        if let (Some(tag), false) = (tag, untagged) {
            names.push(tag.to_owned());
        }
        let mut nested = Vec::new();
        variant_claims(variant, &mut names, &mut nested, flat_trait);
        let names = names.iter().map(|n| str_lit(n));
        let nested = if nested.is_empty() {
            quote!(false)
        } else {
            quote!(#(#nested)||*)
        };
        arms.push(quote! {
            Self::#ident { .. } => ::jetjson::__private::flat_uses(__key, &[#(#names),*], #nested),
        });
    }
    let rest = skipped.then(|| quote!(_ => ::jetjson::__private::Ok(()),));
    Some(quote! {
        |__v: &Self, __key: &str| match __v {
            #(#arms)*
            #rest
        }
    })
}

/// `0`, the member of a newtype's field.
fn index_member(i: u32) -> syn::Member {
    syn::Member::Unnamed(syn::Index {
        index: i,
        span: proc_macro2::Span::call_site(),
    })
}

/// The flattened fields that are read.
pub fn flattened<'f, 'a>(fields: &'f [Field<'a>]) -> Vec<&'f Field<'a>> {
    fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing && f.attrs.flatten.is_some())
        .collect()
}

/// `::jetjson::__private::FlatFromJson<'de>`: the flatten trait whose
/// [`offer`] rounds the JSON decoder generates (MessagePack's passes its own).
fn flat_trait(cx: &Cx) -> TokenStream {
    let de = &cx.de;
    quote!(::jetjson::__private::FlatFromJson<#de>)
}

/// Offers the member `key` (value at the cursor, key at `__key_at`) to
/// the flattened fields, in two rounds: an expression of type `bool` (it
/// may `?`), true when one took it. First the claiming round: each field
/// that is not a catch-all, through `flat_claim`, which asks the fields
/// that take their own keys at any depth. Then, when none took it, the
/// catch-all round: every catch-all at any depth receives it (see
/// [`rest_round`]).
pub(crate) fn offer(
    flat: &TokenStream,
    flats: &[&Field],
    key: &TokenStream,
    slots: &dyn Fn(&Field) -> TokenStream,
) -> TokenStream {
    let claims = claim_round(flat, flats, key, slots);
    let rest = rest_round(flat, flats, key, slots, false);
    quote!(#claims || #rest?)
}

/// The claiming round of [`offer`]: a `bool` expression.
pub(crate) fn claim_round(
    flat: &TokenStream,
    flats: &[&Field],
    key: &TokenStream,
    slots: &dyn Fn(&Field) -> TokenStream,
) -> TokenStream {
    let claims = flats.iter().map(|field| {
        let ty = field.ty;
        let trait_ = quote!(<#ty as #flat>);
        let slots = slots(field);
        quote!((!#trait_::CATCH_ALL && #trait_::flat_claim(#slots, #key, __key_at, __r)?))
    });
    quote!(#(#claims)||*)
}

/// The catch-all round of [`offer`], given a member no field claimed:
/// each flattened field's `flat_rest` in turn, the value read again by
/// each after the first catch-all that read it (from `__value_at`, its
/// start). A `Result<bool, Error>` expression: whether one read it. In a
/// struct's own `flat_rest` (`nested`), `__taken` and `__value_at` are its
/// arguments; else the value is at the cursor and nothing read it yet.
pub(crate) fn rest_round(
    flat: &TokenStream,
    flats: &[&Field],
    key: &TokenStream,
    slots: &dyn Fn(&Field) -> TokenStream,
    nested: bool,
) -> TokenStream {
    let trait_of = |field: &Field| {
        let ty = field.ty;
        quote!(<#ty as #flat>)
    };
    let (taken, value_at) = if nested {
        (quote!(__taken), quote!(__value_at))
    } else {
        (quote!(false), quote!(__r.offset()))
    };
    if let [field] = flats {
        let trait_ = trait_of(field);
        let slots = slots(field);
        return quote!(#trait_::flat_rest(#slots, #taken, #value_at, #key, __key_at, __r));
    }
    let taken = if nested {
        quote!(__taken || __kept)
    } else {
        quote!(__kept)
    };
    let rests = flats.iter().map(|field| {
        let trait_ = trait_of(field);
        let slots = slots(field);
        quote! {
            if #trait_::flat_rest(#slots, #taken, __value_at, #key, __key_at, __r)? {
                __kept = true;
            }
        }
    });
    let at = (!nested).then(|| quote!(let __value_at = __r.offset();));
    quote! {{
        #at
        let mut __kept = false;
        #(#rests)*
        ::jetjson::__private::Ok::<bool, ::jetjson::__private::Error>(__kept)
    }}
}

/// `matches!(__key.as_bytes(), b"a" | b"alias" | ..)` over the fields read
/// from their own keys, `|| <F>::flat_claims(__key)` for each flattened one:
/// the body of `flat_claims` (`__key: &str`), whatever the format.
pub fn struct_claims(
    read: &[&Field],
    flats: &[&Field],
    flat_trait: &dyn Fn(&syn::Type) -> TokenStream,
) -> TokenStream {
    let names: Vec<syn::LitByteStr> = read
        .iter()
        .flat_map(|f| f.attrs.name.deserialize_names())
        .map(|n| byte_str(n.as_bytes()))
        .collect();
    let own = (!names.is_empty()).then(|| quote!(::core::matches!(__key.as_bytes(), #(#names)|*)));
    let nested = flats.iter().map(|f| {
        let t = flat_trait(f.ty);
        quote!(#t::flat_claims(__key))
    });
    let terms: Vec<TokenStream> = own.into_iter().chain(nested).collect();
    if terms.is_empty() {
        quote!(false)
    } else {
        quote!(#(#terms)||*)
    }
}

/// For a flattened externally tagged enum, the first member naming a
/// variant is the enum, as in serde; later ones are left to the enclosing
/// object (its catch-all, or unknown). `slots` is the expression of the
/// collected members, which has `is_empty()`.
pub fn first_only(cont: &Container, slots: TokenStream) -> TokenStream {
    if cont.tagging == Tagging::External {
        quote!(&& #slots.is_empty())
    } else {
        quote!()
    }
}

/// Which keys a flattened enum takes, as a `bool` expression over
/// `__key: &str`, and whether it takes all (untagged): externally tagged,
/// its variant names; internally, the tag and every variant's fields (a
/// newtype's content answers for itself); adjacently, the tag and content.
pub fn enum_claims(
    cont: &Container,
    variants: &[Variant],
    flat_trait: &dyn Fn(&syn::Type) -> TokenStream,
) -> (bool, TokenStream) {
    let bytes = |names: Vec<String>| -> TokenStream {
        if names.is_empty() {
            return quote!(false);
        }
        let names = names.iter().map(|n| byte_str(n.as_bytes()));
        quote!(::core::matches!(__key.as_bytes(), #(#names)|*))
    };
    let read = readable(variants);
    match &cont.tagging {
        Tagging::Untagged => (true, quote!(true)),
        Tagging::External => {
            let names = read
                .iter()
                .flat_map(|(_, v)| v.attrs.name.deserialize_names())
                .map(str::to_owned)
                .collect();
            (false, bytes(names))
        }
        Tagging::Adjacent { tag, content } => (false, bytes(vec![tag.clone(), content.clone()])),
        Tagging::Internal { tag } => {
            let mut names = vec![tag.clone()];
            let mut nested = Vec::new();
            for (_, variant) in &read {
                variant_claims(variant, &mut names, &mut nested, flat_trait);
            }
            let own = bytes(names);
            (false, quote!(#own #(|| #nested)*))
        }
    }
}

/// The keys a variant's read fields take: their names into `names`, and
/// for each flattened field its type's `flat_claims(__key)` into `nested`.
fn variant_claims(
    variant: &Variant,
    names: &mut Vec<String>,
    nested: &mut Vec<TokenStream>,
    flat_trait: &dyn Fn(&syn::Type) -> TokenStream,
) {
    for field in variant
        .fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing)
    {
        if field.attrs.flatten.is_some() {
            let t = flat_trait(field.ty);
            nested.push(quote!(#t::flat_claims(__key)));
        } else {
            names.extend(
                field
                    .attrs
                    .name
                    .deserialize_names()
                    .into_iter()
                    .map(str::to_owned),
            );
        }
    }
}

/// `FlatFromJson` for an enum without lifetime parameters: its members are
/// copied as text and read as one object after the enclosing object
/// (`FlatText`). An enum that borrows from the input cannot be flattened.
fn expand_flat_enum(cont: &Container, variants: &[Variant]) -> Option<TokenStream> {
    if cont.generics.lifetimes().next().is_some() {
        return None;
    }
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::Decode, &de);
    let where_clause = crate::emit::add_predicate(
        where_clause,
        quote!(Self: ::jetjson::__private::FromJsonOwned),
    );
    let (catch_all, claims) = enum_claims(
        cont,
        variants,
        &|ty| quote!(<#ty as ::jetjson::__private::FlatFromJson<#de>>),
    );
    let first = first_only(cont, quote!(__s));
    let strict = variant_uses(
        cont,
        variants,
        &|ty| quote!(<#ty as ::jetjson::__private::FlatFromJson<#de>>),
    )
    .map(|uses| {
        quote! {
            #[inline]
            fn flat_finish_strict(
                __s: Self::Slots,
                __r: &::jetjson::__private::Reader<#de>,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                __s.read_strict::<Self>(__r, #uses)
            }
        }
    });
    Some(quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::FlatFromJson<#de> for #ident #ty_generics #where_clause {
            type Slots = ::jetjson::__private::FlatText;
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
                __key: &::jetjson::__private::FlatKey<#de>,
                __key_at: usize,
                __r: &mut ::jetjson::__private::Reader<#de>,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                if <Self as ::jetjson::__private::FlatFromJson<#de>>::flat_claims(__key) #first {
                    __s.push(__key_at, __r)?;
                    ::jetjson::__private::Ok(true)
                } else {
                    ::jetjson::__private::Ok(false)
                }
            }

            #[inline]
            fn flat_finish(
                __s: Self::Slots,
                __r: &::jetjson::__private::Reader<#de>,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                __s.read::<Self>(__r)
            }

            #strict
        }
    })
}

/// `FlatFromJson` for a struct with named fields: the same key match and
/// reads as its decoder, on slots the enclosing decoder keeps. Every
/// method is `#[inline]`, so a type that is never flattened compiles none
/// of it to machine code.
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
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::Decode, &de);
    let cx = Cx { cont, de };
    let de = &cx.de;
    let read: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing && f.attrs.flatten.is_none())
        .collect();
    let flats = flattened(fields);
    let slot_fields: Vec<&Field> = read.iter().chain(flats.iter()).copied().collect();
    let slot_types = slot_fields.iter().map(|field| {
        let ty = field.ty;
        if field.attrs.flatten.is_some() {
            quote!(<#ty as ::jetjson::__private::FlatFromJson<#de>>::Slots)
        } else {
            quote!(::jetjson::__private::Option<#ty>)
        }
    });
    let slot_values: Vec<TokenStream> = slot_fields
        .iter()
        .map(|field| {
            let ty = field.ty;
            if field.attrs.flatten.is_some() {
                quote!(<#ty as ::jetjson::__private::FlatFromJson<#de>>::flat_slots())
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
        let i = slot_fields
            .iter()
            .position(|f| std::ptr::eq(*f, field))
            .unwrap_or_default();
        index(i)
    };
    let shared = shared_struct(fields);
    let members = if shared {
        let count = index(read.len());
        let names: Vec<Vec<String>> = read
            .iter()
            .map(|f| {
                f.attrs
                    .name
                    .deserialize_names()
                    .into_iter()
                    .map(str::to_owned)
                    .collect()
            })
            .collect();
        let lookup = crate::keytable::field_index(&names, quote!(__key), read.len());
        let arms = read.iter().enumerate().map(|(i, field)| {
            let name = str_lit(&field.attrs.name.deserialize);
            let slot = position(field);
            let i = index(i);
            if defaults::native_de(field) {
                return quote! {
                    #i => ::jetjson::__private::read_slot(&mut __s.#slot, __r, #name, __key_at),
                };
            }
            let read = read_into(&cx, field, &quote!(__s.#slot), &name);
            quote! {
                #i => {
                    if __s.#slot.is_some() {
                        return ::jetjson::__private::Err(
                            ::jetjson::__private::duplicate_field(__r, #name, __key_at),
                        );
                    }
                    #read
                    ::jetjson::__private::Ok(true)
                }
            }
        });
        // Without aliases, the trait's default (`FIELDS`) answers the same.
        let claims = has_aliases(&read).then(|| {
            quote! {
                #[inline]
                fn flat_claims(__key: &str) -> bool {
                    Self::flat_index(__key.as_bytes()) < #count
                }
            }
        });
        quote! {
            #claims

            #[inline]
            fn flat_index(__key: &[u8]) -> usize {
                #lookup
            }

            #[inline]
            fn flat_read(
                __s: &mut Self::Slots,
                __i: usize,
                __key_at: usize,
                __r: &mut ::jetjson::__private::Reader<#de>,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                match __i {
                    #(#arms)*
                    _ => ::jetjson::__private::Ok(false),
                }
            }
        }
    } else {
        TokenStream::new()
    };
    let arms = read.iter().map(|field| {
        let names = field
            .attrs
            .name
            .deserialize_names()
            .into_iter()
            .map(|n| byte_str(n.as_bytes()));
        let name = str_lit(&field.attrs.name.deserialize);
        let i = position(field);
        let read = read_into(&cx, field, &quote!(__s.#i), &name);
        quote! {
            #(#names)|* => {
                if __s.#i.is_some() {
                    return ::jetjson::__private::Err(
                        ::jetjson::__private::duplicate_field(__r, #name, __key_at),
                    );
                }
                #read
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
        let claims = claim_round(&flat_trait(&cx), &flats, &quote!(__key), &slot_of);
        quote!(::jetjson::__private::Ok(#claims))
    };
    // With flattened fields: `flat_member` above is the claiming round
    // (`flat_claim`), and `flat_member` both rounds, as a decoder's.
    let rounds = (!flats.is_empty()).then(|| {
        let rest = rest_round(&flat_trait(&cx), &flats, &quote!(__key), &slot_of, true);
        quote! {
            #[inline]
            fn flat_member(
                __s: &mut Self::Slots,
                __key: &::jetjson::__private::FlatKey<#de>,
                __key_at: usize,
                __r: &mut ::jetjson::__private::Reader<#de>,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                ::jetjson::__private::Ok(
                    <Self as ::jetjson::__private::FlatFromJson<#de>>::flat_claim(__s, __key, __key_at, __r)?
                        || <Self as ::jetjson::__private::FlatFromJson<#de>>::flat_rest(
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
                __key: &::jetjson::__private::FlatKey<#de>,
                __key_at: usize,
                __r: &mut ::jetjson::__private::Reader<#de>,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                #rest
            }
        }
    });
    let member_name = if flats.is_empty() {
        quote!(flat_member)
    } else {
        quote!(flat_claim)
    };
    let bindings = slot_fields.iter().map(|field| binding(field));
    let deny = cont.attrs.deny_unknown_fields;
    let tail = defaults::object_tail(cont, fields, &quote!(Self), true, &missing(&cx, deny));
    // A struct flattened into one under `deny_unknown_fields` finishes its
    // own flattened fields strictly too, so that a flattened enum inside it
    // is held to what its variant uses, as it would be one level up. With
    // its own `deny_unknown_fields`, `flat_finish` is strict already.
    let strict = (!deny && !flats.is_empty()).then(|| {
        let tail = defaults::object_tail(cont, fields, &quote!(Self), true, &missing(&cx, true));
        let bindings = slot_fields.iter().map(|field| binding(field));
        quote! {
            #[inline(always)]
            fn flat_finish_strict(
                __s: Self::Slots,
                __r: &::jetjson::__private::Reader<#de>,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                let (#(#bindings,)*) = __s;
                #tail
            }
        }
    });
    let names = read.iter().map(|f| str_lit(&f.attrs.name.deserialize));
    let claims = struct_claims(
        &read,
        &flats,
        &|ty| quote!(<#ty as ::jetjson::__private::FlatFromJson<#de>>),
    );
    let key_at = if read.is_empty() && flats.is_empty() {
        quote!(_)
    } else {
        quote!(__key_at)
    };
    let r = if read.is_empty() && flats.is_empty() {
        quote!(_)
    } else {
        quote!(__r)
    };
    let members = if shared {
        members
    } else {
        quote! {
            #[inline]
            fn flat_claims(__key: &str) -> bool {
                #claims
            }

            #[inline]
            fn #member_name(
                __s: &mut Self::Slots,
                __key: &::jetjson::__private::FlatKey<#de>,
                #key_at: usize,
                #r: &mut ::jetjson::__private::Reader<#de>,
            ) -> ::jetjson::__private::Result<bool, ::jetjson::__private::Error> {
                match __key.as_bytes() {
                    #(#arms)*
                    _ => #rest,
                }
            }

            #rounds
        }
    };
    Some(quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::FlatFromJson<#de> for #ident #ty_generics #where_clause {
            type Slots = (#(#slot_types,)*);
            const DENY_UNKNOWN: bool = #deny;
            const FIELDS: &'static [&'static str] = &[#(#names),*];

            #[inline]
            fn flat_slots() -> Self::Slots {
                #slot_values
            }

            #members

            // Always: `read_json` hands the slots over by value, and a
            // call would copy them (a struct's worth) through memory.
            #[inline(always)]
            fn flat_finish(
                __s: Self::Slots,
                __r: &::jetjson::__private::Reader<#de>,
            ) -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
                let (#(#bindings,)*) = __s;
                #tail
            }

            #strict
        }
    })
}

// MARK: - Enums

/// `0 => a, 1 => b, _ => c`: arms on a variant index whose last arm takes
/// every other value, so the match needs no unreachable branch.
pub fn index_arms(arms: Vec<(usize, TokenStream)>) -> TokenStream {
    let count = arms.len();
    let arms = arms.into_iter().enumerate().map(|(n, (i, body))| {
        if n + 1 == count {
            quote!(_ => #body,)
        } else {
            let i = index(i);
            quote!(#i => #body,)
        }
    });
    quote!(#(#arms)*)
}

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

/// The tagged variants, then those marked `untagged` (which `check` put
/// last, as serde does): `(variants, &[])` when none is.
pub fn split_untagged<'v, 'a>(
    variants: &'v [Variant<'a>],
) -> (&'v [Variant<'a>], &'v [Variant<'a>]) {
    let at = variants
        .iter()
        .position(|v| v.attrs.untagged.is_some())
        .unwrap_or(variants.len());
    variants.split_at(at)
}

/// The message when no variant of an untagged enum (or none of the
/// untagged variants) matched: serde's, or `expecting`.
pub fn no_match_message(cont: &Container) -> syn::LitStr {
    str_lit(&expecting(
        cont,
        format!(
            "data did not match any variant of untagged enum {}",
            cont.attrs.name
        ),
    ))
}

/// The variants that can be read, with their index in the enum.
pub fn readable<'v, 'a>(variants: &'v [Variant<'a>]) -> Vec<(usize, &'v Variant<'a>)> {
    variants
        .iter()
        .enumerate()
        .filter(|(_, v)| !v.attrs.skip_deserializing)
        .collect()
}

/// `&["A", "B"]`: the names an unknown-variant error lists.
pub fn variant_names(variants: &[Variant]) -> TokenStream {
    let names = readable(variants)
        .into_iter()
        .filter(|(_, v)| v.attrs.other.is_none())
        .map(|(_, v)| str_lit(&v.attrs.name.deserialize));
    quote!(&[#(#names),*])
}

/// `match <text> { b"A" => 0, .. }` over the variant names read from the
/// string at the cursor; an unknown name is the `other` variant or an error
/// pointing at `__at`.
fn variant_index(variants: &[Variant], text: TokenStream) -> TokenStream {
    let names = variant_names(variants);
    variant_match(
        variants,
        text,
        quote!(::jetjson::__private::unknown_variant_at(__r, #names, __at)),
    )
}

/// `b"name" | b"alias" => i,` for each field read, `i` its position among
/// them: the arms of the key match all three decoders generate.
pub fn key_patterns(read: &[&Field]) -> Vec<TokenStream> {
    read.iter()
        .enumerate()
        .map(|(i, field)| {
            let names = field
                .attrs
                .name
                .deserialize_names()
                .into_iter()
                .map(|n| byte_str(n.as_bytes()));
            let i = index(i);
            quote!(#(#names)|* => #i,)
        })
        .collect()
}

/// `match <bytes> { b"A" | b"alias" => 0, .. }` over the variant names; an
/// unknown name is the `other` variant, or returns `Err(<unknown>)`. Shared
/// by the JSON and the `Value` decoders, which differ only in the error.
pub fn variant_match(
    variants: &[Variant],
    bytes: TokenStream,
    unknown: TokenStream,
) -> TokenStream {
    let arms = readable(variants).into_iter().map(|(i, variant)| {
        let names = variant
            .attrs
            .name
            .deserialize_names()
            .into_iter()
            .map(|n| byte_str(n.as_bytes()));
        let i = index(i);
        quote!(#(#names)|* => #i,)
    });
    let fallback = match variants.iter().position(|v| v.attrs.other.is_some()) {
        Some(i) => {
            let i = index(i);
            quote!(_ => #i,)
        }
        None => quote! {
            _ => {
                return ::jetjson::__private::Err(#unknown);
            }
        },
    };
    quote! {
        match #bytes {
            #(#arms)*
            #fallback
        }
    }
}

/// Reads a variant's content (the value after its key) as `Self::V`;
/// evaluates to `Result<Self, Error>`.
fn content(cx: &Cx, variant: &Variant) -> TokenStream {
    let ident = &variant.ident;
    let name = &variant.attrs.name.deserialize;
    let enum_name = &cx.cont.attrs.name;
    match variant.style {
        Style::Unit => quote! {
            __r.read_null()?;
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
            None,
        ),
        Style::Struct => {
            let expected = str_lit(&format!("struct variant {enum_name}::{name}"));
            let object = object_body(cx, &variant.fields, &quote!(Self::#ident), None, false);
            quote! {
                __r.begin_object(#expected)?;
                #object
            }
        }
    }
}

/// `"A"` for unit variants, `{"V": content}` for all.
fn external(cx: &Cx, variants: &[Variant]) -> TokenStream {
    let expected = str_lit(&expecting(cx.cont, format!("enum {}", cx.cont.attrs.name)));
    let string_index = variant_index(variants, quote!(__r.read_str()?.as_bytes()));
    let key_index = variant_index(variants, quote!(__r.read_key()?.as_bytes()));
    let string_arms = readable(variants).into_iter().map(|(i, variant)| {
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
                cx.cont.attrs.name,
                variant.attrs.name.deserialize
            ));
            (
                i,
                quote! {
                    ::jetjson::__private::Err(
                        ::jetjson::__private::invalid_type_at(__r, #what, "string", __at),
                    )
                },
            )
        }
    });
    let string_arms = index_arms(string_arms.collect());
    let object_arms = readable(variants).into_iter().map(|(i, variant)| {
        let content = content(cx, variant);
        let name = str_lit(&variant.attrs.name.deserialize);
        (
            i,
            quote! {
                ::jetjson::__private::variant(__r, #name, |__r| {
                    #content
                })?
            },
        )
    });
    let object_arms = index_arms(object_arms.collect());
    quote! {
        match __r.peek() {
            ::jetjson::__private::Some(b'"') => {
                let __at = __r.offset();
                let __variant = #string_index;
                match __variant {
                    #string_arms
                }
            }
            ::jetjson::__private::Some(b'{') => {
                __r.begin_object(#expected)?;
                let mut __first = true;
                if !__r.next_member(&mut __first)? {
                    return ::jetjson::__private::Err(
                        ::jetjson::__private::empty_enum_object(__r, #expected),
                    );
                }
                let __at = __r.offset();
                let __variant = #key_index;
                let __v = match __variant {
                    #object_arms
                };
                ::jetjson::__private::end_enum_object(__r, #expected)?;
                ::jetjson::__private::Ok(__v)
            }
            _ => ::jetjson::__private::Err(__r.invalid_type(#expected)),
        }
    }
}

/// `{"tag": "V", ...fields}`, the tag anywhere among the members.
fn internal(cx: &Cx, variants: &[Variant], tag: &str) -> TokenStream {
    let expected = str_lit(&expecting(
        cx.cont,
        format!("internally tagged enum {}", cx.cont.attrs.name),
    ));
    let tag_lit = str_lit(tag);
    let is_tag = if plain_key(tag) {
        let quoted = byte_str(&json_string(tag));
        let bytes = byte_str(tag.as_bytes());
        quote!(__r.eat_key(#quoted)? || __r.read_key()?.as_bytes() == #bytes)
    } else {
        let bytes = byte_str(tag.as_bytes());
        quote!(__r.read_key()?.as_bytes() == #bytes)
    };
    let index = variant_index(variants, quote!(__r.read_str()?.as_bytes()));
    let arms = readable(variants).into_iter().map(|(i, variant)| {
        let ident = &variant.ident;
        // A newtype's one field is flattened (see `model.rs`); `Self::V {}`
        // is valid for a unit variant, and `Self::V { 0: .. }` for a newtype.
        let fields: &[Field] = match variant.style {
            Style::Struct | Style::Newtype => &variant.fields,
            _ => &[],
        };
        let ctor = quote!(Self::#ident);
        let object = object_body(cx, fields, &ctor, Some(tag), false);
        (i, quote!({ #object }))
    });
    let arms: Vec<_> = arms.collect();
    // Whether the members still to read lie after the tag (every variant's
    // body reads it).
    let tag_seen = (!arms.is_empty()).then(|| quote!(let mut __tag_seen = !__moved;));
    let arms = index_arms(arms);
    quote! {
        __r.begin_object(#expected)?;
        let __start = __r.checkpoint();
        let mut __first = true;
        let mut __moved = false;
        let __variant = loop {
            if !__r.next_member(&mut __first)? {
                return ::jetjson::__private::Err(
                    ::jetjson::__private::missing_field(__r, #tag_lit),
                );
            }
            if #is_tag {
                let __at = ::jetjson::__private::value_offset(__r);
                break #index;
            }
            __r.skip_value()?;
            __moved = true;
        };
        #tag_seen
        if __moved {
            // The tag came after other members: read them again from the start.
            __r.restore(__start);
            __first = true;
        }
        match __variant {
            #arms
        }
    }
}

/// `{"tag": "V", "content": ..}` in either order.
fn adjacent(cx: &Cx, variants: &[Variant], tag: &str, content_key: &str) -> TokenStream {
    let de = &cx.de;
    let expected = str_lit(&expecting(
        cx.cont,
        format!("adjacently tagged enum {}", cx.cont.attrs.name),
    ));
    let tag_lit = str_lit(tag);
    let content_lit = str_lit(content_key);
    let pair = str_lit(&format!(
        "adjacently tagged enum {} as an array of tag and content (2 elements)",
        cx.cont.attrs.name
    ));
    let mut key_index = Vec::new();
    for (i, key) in [tag, content_key].into_iter().enumerate() {
        if plain_key(key) {
            let quoted = byte_str(&json_string(key));
            let i = index(i);
            key_index.push(quote!(if __r.eat_key(#quoted)? { #i } else));
        }
    }
    let tag_bytes = byte_str(tag.as_bytes());
    let content_bytes = byte_str(content_key.as_bytes());
    let unknown = if cx.cont.attrs.deny_unknown_fields {
        quote! {
            return ::jetjson::__private::Err(::jetjson::__private::unknown_field_at(
                __r,
                &[#tag_lit, #content_lit],
                __key_at,
            ));
        }
    } else {
        quote!(__r.skip_value()?;)
    };
    let index = variant_index(variants, quote!(__r.read_str()?.as_bytes()));
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
                quote! {
                    ::jetjson::__private::Err(
                        ::jetjson::__private::missing_field(__r, #content_lit),
                    )
                },
            )
        }
    });
    let missing_arms = index_arms(missing_arms.collect());
    quote! {
        let __read_content = |__r: &mut ::jetjson::__private::Reader<#de>, __variant: usize|
            -> ::jetjson::__private::Result<Self, ::jetjson::__private::Error> {
            match __variant {
                #content_arms
            }
        };
        // The variant a tag names, from both forms below.
        let __read_tag = |__r: &mut ::jetjson::__private::Reader<#de>|
            -> ::jetjson::__private::Result<usize, ::jetjson::__private::Error> {
            let __at = ::jetjson::__private::value_offset(__r);
            ::jetjson::__private::Ok(#index)
        };
        if __r.peek() == ::jetjson::__private::Some(b'[') {
            // `[tag, content]`, which serde's derive reads too.
            __r.begin_array(#expected)?;
            let mut __first = true;
            if !__r.next_element(&mut __first)? {
                return ::jetjson::__private::Err(
                    ::jetjson::__private::too_few_elements(__r, #pair, 0),
                );
            }
            let __variant = __read_tag(__r)?;
            if !__r.next_element(&mut __first)? {
                return ::jetjson::__private::Err(
                    ::jetjson::__private::too_few_elements(__r, #pair, 1),
                );
            }
            let __v = ::jetjson::__private::in_field(__read_content(__r, __variant), #content_lit)?;
            __r.end_array(#expected)?;
            return ::jetjson::__private::Ok(__v);
        }
        __r.begin_object(#expected)?;
        let mut __first = true;
        let mut __variant: ::jetjson::__private::Option<usize> = ::jetjson::__private::None;
        let mut __value: ::jetjson::__private::Option<Self> = ::jetjson::__private::None;
        let mut __content: ::jetjson::__private::Option<::jetjson::__private::Checkpoint> =
            ::jetjson::__private::None;
        while __r.next_member(&mut __first)? {
            let __key_at = __r.offset();
            let __key = #(#key_index)* {
                match __r.read_key()?.as_bytes() {
                    #tag_bytes => 0,
                    #content_bytes => 1,
                    _ => 2,
                }
            };
            match __key {
                0 => {
                    if __variant.is_some() {
                        return ::jetjson::__private::Err(
                            ::jetjson::__private::duplicate_field(__r, #tag_lit, __key_at),
                        );
                    }
                    __variant = ::jetjson::__private::Some(__read_tag(__r)?);
                }
                1 => {
                    if __value.is_some() || __content.is_some() {
                        return ::jetjson::__private::Err(
                            ::jetjson::__private::duplicate_field(__r, #content_lit, __key_at),
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
            return ::jetjson::__private::Err(::jetjson::__private::missing_field(__r, #tag_lit));
        };
        if let ::jetjson::__private::Some(__v) = __value {
            return ::jetjson::__private::Ok(__v);
        }
        match __content {
            ::jetjson::__private::Some(__at) => {
                // The content came before the tag: go back and read it.
                let __end = __r.checkpoint();
                __r.restore(__at);
                let __v = ::jetjson::__private::in_field(__read_content(__r, __variant), #content_lit)?;
                __r.restore(__end);
                ::jetjson::__private::Ok(__v)
            }
            ::jetjson::__private::None => match __variant {
                #missing_arms
            },
        }
    }
}

/// Each variant in turn from the same place (after the `tagged` forms, for
/// an enum whose untagged variants follow tagged ones); the first that reads
/// wins. When none does, the error quotes the one that got furthest.
fn untagged(cx: &Cx, variants: &[Variant], tagged: Option<TokenStream>) -> TokenStream {
    let message = no_match_message(cx.cont);
    let tagged = tagged.map(|body| {
        quote! {
            if let ::jetjson::__private::Some(__v) = ::jetjson::__private::untagged_attempt(
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
            if let ::jetjson::__private::Some(__v) = ::jetjson::__private::untagged_attempt(
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
        let __at = ::jetjson::__private::value_offset(__r);
        let mut __closest = ::jetjson::__private::Closest::default();
        #tagged
        #(#attempts)*
        ::jetjson::__private::Err(::jetjson::__private::untagged_no_match(
            __r,
            #message,
            __at,
            __closest,
        ))
    }
}
