//! Native impls for the ecosystem's types, one file per crate, each behind
//! the cargo feature of that crate's name. Each writes exactly the text that
//! the type's own serde impl writes through serde_json (and the MessagePack
//! that rmp-serde writes), and reads what it reads.

#[cfg(feature = "bytes")]
mod bytes;
#[cfg(feature = "camino")]
mod camino;
#[cfg(feature = "chrono")]
mod chrono;
#[cfg(feature = "indexmap")]
mod indexmap;
#[cfg(feature = "rust_decimal")]
mod rust_decimal;
#[cfg(feature = "semver")]
mod semver;
#[cfg(feature = "serde_json")]
mod serde_json;
#[cfg(feature = "smallvec")]
mod smallvec;
#[cfg(feature = "time")]
mod time;
#[cfg(feature = "url")]
mod url;
#[cfg(feature = "uuid")]
mod uuid;
