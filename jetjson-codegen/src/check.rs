//! Rules across attributes and shapes, checked on the model before any
//! tokens are made (serde_derive `check.rs`). Every problem is recorded; none
//! stops the others from being found.

use std::collections::BTreeMap;

use crate::ctxt::Ctxt;
use crate::model::{Container, Data, Field, Style, Tagging, Variant};

/// Runs every check.
pub fn check(cx: &Ctxt, cont: &Container) {
    check_tagging(cx, cont);
    check_transparent(cx, cont);
    check_container_default(cx, cont);
    check_conversions(cx, cont);
    match &cont.data {
        Data::Struct(style, fields) => {
            check_fields(cx, *style, fields);
            check_newtype_skip(cx, *style, fields);
        }
        Data::Enum(variants) => {
            for variant in variants {
                check_fields(cx, variant.style, &variant.fields);
                check_newtype_skip(cx, variant.style, &variant.fields);
            }
            check_variants(cx, cont, variants);
        }
    }
}

fn check_tagging(cx: &Ctxt, cont: &Container) {
    if let Data::Struct(..) = cont.data {
        if let Some(tag) = &cont.attrs.tag {
            cx.error_spanned_by(
                tag,
                "`tag` applies to enums only; a struct is always a JSON object of its fields",
            );
        } else if let Some(content) = &cont.attrs.content {
            cx.error_spanned_by(content, "`content` applies to enums only");
        }
        if let Some(span) = cont.attrs.untagged {
            cx.error_at(span, "`untagged` applies to enums only");
        }
    }
}

fn check_transparent(cx: &Ctxt, cont: &Container) {
    let Some(span) = cont.attrs.transparent else {
        return;
    };
    match &cont.data {
        Data::Enum(_) => cx.error_at(span, "`transparent` applies to structs only"),
        Data::Struct(_, fields) => {
            if fields.iter().any(|f| f.attrs.flatten.is_some()) {
                cx.error_at(span, "`transparent` cannot be combined with `flatten`");
            }
            let active = fields
                .iter()
                .filter(|f| !(f.attrs.skip_serializing && f.attrs.skip_deserializing))
                .count();
            if active != 1 {
                cx.error_at(
                    span,
                    format!(
                        "`transparent` needs exactly one field that is not skipped, found {active}"
                    ),
                );
            }
            for field in fields {
                if field.attrs.skip_deserializing && !field.attrs.skip_serializing {
                    cx.error_spanned_by(
                        field.original,
                        "the field of a `transparent` struct cannot be `skip_deserializing`",
                    );
                }
            }
        }
    }
}

/// `from`, `try_from` and `into` replace the type's own reading or writing,
/// so they exclude each other (the reading ones) and `transparent`, as in
/// serde.
fn check_conversions(cx: &Ctxt, cont: &Container) {
    let attrs = &cont.attrs;
    if let (Some(_), Some(try_from)) = (&attrs.from, &attrs.try_from) {
        cx.error_spanned_by(try_from, "`from` and `try_from` cannot both be given");
    }
    if let Some(span) = attrs.transparent {
        if attrs.from.is_some() || attrs.try_from.is_some() || attrs.into.is_some() {
            cx.error_at(
                span,
                "`transparent` cannot be combined with `from`, `try_from` or `into`",
            );
        }
    }
}

fn check_container_default(cx: &Ctxt, cont: &Container) {
    let Some(span) = cont.attrs.default_span else {
        return;
    };
    match &cont.data {
        Data::Enum(_) => cx.error_at(span, "container `default` applies to structs only"),
        Data::Struct(Style::Unit, _) => {
            cx.error_at(span, "container `default` needs a struct with fields");
        }
        Data::Struct(..) => {}
    }
}

fn check_fields(cx: &Ctxt, style: Style, fields: &[Field]) {
    let named = style == Style::Struct;
    let mut ser_names: BTreeMap<&str, &Field> = BTreeMap::new();
    let mut de_names: BTreeMap<&str, &Field> = BTreeMap::new();
    for field in fields {
        if named && field.attrs.flatten.is_some() {
            if field.attrs.custom_ser() || field.attrs.custom_de() {
                cx.error_spanned_by(
                    field.original,
                    "a flattened field cannot be read or written `with` a module: its members \
                     are the enclosing object's",
                );
            }
            // Its members are checked by its own type.
            continue;
        }
        if !named && field.attrs.flatten.is_some() && style != Style::Newtype {
            cx.error_spanned_by(
                field.original,
                "`flatten` applies to named fields only: an array has no members to share",
            );
        }
        if !named {
            if let Some(path) = &field.attrs.skip_serializing_if {
                cx.error_spanned_by(
                    path,
                    "`skip_serializing_if` applies to named fields only: array elements have fixed positions",
                );
            }
            if let Some(span) = field.attrs.omit_empty {
                cx.error_at(
                    span,
                    "`omit_empty` applies to named fields only: array elements have fixed positions",
                );
            }
            continue;
        }
        if !field.attrs.skip_serializing {
            let name = field.attrs.name.serialize.as_str();
            if ser_names.insert(name, field).is_some() {
                cx.error_spanned_by(
                    field.original,
                    format!("two fields are written under the JSON key `{name}`"),
                );
            }
        }
        if !field.attrs.skip_deserializing {
            for name in field.attrs.name.deserialize_names() {
                if let Some(other) = de_names.insert(name, field) {
                    if !std::ptr::eq(other, field) {
                        cx.error_spanned_by(
                            field.original,
                            format!("two fields are read from the JSON key `{name}`"),
                        );
                    }
                }
            }
        }
    }
}

fn check_newtype_skip(cx: &Ctxt, style: Style, fields: &[Field]) {
    if style != Style::Newtype {
        return;
    }
    if let Some(field) = fields.first() {
        if field.attrs.skip_serializing || field.attrs.skip_deserializing {
            cx.error_spanned_by(
                field.original,
                "the only field of a newtype cannot be skipped; use a unit struct or variant",
            );
        }
    }
}

fn check_variants(cx: &Ctxt, cont: &Container, variants: &[Variant]) {
    // serde: the `untagged` variants come last, tried after the tagged ones.
    let mut seen_untagged = false;
    for variant in variants {
        if variant.attrs.untagged.is_some() {
            seen_untagged = true;
        } else if seen_untagged && cont.tagging != Tagging::Untagged {
            cx.error_spanned_by(
                &variant.ident,
                "all variants with `untagged` must come after the tagged ones: \
                 move this variant above the first `untagged` variant",
            );
        }
        if let (Some(span), Some(_)) = (variant.attrs.untagged, variant.attrs.other) {
            cx.error_at(span, "an `other` variant cannot also be `untagged`");
        }
    }
    let mut others = 0;
    let mut ser_names: BTreeMap<&str, ()> = BTreeMap::new();
    let mut de_names: BTreeMap<&str, &Variant> = BTreeMap::new();
    for variant in variants {
        if let Some(span) = variant.attrs.other {
            others += 1;
            if variant.style != Style::Unit {
                cx.error_at(span, "`other` applies to unit variants only");
            }
            if cont.tagging == Tagging::Untagged {
                cx.error_at(span, "`other` cannot be used in an untagged enum");
            }
            if others > 1 {
                cx.error_at(span, "only one variant can be `other`");
            }
        }
        if cont.tagging != Tagging::Untagged {
            if !variant.attrs.skip_serializing {
                let name = variant.attrs.name.serialize.as_str();
                if ser_names.insert(name, ()).is_some() {
                    cx.error_spanned_by(
                        &variant.ident,
                        format!("two variants are written as `{name}`"),
                    );
                }
            }
            if !variant.attrs.skip_deserializing {
                for name in variant.attrs.name.deserialize_names() {
                    if let Some(other) = de_names.insert(name, variant) {
                        if !std::ptr::eq(other, variant) {
                            cx.error_spanned_by(
                                &variant.ident,
                                format!("two variants are read from `{name}`"),
                            );
                        }
                    }
                }
            }
        }
        if let (Tagging::Internal { tag }, None) = (&cont.tagging, variant.attrs.untagged) {
            match variant.style {
                Style::Tuple => cx.error_spanned_by(
                    variant.original,
                    "an internally tagged enum (`tag = ..`) cannot hold tuple variants: \
                     there is no object to put the tag in; use a struct variant",
                ),
                Style::Newtype => {
                    // Its content's members share the object with the tag
                    // (flattened, `model.rs`): a struct or a map.
                    if let Some(field) = variant.fields.first() {
                        if field.attrs.custom_ser() || field.attrs.custom_de() {
                            cx.error_spanned_by(
                                field.original,
                                "the content of a newtype variant in an internally tagged enum \
                                 shares the object with the tag, so it cannot be read or written \
                                 `with` a module; use a struct variant",
                            );
                        }
                    }
                }
                Style::Struct => {
                    for field in &variant.fields {
                        let clashes = (!field.attrs.skip_serializing
                            && field.attrs.name.serialize == *tag)
                            || (!field.attrs.skip_deserializing
                                && field.attrs.name.deserialize_names().contains(&tag.as_str()));
                        if clashes {
                            cx.error_spanned_by(
                                field.original,
                                format!("field uses the JSON key `{tag}` that is the enum's tag"),
                            );
                        }
                    }
                }
                Style::Unit => {}
            }
        }
    }
}
