//! `ToJson` / `FromJson` for the standard library's types, one file per family.

mod map;
mod option;
mod prim;
mod seq;
mod string;
mod tuple;
mod wrapper;
