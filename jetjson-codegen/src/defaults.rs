//! What the three decoders (JSON, `Value`, MessagePack) share about fields
//! that are not read or not present: the value of a skipped field, the
//! container's `default`, how `ctor { .. }` is filled from the read slots,
//! and `transparent`. They differ only in how they read a value and how
//! they say "missing field", which the caller passes in.

use proc_macro2::TokenStream;
use quote::quote;

use crate::attr;
use crate::emit::{binding, str_lit};
use crate::model::{Container, Field};

/// A field that is not read: its default.
pub fn skipped_value(cont: &Container, field: &Field) -> TokenStream {
    match &field.attrs.default {
        attr::Default::Trait => quote!(::jetjson::__private::Default::default()),
        attr::Default::Path(path) => quote!(#path()),
        attr::Default::None => {
            if cont.attrs.default.is_none() {
                quote!(::jetjson::__private::Default::default())
            } else {
                let member = &field.member;
                quote!(__default.#member)
            }
        }
    }
}

/// Whether the field is read by its type's own trait impl (so that the
/// trait's "value when absent" can be asked): not a `with` module, not
/// through the serde bridge, not a `Cow<'static, ..>` read by owning.
pub fn native_de(field: &Field) -> bool {
    !field.attrs.custom_de() && crate::bridge::static_cow(field.ty).is_none()
}

/// `let __default: Self = ..;` for container `default`.
pub fn container_default(cont: &Container) -> TokenStream {
    match &cont.attrs.default {
        attr::Default::Path(path) => quote!(let __default: Self = #path();),
        _ => quote!(let __default: Self = ::jetjson::__private::Default::default();),
    }
}

/// Makes a flattened field's value from its slots (the binding).
pub type FlatFinish<'f> = Box<dyn Fn(&Field, &syn::Ident) -> TokenStream + 'f>;

/// How a format reports a field that is absent.
pub struct Missing<'f> {
    /// The slot's value, else the type's own answer for "absent" (`None`
    /// for `Option`), else the error: an expression of the field's type
    /// (it may `?`). Takes the slot and the name as a string literal.
    pub take: &'f dyn Fn(&syn::Ident, &syn::LitStr) -> TokenStream,
    /// The slot's value, else the type's own answer for "absent": an
    /// expression of type `Option<T>` that cannot fail. With `error`, it
    /// checks every such field at once (see [`object_tail`]).
    pub fill: &'f dyn Fn(&syn::Ident) -> TokenStream,
    /// The "missing field" error for a name: an expression of type `Error`.
    pub error: &'f dyn Fn(&syn::LitStr) -> TokenStream,
    /// A flattened field's value from its slots (the binding): an
    /// expression of the field's type (it may `?`).
    pub flat: FlatFinish<'f>,
}

/// After an object's members were read into their slots: the container
/// default when `outer` says it applies, then `Ok(ctor { .. })` with each
/// field's slot, default or error.
pub fn object_tail(
    cont: &Container,
    fields: &[Field],
    ctor: &TokenStream,
    outer: bool,
    missing: &Missing,
) -> TokenStream {
    let container_default = outer && !cont.attrs.default.is_none();
    let default = container_default.then(|| self::container_default(cont));
    // The fields that are an error when absent, unless their type says
    // otherwise. When no other field can fail here, they are checked all
    // at once, before any is moved: one error path that drops the slots
    // once, where a `?` per field drops every field made before it, which
    // is code quadratic in the number of fields for the optimizer to see
    // through. Which field is reported (the first absent in field order)
    // does not change; a field that fails another way keeps the order of
    // the checks as written.
    let takes: Vec<&Field> = fields
        .iter()
        .filter(|f| tail_value(f, container_default) == TailValue::Take)
        .collect();
    // (One such field is as well taken with its `?`: there is no field
    // before it to drop twice.)
    let batched = takes.len() > 1
        && fields
            .iter()
            .all(|f| tail_value(f, container_default) != TailValue::Fallible);
    let check = batched.then(|| {
        let bindings: Vec<syn::Ident> = takes.iter().map(|f| binding(f)).collect();
        let fills = bindings.iter().map(|b| (missing.fill)(b));
        let errors: Vec<TokenStream> = takes
            .iter()
            .map(|f| (missing.error)(&str_lit(&f.attrs.name.deserialize)))
            .collect();
        // The first absent field's error; the last is absent if no other is.
        let (last_error, errors) = errors.split_last().expect("two or more");
        let tested = &bindings[..errors.len()];
        quote! {
            let (#(#bindings,)*) = match (#(#fills,)*) {
                (#(::jetjson::__private::Some(#bindings),)*) => (#(#bindings,)*),
                (#(#tested,)* _) => {
                    return ::jetjson::__private::Err(
                        #(if #tested.is_none() { #errors } else)* { #last_error }
                    );
                }
            };
        }
    });
    let members = fields.iter().map(|field| {
        let member = &field.member;
        if field.attrs.skip_deserializing {
            let value = skipped_value(cont, field);
            return quote!(#member: #value);
        }
        let binding = binding(field);
        if field.attrs.flatten.is_some() {
            let value = (missing.flat)(field, &binding);
            return quote!(#member: #value);
        }
        let name = str_lit(&field.attrs.name.deserialize);
        let value = match &field.attrs.default {
            attr::Default::Trait => quote!(#binding.unwrap_or_default()),
            attr::Default::Path(path) => quote!(match #binding {
                ::jetjson::__private::Some(__x) => __x,
                ::jetjson::__private::None => #path(),
            }),
            attr::Default::None if container_default => quote!(match #binding {
                ::jetjson::__private::Some(__x) => __x,
                ::jetjson::__private::None => __default.#member,
            }),
            attr::Default::None
                if crate::bridge::static_cow(field.ty)
                    == Some(crate::bridge::StaticCow::Option)
                    && !field.attrs.custom_de() =>
            {
                quote!(#binding.unwrap_or_default())
            }
            attr::Default::None
                if crate::bridge::static_cow(field.ty)
                    == Some(crate::bridge::StaticCow::Nested)
                    && !field.attrs.custom_de() =>
            {
                // Read through a `Value`: its conversion says what absent is.
                let error = (missing.error)(&name);
                quote!(::jetjson::__private::owned_via_value_missing(#binding, || #error)?)
            }
            // `#[json(serde)]`: the type's own serde impl says what absent
            // is, as serde's derive asks it (`None` for `Option`).
            attr::Default::None
                if matches!(field.attrs.deserialize_via, Some(attr::Via::Serde)) =>
            {
                let error = (missing.error)(&name);
                quote!(match #binding {
                    ::jetjson::__private::Some(__x) => __x,
                    ::jetjson::__private::None => ::jetjson::__private::serde_missing(|| #error)?,
                })
            }
            // A field read by a module or a serde function has no "value
            // when absent" to ask (serde's rule for `with` fields too).
            attr::Default::None if !native_de(field) => {
                let error = (missing.error)(&name);
                quote!(match #binding {
                    ::jetjson::__private::Some(__x) => __x,
                    ::jetjson::__private::None => {
                        return ::jetjson::__private::Err(#error);
                    }
                })
            }
            attr::Default::None => {
                // `tail_value` must sort the fields as this match does.
                debug_assert!(tail_value(field, container_default) == TailValue::Take);
                if batched {
                    quote!(#binding)
                } else {
                    (missing.take)(&binding, &name)
                }
            }
        };
        quote!(#member: #value)
    });
    quote! {
        #default
        #check
        ::jetjson::__private::Ok(#ctor { #(#members),* })
    }
}

/// How [`object_tail`] makes a field's value from its slot.
#[derive(PartialEq, Eq)]
enum TailValue {
    /// Skipped, or the slot else a default: cannot fail.
    Sure,
    /// The slot, else the type's "value when absent", else "missing field".
    Take,
    /// Another check that may fail (a flattened field, a `with` module,
    /// the serde bridge, a `Cow` read through a `Value`).
    Fallible,
}

/// The [`TailValue`] of a field, as `object_tail` fills it in.
fn tail_value(field: &Field, container_default: bool) -> TailValue {
    if field.attrs.skip_deserializing {
        return TailValue::Sure;
    }
    if field.attrs.flatten.is_some() {
        return TailValue::Fallible;
    }
    match &field.attrs.default {
        attr::Default::Trait | attr::Default::Path(_) => TailValue::Sure,
        attr::Default::None if container_default => TailValue::Sure,
        attr::Default::None => match crate::bridge::static_cow(field.ty) {
            Some(crate::bridge::StaticCow::Option) if !field.attrs.custom_de() => TailValue::Sure,
            Some(crate::bridge::StaticCow::Nested) if !field.attrs.custom_de() => {
                TailValue::Fallible
            }
            _ if !native_de(field) => TailValue::Fallible,
            _ => TailValue::Take,
        },
    }
}

/// After an array's elements were bound: the container default when a
/// skipped field needs it, then `Ok(ctor { .. })`.
pub fn array_tail(cont: &Container, fields: &[Field], ctor: &TokenStream) -> TokenStream {
    let needs_default = fields
        .iter()
        .any(|f| f.attrs.skip_deserializing && f.attrs.default.is_none())
        && !cont.attrs.default.is_none();
    let default = needs_default.then(|| container_default(cont));
    let members = fields.iter().map(|field| {
        let member = &field.member;
        if field.attrs.skip_deserializing {
            let value = skipped_value(cont, field);
            quote!(#member: #value)
        } else {
            let binding = binding(field);
            quote!(#member: #binding)
        }
    });
    quote! {
        #default
        ::jetjson::__private::Ok(#ctor { #(#members),* })
    }
}

/// What `transparent` needs of a format.
pub struct Transparent<'f> {
    /// Reads the inner field: an expression of type `Result<T, Error>`.
    pub read: &'f dyn Fn(&Field) -> TokenStream,
    /// The error when no field is left to be the value.
    pub no_field: TokenStream,
    /// The trait's "value when absent" method, as `fn name`, and the path
    /// that calls it on the inner field's type (`<T as Trait>::name`).
    pub missing_fn: syn::Ident,
    pub missing_of: &'f dyn Fn(&syn::Type) -> TokenStream,
}

/// `transparent`: the one field read as the whole value, the others their
/// defaults; and the trait's "value when absent" forwarded to the inner
/// type's.
pub fn transparent(
    cont: &Container,
    fields: &[Field],
    format: &Transparent,
) -> (TokenStream, Option<TokenStream>) {
    let Some(inner) = fields
        .iter()
        .find(|f| !(f.attrs.skip_serializing && f.attrs.skip_deserializing))
    else {
        let no_field = &format.no_field;
        return (quote!(::jetjson::__private::Err(#no_field)), None);
    };
    let value = (format.read)(inner);
    let mut members = Vec::new();
    let mut missing_members = Vec::new();
    for field in fields {
        let member = &field.member;
        if std::ptr::eq(field, inner) {
            members.push(quote!(#member: #value?));
            missing_members.push(quote!(#member: __x));
        } else {
            let default = skipped_value(cont, field);
            members.push(quote!(#member: #default));
            missing_members.push(quote!(#member: #default));
        }
    }
    let missing = native_de(inner).then(|| {
        let name = &format.missing_fn;
        let inner_missing = (format.missing_of)(inner.ty);
        quote! {
            #[inline]
            fn #name() -> ::jetjson::__private::Option<Self> {
                match #inner_missing() {
                    ::jetjson::__private::Some(__x) => ::jetjson::__private::Some(Self { #(#missing_members),* }),
                    ::jetjson::__private::None => ::jetjson::__private::None,
                }
            }
        }
    });
    (
        quote!(::jetjson::__private::Ok(Self { #(#members),* })),
        missing,
    )
}
