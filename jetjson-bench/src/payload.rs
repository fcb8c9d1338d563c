//! The payloads: where each is read from, and how it is generated when absent.

use crate::config::DataSource;
use crate::generate::{self, Size};
use crate::schema::{AgentService, Canada, CitmCatalog, Doc, Schema, TimingPlan, Twitter, ValMsg};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One payload of the comparison.
pub struct PayloadSpec {
    /// The name in tables and in `--filter`.
    pub name: &'static str,
    /// The file, relative to the data directory.
    pub file: &'static str,
    /// A small payload: its tables also give ns/op.
    pub small: bool,
    /// Generates JSON of the same shape.
    pub generate: fn(Size) -> Vec<u8>,
    /// Prepares its cells, with the payload's Rust type.
    pub prepare: crate::bench::PrepareFn,
    /// Checks that its Rust type keeps everything in `json` ([`crate::schema::lossless`]).
    pub lossless: fn(&[u8]) -> Result<(), String>,
}

fn json<T: Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).unwrap_or_default()
}

/// Every payload, in table order: the four seeds, then the three corpora.
pub fn payloads() -> Vec<PayloadSpec> {
    use crate::bench::prepare;
    use crate::schema::lossless;
    vec![
        PayloadSpec {
            name: "agent_service",
            file: "seeds/agent_service.json",
            small: true,
            generate: |_| json(&generate::agent_service()),
            prepare: prepare::<AgentService>,
            lossless: lossless::<AgentService>,
        },
        PayloadSpec {
            name: "doc",
            file: "seeds/doc.json",
            small: true,
            generate: |_| json(&generate::doc()),
            prepare: prepare::<Doc>,
            lossless: lossless::<Doc>,
        },
        PayloadSpec {
            name: "val_msg",
            file: "seeds/val_msg.json",
            small: true,
            generate: |_| json(&generate::val_msg()),
            prepare: prepare::<ValMsg>,
            lossless: lossless::<ValMsg>,
        },
        PayloadSpec {
            name: "signal_timing",
            file: "seeds/signal_timing.json",
            small: false,
            generate: |size| json(&generate::signal_timing(size)),
            prepare: prepare::<Vec<TimingPlan>>,
            lossless: lossless::<Vec<TimingPlan>>,
        },
        PayloadSpec {
            name: "canada",
            file: "corpus/canada.json",
            small: false,
            generate: |size| json(&generate::canada(size)),
            prepare: prepare::<Canada>,
            lossless: lossless::<Canada>,
        },
        PayloadSpec {
            name: "citm_catalog",
            file: "corpus/citm_catalog.json",
            small: false,
            generate: |size| json(&generate::citm_catalog(size)),
            prepare: prepare::<CitmCatalog>,
            lossless: lossless::<CitmCatalog>,
        },
        PayloadSpec {
            name: "twitter",
            file: "corpus/twitter.json",
            small: false,
            generate: |size| json(&generate::twitter(size)),
            prepare: prepare::<Twitter>,
            lossless: lossless::<Twitter>,
        },
    ]
}

/// Where a payload's bytes came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read from this file.
    File(PathBuf),
    /// Generated from the fixed seed at this size.
    Generated(Size),
}

/// A payload's bytes and their origin.
pub struct Loaded {
    /// The JSON text.
    pub json: Vec<u8>,
    /// Where it came from.
    pub origin: Origin,
}

/// The shared data directory: the one given, else the first of
/// `<workspace>/../shared/data` and `./../shared/data` that exists.
pub fn data_dir(source: &DataSource) -> Option<PathBuf> {
    match source {
        DataSource::Dir(dir) => Some(dir.clone()),
        DataSource::Generated(_) => None,
        DataSource::Auto => {
            let mut candidates = vec![crate::workspace_root().join("../shared/data")];
            if let Ok(cwd) = std::env::current_dir() {
                candidates.push(cwd.join("../shared/data"));
            }
            candidates.into_iter().find(|d| d.is_dir())
        }
    }
}

/// Reads `spec`'s file from `dir`, or generates it (full size when the file
/// is absent, `size` when generation was asked for).
pub fn load(spec: &PayloadSpec, dir: Option<&Path>, source: &DataSource) -> Loaded {
    if let DataSource::Generated(size) = source {
        return generated(spec, *size);
    }
    if let Some(dir) = dir {
        let path = dir.join(spec.file);
        if let Ok(json) = std::fs::read(&path) {
            let path = path.canonicalize().unwrap_or(path);
            return Loaded {
                json,
                origin: Origin::File(path),
            };
        }
    }
    generated(spec, Size::Full)
}

fn generated(spec: &PayloadSpec, size: Size) -> Loaded {
    Loaded {
        json: (spec.generate)(size),
        origin: Origin::Generated(size),
    }
}

/// The names of all payloads (the filter's payload axis).
pub fn names() -> Vec<&'static str> {
    payloads().iter().map(|p| p.name).collect()
}

/// Checks at compile time that every payload type is a [`Schema`].
#[allow(dead_code, reason = "compile-time assertion only")]
fn assert_schemas() {
    fn is<T: Schema>() {}
    is::<AgentService>();
    is::<Doc>();
    is::<ValMsg>();
    is::<Vec<TimingPlan>>();
    is::<Canada>();
    is::<CitmCatalog>();
    is::<Twitter>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_generated_payload_decodes_into_its_type() {
        for spec in payloads() {
            for size in [Size::Tiny, Size::Full] {
                let json = (spec.generate)(size);
                assert!(!json.is_empty(), "{}", spec.name);
                let kept = (spec.lossless)(&json);
                assert!(
                    kept.is_ok(),
                    "{} ({size:?}): {}",
                    spec.name,
                    kept.unwrap_err()
                );
            }
        }
    }

    #[test]
    fn shared_files_decode_into_their_types() {
        let Some(dir) = data_dir(&DataSource::Auto) else {
            eprintln!("skipped: ../shared/data not found");
            return;
        };
        for spec in payloads() {
            let loaded = load(&spec, Some(&dir), &DataSource::Auto);
            if let Origin::File(path) = &loaded.origin {
                let kept = (spec.lossless)(&loaded.json);
                assert!(kept.is_ok(), "{}: {}", path.display(), kept.unwrap_err());
            }
        }
    }
}
