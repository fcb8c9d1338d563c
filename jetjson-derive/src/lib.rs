//! `#[derive(Json)]`, `#[derive(ToJson)]` and `#[derive(FromJson)]` for jetjson.
//! Wiring only: the model and the emitted code live in `jetjson-codegen`.

use proc_macro::TokenStream;
