//! Realistic models: a GitHub webhook, a Kubernetes manifest, an OpenAPI 3
//! document and a JSON:API response, each type deriving serde's
//! `Serialize`/`Deserialize` beside `jetjson::Json` (and `Msgpack`) with the
//! attributes such schemas use in real crates. Every sample document must
//! decode to the value serde_json decodes, encode to serde_json's bytes
//! (compact and pretty), agree through `Value`, MessagePack (against
//! rmp-serde) and the serde bridge; broken documents are rejected by both,
//! with jetjson errors that carry line, column and path.
//!
//! The models and documents are written for this test in the shape of the
//! public API documentation; no real payload is copied.
//!
//! Constructs that do not yet compile or agree stay in `#[ignore]`d tests
//! named `gap_*`, each minimised to a few lines.

#![cfg(all(
    feature = "serde",
    feature = "serde_json",
    feature = "chrono",
    feature = "url",
    feature = "uuid",
    feature = "indexmap"
))]

#[path = "realistic/harness.rs"]
mod harness;

#[path = "realistic/constructs.rs"]
mod constructs;
#[path = "realistic/gaps.rs"]
mod gaps;
#[path = "realistic/github.rs"]
mod github;
#[path = "realistic/jsonapi.rs"]
mod jsonapi;
#[path = "realistic/kubernetes.rs"]
mod kubernetes;
#[path = "realistic/openapi.rs"]
mod openapi;
