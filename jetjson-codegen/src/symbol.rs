//! Attribute names as constants, so that a typo is a compile error here
//! rather than a key that silently never matches (serde_derive `symbol.rs`).

use std::fmt::{self, Display};

use syn::{Ident, Path};

/// The name of an attribute or of a key inside one.
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Symbol(pub &'static str);

// Attribute paths.
pub const JSON: Symbol = Symbol("json");
pub const SERDE: Symbol = Symbol("serde");

// Keys shared by `#[json(..)]` and `#[serde(..)]`.
pub const ALIAS: Symbol = Symbol("alias");
pub const CONTENT: Symbol = Symbol("content");
pub const DEFAULT: Symbol = Symbol("default");
pub const DENY_UNKNOWN_FIELDS: Symbol = Symbol("deny_unknown_fields");
pub const DESERIALIZE: Symbol = Symbol("deserialize");
pub const OTHER: Symbol = Symbol("other");
pub const RENAME: Symbol = Symbol("rename");
pub const RENAME_ALL: Symbol = Symbol("rename_all");
pub const RENAME_ALL_FIELDS: Symbol = Symbol("rename_all_fields");
pub const SERIALIZE: Symbol = Symbol("serialize");
pub const SKIP: Symbol = Symbol("skip");
pub const SKIP_DESERIALIZING: Symbol = Symbol("skip_deserializing");
pub const SKIP_SERIALIZING: Symbol = Symbol("skip_serializing");
pub const SKIP_SERIALIZING_IF: Symbol = Symbol("skip_serializing_if");
pub const TAG: Symbol = Symbol("tag");
pub const TRANSPARENT: Symbol = Symbol("transparent");
pub const UNTAGGED: Symbol = Symbol("untagged");
pub const WITH: Symbol = Symbol("with");

pub const BOUND: Symbol = Symbol("bound");
pub const EXPECTING: Symbol = Symbol("expecting");
pub const FROM: Symbol = Symbol("from");
pub const INTO: Symbol = Symbol("into");
pub const TRY_FROM: Symbol = Symbol("try_from");

// Keys only `#[json(..)]` has.
pub const BASE64: Symbol = Symbol("base64");
pub const OMIT_EMPTY: Symbol = Symbol("omit_empty");
/// `#[json(serde)]`: the field's type goes through the serde bridge.
pub const SERDE_FIELD: Symbol = Symbol("serde");

// Keys only `#[serde(..)]` has, whose functions go through the bridge.
pub const DESERIALIZE_WITH: Symbol = Symbol("deserialize_with");
pub const SERIALIZE_WITH: Symbol = Symbol("serialize_with");

// serde keys that jetjson accepts and ignores: they change nothing for it.
pub const BORROW: Symbol = Symbol("borrow");
pub const CRATE: Symbol = Symbol("crate");

// serde keys that jetjson cannot honour.
pub const FIELD_IDENTIFIER: Symbol = Symbol("field_identifier");
pub const FLATTEN: Symbol = Symbol("flatten");
pub const GETTER: Symbol = Symbol("getter");
pub const REMOTE: Symbol = Symbol("remote");
pub const VARIANT_IDENTIFIER: Symbol = Symbol("variant_identifier");

impl PartialEq<Symbol> for Ident {
    fn eq(&self, word: &Symbol) -> bool {
        self == word.0
    }
}

impl PartialEq<Symbol> for &Ident {
    fn eq(&self, word: &Symbol) -> bool {
        *self == word.0
    }
}

impl PartialEq<Symbol> for Path {
    fn eq(&self, word: &Symbol) -> bool {
        self.is_ident(word.0)
    }
}

impl PartialEq<Symbol> for &Path {
    fn eq(&self, word: &Symbol) -> bool {
        self.is_ident(word.0)
    }
}

impl Display for Symbol {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str(self.0)
    }
}
