//! `#[derive(Json)]`, `#[derive(ToJson)]` and `#[derive(FromJson)]` for jetjson.
//! Wiring only: the model and the emitted code live in `jetjson-codegen`.

use jetjson_codegen::Options;
use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// Implements `ToJson` and `FromJson`, and beside them `ToValue` and
/// `FromValue` (`T` ↔ `jetjson::Value` without JSON text, from the same
/// attributes).
///
/// Structs with named fields are JSON objects, tuple structs arrays, newtype
/// structs their inner value, unit structs `null`. Enums follow serde's four
/// representations. Settings go in `#[json(..)]`; `#[serde(..)]` is read with
/// the same meanings, and where both give a setting, `#[json]` wins.
///
/// | where | setting | meaning |
/// | --- | --- | --- |
/// | container | `rename_all = ".."` | `camelCase` (or `lowerCamelCase`), `snake_case`, `kebab-case`, `SCREAMING_SNAKE_CASE`, `SCREAMING-KEBAB-CASE`, `PascalCase`, `lowercase`, `UPPERCASE` |
/// | container | `rename_all_fields = ".."` | the rule for the fields of every struct variant |
/// | container | `deny_unknown_fields` | an unknown key is an error listing the expected ones |
/// | container | `default`, `default = "path"` | missing fields come from `Default::default()` (or `path()`) of the struct |
/// | container | `transparent` | the one field that is not skipped, as the whole value |
/// | container | `tag = "t"` | enums: internally tagged, `{"t":"Variant",..fields}` (unit and struct variants) |
/// | container | `tag = "t", content = "c"` | enums: adjacently tagged, `{"t":"Variant","c":..}` |
/// | container | `untagged` | enums: the content alone; reading tries each variant in order |
/// | field, variant | `rename = ".."`, `alias = ".."` | the JSON name; further names accepted when reading |
/// | field, variant | `skip`, `skip_serializing`, `skip_deserializing` | left out of writing and/or reading (a skipped variant writes `null`) |
/// | field | `skip_serializing_if = "path"` | not written when `path(&field)` is true |
/// | field | `omit_empty` | Go's `omitempty`: not written when `ToJson::is_json_empty`; read back as `Default::default()` when missing |
/// | field | `default`, `default = "path"` | value when the key is missing |
/// | field | `with = "module"` | `module::write_json(&T, &mut Writer)` and `module::read_json(&mut Reader) -> Result<T, Error>` |
/// | field | `base64` | bytes as a base64 string: `with = "::jetjson::base64"` |
/// | variant | `rename_all = ".."`, `other` | the rule for this variant's fields; the unit variant that unknown names read as |
///
/// `#[serde(with = "m")]` makes jetjson call `m::write_json` and `m::read_json`,
/// so one module can serve both libraries. serde settings jetjson cannot honour
/// (`flatten`, `serialize_with`/`deserialize_with` without `#[json(with)]`,
/// `remote`, `from`/`into`, ...) are compile errors; `borrow`, `bound`,
/// `crate` and `expecting` are accepted and change nothing. An `Option` field
/// may be missing (it reads as `None`); any other missing field is an error
/// unless a default is given.
///
/// `ToValue` gives the `Value` that reading the type's JSON text would give;
/// `FromValue` accepts what decoding that text accepts, with the same errors
/// and paths. A `with` module knows only JSON text, so its field goes
/// through text (that field only); `base64` converts directly. A type that
/// reads a field holding a reference (`&'a str`, `Option<&'a str>`) gets no
/// `FromValue`, since a `Value` cannot lend its strings (use `String` or
/// `Cow<'a, str>`); a field type naming one of the type's lifetimes
/// (`Inner<'a>`) bounds the impl on that type's own `FromValue`. Field types
/// written by hand need `ToValue`/`FromValue` impls too.
#[proc_macro_derive(Json, attributes(json, serde))]
pub fn derive_json(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(&input, &Options::default())
}

/// Implements `ToJson` (and `ToValue`) only.
#[proc_macro_derive(ToJson, attributes(json, serde))]
pub fn derive_to_json(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(
        &input,
        &Options {
            from_json: false,
            ..Options::default()
        },
    )
}

/// Implements `FromJson` (and `FromValue`) only.
#[proc_macro_derive(FromJson, attributes(json, serde))]
pub fn derive_from_json(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(
        &input,
        &Options {
            to_json: false,
            ..Options::default()
        },
    )
}

/// Implements `jetjson::msgpack::ToMsgpack` and `FromMsgpack` from the
/// same attributes as [`Json`](macro@Json): names, renames, defaults,
/// skips, `omit_empty`, `with` (calling `module::write_msgpack` and
/// `module::read_msgpack`) and the four enum representations mean what they
/// mean for JSON.
///
/// A struct with named fields is a map keyed by field name; with
/// `#[msgpack(as_array)]` on the type it is an array of the values in
/// declaration order (smaller and faster, but both sides must agree on the
/// field order; `skip_serializing_if` and `omit_empty` do not apply, as
/// every position must be filled). Reading accepts either form whatever
/// the attribute says. Tuple structs are arrays, newtypes their inner value,
/// unit structs nil. Enums: a unit variant is its name, another variant a
/// one-member map `{name: content}`; `tag`, `tag` + `content` and
/// `untagged` as for JSON.
///
/// A type may derive both: `#[derive(Json, Msgpack)]`.
#[proc_macro_derive(Msgpack, attributes(json, serde, msgpack))]
pub fn derive_msgpack(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(
        &input,
        &Options {
            json: false,
            msgpack: true,
            ..Options::default()
        },
    )
}

/// The generated impls, or the errors plus stub impls so that one bad
/// attribute gives one error rather than one at every use of the type.
fn expand(input: &DeriveInput, options: &Options) -> TokenStream {
    match jetjson_codegen::expand(input, options) {
        Ok(tokens) => tokens.into(),
        Err(err) => {
            let mut tokens = err.into_compile_error();
            tokens.extend(jetjson_codegen::stub(input, options));
            tokens.into()
        }
    }
}

/// Generates nothing: it only lets `#[json(...)]` (and `#[serde(...)]`)
/// attributes stand on a type
/// whose impls come from `jetjson gen` (checked-in generated source) rather
/// than from this derive. Without a derive that declares them, the compiler
/// rejects the attributes.
///
/// (Not run here: this crate cannot depend on `jetjson`, which re-exports
/// the derive; `jetjson`'s own tests use it.)
///
/// ```ignore
/// // jetjson:json
/// #[derive(jetjson::JsonAttrs)]
/// struct User {
///     #[json(rename = "ID")]
///     id: u64,
/// }
/// # let _ = User { id: 1 }.id;
/// ```
#[proc_macro_derive(JsonAttrs, attributes(json, serde))]
pub fn derive_json_attrs(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}
