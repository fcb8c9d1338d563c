//! `ToMsgpack` / `FromMsgpack` for the standard library's types, one file
//! per family, as for JSON (`crate::impls`).

mod map;
mod prim;
mod seq;
mod string;
mod tuple;
mod wrapper;
