//! `#[derive(Json)]`, `#[derive(ToJson)]`, `#[derive(FromJson)]`,
//! `#[derive(ToValue)]`, `#[derive(FromValue)]` and `#[derive(Msgpack)]`
//! for jetjson. Wiring only: the model and the emitted code live in
//! `jetjson-codegen`.

use jetjson_codegen::Options;
use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// Implements `ToJson` and `FromJson`. For `T` ↔ `jetjson::Value` without
/// JSON text (`jetjson::to_value`, `from_value`), derive
/// [`ToValue`](macro@ToValue) and [`FromValue`](macro@FromValue) beside it;
/// they read the same attributes. They are separate so that a crate pays
/// compile time only for the conversions it uses (type-checking them was 40%
/// of the front end's time on the derived code).
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
/// | container | `bound = ".."`, `bound(serialize = "..", deserialize = "..")` | `#[json(bound)]`: where predicates that replace the inferred bounds (as serde's); `#[serde(bound)]`: kept beside them |
/// | container | `from = "T"`, `try_from = "T"` | read a `T`, then `From`/`TryFrom` it (the conversion's error, by its `Display`, at the value) |
/// | container | `into = "T"` | write `T::from(self.clone())` (needs `Clone`, as serde) |
/// | container | `expecting = ".."` | what the type's errors say was expected (`expected a point at ..`), and the untagged "no variant matched" message |
/// | field, variant | `rename = ".."`, `alias = ".."` | the JSON name; further names accepted when reading |
/// | field, variant | `skip`, `skip_serializing`, `skip_deserializing` | left out of writing and/or reading (a skipped variant writes `null`) |
/// | field | `skip_serializing_if = "path"` | not written when `path(&field)` is true |
/// | field | `omit_empty` | Go's `omitempty`: not written when `ToJson::is_json_empty`; read back as `Default::default()` when missing |
/// | field | `default`, `default = "path"` | value when the key is missing |
/// | field | `#[json(with = "module")]` | `module::write_json(&T, &mut Writer)` and `module::read_json(&mut Reader) -> Result<T, Error>` (and `write_msgpack`/`read_msgpack` for MessagePack) |
/// | field | `#[serde(with = "m")]`, `serialize_with = "f"`, `deserialize_with = "f"` | serde's functions, called through the serde bridge (feature `serde`) |
/// | field | `#[json(serde)]` | the field's type is written and read by its serde impls, through the bridge |
/// | field | `bound = ".."` | predicates added to the impls; this field infers no bound |
/// | field | `base64` | bytes as a base64 string: `with = "::jetjson::base64"` |
/// | variant | `rename_all = ".."`, `other` | the rule for this variant's fields; the unit variant that unknown names read as |
/// | variant | `untagged` | written as its content alone; read (in order) after the tagged forms fail. Such variants come last, as in serde |
/// | variant | `bound = ".."` | predicates added to the impls; the variant's fields infer none |
///
/// **serde functions.** `#[serde(with = "m")]` means serde's module:
/// jetjson calls `m::serialize(&field, serializer)` and
/// `m::deserialize(deserializer)` through the serde bridge, for JSON,
/// `Value` and MessagePack alike; the path may carry generics
/// (`serde_with::As::<serde_with::DisplayFromStr>`). `serialize_with` and
/// `deserialize_with` bridge only the side given; the other side uses the
/// type's own jetjson impl. `#[json(serde)]` sends the field's type itself
/// through its `Serialize`/`Deserialize`. All of these need jetjson's
/// `serde` feature (without it the derive fails, saying so). A jetjson
/// module (`write_json`/`read_json`) is named with `#[json(with = "m")]`,
/// which wins over every serde spelling on the same field. A field read by
/// a serde function that is missing is a "missing field" error unless it
/// has a `default` (serde's rule, `Option` included); a missing
/// `#[json(serde)]` field asks its type's `Deserialize`, as serde's derive
/// does, so an `Option` is `None`. Bridged fields infer no bound on the
/// type's parameters (give one with `bound` if the type is generic).
///
/// **Bounds** are inferred as serde infers them: a type parameter used by a
/// written (read) field needs the trait, except in fields that are skipped,
/// `with` or bridged fields, and `PhantomData`; a field read as
/// `Default::default()` (a field `default`, or `skip_deserializing` outside a
/// container `default`) whose type names a parameter bounds that type by
/// `Default` (`Option<T>: Default`, where serde would ask `T: Default`). A
/// container `#[json(bound)]` replaces all of that for its direction, on
/// every format's impl; `'de` may be named in deserialize bounds. A
/// `#[serde(bound)]` names serde's traits, which jetjson's impls cannot use
/// in their place: its predicates are kept (a bridged field needs them) and
/// the inferred bounds are added beside them.
///
/// **Map keys.** As serde_json accepts them, two kinds of derived types are
/// also `ToJsonKey`/`FromJsonKey` and `ToValueKey`/`FromValueKey`, so they
/// can key a `HashMap`/`BTreeMap`: an enum whose variants are all unit
/// variants, externally tagged (the key is the variant's name, with
/// `rename`, `rename_all`, `alias` and `other` as for the value), and a
/// newtype or `transparent` struct (the key is its field's key: `UserId(17)`
/// is `"17"`; a generic one is a key when its parameter is). A newtype of a
/// type that is no key (`Tags(Vec<String>)`) derives as before and is simply
/// no key either. Enums with data, other tagging, `untagged` variants, a
/// variant that is skipped when writing, `from`/`try_from`/`into` and a
/// newtype field with `with` or the serde bridge give no key impls (serde_json
/// refuses such keys at run time). MessagePack keys are values, so map keys
/// need nothing more there.
///
/// **Borrowing.** `Cow<'static, str>` (and `Option<Cow<'static, str>>`)
/// fields are read by owning the text, as the input does not live for
/// `'static`; `Cow<'a, str>` borrows when it can.
///
/// **`jetjson::Maybe<T>`** fields (absent, null or a value) are left out of
/// the object when absent. The rule is syntactic: a named field whose type
/// is written with last path segment `Maybe` and one type argument
/// (`Maybe<T>`, `jetjson::Maybe<T>`). Behind a type alias, write
/// `#[json(skip_serializing_if = "Maybe::is_absent")]`.
///
/// **Untagged errors.** When no variant of an untagged enum matches, the
/// error names the variant that got furthest into the input (for `Value`,
/// deepest into the value) and quotes its error with its position and path:
/// ``data did not match any variant of untagged enum Shape; the closest was
/// `Circle`: expected f64, found string at line 1 column 12 (at .radius)``.
///
/// **Flatten.** `#[serde(flatten)]` / `#[json(flatten)]` on a named field
/// puts its members among the enclosing object's: a derived struct, an
/// `Option` of one (`None` when none of its keys appear), a catch-all map
/// (`HashMap`/`BTreeMap`/`IndexMap`/`jetjson::Map`/`serde_json::Map` with
/// string keys, or `jetjson::Value`/`serde_json::Value`, which receives what
/// no other field takes, in input order), or an enum of any representation
/// (an externally tagged one takes the first member naming a variant, as
/// serde does; an untagged one reads every member no other field takes).
/// Members go first to the fields that take their own keys, at any depth
/// (inside flattened structs too), then what none took to every catch-all
/// (an untagged enum included), at any depth: a catch-all inside a
/// flattened struct leaves a later sibling its keys, and two catch-alls
/// each receive every such member, as serde's do. Members are routed
/// as they are read, not buffered, so `deny_unknown_fields` beside flatten
/// rejects a key no field takes (beside a flattened internally tagged or
/// untagged enum, once the object ends, a key its chosen variant does not
/// use; through a flattened struct's own flattened enum, not checked), and
/// `u128` and borrowed strings work inside; a flattened enum copies its members' text until the object ends. The
/// content of a newtype variant of an internally tagged enum is read the
/// same way, beside the tag.
///
/// serde settings jetjson cannot honour are compile errors saying what to
/// write instead: `flatten` on an unnamed field or with `#[msgpack(as_array)]`,
/// `remote` (write the impls by hand, or use
/// `jetjson::via_serde!`), `variant_identifier`, `field_identifier`,
/// `getter`, and `with` functions on a variant. `borrow` is accepted (jetjson
/// borrows what a field's type can borrow) and `crate` is ignored (it names
/// serde's crate). An `Option` field may be missing (it reads as `None`); any
/// other missing field is an error unless a default is given.
///
/// With `#[derive(ToValue, FromValue)]` beside it: `ToValue` gives the
/// `Value` that reading the type's JSON text would give; `FromValue` accepts
/// what decoding that text accepts, with the same errors and paths. A `with`
/// module knows only JSON text, so its field goes through text (that field
/// only); `base64` converts directly. A type that reads a field holding a
/// reference (`&'a str`, `Option<&'a str>`) cannot derive `FromValue`, since
/// a `Value` cannot lend its strings (use `String` or `Cow<'a, str>`); a
/// field type naming one of the type's lifetimes (`Inner<'a>`) bounds the
/// impl on that type's own `FromValue`. Field types written by hand need
/// `ToValue`/`FromValue` impls too.
#[proc_macro_derive(Json, attributes(json, serde))]
pub fn derive_json(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(&input, &Options::DERIVE)
}

/// Implements `ToJson` only.
#[proc_macro_derive(ToJson, attributes(json, serde))]
pub fn derive_to_json(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(
        &input,
        &Options {
            from_json: false,
            ..Options::DERIVE
        },
    )
}

/// Implements `FromJson` only.
#[proc_macro_derive(FromJson, attributes(json, serde))]
pub fn derive_from_json(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(
        &input,
        &Options {
            to_json: false,
            ..Options::DERIVE
        },
    )
}

/// The `Value` impls alone: [`ToValue`](macro@ToValue) and
/// [`FromValue`](macro@FromValue) each take one side of it.
const VALUE: Options = Options {
    json: false,
    value: true,
    ..Options::DERIVE
};

/// Implements `jetjson::ToValue`: `jetjson::to_value(&t)` builds the
/// `Value` that reading `t`'s JSON text would give, without the text. It
/// reads the same attributes as [`Json`](macro@Json) and goes beside it:
/// `#[derive(Json, ToValue, FromValue)]`. Field types need `ToValue` too
/// (every type jetjson implements `ToJson` for has it; derived ones derive
/// it).
#[proc_macro_derive(ToValue, attributes(json, serde))]
pub fn derive_to_value(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(
        &input,
        &Options {
            from_json: false,
            ..VALUE
        },
    )
}

/// Implements `jetjson::FromValue`: `jetjson::from_value::<T>(v)` accepts
/// what decoding `v`'s JSON text accepts, with the same errors and paths,
/// moving strings out of `v`. It reads the same attributes as
/// [`Json`](macro@Json) and needs the type's `FromJson` from it (a struct's
/// conversion shares that impl's field code): `#[derive(Json, ToValue,
/// FromValue)]`. A type that reads a field holding a reference (`&'a str`)
/// cannot have it, since a `Value` cannot lend its strings: deriving it is a
/// compile error that says so.
#[proc_macro_derive(FromValue, attributes(json, serde))]
pub fn derive_from_value(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(
        &input,
        &Options {
            to_json: false,
            ..VALUE
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
            ..Options::DERIVE
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
