//! The `ToValue` emitter. Objects are built as the `ToJson` emitter writes
//! them: the same members, in the same order, under the same conditions;
//! each object's members go into one vector of the exact (largest) size.

use proc_macro2::TokenStream;
use quote::quote;

use super::Convert;
use crate::emit::{binding, impl_header, index, str_lit, Direction};
use crate::json::ser::{condition, pattern};
use crate::model::{Container, Data, Field, Style, Tagging, Variant};

/// The `ToValue` impl.
pub fn expand(cont: &Container) -> TokenStream {
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::ToValue, &de);
    let body = match (&cont.attrs.into, &cont.data) {
        (Some(into), _) => quote! {
            ::jetjson::__private::ToValue::to_value(
                &::jetjson::__private::Into::<#into>::into(::jetjson::__private::Clone::clone(self)),
            )
        },
        (None, Data::Struct(style, fields)) => struct_body(cont, *style, fields),
        (None, Data::Enum(variants)) => enum_body(cont, variants),
    };
    let flat = expand_flat(cont);
    let require = crate::bridge::require(cont, true);
    quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::ToValue for #ident #ty_generics #where_clause {
            #[inline]
            fn to_value(&self) -> ::jetjson::__private::Value {
                #require
                #body
            }
        }
        #flat
    }
}

/// `FlatToValue` for an enum: the members of the object it writes.
fn expand_flat_enum(cont: &Container) -> TokenStream {
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::ToValue, &de);
    quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::FlatToValue for #ident #ty_generics #where_clause {
            #[inline]
            fn flat_to_value(
                &self,
                __m: &mut ::jetjson::__private::Vec<(::jetjson::__private::String, ::jetjson::__private::Value)>,
            ) {
                ::jetjson::__private::flat_to_value_enum(self, __m);
            }
        }
    }
}

/// `FlatToValue` for a struct with named fields. `#[inline]`.
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
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::ToValue, &de);
    let stmts = fields
        .iter()
        .filter(|f| !f.attrs.skip_serializing)
        .map(|field| {
            let member = &field.member;
            let access = quote!(&self.#member);
            if field.attrs.flatten.is_some() {
                return quote!(::jetjson::__private::FlatToValue::flat_to_value(#access, __m););
            }
            let key = str_lit(&field.attrs.name.serialize);
            let push = push(field, &access, &key, &quote!(__m));
            match condition(field, &access) {
                Some(condition) => quote!(if #condition { #push }),
                None => push,
            }
        });
    Some(quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::FlatToValue for #ident #ty_generics #where_clause {
            #[inline]
            fn flat_to_value(
                &self,
                __m: &mut ::jetjson::__private::Vec<(::jetjson::__private::String, ::jetjson::__private::Value)>,
            ) {
                #(#stmts)*
            }
        }
    })
}

/// `Value::Null`.
fn null() -> TokenStream {
    quote!(::jetjson::__private::Value::Null)
}

fn struct_body(cont: &Container, style: Style, fields: &[Field]) -> TokenStream {
    let access = |field: &Field| {
        let member = &field.member;
        quote!(&self.#member)
    };
    if cont.attrs.transparent.is_some() {
        return match fields
            .iter()
            .find(|f| !(f.attrs.skip_serializing && f.attrs.skip_deserializing))
        {
            Some(field) => value(field, &access(field)),
            None => null(),
        };
    }
    match style {
        // The members are the `FlatToValue` impl's (emitted beside, the
        // same code once instead of twice).
        Style::Struct => {
            let written = fields.iter().filter(|f| !f.attrs.skip_serializing).count();
            let capacity = index(written);
            quote! {
                let mut __m = ::jetjson::__private::members(#capacity);
                ::jetjson::__private::FlatToValue::flat_to_value(self, &mut __m);
                ::jetjson::__private::object(__m)
            }
        }
        Style::Tuple => array(fields, &access),
        Style::Newtype => value(&fields[0], &access(&fields[0])),
        Style::Unit => null(),
    }
}

fn enum_body(cont: &Container, variants: &[Variant]) -> TokenStream {
    if variants.is_empty() {
        return quote!(match *self {});
    }
    let arms = variants.iter().map(|variant| {
        let pattern = pattern(variant);
        if variant.attrs.skip_serializing {
            // As `ToJson` writes `null` for a variant that is never written.
            let unwritable = crate::json::ser::unwritable(cont, variant);
            let null = null();
            return quote!(#pattern => { #unwritable #null },);
        }
        let access = |field: &Field| {
            let binding = binding(field);
            quote!(#binding)
        };
        let name = str_lit(&variant.attrs.name.serialize);
        let name_value = quote!(::jetjson::__private::string(#name));
        let tagging = if variant.attrs.untagged.is_some() {
            &Tagging::Untagged
        } else {
            &cont.tagging
        };
        let body = match tagging {
            Tagging::External => match variant.style {
                Style::Unit => name_value,
                _ => object(
                    &[(
                        variant.attrs.name.serialize.as_str(),
                        content(variant, &access),
                    )],
                    &[],
                    &access,
                ),
            },
            Tagging::Internal { tag } => {
                // A newtype's field is flattened (`model.rs`); tuple
                // variants are rejected by `check`.
                let fields: &[Field] = match variant.style {
                    Style::Struct | Style::Newtype => &variant.fields,
                    _ => &[],
                };
                object(&[(tag.as_str(), name_value)], fields, &access)
            }
            Tagging::Adjacent { tag, content: key } => {
                let mut members = vec![(tag.as_str(), name_value)];
                if variant.style != Style::Unit {
                    members.push((key.as_str(), content(variant, &access)));
                }
                object(&members, &[], &access)
            }
            Tagging::Untagged => match variant.style {
                Style::Unit => null(),
                _ => content(variant, &access),
            },
        };
        quote!(#pattern => #body,)
    });
    quote! {
        match self {
            #(#arms)*
        }
    }
}

/// A variant's content: the value, the array or the object.
fn content(variant: &Variant, access: &dyn Fn(&Field) -> TokenStream) -> TokenStream {
    match variant.style {
        Style::Unit => null(),
        Style::Newtype => value(&variant.fields[0], &access(&variant.fields[0])),
        Style::Tuple => array(&variant.fields, access),
        Style::Struct => object(&[], &variant.fields, access),
    }
}

/// One field's value.
fn value(field: &Field, access: &TokenStream) -> TokenStream {
    match Convert::of(field, true) {
        Convert::Serde(via) => crate::bridge::to_value(via, access),
        Convert::Trait => quote!(::jetjson::__private::ToValue::to_value(#access)),
        Convert::Base64 => quote!(::jetjson::__private::base64_to_value(#access)),
        Convert::Module(module) => quote! {
            ::jetjson::__private::with_to_value(|__w| #module::write_json(#access, __w))
        },
    }
}

/// Appends the member `key` with `field`'s value to `members` (a
/// `&mut Vec`): a statement, one runtime call for a field converted by its
/// type's `ToValue`.
fn push(
    field: &Field,
    access: &TokenStream,
    key: &syn::LitStr,
    members: &TokenStream,
) -> TokenStream {
    if let Convert::Trait = Convert::of(field, true) {
        return quote!(::jetjson::__private::push_member(#members, #key, #access););
    }
    let value = value(field, access);
    quote!(::jetjson::__private::Vec::push(#members, ::jetjson::__private::member(#key, #value));)
}

/// `[a, b, ..]` of the written fields.
fn array(fields: &[Field], access: &dyn Fn(&Field) -> TokenStream) -> TokenStream {
    let elements = fields
        .iter()
        .filter(|f| !f.attrs.skip_serializing)
        .map(|field| value(field, &access(field)));
    quote!(::jetjson::__private::array([#(#elements),*]))
}

/// An object of the `fixed` members (tag, variant name or content) followed
/// by the written fields, each under its condition: a block expression.
fn object(
    fixed: &[(&str, TokenStream)],
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
) -> TokenStream {
    let stmts = object_stmts(fixed, fields, access);
    quote!({ #stmts })
}

/// [`object`]'s statements, ending in the object.
fn object_stmts(
    fixed: &[(&str, TokenStream)],
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
) -> TokenStream {
    let written: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_serializing)
        .collect();
    let capacity = index(fixed.len() + written.len());
    let mut stmts = Vec::new();
    for (key, value) in fixed {
        let key = str_lit(key);
        stmts.push(quote!(__m.push(::jetjson::__private::member(#key, #value));));
    }
    for field in written {
        let access = access(field);
        if field.attrs.flatten.is_some() {
            stmts
                .push(quote!(::jetjson::__private::FlatToValue::flat_to_value(#access, &mut __m);));
            continue;
        }
        let key = str_lit(&field.attrs.name.serialize);
        let push = push(field, &access, &key, &quote!(&mut __m));
        stmts.push(match condition(field, &access) {
            Some(condition) => quote!(if #condition { #push }),
            None => push,
        });
    }
    let declare = if stmts.is_empty() {
        quote!(let __m = ::jetjson::__private::members(0);)
    } else {
        quote!(let mut __m = ::jetjson::__private::members(#capacity);)
    };
    quote! {
        #declare
        #(#stmts)*
        ::jetjson::__private::object(__m)
    }
}
