//! The `ToMsgpack` emitter. Headers and keys are encoded here, once, in
//! their smallest MessagePack form, and neighbouring constant bytes merge
//! into one `write_raw` (a struct of fixed shape starts with one copy of
//! `fixmap(n)` and its first key). A map whose size depends on
//! `skip_serializing_if` or `omit_empty` counts its members first.

use proc_macro2::TokenStream;
use quote::quote;

use super::{array_header, map_header, str_bytes, Layout, Out};
use crate::emit::{binding, impl_header, Direction};
use crate::json::ser::{condition_with, pattern};
use crate::model::{Container, Data, Field, Style, Tagging, Variant};

/// The `ToMsgpack` impl.
pub fn expand(cont: &Container, layout: Layout) -> TokenStream {
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::ToMsgpack, &de);
    let (body, is_empty) = match (&cont.attrs.into, &cont.data) {
        (Some(into), _) => (
            quote! {
                ::jetjson::__private::ToMsgpack::write_msgpack(
                    &::jetjson::__private::Into::<#into>::into(
                        ::jetjson::__private::Clone::clone(self),
                    ),
                    __w,
                );
            },
            None,
        ),
        (None, Data::Struct(style, fields)) => struct_body(cont, layout, *style, fields),
        (None, Data::Enum(variants)) => (enum_body(cont, layout, variants), None),
    };
    let require = crate::bridge::require(cont, true);
    let is_empty = is_empty.map(|access| {
        quote! {
            #[inline]
            fn is_msgpack_empty(&self) -> bool {
                ::jetjson::__private::ToMsgpack::is_msgpack_empty(#access)
            }
        }
    });
    let flat = expand_flat(cont);
    quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::ToMsgpack for #ident #ty_generics #where_clause {
            #[inline]
            fn write_msgpack(&self, __w: &mut ::jetjson::__private::MsgpackWriter) {
                #require
                #body
            }
            #is_empty
        }
        #flat
    }
}

/// The body of `write_msgpack` for a struct, and for a newtype or
/// transparent struct the field whose emptiness is the struct's.
fn struct_body(
    cont: &Container,
    layout: Layout,
    style: Style,
    fields: &[Field],
) -> (TokenStream, Option<TokenStream>) {
    let access = |field: &Field| {
        let member = &field.member;
        quote!(&self.#member)
    };
    if cont.attrs.transparent.is_some() {
        let Some(field) = fields
            .iter()
            .find(|f| !(f.attrs.skip_serializing && f.attrs.skip_deserializing))
        else {
            return (quote!(__w.write_nil();), None);
        };
        let inner = access(field);
        let empty = (!field.attrs.custom_ser()).then(|| inner.clone());
        return (write_value(field, &inner), empty);
    }
    let mut out = Out::default();
    match style {
        Style::Struct => members(&mut out, layout, fields, &access, &[]),
        Style::Tuple => array(&mut out, fields, &access),
        Style::Newtype => {
            let inner = access(&fields[0]);
            let empty = (!fields[0].attrs.custom_ser()).then(|| inner.clone());
            return (write_value(&fields[0], &inner), empty);
        }
        Style::Unit => out.raw(&[super::NIL]),
    }
    (out.finish(), None)
}

fn enum_body(cont: &Container, layout: Layout, variants: &[Variant]) -> TokenStream {
    if variants.is_empty() {
        return quote!(match *self {});
    }
    let arms = variants.iter().map(|variant| {
        let pattern = pattern(variant);
        let mut out = Out::default();
        if variant.attrs.skip_serializing {
            // `ToMsgpack` cannot fail: a variant that is never written is
            // nil, and the fallible entry points report serde's error.
            let unwritable = crate::json::ser::unwritable(cont, variant);
            out.raw(&[super::NIL]);
            let body = out.finish();
            return quote!(#pattern => { #unwritable #body });
        }
        let name = str_bytes(&variant.attrs.name.serialize);
        let access = |field: &Field| {
            let binding = binding(field);
            quote!(#binding)
        };
        let tagging = if variant.attrs.untagged.is_some() {
            &Tagging::Untagged
        } else {
            &cont.tagging
        };
        match tagging {
            Tagging::External => match variant.style {
                Style::Unit => out.raw(&name),
                _ => {
                    out.raw(&map_header(1));
                    out.raw(&name);
                    content(&mut out, layout, variant, &access);
                }
            },
            Tagging::Internal { tag } => {
                // Newtype and tuple variants are rejected by `check`; the
                // tag is always a map member, whatever the layout.
                let mut tag_member = str_bytes(tag);
                tag_member.extend_from_slice(&name);
                members(&mut out, Layout::Map, &variant.fields, &access, &tag_member);
            }
            Tagging::Adjacent { tag, content: key } => {
                let unit = variant.style == Style::Unit;
                out.raw(&map_header(if unit { 1 } else { 2 }));
                out.raw(&str_bytes(tag));
                out.raw(&name);
                if !unit {
                    out.raw(&str_bytes(key));
                    content(&mut out, layout, variant, &access);
                }
            }
            Tagging::Untagged => match variant.style {
                Style::Unit => out.raw(&[super::NIL]),
                _ => content(&mut out, layout, variant, &access),
            },
        }
        let body = out.finish();
        quote!(#pattern => { #body })
    });
    quote! {
        match self {
            #(#arms)*
        }
    }
}

/// A variant's content: nil, the value, the array, or the fields.
fn content(
    out: &mut Out,
    layout: Layout,
    variant: &Variant,
    access: &dyn Fn(&Field) -> TokenStream,
) {
    match variant.style {
        Style::Unit => out.raw(&[super::NIL]),
        Style::Newtype => {
            let field = &variant.fields[0];
            out.stmt(write_value(field, &access(field)));
        }
        Style::Tuple => array(out, &variant.fields, access),
        Style::Struct => members(out, layout, &variant.fields, access, &[]),
    }
}

/// Writes one field's value.
fn write_value(field: &Field, access: &TokenStream) -> TokenStream {
    match (&field.attrs.with, &field.attrs.serialize_via) {
        (Some(module), _) => quote!(#module::write_msgpack(#access, __w);),
        (None, Some(via)) => crate::bridge::write_msgpack(via, access),
        (None, None) => quote!(::jetjson::__private::ToMsgpack::write_msgpack(#access, __w);),
    }
}

/// An array of the written fields.
fn array(out: &mut Out, fields: &[Field], access: &dyn Fn(&Field) -> TokenStream) {
    let written: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_serializing)
        .collect();
    out.raw(&array_header(written.len()));
    for field in written {
        out.stmt(write_value(field, &access(field)));
    }
}

/// The fields of a struct or struct variant: as a map, header included,
/// after `first` (a member already encoded, such as an internal tag); or as
/// an array in declaration order, where every written field is present so
/// that positions hold (`skip_serializing_if` and `omit_empty` do not apply).
fn members(
    out: &mut Out,
    layout: Layout,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    first: &[u8],
) {
    if layout == Layout::Array && first.is_empty() {
        array(out, fields, access);
        return;
    }
    let written: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_serializing)
        .collect();
    let fixed = usize::from(!first.is_empty());
    let conditions: Vec<Option<TokenStream>> = written
        .iter()
        .map(|field| condition_with(field, &access(field), &msgpack_empty))
        .collect();
    let flat = |field: &Field| field.attrs.flatten.is_some();
    let always = fixed
        + written
            .iter()
            .zip(&conditions)
            .filter(|(f, c)| c.is_none() && !flat(f))
            .count();
    if conditions.iter().all(Option::is_none) && !written.iter().any(|f| flat(f)) {
        out.raw(&map_header(always));
    } else {
        let counts = written.iter().zip(&conditions).map(|(field, condition)| {
            if flat(field) {
                let access = access(field);
                return quote!(__n += ::jetjson::__private::FlatToMsgpack::flat_len(#access););
            }
            match condition {
                Some(condition) => quote! {
                    if #condition {
                        __n += 1;
                    }
                },
                None => quote!(),
            }
        });
        out.stmt(quote! {
            let mut __n: usize = #always;
            #(#counts)*
            __w.write_map_len(__n);
        });
    }
    out.raw(first);
    for (field, condition) in written.iter().zip(conditions) {
        if flat(field) {
            let access = access(field);
            out.stmt(quote!(::jetjson::__private::FlatToMsgpack::write_flat(#access, __w);));
            continue;
        }
        let key = str_bytes(&field.attrs.name.serialize);
        let value = write_value(field, &access(field));
        match condition {
            Some(condition) => {
                let mut inner = Out::default();
                inner.raw(&key);
                inner.stmt(value);
                let inner = inner.finish();
                out.stmt(quote!(if #condition { #inner }));
            }
            None => {
                out.raw(&key);
                out.stmt(value);
            }
        }
    }
}

/// `FlatToMsgpack` for an enum: the members of the object it writes.
fn expand_flat_enum(cont: &Container) -> TokenStream {
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::ToMsgpack, &de);
    quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::FlatToMsgpack for #ident #ty_generics #where_clause {
            #[inline]
            fn flat_len(&self) -> usize {
                ::jetjson::__private::flat_msgpack_enum(self).0
            }

            #[inline]
            fn write_flat(&self, __w: &mut ::jetjson::__private::MsgpackWriter) {
                __w.write_raw(&::jetjson::__private::flat_msgpack_enum(self).1);
            }
        }
    }
}

/// `FlatToMsgpack` for a struct with named fields. `#[inline]`.
fn expand_flat(cont: &Container) -> Option<TokenStream> {
    let fields = match &cont.data {
        Data::Struct(Style::Struct, fields) => fields,
        Data::Enum(_) => return Some(expand_flat_enum(cont)),
        Data::Struct(..) => return None,
    };
    if cont.attrs.transparent.is_some() {
        return None;
    }
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::ToMsgpack, &de);
    let written: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_serializing)
        .collect();
    let mut counts = Vec::new();
    let mut writes = Vec::new();
    for field in written {
        let member = &field.member;
        let access = quote!(&self.#member);
        if field.attrs.flatten.is_some() {
            counts.push(quote!(::jetjson::__private::FlatToMsgpack::flat_len(#access)));
            writes.push(quote!(::jetjson::__private::FlatToMsgpack::write_flat(#access, __w);));
            continue;
        }
        let mut inner = Out::default();
        inner.raw(&str_bytes(&field.attrs.name.serialize));
        inner.stmt(write_value(field, &access));
        let inner = inner.finish();
        match condition_with(field, &access, &msgpack_empty) {
            Some(condition) => {
                counts.push(quote!(usize::from(#condition)));
                writes.push(quote!(if #condition { #inner }));
            }
            None => {
                counts.push(quote!(1));
                writes.push(inner);
            }
        }
    }
    if counts.is_empty() {
        counts.push(quote!(0));
    }
    Some(quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::FlatToMsgpack for #ident #ty_generics #where_clause {
            #[inline]
            fn flat_len(&self) -> usize {
                #(#counts)+*
            }

            #[inline]
            fn write_flat(&self, __w: &mut ::jetjson::__private::MsgpackWriter) {
                #(#writes)*
            }
        }
    })
}

/// `omit_empty`'s question, asked of `ToMsgpack`.
fn msgpack_empty(access: &TokenStream) -> TokenStream {
    quote!(::jetjson::__private::ToMsgpack::is_msgpack_empty(#access))
}
