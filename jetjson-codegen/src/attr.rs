//! `#[json(..)]` and `#[serde(..)]` into typed attributes.
//!
//! Both spellings are read with the same meanings. The same setting twice in
//! one spelling is an error; given once in each, `#[json]` wins (serde keeps
//! its own), so one type can speak both libraries. Unknown `#[json]` keys are
//! errors; unknown `#[serde]` keys are left to serde_derive, which checks them.
//! serde settings that jetjson cannot honour are errors with a hint.

use proc_macro2::Span;
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::{ExprPath, LitStr, Token};

use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use crate::symbol::*;
use crate::Options;

/// Which attribute a setting came from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Source {
    /// `#[json(..)]`
    Json,
    /// `#[serde(..)]`
    Serde,
}

impl Source {
    fn of(attr: &syn::Attribute) -> Option<Source> {
        if attr.path() == JSON {
            Some(Source::Json)
        } else if attr.path() == SERDE {
            Some(Source::Serde)
        } else {
            None
        }
    }

    fn name(self) -> &'static str {
        match self {
            Source::Json => "json",
            Source::Serde => "serde",
        }
    }
}

/// One setting as given by each spelling.
struct Attr<'c, T> {
    cx: &'c Ctxt,
    name: Symbol,
    json: Option<T>,
    serde: Option<T>,
}

impl<'c, T> Attr<'c, T> {
    fn none(cx: &'c Ctxt, name: Symbol) -> Self {
        Attr {
            cx,
            name,
            json: None,
            serde: None,
        }
    }

    fn set<A: ToTokens>(&mut self, source: Source, obj: A, value: T) {
        let slot = match source {
            Source::Json => &mut self.json,
            Source::Serde => &mut self.serde,
        };
        if slot.is_some() {
            let msg = format!("duplicate {} attribute `{}`", source.name(), self.name);
            self.cx.error_spanned_by(obj, msg);
        } else {
            *slot = Some(value);
        }
    }

    fn get(self) -> Option<T> {
        self.json.or(self.serde)
    }
}

type BoolAttr<'c> = Attr<'c, Span>;

/// The JSON name(s) of a field or variant.
#[derive(Clone, Debug)]
pub struct Name {
    /// Written when encoding.
    pub serialize: String,
    /// Read when decoding.
    pub deserialize: String,
    /// `rename` gave the encoding name (so `rename_all` does not apply).
    pub serialize_renamed: bool,
    /// `rename` gave the decoding name.
    pub deserialize_renamed: bool,
    /// Further names accepted when decoding.
    pub aliases: Vec<String>,
}

impl Name {
    fn new(
        original: String,
        ser: Option<String>,
        de: Option<String>,
        aliases: Vec<String>,
    ) -> Name {
        Name {
            serialize_renamed: ser.is_some(),
            deserialize_renamed: de.is_some(),
            serialize: ser.unwrap_or_else(|| original.clone()),
            deserialize: de.unwrap_or(original),
            aliases,
        }
    }

    /// Every name accepted when decoding: the name, then the aliases.
    pub fn deserialize_names(&self) -> Vec<&str> {
        let mut names = vec![self.deserialize.as_str()];
        for alias in &self.aliases {
            if !names.contains(&alias.as_str()) {
                names.push(alias);
            }
        }
        names
    }
}

/// A `rename_all` rule per direction.
#[derive(Copy, Clone, Debug, Default)]
pub struct RenameAll {
    /// Applied to names written.
    pub serialize: Option<RenameRule>,
    /// Applied to names read.
    pub deserialize: Option<RenameRule>,
}

/// What a missing field becomes.
#[derive(Clone, Debug)]
pub enum Default {
    /// Nothing: the field is required (unless its type says otherwise).
    None,
    /// `Default::default()`.
    Trait,
    /// A function of no arguments.
    Path(ExprPath),
}

impl Default {
    /// Whether a default was given.
    pub fn is_none(&self) -> bool {
        matches!(self, Default::None)
    }
}

// MARK: - Container

/// Attributes of the struct or enum itself.
pub struct Container {
    /// The type's name in messages (`rename` changes it).
    pub name: String,
    /// `rename_all`.
    pub rename_all: RenameAll,
    /// `rename_all_fields` (enums: applied to the fields of struct variants).
    pub rename_all_fields: RenameAll,
    /// `deny_unknown_fields`.
    pub deny_unknown_fields: bool,
    /// `default` / `default = "path"`.
    pub default: Default,
    /// The span of `default`, for errors.
    pub default_span: Option<Span>,
    /// `tag = ".."`.
    pub tag: Option<LitStr>,
    /// `content = ".."`.
    pub content: Option<LitStr>,
    /// `untagged`.
    pub untagged: Option<Span>,
    /// `transparent`.
    pub transparent: Option<Span>,
    /// `bound = ".."` / `bound(serialize = .., deserialize = ..)`: where
    /// predicates; see [`Bounds`].
    pub bound: Bounds,
    /// `from = "T"`: read a `T`, then `From::from` it.
    pub from: Option<syn::Type>,
    /// `try_from = "T"`: read a `T`, then `TryFrom::try_from` it.
    pub try_from: Option<syn::Type>,
    /// `into = "T"`: write `T::from(self.clone())`.
    pub into: Option<syn::Type>,
    /// `expecting = ".."`: what the type's errors say was expected.
    pub expecting: Option<String>,
}

/// `bound` settings, per direction.
///
/// `#[json(bound)]` replaces the bounds jetjson infers, as serde's `bound`
/// replaces serde's. `#[serde(bound)]` is written for serde's traits
/// (`T: Serialize`), which jetjson's impls cannot use in place of their own:
/// its predicates are kept (a field through the serde bridge needs them) and
/// jetjson's inferred bounds are added beside them.
#[derive(Clone, Default)]
pub struct Bounds {
    /// Predicates for the encoding impls (`ToJson`, `ToValue`, `ToMsgpack`).
    pub serialize: Option<Vec<syn::WherePredicate>>,
    /// Predicates for the decoding impls.
    pub deserialize: Option<Vec<syn::WherePredicate>>,
    /// `serialize` came from `#[json(bound)]`, and replaces the inference.
    pub serialize_replaces: bool,
    /// `deserialize` came from `#[json(bound)]`, and replaces the inference.
    pub deserialize_replaces: bool,
}

impl Bounds {
    /// The given predicates for one direction, and whether they replace the
    /// inferred bounds.
    pub fn given(&self, writes: bool) -> Option<(&[syn::WherePredicate], bool)> {
        if writes {
            let replaces = self.serialize_replaces;
            self.serialize.as_deref().map(|p| (p, replaces))
        } else {
            let replaces = self.deserialize_replaces;
            self.deserialize.as_deref().map(|p| (p, replaces))
        }
    }

    /// Whether a `#[json(bound)]` for this direction replaces the inference.
    pub fn replaces(&self, writes: bool) -> bool {
        self.given(writes).is_some_and(|(_, replaces)| replaces)
    }
}

/// Reads `bound = ".."` or `bound(serialize = "..", deserialize = "..")`
/// into `ser` and `de`.
fn set_bounds(
    cx: &Ctxt,
    source: Source,
    meta: &ParseNestedMeta,
    ser: &mut Attr<'_, Vec<syn::WherePredicate>>,
    de: &mut Attr<'_, Vec<syn::WherePredicate>>,
) -> syn::Result<()> {
    let (ser_lit, de_lit) = get_renames(cx, BOUND, meta)?;
    if let Some(lit) = ser_lit {
        ser.set(source, &meta.path, parse_where(&lit)?);
    }
    if let Some(lit) = de_lit {
        de.set(source, &meta.path, parse_where(&lit)?);
    }
    Ok(())
}

fn parse_where(lit: &LitStr) -> syn::Result<Vec<syn::WherePredicate>> {
    if lit.value().trim().is_empty() {
        return Ok(Vec::new());
    }
    let predicates = lit.parse_with(
        syn::punctuated::Punctuated::<syn::WherePredicate, Token![,]>::parse_terminated,
    )?;
    Ok(predicates.into_iter().collect())
}

fn bounds(
    ser: Attr<'_, Vec<syn::WherePredicate>>,
    de: Attr<'_, Vec<syn::WherePredicate>>,
) -> Bounds {
    let serialize_replaces = ser.json.is_some();
    let deserialize_replaces = de.json.is_some();
    Bounds {
        serialize: ser.get(),
        deserialize: de.get(),
        serialize_replaces,
        deserialize_replaces,
    }
}

fn parse_lit_into_type(cx: &Ctxt, name: Symbol, meta: &ParseNestedMeta) -> syn::Result<syn::Type> {
    let lit = get_lit_str(cx, name, meta)?;
    lit.parse::<syn::Type>().map_err(|_| {
        syn::Error::new_spanned(&lit, format!("failed to parse type: {:?}", lit.value()))
    })
}

impl Container {
    /// Reads the container's attributes.
    pub fn from_ast(cx: &Ctxt, item: &syn::DeriveInput, options: &Options) -> Self {
        let mut ser_name = Attr::none(cx, RENAME);
        let mut de_name = Attr::none(cx, RENAME);
        let mut ser_rename_all = Attr::none(cx, RENAME_ALL);
        let mut de_rename_all = Attr::none(cx, RENAME_ALL);
        let mut ser_rename_all_fields = Attr::none(cx, RENAME_ALL_FIELDS);
        let mut de_rename_all_fields = Attr::none(cx, RENAME_ALL_FIELDS);
        let mut deny_unknown_fields = BoolAttr::none(cx, DENY_UNKNOWN_FIELDS);
        let mut default = Attr::none(cx, DEFAULT);
        let mut tag = Attr::none(cx, TAG);
        let mut content = Attr::none(cx, CONTENT);
        let mut untagged = BoolAttr::none(cx, UNTAGGED);
        let mut transparent = BoolAttr::none(cx, TRANSPARENT);
        let mut ser_bound = Attr::none(cx, BOUND);
        let mut de_bound = Attr::none(cx, BOUND);
        let mut from = Attr::none(cx, FROM);
        let mut try_from = Attr::none(cx, TRY_FROM);
        let mut into = Attr::none(cx, INTO);
        let mut expecting = Attr::none(cx, EXPECTING);

        for attr in &item.attrs {
            let Some(source) = Source::of(attr) else {
                continue;
            };
            let result = attr.parse_nested_meta(|meta| {
                let path = &meta.path;
                if path == RENAME {
                    let (ser, de) = get_renames(cx, RENAME, &meta)?;
                    if let Some(ser) = ser {
                        ser_name.set(source, path, ser.value());
                    }
                    if let Some(de) = de {
                        de_name.set(source, path, de.value());
                    }
                } else if path == RENAME_ALL || path == RENAME_ALL_FIELDS {
                    let (ser, de) = get_renames(cx, RENAME_ALL, &meta)?;
                    let (ser_slot, de_slot) = if path == RENAME_ALL {
                        (&mut ser_rename_all, &mut de_rename_all)
                    } else {
                        (&mut ser_rename_all_fields, &mut de_rename_all_fields)
                    };
                    if let Some(ser) = ser {
                        if let Some(rule) = parse_rule(cx, &ser) {
                            ser_slot.set(source, path, rule);
                        }
                    }
                    if let Some(de) = de {
                        if let Some(rule) = parse_rule(cx, &de) {
                            de_slot.set(source, path, rule);
                        }
                    }
                } else if path == DENY_UNKNOWN_FIELDS {
                    deny_unknown_fields.set(source, path, span_of(path));
                } else if path == DEFAULT {
                    if meta.input.peek(Token![=]) {
                        let path_expr = parse_lit_into_expr_path(cx, DEFAULT, &meta)?;
                        default.set(source, path, (Default::Path(path_expr), span_of(path)));
                    } else {
                        default.set(source, path, (Default::Trait, span_of(path)));
                    }
                } else if path == TAG {
                    tag.set(source, path, get_lit_str(cx, TAG, &meta)?);
                } else if path == CONTENT {
                    content.set(source, path, get_lit_str(cx, CONTENT, &meta)?);
                } else if path == UNTAGGED {
                    untagged.set(source, path, span_of(path));
                } else if path == TRANSPARENT {
                    transparent.set(source, path, span_of(path));
                } else if path == BOUND {
                    set_bounds(cx, source, &meta, &mut ser_bound, &mut de_bound)?;
                } else if path == FROM {
                    from.set(source, path, parse_lit_into_type(cx, FROM, &meta)?);
                } else if path == TRY_FROM {
                    try_from.set(source, path, parse_lit_into_type(cx, TRY_FROM, &meta)?);
                } else if path == INTO {
                    into.set(source, path, parse_lit_into_type(cx, INTO, &meta)?);
                } else if path == EXPECTING {
                    expecting.set(source, path, get_lit_str(cx, EXPECTING, &meta)?.value());
                } else if source == Source::Serde {
                    serde_only_container(cx, &meta)?;
                } else {
                    unknown_key(cx, &meta, "container")?;
                }
                Ok(())
            });
            if let Err(err) = result {
                cx.syn_error(err);
            }
        }

        let ident = item.ident.to_string();
        let (default, default_span) = match default.get() {
            Some((default, span)) => (default, Some(span)),
            None => (Default::None, None),
        };
        // The CLI's `default_rename_all` applies to struct fields only, and
        // only where the type gives no rule of its own.
        let fallback = match item.data {
            syn::Data::Struct(_) => options.default_rename_all,
            _ => None,
        };
        Container {
            name: ser_name.get().or(de_name.get()).unwrap_or(ident),
            rename_all: RenameAll {
                serialize: ser_rename_all.get().or(fallback),
                deserialize: de_rename_all.get().or(fallback),
            },
            rename_all_fields: RenameAll {
                serialize: ser_rename_all_fields.get().or(options.default_rename_all),
                deserialize: de_rename_all_fields.get().or(options.default_rename_all),
            },
            deny_unknown_fields: deny_unknown_fields.get().is_some(),
            default,
            default_span,
            tag: tag.get(),
            content: content.get(),
            untagged: untagged.get(),
            transparent: transparent.get(),
            bound: bounds(ser_bound, de_bound),
            from: from.get(),
            try_from: try_from.get(),
            into: into.get(),
            expecting: expecting.get(),
        }
    }
}

/// serde container keys that are not shared with `#[json]`.
fn serde_only_container(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
    let path = &meta.path;
    if path == CRATE {
        // `crate = ".."` names the path of serde's own crate for serde's
        // derive; jetjson's generated code names `::jetjson` only.
        skip_meta(meta)
    } else if path == REMOTE {
        cx.error_spanned_by(
            path,
            "jetjson does not support `#[serde(remote = \"..\")]`: write the \
             ToJson/FromJson impls for the remote type by hand, or give it jetjson's impls \
             through its serde ones with `jetjson::via_serde!`",
        );
        skip_meta(meta)
    } else if path == VARIANT_IDENTIFIER || path == FIELD_IDENTIFIER {
        let name = path_name(path);
        cx.error_spanned_by(
            path,
            format!(
                "jetjson does not support `#[serde({name})]` (an identifier enum for a \
                 hand-written serde Deserialize impl); derive jetjson on a plain enum of unit \
                 variants, which reads from the variant names, or write FromJson by hand"
            ),
        );
        skip_meta(meta)
    } else {
        // Left to serde_derive, which rejects keys it does not know.
        skip_meta(meta)
    }
}

// MARK: - Variant

/// Attributes of one enum variant.
pub struct Variant {
    /// The variant's names.
    pub name: Name,
    /// `rename_all` for the fields of a struct variant.
    pub rename_all: RenameAll,
    /// Not written (encoding it writes `null`).
    pub skip_serializing: bool,
    /// Not accepted when reading.
    pub skip_deserializing: bool,
    /// `other`: unknown variant names decode to this (unit) variant.
    pub other: Option<Span>,
    /// `untagged` on the variant: written as its content alone, and tried
    /// (in order) after the tagged forms fail to read.
    pub untagged: Option<Span>,
    /// `bound` on the variant: predicates added to the impls, and no
    /// inferred bounds for its fields.
    pub bound: Bounds,
}

impl Variant {
    /// Reads a variant's attributes.
    pub fn from_ast(cx: &Ctxt, variant: &syn::Variant) -> Self {
        let mut ser_name = Attr::none(cx, RENAME);
        let mut de_name = Attr::none(cx, RENAME);
        let mut ser_rename_all = Attr::none(cx, RENAME_ALL);
        let mut de_rename_all = Attr::none(cx, RENAME_ALL);
        let mut aliases = Aliases::default();
        let mut skip_serializing = BoolAttr::none(cx, SKIP_SERIALIZING);
        let mut skip_deserializing = BoolAttr::none(cx, SKIP_DESERIALIZING);
        let mut other = BoolAttr::none(cx, OTHER);
        let mut untagged = BoolAttr::none(cx, UNTAGGED);
        let mut ser_bound = Attr::none(cx, BOUND);
        let mut de_bound = Attr::none(cx, BOUND);

        for attr in &variant.attrs {
            let Some(source) = Source::of(attr) else {
                continue;
            };
            let result = attr.parse_nested_meta(|meta| {
                let path = &meta.path;
                if path == RENAME {
                    let (ser, de) = get_renames(cx, RENAME, &meta)?;
                    if let Some(ser) = ser {
                        ser_name.set(source, path, ser.value());
                    }
                    if let Some(de) = de {
                        de_name.set(source, path, de.value());
                    }
                } else if path == ALIAS {
                    aliases.push(source, get_lit_str(cx, ALIAS, &meta)?.value());
                } else if path == RENAME_ALL {
                    let (ser, de) = get_renames(cx, RENAME_ALL, &meta)?;
                    if let Some(rule) = ser.and_then(|ser| parse_rule(cx, &ser)) {
                        ser_rename_all.set(source, path, rule);
                    }
                    if let Some(rule) = de.and_then(|de| parse_rule(cx, &de)) {
                        de_rename_all.set(source, path, rule);
                    }
                } else if path == SKIP {
                    skip_serializing.set(source, path, span_of(path));
                    skip_deserializing.set(source, path, span_of(path));
                } else if path == SKIP_SERIALIZING {
                    skip_serializing.set(source, path, span_of(path));
                } else if path == SKIP_DESERIALIZING {
                    skip_deserializing.set(source, path, span_of(path));
                } else if path == OTHER {
                    other.set(source, path, span_of(path));
                } else if path == UNTAGGED {
                    untagged.set(source, path, span_of(path));
                } else if path == BOUND {
                    set_bounds(cx, source, &meta, &mut ser_bound, &mut de_bound)?;
                } else if source == Source::Serde {
                    if path == BORROW {
                        // jetjson borrows whatever a field's type can borrow.
                        skip_meta(&meta)?;
                    } else if path == SERIALIZE_WITH || path == DESERIALIZE_WITH || path == WITH {
                        let name = path_name(path);
                        cx.error_spanned_by(
                            path,
                            format!(
                                "jetjson does not support `#[serde({name})]` on a variant; put \
                                 it on the variant's field (`V(#[serde({name} = \"..\")] T)`)"
                            ),
                        );
                        skip_meta(&meta)?;
                    } else {
                        skip_meta(&meta)?;
                    }
                } else {
                    unknown_key(cx, &meta, "variant")?;
                }
                Ok(())
            });
            if let Err(err) = result {
                cx.syn_error(err);
            }
        }

        Variant {
            name: Name::new(
                unraw(&variant.ident),
                ser_name.get(),
                de_name.get(),
                aliases.get(),
            ),
            rename_all: RenameAll {
                serialize: ser_rename_all.get(),
                deserialize: de_rename_all.get(),
            },
            skip_serializing: skip_serializing.get().is_some(),
            skip_deserializing: skip_deserializing.get().is_some(),
            other: other.get(),
            untagged: untagged.get(),
            bound: bounds(ser_bound, de_bound),
        }
    }

    /// Applies the enum's `rename_all` where `rename` did not name the variant.
    pub fn rename_by_rules(&mut self, rules: RenameAll) {
        if !self.name.serialize_renamed {
            if let Some(rule) = rules.serialize {
                self.name.serialize = rule.apply_to_variant(&self.name.serialize);
            }
        }
        if !self.name.deserialize_renamed {
            if let Some(rule) = rules.deserialize {
                self.name.deserialize = rule.apply_to_variant(&self.name.deserialize);
            }
        }
    }
}

// MARK: - Field

/// Attributes of one field.
pub struct Field {
    /// The field's names.
    pub name: Name,
    /// Never written.
    pub skip_serializing: bool,
    /// Never read (takes its default).
    pub skip_deserializing: bool,
    /// `skip_serializing_if = "path"`.
    pub skip_serializing_if: Option<ExprPath>,
    /// `omit_empty`: not written when `ToJson::is_json_empty` says so.
    pub omit_empty: Option<Span>,
    /// What a missing field becomes.
    pub default: Default,
    /// `#[json(with = "module")]` or `base64`: the module's `write_json` /
    /// `read_json` (and `write_msgpack` / `read_msgpack`).
    pub with: Option<syn::Path>,
    /// Written through the serde bridge (`#[serde(with)]`,
    /// `serialize_with`, `#[json(serde)]`); `None` when `with` is set.
    pub serialize_via: Option<Via>,
    /// Read through the serde bridge; `None` when `with` is set.
    pub deserialize_via: Option<Via>,
    /// `bound` on the field: predicates added to the impls, and no inferred
    /// bound for this field.
    pub bound: Bounds,
    /// `flatten`: the field's members are the enclosing object's.
    pub flatten: Option<Span>,
}

/// How a field goes through the serde bridge.
#[derive(Clone)]
pub enum Via {
    /// The field type's own `Serialize` / `Deserialize` (`#[json(serde)]`).
    Serde,
    /// A serde function: `serialize_with = "f"`, or `m::serialize` for
    /// `with = "m"` (and the `deserialize` counterparts).
    Function(ExprPath),
}

impl Field {
    /// Reads a field's attributes. `index` numbers tuple fields.
    pub fn from_ast(cx: &Ctxt, index: usize, field: &syn::Field, options: &Options) -> Self {
        let mut ser_name = Attr::none(cx, RENAME);
        let mut de_name = Attr::none(cx, RENAME);
        let mut aliases = Aliases::default();
        let mut skip_serializing = BoolAttr::none(cx, SKIP_SERIALIZING);
        let mut skip_deserializing = BoolAttr::none(cx, SKIP_DESERIALIZING);
        let mut skip_serializing_if = Attr::none(cx, SKIP_SERIALIZING_IF);
        let mut omit_empty = BoolAttr::none(cx, OMIT_EMPTY);
        let mut default = Attr::none(cx, DEFAULT);
        let mut with = Attr::none(cx, WITH);
        let mut serde_field = BoolAttr::none(cx, SERDE_FIELD);
        let mut serialize_with: Attr<ExprPath> = Attr::none(cx, SERIALIZE_WITH);
        let mut deserialize_with: Attr<ExprPath> = Attr::none(cx, DESERIALIZE_WITH);
        let mut ser_bound = Attr::none(cx, BOUND);
        let mut de_bound = Attr::none(cx, BOUND);
        // serde settings that are errors unless `#[json]` overrides them.
        let mut flatten = BoolAttr::none(cx, FLATTEN);

        for attr in &field.attrs {
            let Some(source) = Source::of(attr) else {
                continue;
            };
            let result = attr.parse_nested_meta(|meta| {
                let path = &meta.path;
                if path == RENAME {
                    let (ser, de) = get_renames(cx, RENAME, &meta)?;
                    if let Some(ser) = ser {
                        ser_name.set(source, path, ser.value());
                    }
                    if let Some(de) = de {
                        de_name.set(source, path, de.value());
                    }
                } else if path == ALIAS {
                    aliases.push(source, get_lit_str(cx, ALIAS, &meta)?.value());
                } else if path == SKIP {
                    skip_serializing.set(source, path, span_of(path));
                    skip_deserializing.set(source, path, span_of(path));
                } else if path == SKIP_SERIALIZING {
                    skip_serializing.set(source, path, span_of(path));
                } else if path == SKIP_DESERIALIZING {
                    skip_deserializing.set(source, path, span_of(path));
                } else if path == SKIP_SERIALIZING_IF {
                    let expr = parse_lit_into_expr_path(cx, SKIP_SERIALIZING_IF, &meta)?;
                    skip_serializing_if.set(source, path, expr);
                } else if path == DEFAULT {
                    if meta.input.peek(Token![=]) {
                        let expr = parse_lit_into_expr_path(cx, DEFAULT, &meta)?;
                        default.set(source, path, Default::Path(expr));
                    } else {
                        default.set(source, path, Default::Trait);
                    }
                } else if path == WITH && source == Source::Json {
                    let module = parse_lit_into_path(cx, WITH, &meta)?;
                    with.set(source, path, module);
                } else if path == WITH {
                    // serde's module: `m::serialize` and `m::deserialize`,
                    // through the bridge. The path may carry generics
                    // (`serde_with::As::<serde_with::DisplayFromStr>`).
                    let module = parse_lit_into_expr_path(cx, WITH, &meta)?;
                    let mut ser = module.clone();
                    ser.path
                        .segments
                        .push(syn::Ident::new("serialize", Span::call_site()).into());
                    let mut de = module;
                    de.path
                        .segments
                        .push(syn::Ident::new("deserialize", Span::call_site()).into());
                    serialize_with.set(source, path, ser);
                    deserialize_with.set(source, path, de);
                } else if path == FLATTEN {
                    flatten.set(source, path, span_of(path));
                } else if path == BOUND {
                    set_bounds(cx, source, &meta, &mut ser_bound, &mut de_bound)?;
                } else if source == Source::Json && path == SERDE_FIELD {
                    serde_field.set(source, path, span_of(path));
                } else if source == Source::Json && path == OMIT_EMPTY {
                    omit_empty.set(source, path, span_of(path));
                } else if source == Source::Json && path == BASE64 {
                    with.set(source, path, syn::parse_quote!(::jetjson::base64));
                } else if source == Source::Serde {
                    if path == BORROW {
                        // jetjson borrows whatever a field's type can borrow.
                        skip_meta(&meta)?;
                    } else if path == SERIALIZE_WITH {
                        let f = parse_lit_into_expr_path(cx, SERIALIZE_WITH, &meta)?;
                        serialize_with.set(source, path, f);
                    } else if path == DESERIALIZE_WITH {
                        let f = parse_lit_into_expr_path(cx, DESERIALIZE_WITH, &meta)?;
                        deserialize_with.set(source, path, f);
                    } else if path == GETTER {
                        cx.error_spanned_by(path, "jetjson does not support `#[serde(getter)]`");
                        skip_meta(&meta)?;
                    } else {
                        skip_meta(&meta)?;
                    }
                } else {
                    unknown_key(cx, &meta, "field")?;
                }
                Ok(())
            });
            if let Err(err) = result {
                cx.syn_error(err);
            }
        }

        // `#[json(with)]` wins over every serde function; `#[json(serde)]`
        // (the type's own serde impls) over serde's `with` functions.
        let with = with.get();
        let serde_field = serde_field.get().is_some();
        let via = |function: Option<ExprPath>| {
            if with.is_some() {
                None
            } else if serde_field {
                Some(Via::Serde)
            } else {
                function.map(Via::Function)
            }
        };
        let serialize_via = via(serialize_with.get());
        let deserialize_via = via(deserialize_with.get());

        let original = match &field.ident {
            Some(ident) => unraw(ident),
            None => index.to_string(),
        };
        let omit_empty = omit_empty.get().or_else(|| {
            // The CLI's `-omit_empty` applies to named fields only.
            let named = field.ident.is_some();
            (options.default_omit_empty && named).then(Span::call_site)
        });
        let mut default = default.get().unwrap_or(Default::None);
        if omit_empty.is_some() && default.is_none() {
            // Go's omitempty: a field left out when empty reads back as empty.
            default = Default::Trait;
        }
        Field {
            name: Name::new(original, ser_name.get(), de_name.get(), aliases.get()),
            skip_serializing: skip_serializing.get().is_some(),
            skip_deserializing: skip_deserializing.get().is_some(),
            skip_serializing_if: skip_serializing_if.get(),
            omit_empty,
            default,
            with,
            serialize_via,
            deserialize_via,
            bound: bounds(ser_bound, de_bound),
            flatten: flatten.get(),
        }
    }

    /// Whether the field is written by something other than its type's
    /// `ToJson` (a jetjson `with` module or the serde bridge).
    pub fn custom_ser(&self) -> bool {
        self.with.is_some() || self.serialize_via.is_some()
    }

    /// Whether the field is read by something other than its type's
    /// `FromJson`.
    pub fn custom_de(&self) -> bool {
        self.with.is_some() || self.deserialize_via.is_some()
    }

    /// Applies `rename_all` where `rename` did not name the field.
    pub fn rename_by_rules(&mut self, rules: RenameAll) {
        if !self.name.serialize_renamed {
            if let Some(rule) = rules.serialize {
                self.name.serialize = rule.apply_to_field(&self.name.serialize);
            }
        }
        if !self.name.deserialize_renamed {
            if let Some(rule) = rules.deserialize {
                self.name.deserialize = rule.apply_to_field(&self.name.deserialize);
            }
        }
    }
}

/// `alias` is repeatable; `#[json]` aliases replace serde's when both give some.
#[derive(Default)]
struct Aliases {
    json: Vec<String>,
    serde: Vec<String>,
}

impl Aliases {
    fn push(&mut self, source: Source, alias: String) {
        match source {
            Source::Json => self.json.push(alias),
            Source::Serde => self.serde.push(alias),
        }
    }

    fn get(self) -> Vec<String> {
        if self.json.is_empty() {
            self.serde
        } else {
            self.json
        }
    }
}

// MARK: - Value parsing

fn span_of(path: &syn::Path) -> Span {
    path.segments
        .first()
        .map_or_else(Span::call_site, |s| s.ident.span())
}

fn path_name(path: &syn::Path) -> String {
    path.to_token_stream().to_string().replace(' ', "")
}

fn unraw(ident: &syn::Ident) -> String {
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(rest) => rest.to_owned(),
        None => name,
    }
}

fn unknown_key(cx: &Ctxt, meta: &ParseNestedMeta, place: &str) -> syn::Result<()> {
    let name = path_name(&meta.path);
    cx.error_spanned_by(
        &meta.path,
        format!("unknown jetjson {place} attribute `{name}`"),
    );
    skip_meta(meta)
}

/// Consumes `= value` or `(..)` after a key that is ignored.
fn skip_meta(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        meta.input.parse::<Token![=]>()?;
        meta.input.parse::<syn::Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.input.parse::<proc_macro2::Group>()?;
    }
    Ok(())
}

fn get_lit_str(cx: &Ctxt, name: Symbol, meta: &ParseNestedMeta) -> syn::Result<LitStr> {
    let expr: syn::Expr = meta.value()?.parse()?;
    let mut value = &expr;
    while let syn::Expr::Group(group) = value {
        value = &group.expr;
    }
    if let syn::Expr::Lit(syn::ExprLit {
        lit: syn::Lit::Str(lit),
        ..
    }) = value
    {
        if !lit.suffix().is_empty() {
            cx.error_spanned_by(
                lit,
                format!("unexpected suffix on string literal of `{name}`"),
            );
        }
        Ok(lit.clone())
    } else {
        Err(syn::Error::new_spanned(
            expr,
            format!("expected `{name}` to be a string: `{name} = \"...\"`"),
        ))
    }
}

/// `rename = "x"` (both directions) or `rename(serialize = "a", deserialize = "b")`.
fn get_renames(
    cx: &Ctxt,
    name: Symbol,
    meta: &ParseNestedMeta,
) -> syn::Result<(Option<LitStr>, Option<LitStr>)> {
    if meta.input.peek(Token![=]) {
        let lit = get_lit_str(cx, name, meta)?;
        return Ok((Some(lit.clone()), Some(lit)));
    }
    let mut ser = None;
    let mut de = None;
    meta.parse_nested_meta(|inner| {
        if inner.path == SERIALIZE {
            ser = Some(get_lit_str(cx, name, &inner)?);
        } else if inner.path == DESERIALIZE {
            de = Some(get_lit_str(cx, name, &inner)?);
        } else {
            return Err(inner.error(format!(
                "malformed {name} attribute, expected `{name}(serialize = ..., deserialize = ...)`"
            )));
        }
        Ok(())
    })?;
    Ok((ser, de))
}

fn parse_rule(cx: &Ctxt, lit: &LitStr) -> Option<RenameRule> {
    match RenameRule::from_name(&lit.value()) {
        Ok(rule) => Some(rule),
        Err(err) => {
            cx.error_spanned_by(lit, err);
            None
        }
    }
}

fn parse_lit_into_expr_path(
    cx: &Ctxt,
    name: Symbol,
    meta: &ParseNestedMeta,
) -> syn::Result<ExprPath> {
    let lit = get_lit_str(cx, name, meta)?;
    lit.parse_with(|input: ParseStream| input.parse::<ExprPath>())
        .map_err(|_| {
            syn::Error::new_spanned(&lit, format!("failed to parse path: {:?}", lit.value()))
        })
}

fn parse_lit_into_path(cx: &Ctxt, name: Symbol, meta: &ParseNestedMeta) -> syn::Result<syn::Path> {
    let lit = get_lit_str(cx, name, meta)?;
    lit.parse_with(|input: ParseStream| input.call(syn::Path::parse_mod_style))
        .map_err(|_| {
            syn::Error::new_spanned(&lit, format!("failed to parse path: {:?}", lit.value()))
        })
}
