//! The typed model of a derive input: a container with its fields or
//! variants, each carrying parsed attributes and resolved JSON names. The
//! emitters read only this, never raw attributes (serde_derive `ast.rs`).

use crate::attr;
use crate::ctxt::Ctxt;
use crate::Options;

/// A struct or enum.
pub struct Container<'a> {
    /// The type's name.
    pub ident: syn::Ident,
    /// Container attributes.
    pub attrs: attr::Container,
    /// Fields or variants.
    pub data: Data<'a>,
    /// The type's generics, as written.
    pub generics: &'a syn::Generics,
    /// How an enum marks its variant; `External` for structs.
    pub tagging: Tagging,
}

/// The body of a container.
pub enum Data<'a> {
    /// An enum's variants.
    Enum(Vec<Variant<'a>>),
    /// A struct's fields.
    Struct(Style, Vec<Field<'a>>),
}

/// One enum variant.
pub struct Variant<'a> {
    /// The variant's name.
    pub ident: syn::Ident,
    /// Variant attributes.
    pub attrs: attr::Variant,
    /// Named, tuple, newtype or unit.
    pub style: Style,
    /// Its fields.
    pub fields: Vec<Field<'a>>,
    /// The variant as parsed, for error spans.
    pub original: &'a syn::Variant,
}

/// One field.
pub struct Field<'a> {
    /// `self.<member>`: a name or an index.
    pub member: syn::Member,
    /// Field attributes, names resolved.
    pub attrs: attr::Field,
    /// The field's type.
    pub ty: &'a syn::Type,
    /// The field as parsed, for error spans.
    pub original: &'a syn::Field,
}

/// The shape of a struct or variant.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Style {
    /// Named fields: a JSON object.
    Struct,
    /// Two or more unnamed fields: a JSON array.
    Tuple,
    /// Exactly one unnamed field: the inner value.
    Newtype,
    /// No fields: `null` (a struct) or the name (a variant).
    Unit,
}

/// How an enum's variant is marked in JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tagging {
    /// `"V"` or `{"V": content}`.
    External,
    /// `{"tag": "V", ...fields}`.
    Internal {
        /// The tag key.
        tag: String,
    },
    /// `{"tag": "V", "content": content}`.
    Adjacent {
        /// The tag key.
        tag: String,
        /// The content key.
        content: String,
    },
    /// The content alone; decoding tries each variant in turn.
    Untagged,
}

impl<'a> Container<'a> {
    /// Builds the model; problems go to `cx`. `None` for unions.
    pub fn from_ast(
        cx: &Ctxt,
        item: &'a syn::DeriveInput,
        options: &Options,
    ) -> Option<Container<'a>> {
        let attrs = attr::Container::from_ast(cx, item, options);
        let data = match &item.data {
            syn::Data::Enum(data) => Data::Enum(enum_from_ast(cx, &data.variants, &attrs, options)),
            syn::Data::Struct(data) => {
                let (style, mut fields) = struct_from_ast(cx, &data.fields, options);
                for field in &mut fields {
                    field.attrs.rename_by_rules(attrs.rename_all);
                }
                Data::Struct(style, fields)
            }
            syn::Data::Union(_) => {
                cx.error_spanned_by(&item.ident, "jetjson does not support unions");
                return None;
            }
        };
        let tagging = decide_tagging(cx, item, &attrs);
        let mut data = data;
        if let (Tagging::Internal { .. }, Data::Enum(variants)) = (&tagging, &mut data) {
            // `{"tag": "V", ...}` around a newtype's content: the inner
            // type's members share the object with the tag, as a flattened
            // field's share the enclosing struct's.
            for variant in variants.iter_mut() {
                if variant.style == Style::Newtype {
                    for field in &mut variant.fields {
                        field.attrs.flatten = Some(proc_macro2::Span::call_site());
                    }
                }
            }
        }
        Some(Container {
            ident: item.ident.clone(),
            attrs,
            data,
            generics: &item.generics,
            tagging,
        })
    }
}

fn decide_tagging(cx: &Ctxt, item: &syn::DeriveInput, attrs: &attr::Container) -> Tagging {
    match (&attrs.untagged, &attrs.tag, &attrs.content) {
        (None, None, None) => Tagging::External,
        (Some(_), None, None) => Tagging::Untagged,
        (None, Some(tag), None) => Tagging::Internal { tag: tag.value() },
        (None, Some(tag), Some(content)) => {
            if tag.value() == content.value() {
                cx.error_spanned_by(content, "enum tags `tag` and `content` must differ");
            }
            Tagging::Adjacent {
                tag: tag.value(),
                content: content.value(),
            }
        }
        (Some(span), Some(_), _) => {
            cx.error_at(*span, "`untagged` cannot be combined with `tag`");
            Tagging::Untagged
        }
        (Some(span), None, Some(_)) => {
            cx.error_at(*span, "`untagged` cannot be combined with `content`");
            Tagging::Untagged
        }
        (None, None, Some(content)) => {
            let _ = item;
            cx.error_spanned_by(
                content,
                "`content` needs `tag` beside it (adjacently tagged)",
            );
            Tagging::External
        }
    }
}

fn enum_from_ast<'a>(
    cx: &Ctxt,
    variants: &'a syn::punctuated::Punctuated<syn::Variant, syn::Token![,]>,
    container: &attr::Container,
    options: &Options,
) -> Vec<Variant<'a>> {
    variants
        .iter()
        .map(|variant| {
            let mut attrs = attr::Variant::from_ast(cx, variant);
            attrs.rename_by_rules(container.rename_all);
            let (style, mut fields) = struct_from_ast(cx, &variant.fields, options);
            let rules = attr::RenameAll {
                serialize: attrs
                    .rename_all
                    .serialize
                    .or(container.rename_all_fields.serialize),
                deserialize: attrs
                    .rename_all
                    .deserialize
                    .or(container.rename_all_fields.deserialize),
            };
            for field in &mut fields {
                field.attrs.rename_by_rules(rules);
            }
            Variant {
                ident: variant.ident.clone(),
                attrs,
                style,
                fields,
                original: variant,
            }
        })
        .collect()
}

fn struct_from_ast<'a>(
    cx: &Ctxt,
    fields: &'a syn::Fields,
    options: &Options,
) -> (Style, Vec<Field<'a>>) {
    let style = match fields {
        syn::Fields::Named(_) => Style::Struct,
        syn::Fields::Unnamed(f) if f.unnamed.len() == 1 => Style::Newtype,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    };
    let fields = fields
        .iter()
        .enumerate()
        .map(|(i, field)| Field {
            member: match &field.ident {
                Some(ident) => syn::Member::Named(ident.clone()),
                None => syn::Member::Unnamed(syn::Index::from(i)),
            },
            attrs: attr::Field::from_ast(cx, i, field, options),
            ty: &field.ty,
            original: field,
        })
        .collect();
    (style, fields)
}
