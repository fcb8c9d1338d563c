//! The `ToJson` emitter. Constant output (`{"id":`, `,"name":`, `}`) is
//! merged into as few `write_raw` calls as possible; keys are escaped here,
//! once. A runtime comma flag exists only from the first field that may be
//! left out, and only until a field that is always written (easyjson's
//! `first := true`).

use proc_macro2::TokenStream;
use quote::quote;

use crate::emit::{binding, byte_str, impl_header, json_string, Direction};
use crate::model::{Container, Data, Field, Style, Tagging, Variant};

/// The `ToJson` impl.
pub fn expand(cont: &Container) -> TokenStream {
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::Encode, &de);
    let (body, is_empty) = match (&cont.attrs.into, &cont.data) {
        (Some(into), _) => (
            quote! {
                ::jetjson::__private::ToJson::write_json(
                    &::jetjson::__private::Into::<#into>::into(
                        ::jetjson::__private::Clone::clone(self),
                    ),
                    __w,
                );
            },
            None,
        ),
        (None, Data::Struct(style, fields)) => struct_body(cont, *style, fields),
        (None, Data::Enum(variants)) => (enum_body(cont, variants), None),
    };
    let require = crate::bridge::require(cont, true);
    let is_empty = is_empty.map(|access| {
        quote! {
            fn is_json_empty(&self) -> bool {
                ::jetjson::__private::ToJson::is_json_empty(#access)
            }
        }
    });
    let flat = expand_flat(cont);
    quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::ToJson for #ident #ty_generics #where_clause {
            fn write_json(&self, __w: &mut ::jetjson::__private::Writer<'_>) {
                #require
                #body
            }
            #is_empty
        }
        #flat
    }
}

/// The body of `write_json` for a struct, and for a newtype or transparent
/// struct the field whose emptiness is the struct's.
fn struct_body(
    cont: &Container,
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
            return (quote!(__w.write_raw(b"null");), None);
        };
        let inner = access(field);
        let empty = (!field.attrs.custom_ser()).then(|| inner.clone());
        return (write_value(field, &inner), empty);
    }
    let mut out = Out::default();
    match style {
        Style::Struct => {
            out.raw(b"{");
            object_members(&mut out, fields, &access, false);
            out.raw(b"}");
        }
        Style::Tuple => array(&mut out, fields, &access),
        Style::Newtype => {
            let inner = access(&fields[0]);
            let empty = (!fields[0].attrs.custom_ser()).then(|| inner.clone());
            return (write_value(&fields[0], &inner), empty);
        }
        Style::Unit => out.raw(b"null"),
    }
    (out.finish(), None)
}

/// Records serde's "cannot be serialized" error for a skipped variant.
pub(crate) fn unwritable(cont: &Container, variant: &Variant) -> TokenStream {
    let name = format!("{}::{}", cont.ident, variant.ident);
    quote!(::jetjson::__private::unwritable_variant(#name);)
}

fn enum_body(cont: &Container, variants: &[Variant]) -> TokenStream {
    if variants.is_empty() {
        return quote!(match *self {});
    }
    let arms = variants.iter().map(|variant| {
        let pattern = pattern(variant);
        let mut out = Out::default();
        if variant.attrs.skip_serializing {
            // `ToJson` cannot fail: a variant that is never written is
            // `null`, and the fallible entry points report serde's error.
            let unwritable = unwritable(cont, variant);
            out.raw(b"null");
            let body = out.finish();
            return quote!(#pattern => { #unwritable #body });
        }
        let name = json_string(&variant.attrs.name.serialize);
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
                    out.raw(b"{");
                    out.raw(&name);
                    out.raw(b":");
                    content(&mut out, variant, &access);
                    out.raw(b"}");
                }
            },
            Tagging::Internal { tag } => {
                out.raw(b"{");
                out.raw(&json_string(tag));
                out.raw(b":");
                out.raw(&name);
                // A newtype's field is flattened (`model.rs`); tuple
                // variants are rejected by `check`.
                object_members(&mut out, &variant.fields, &access, true);
                out.raw(b"}");
            }
            Tagging::Adjacent { tag, content: key } => {
                out.raw(b"{");
                out.raw(&json_string(tag));
                out.raw(b":");
                out.raw(&name);
                if variant.style != Style::Unit {
                    out.raw(b",");
                    out.raw(&json_string(key));
                    out.raw(b":");
                    content(&mut out, variant, &access);
                }
                out.raw(b"}");
            }
            Tagging::Untagged => match variant.style {
                Style::Unit => out.raw(b"null"),
                _ => content(&mut out, variant, &access),
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

/// `Self::V`, `Self::V(__f_0, _)` or `Self::V { a: __f_a, .. }`, binding the
/// fields that are written.
pub fn pattern(variant: &Variant) -> TokenStream {
    let ident = &variant.ident;
    let skipped = variant.attrs.skip_serializing;
    match variant.style {
        Style::Unit => quote!(Self::#ident),
        Style::Newtype | Style::Tuple => {
            let bindings = variant.fields.iter().map(|field| {
                if skipped || field.attrs.skip_serializing {
                    quote!(_)
                } else {
                    let binding = binding(field);
                    quote!(#binding)
                }
            });
            quote!(Self::#ident(#(#bindings),*))
        }
        Style::Struct => {
            let bindings: Vec<TokenStream> = variant
                .fields
                .iter()
                .filter(|f| !skipped && !f.attrs.skip_serializing)
                .map(|field| {
                    let member = &field.member;
                    let binding = binding(field);
                    quote!(#member: #binding)
                })
                .collect();
            if bindings.len() == variant.fields.len() {
                quote!(Self::#ident { #(#bindings),* })
            } else if bindings.is_empty() {
                quote!(Self::#ident { .. })
            } else {
                quote!(Self::#ident { #(#bindings,)* .. })
            }
        }
    }
}

/// A variant's content: the value, the array or the object.
fn content(out: &mut Out, variant: &Variant, access: &dyn Fn(&Field) -> TokenStream) {
    match variant.style {
        Style::Unit => out.raw(b"null"),
        Style::Newtype => {
            let field = &variant.fields[0];
            out.stmt(write_value(field, &access(field)));
        }
        Style::Tuple => array(out, &variant.fields, access),
        Style::Struct => {
            out.raw(b"{");
            object_members(out, &variant.fields, access, false);
            out.raw(b"}");
        }
    }
}

/// Writes one field's value.
fn write_value(field: &Field, access: &TokenStream) -> TokenStream {
    match (&field.attrs.with, &field.attrs.serialize_via) {
        (Some(module), _) => quote!(#module::write_json(#access, __w);),
        (None, Some(via)) => crate::bridge::write_json(via, access),
        (None, None) => quote!(::jetjson::__private::ToJson::write_json(#access, __w);),
    }
}

/// `[a,b,..]` for the written fields.
fn array(out: &mut Out, fields: &[Field], access: &dyn Fn(&Field) -> TokenStream) {
    out.raw(b"[");
    let mut first = true;
    for field in fields.iter().filter(|f| !f.attrs.skip_serializing) {
        if !first {
            out.raw(b",");
        }
        first = false;
        out.stmt(write_value(field, &access(field)));
    }
    out.raw(b"]");
}

/// The members of an object, after its `{` (and after members already
/// written when `written` is true), before its `}`.
fn object_members(
    out: &mut Out,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    mut written: bool,
) {
    let fields: Vec<&Field> = fields
        .iter()
        .filter(|f| !f.attrs.skip_serializing)
        .collect();
    // Whether `__first` exists: a field that may be left out came before any
    // field that is always written.
    let mut flag = false;
    for (i, field) in fields.iter().enumerate() {
        let later = i + 1 < fields.len();
        if field.attrs.flatten.is_some() {
            // Its members, however many, inline: from here on the comma is
            // decided at run time, unless one was written already.
            let access = access(field);
            let write =
                quote!(::jetjson::__private::FlatToJson::write_flat(#access, __w, &mut __first););
            if written {
                out.stmt(quote!({
                    let mut __first = false;
                    #write
                }));
            } else {
                if !flag {
                    out.stmt(quote!(let mut __first = true;));
                }
                out.stmt(write);
                flag = true;
            }
            continue;
        }
        let mut key = json_string(&field.attrs.name.serialize);
        key.push(b':');
        let value = write_value(field, &access(field));
        let condition = condition(field, &access(field));
        if written {
            let mut prefix = b",".to_vec();
            prefix.extend_from_slice(&key);
            match condition {
                Some(condition) => {
                    let mut inner = Out::default();
                    inner.raw(&prefix);
                    inner.stmt(value);
                    let inner = inner.finish();
                    out.stmt(quote!(if #condition { #inner }));
                }
                None => {
                    out.raw(&prefix);
                    out.stmt(value);
                }
            }
            continue;
        }
        let comma = flag.then(|| {
            quote!(if !__first {
                __w.write_byte(b',');
            })
        });
        match condition {
            Some(condition) => {
                if !flag && later {
                    out.stmt(quote!(let mut __first = true;));
                }
                let mut inner = Out::default();
                if let Some(comma) = comma {
                    inner.stmt(comma);
                }
                inner.raw(&key);
                inner.stmt(value);
                if later {
                    inner.stmt(quote!(__first = false;));
                }
                let inner = inner.finish();
                out.stmt(quote!(if #condition { #inner }));
                flag = later;
            }
            None => {
                if let Some(comma) = comma {
                    out.stmt(comma);
                }
                out.raw(&key);
                out.stmt(value);
                written = true;
            }
        }
    }
}

/// `FlatToJson` for a struct with named fields or an enum: the members of
/// the object its `write_json` writes, taken out of it in place by one
/// runtime function (`flat_write_object`), so each field's code is emitted
/// once, in `write_json`. `#[inline]`, so unused it costs no machine code.
pub fn expand_flat(cont: &Container) -> Option<TokenStream> {
    match &cont.data {
        Data::Struct(Style::Struct, _) | Data::Enum(_) => {}
        Data::Struct(..) => return None,
    }
    if cont.attrs.transparent.is_some() {
        return None;
    }
    let ident = &cont.ident;
    let de = crate::emit::de_lifetime(cont.generics);
    let (impl_generics, ty_generics, where_clause) = impl_header(cont, Direction::Encode, &de);
    Some(quote! {
        #[automatically_derived]
        impl #impl_generics ::jetjson::__private::FlatToJson for #ident #ty_generics #where_clause {
            #[inline]
            fn write_flat(&self, __w: &mut ::jetjson::__private::Writer<'_>, __first: &mut bool) {
                ::jetjson::__private::flat_write_object(self, __w, __first);
            }
        }
    })
}

/// The condition under which a field is written, or `None` for always.
pub fn condition(field: &Field, access: &TokenStream) -> Option<TokenStream> {
    condition_with(
        field,
        access,
        &|access| quote!(::jetjson::__private::ToJson::is_json_empty(#access)),
    )
}

/// [`condition`], with `is_empty` asking whether the value at `access` is
/// empty for `omit_empty` (each format asks its own trait).
pub fn condition_with(
    field: &Field,
    access: &TokenStream,
    is_empty: &dyn Fn(&TokenStream) -> TokenStream,
) -> Option<TokenStream> {
    let skip_if = field
        .attrs
        .skip_serializing_if
        .as_ref()
        .map(|path| quote!(#path(#access)));
    let empty = field.attrs.omit_empty.map(|_| is_empty(access));
    // A `jetjson::Maybe` field is left out when it is `Absent` (told by the
    // type's name, as written: behind an alias, say
    // `skip_serializing_if = "Maybe::is_absent"`).
    let absent = (crate::bridge::is_maybe(field.ty) && field.attrs.skip_serializing_if.is_none())
        .then(|| quote!((#access).is_absent()));
    let skip_if = match (skip_if, absent) {
        (Some(a), _) | (None, Some(a)) => Some(a),
        (None, None) => None,
    };
    match (skip_if, empty) {
        (None, None) => None,
        (Some(a), None) | (None, Some(a)) => Some(quote!(!#a)),
        (Some(a), Some(b)) => Some(quote!(!(#a || #b))),
    }
}

/// Statements under construction, with constant bytes held back so that
/// neighbours merge into one `write_raw`.
#[derive(Default)]
struct Out {
    stmts: Vec<TokenStream>,
    pending: Vec<u8>,
}

impl Out {
    fn raw(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
    }

    fn stmt(&mut self, stmt: TokenStream) {
        self.flush();
        self.stmts.push(stmt);
    }

    fn flush(&mut self) {
        match self.pending.as_slice() {
            [] => {}
            [byte] => {
                let byte = syn::LitByte::new(*byte, proc_macro2::Span::call_site());
                self.stmts.push(quote!(__w.write_byte(#byte);));
            }
            bytes => {
                let lit = byte_str(bytes);
                self.stmts.push(quote!(__w.write_raw(#lit);));
            }
        }
        self.pending.clear();
    }

    fn finish(mut self) -> TokenStream {
        self.flush();
        let stmts = self.stmts;
        quote!(#(#stmts)*)
    }
}
