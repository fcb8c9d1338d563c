//! `ToJson` / `FromJson` for the standard library's types, one file per family.
//! The families added after the first ones (addresses, time, ranges,
//! wrappers, paths, unsized pointers, atomics, `Result`, `CString` and
//! `OsString`) carry their `Value` and MessagePack impls in the same file,
//! as the ecosystem crates under `ext/` do.

#[macro_use]
pub(crate) mod text;

mod atomic;
mod cell;
mod ext;
pub(crate) mod ffi;
pub(crate) mod map;
mod net;
mod num_wrap;
mod ops;
mod option;
mod path;
mod pointer;
mod prim;
mod result;
mod seq;
pub(crate) mod shape;
mod string;
mod time;
mod tuple;
mod wrapper;
