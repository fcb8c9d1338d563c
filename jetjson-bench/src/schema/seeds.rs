//! The four seed payloads, shaped as the source articles' structs.
//!
//! Go `int` is 64 bits on the articles' machines, so it maps to `i64`; Go
//! `[]byte` is base64 text in JSON, as jetjson's `#[json(base64)]` writes it
//! (its own field attribute, which also converts straight from a `Value`);
//! serde needs a module for it ([`super::base64_bytes`]). A Go pointer that
//! may be nil maps to `Option`.

use jetjson::{FromValue, Json, Msgpack, ToValue};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One service-registry entry (article 001). Keys are the Go field names.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct AgentService {
    pub service_name: String,
    pub version: String,
    pub service_id: String,
    pub address: String,
    pub port: i64,
    pub metadata: BTreeMap<String, String>,
    pub connect_timeout: i64,
    pub connect_type: String,
    pub read_timeout: i64,
    pub write_timeout: i64,
    pub protocol: String,
    pub balance: String,
    pub idcs: String,
    pub converter: String,
    pub retry: i64,
}

/// One job-posting document (article 002); three strings are Chinese.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct Doc {
    pub doc_id: u32,
    pub position: String,
    pub company: String,
    pub city: String,
    pub school_level: i32,
    pub vip: bool,
    pub chat: bool,
    pub active: i32,
    pub work_age: i32,
}

/// The Go serialization suite's test message (article 003).
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct ValMsg {
    pub int: i64,
    #[serde(rename = "Str")]
    pub text: String,
    #[serde(rename = "Bool")]
    pub flag: bool,
    #[serde(rename = "Struct")]
    pub hold: Option<HoldValMsg>,
    #[serde(with = "super::base64_bytes")]
    #[json(base64)]
    pub byte_slice: Vec<u8>,
    pub bool_slice: Vec<bool>,
    pub int_slice: Vec<i64>,
    pub string_slice: Vec<String>,
    pub struct_slice: Vec<HoldValMsg>,
    pub int_neg: i64,
}

/// The message nested in [`ValMsg`].
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct HoldValMsg {
    pub int: i64,
    #[serde(rename = "Str")]
    pub text: String,
    #[serde(rename = "Bool")]
    pub flag: bool,
    #[serde(with = "super::base64_bytes")]
    #[json(base64)]
    pub byte_slice: Vec<u8>,
    pub bool_slice: Vec<bool>,
    pub int_slice: Vec<i64>,
    pub string_slice: Vec<String>,
}

/// One traffic-signal timing plan (article 004); the payload is `Vec<TimingPlan>`.
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct TimingPlan {
    pub map_key: u32,
    pub id: u32,
    pub desc: String,
    pub cycle: u32,
    pub offset: i32,
    #[serde(rename = "coordPhase")]
    pub coord_phase: u32,
    pub timing: Vec<PhaseTiming>,
    pub turn: Vec<Vec<u32>>,
}

/// One phase of a [`TimingPlan`].
#[derive(Serialize, Deserialize, Json, ToValue, FromValue, Msgpack, Debug, Clone, PartialEq)]
pub struct PhaseTiming {
    pub phase: u32,
    pub time: u32,
    pub status: u32,
    pub barrier: u32,
}
