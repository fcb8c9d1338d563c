//! The data types of a build-cost crate: a seeded list of ordinary structs
//! and enums, each field an integer, float, bool, string, option, vector or
//! an earlier type, and their source text in each flavour.

use crate::generate::Rng;
use std::fmt::Write as _;

// MARK: - Public: the model

/// One field's type. `Named(i)` is the `i`th type of the list (always an
/// earlier one, so the types form no cycle).
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    /// `u8`
    U8,
    /// `u16`
    U16,
    /// `u32`
    U32,
    /// `u64`
    U64,
    /// `i32`
    I32,
    /// `i64`
    I64,
    /// `f32`
    F32,
    /// `f64`
    F64,
    /// `bool`
    Bool,
    /// `String`
    Str,
    /// `Option<T>`
    Opt(Box<Ty>),
    /// `Vec<T>`
    Vec(Box<Ty>),
    /// An earlier type of the list, by index.
    Named(usize),
}

/// A named field with the attributes it carries.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// The Rust name (snake_case).
    pub name: String,
    /// Its type.
    pub ty: Ty,
    /// `default`: the value when the key is missing.
    pub default: bool,
    /// `skip_serializing_if = ".."`, the predicate's path.
    pub skip_if: Option<&'static str>,
    /// `rename = ".."`.
    pub rename: Option<String>,
}

/// An enum variant.
#[derive(Clone, Debug, PartialEq)]
pub enum Variant {
    /// `Name`
    Unit(String),
    /// `Name(T)`
    Newtype(String, Ty),
    /// `Name { fields }`
    Struct(String, Vec<Field>),
}

/// What a type is.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A struct with named fields.
    Struct(Vec<Field>),
    /// An externally tagged enum.
    Enum(Vec<Variant>),
}

/// One data type of the crate.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeDef {
    /// The Rust name (PascalCase, unique in the crate).
    pub name: String,
    /// `rename_all = ".."` on the container.
    pub rename_all: Option<&'static str>,
    /// Its fields or variants.
    pub shape: Shape,
}

/// How a crate's types get their JSON code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flavour {
    /// `#[derive(Serialize, Deserialize)]`, `serde_json::{from_str, to_string}`.
    Serde,
    /// `#[derive(jetjson::Json)]`, `jetjson::{from_str, to_string}`.
    Jetjson,
    /// What `#[derive(jetjson::Json)]` generates, written out as source: the
    /// same impls without running the proc macro (the difference to
    /// [`Jetjson`](Self::Jetjson) is the derive's own cost).
    Expanded,
    /// `#[derive(jetjson::Json, jetjson::ToValue, jetjson::FromValue)]`:
    /// what the conversions to and from `Value` cost when a crate asks.
    Value,
}

impl Flavour {
    /// Every flavour, in table order.
    pub const ALL: [Flavour; 4] = [
        Flavour::Serde,
        Flavour::Jetjson,
        Flavour::Expanded,
        Flavour::Value,
    ];

    /// The short name used in flags and crate names.
    pub fn name(self) -> &'static str {
        match self {
            Flavour::Serde => "serde",
            Flavour::Jetjson => "jetjson",
            Flavour::Expanded => "expanded",
            Flavour::Value => "value",
        }
    }

    /// The flavour named `name` (as [`name`](Self::name) gives it).
    pub fn parse(name: &str) -> Option<Flavour> {
        Flavour::ALL.into_iter().find(|f| f.name() == name)
    }
}

// MARK: - Public: generation

/// `n` types from `seed`: the same seed and count give the same types. A
/// fifth are enums; structs have 5 to 14 fields.
pub fn generate(n: usize, seed: u64) -> Vec<TypeDef> {
    let mut rng = Rng::new(seed);
    let mut types = Vec::with_capacity(n);
    for index in 0..n {
        let name = format!("{}{}{index}", rng.pick(TYPE_WORDS), rng.pick(TYPE_WORDS));
        let is_enum = index % 5 == 4;
        let def = if is_enum {
            let rename_all = rng
                .chance(0.4)
                .then(|| *rng.pick(&["snake_case", "kebab-case", "SCREAMING_SNAKE_CASE"]));
            TypeDef {
                name,
                rename_all,
                shape: Shape::Enum(variants(&mut rng, index)),
            }
        } else {
            let rename_all = rng
                .chance(0.3)
                .then(|| *rng.pick(&["camelCase", "kebab-case", "PascalCase"]));
            let count = rng.range(5, 14) as usize;
            TypeDef {
                name,
                rename_all,
                shape: Shape::Struct(fields(&mut rng, index, count, true)),
            }
        };
        types.push(def);
    }
    types
}

/// The crate's `src/lib.rs` in `flavour`. Types, then `pub fn run(input)`,
/// which decodes every type from `input` and encodes what it decoded, so
/// each type's decoder and encoder are compiled into the library.
/// [`Flavour::Expanded`] calls the generator;
/// a type it rejects is an `Err` with its message.
pub fn lib_rs(types: &[TypeDef], flavour: Flavour, seed: u64) -> Result<String, String> {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! @generated by `jetjson-bench build-cost`: {} types, seed {seed}, flavour `{}`.\n",
        types.len(),
        flavour.name()
    );
    out.push_str("#![allow(dead_code, clippy::all)]\n\n");
    for def in types {
        match flavour {
            Flavour::Serde | Flavour::Jetjson | Flavour::Value => {
                out.push_str(&type_source(types, def, flavour));
            }
            Flavour::Expanded => {
                out.push_str(&type_source(types, def, flavour));
                let tokens = expand(types, def, false)?;
                out.push_str(&tokens.to_string());
                out.push_str("\n\n");
            }
        }
    }
    out.push_str(
        "/// Decodes every type from `input` and encodes each that decoded;\n\
         /// the total length written.\npub fn run(input: &str) -> usize {\n    let mut n = 0;\n",
    );
    for def in types {
        let name = &def.name;
        let line = match flavour {
            Flavour::Serde => format!(
                "    if let Ok(v) = serde_json::from_str::<{name}>(input) {{\n        \
                 n += serde_json::to_string(&v).map_or(0, |s| s.len());\n    }}\n"
            ),
            _ => format!(
                "    if let Ok(v) = jetjson::from_str::<{name}>(input) {{\n        \
                 n += jetjson::to_string(&v).len();\n    }}\n"
            ),
        };
        out.push_str(&line);
    }
    out.push_str("    n\n}\n");
    Ok(out)
}

/// The source of `def` alone, as `#[derive(jetjson::Json)]` sees it.
pub fn derive_input(types: &[TypeDef], def: &TypeDef) -> String {
    type_source(types, def, Flavour::Jetjson)
}

/// What the jetjson derives generate for `def`: `ToJson` and `FromJson`
/// (`#[derive(Json)]`), and `ToValue` and `FromValue` too when `value`.
pub fn expand(
    types: &[TypeDef],
    def: &TypeDef,
    value: bool,
) -> Result<proc_macro2::TokenStream, String> {
    let input: syn::DeriveInput =
        syn::parse_str(&derive_input(types, def)).map_err(|e| format!("{}: {e}", def.name))?;
    let options = jetjson_codegen::Options {
        value,
        ..jetjson_codegen::Options::default()
    };
    jetjson_codegen::expand(&input, &options).map_err(|e| format!("{}: {e}", def.name))
}

/// The number of tokens in `tokens`: every identifier, punctuation mark and
/// literal, and one per delimited group.
pub fn count_tokens(tokens: &proc_macro2::TokenStream) -> usize {
    tokens
        .clone()
        .into_iter()
        .map(|tree| match tree {
            proc_macro2::TokenTree::Group(g) => 1 + count_tokens(&g.stream()),
            _ => 1,
        })
        .sum()
}

// MARK: - Private: random parts

const TYPE_WORDS: &[&str] = &[
    "Order", "Item", "User", "Account", "Event", "Line", "Price", "Ship", "Track", "Note", "Tag",
    "Place", "Route", "Stock", "Rate", "Plan", "Task", "Step", "Unit", "Zone",
];

const FIELD_WORDS: &[&str] = &[
    "id", "name", "count", "total", "price", "kind", "label", "owner", "created", "updated",
    "score", "weight", "width", "height", "code", "region", "status", "title", "value", "limit",
    "offset", "level", "flags", "tags", "parent", "child", "source", "target", "start", "end",
];

const VARIANT_WORDS: &[&str] = &[
    "Active", "Pending", "Closed", "Open", "Draft", "Failed", "Done", "Queued", "Paused",
    "Retired", "Shipped", "Lost",
];

fn fields(rng: &mut Rng, index: usize, count: usize, attrs: bool) -> Vec<Field> {
    let mut out: Vec<Field> = Vec::with_capacity(count);
    while out.len() < count {
        let mut name = format!("{}_{}", rng.pick(FIELD_WORDS), rng.pick(FIELD_WORDS));
        if out.iter().any(|f| f.name == name) {
            name = format!("{name}_{}", out.len());
        }
        let ty = field_ty(rng, index, 0);
        let (mut default, mut skip_if, mut rename) = (false, None, None);
        if attrs {
            match &ty {
                Ty::Opt(_) if rng.chance(0.5) => skip_if = Some("Option::is_none"),
                Ty::Vec(_) if rng.chance(0.4) => {
                    skip_if = Some("Vec::is_empty");
                    default = true;
                }
                _ => {}
            }
            if !matches!(ty, Ty::Named(_)) && rng.chance(0.15) {
                default = true;
            }
            if rng.chance(0.08) {
                rename = Some(format!("{}{}", rng.pick(FIELD_WORDS), out.len()));
            }
        }
        out.push(Field {
            name,
            ty,
            default,
            skip_if,
            rename,
        });
    }
    out
}

fn field_ty(rng: &mut Rng, index: usize, depth: usize) -> Ty {
    let roll = rng.range(0, 99);
    match roll {
        _ if roll < 14 && index > 0 => Ty::Named(rng.range(0, index as u64 - 1) as usize),
        _ if roll < 26 && depth == 0 => Ty::Opt(Box::new(field_ty(rng, index, 1))),
        _ if roll < 36 && depth == 0 => Ty::Vec(Box::new(field_ty(rng, index, 1))),
        _ if roll < 56 => Ty::Str,
        _ => rng
            .pick(&[
                Ty::U8,
                Ty::U16,
                Ty::U32,
                Ty::U64,
                Ty::I32,
                Ty::I64,
                Ty::F32,
                Ty::F64,
                Ty::Bool,
                Ty::U32,
                Ty::I64,
                Ty::F64,
            ])
            .clone(),
    }
}

fn variants(rng: &mut Rng, index: usize) -> Vec<Variant> {
    let count = rng.range(3, 6) as usize;
    let unit_only = rng.chance(0.4);
    let mut out: Vec<Variant> = Vec::with_capacity(count);
    for k in 0..count {
        let name = format!("{}{k}", rng.pick(VARIANT_WORDS));
        let variant = match rng.range(0, 2) {
            _ if unit_only => Variant::Unit(name),
            0 => Variant::Unit(name),
            1 => Variant::Newtype(name, field_ty(rng, index, 0)),
            _ => {
                let count = rng.range(1, 3) as usize;
                Variant::Struct(name, fields(rng, index, count, false))
            }
        };
        out.push(variant);
    }
    out
}

// MARK: - Private: source text

fn ty_source(types: &[TypeDef], ty: &Ty) -> String {
    match ty {
        Ty::U8 => "u8".into(),
        Ty::U16 => "u16".into(),
        Ty::U32 => "u32".into(),
        Ty::U64 => "u64".into(),
        Ty::I32 => "i32".into(),
        Ty::I64 => "i64".into(),
        Ty::F32 => "f32".into(),
        Ty::F64 => "f64".into(),
        Ty::Bool => "bool".into(),
        Ty::Str => "String".into(),
        Ty::Opt(inner) => format!("Option<{}>", ty_source(types, inner)),
        Ty::Vec(inner) => format!("Vec<{}>", ty_source(types, inner)),
        Ty::Named(i) => types[*i].name.clone(),
    }
}

/// The type's definition. Serde and Jetjson carry a derive and attributes
/// (`serde` / `json`); the pre-expanded flavours carry neither (their impls
/// follow as tokens).
fn type_source(types: &[TypeDef], def: &TypeDef, flavour: Flavour) -> String {
    let attr = match flavour {
        Flavour::Serde => Some("serde"),
        Flavour::Jetjson | Flavour::Value => Some("json"),
        Flavour::Expanded => None,
    };
    let mut out = String::new();
    match flavour {
        Flavour::Serde => out.push_str("#[derive(serde::Serialize, serde::Deserialize)]\n"),
        Flavour::Jetjson => out.push_str("#[derive(jetjson::Json)]\n"),
        Flavour::Value => {
            out.push_str("#[derive(jetjson::Json, jetjson::ToValue, jetjson::FromValue)]\n");
        }
        Flavour::Expanded => {}
    }
    if let (Some(attr), Some(rule)) = (attr, def.rename_all) {
        let _ = writeln!(out, "#[{attr}(rename_all = \"{rule}\")]");
    }
    let name = &def.name;
    match &def.shape {
        Shape::Struct(fields) => {
            let _ = writeln!(out, "pub struct {name} {{");
            push_fields(&mut out, types, fields, attr, "    ", "pub ");
            out.push_str("}\n\n");
        }
        Shape::Enum(variants) => {
            let _ = writeln!(out, "pub enum {name} {{");
            for variant in variants {
                match variant {
                    Variant::Unit(v) => {
                        let _ = writeln!(out, "    {v},");
                    }
                    Variant::Newtype(v, ty) => {
                        let _ = writeln!(out, "    {v}({}),", ty_source(types, ty));
                    }
                    Variant::Struct(v, fields) => {
                        let _ = writeln!(out, "    {v} {{");
                        push_fields(&mut out, types, fields, attr, "        ", "");
                        out.push_str("    },\n");
                    }
                }
            }
            out.push_str("}\n\n");
        }
    }
    out
}

fn push_fields(
    out: &mut String,
    types: &[TypeDef],
    fields: &[Field],
    attr: Option<&str>,
    indent: &str,
    vis: &str,
) {
    for field in fields {
        if let Some(attr) = attr {
            let mut parts = Vec::new();
            if let Some(rename) = &field.rename {
                parts.push(format!("rename = \"{rename}\""));
            }
            if field.default {
                parts.push("default".to_string());
            }
            if let Some(path) = field.skip_if {
                parts.push(format!("skip_serializing_if = \"{path}\""));
            }
            if !parts.is_empty() {
                let _ = writeln!(out, "{indent}#[{attr}({})]", parts.join(", "));
            }
        }
        let _ = writeln!(
            out,
            "{indent}{vis}{}: {},",
            field.name,
            ty_source(types, &field.ty)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_types_and_a_fifth_enums() {
        let a = generate(50, 7);
        assert_eq!(a, generate(50, 7));
        assert_ne!(a, generate(50, 8));
        let enums = a
            .iter()
            .filter(|t| matches!(t.shape, Shape::Enum(_)))
            .count();
        assert_eq!(enums, 10);
        for t in &a {
            if let Shape::Struct(fields) = &t.shape {
                assert!((5..=14).contains(&fields.len()), "{}", t.name);
            }
        }
    }

    #[test]
    fn named_fields_only_point_back() {
        fn check(ty: &Ty, index: usize) {
            match ty {
                Ty::Named(i) => assert!(*i < index),
                Ty::Opt(inner) | Ty::Vec(inner) => check(inner, index),
                _ => {}
            }
        }
        for (index, t) in generate(200, 1).iter().enumerate() {
            match &t.shape {
                Shape::Struct(fields) => fields.iter().for_each(|f| check(&f.ty, index)),
                Shape::Enum(variants) => {
                    for v in variants {
                        match v {
                            Variant::Unit(_) => {}
                            Variant::Newtype(_, ty) => check(ty, index),
                            Variant::Struct(_, fields) => {
                                fields.iter().for_each(|f| check(&f.ty, index))
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_flavour_parses_as_rust_and_expands() {
        let types = generate(20, 3);
        for flavour in Flavour::ALL {
            let src = lib_rs(&types, flavour, 3).unwrap();
            syn::parse_file(&src).unwrap_or_else(|e| panic!("{}: {e}", flavour.name()));
        }
        let full: usize = types
            .iter()
            .map(|t| count_tokens(&expand(&types, t, true).unwrap()))
            .sum();
        let json_only: usize = types
            .iter()
            .map(|t| count_tokens(&expand(&types, t, false).unwrap()))
            .sum();
        assert!(json_only < full, "{json_only} < {full}");
    }
}
