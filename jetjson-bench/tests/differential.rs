//! The typed differential test: the corpora decoded by jetjson and by
//! serde_json (with `float_roundtrip`) into the same Rust types must be
//! equal, and both encoders must write the same text. The same values
//! encoded as MessagePack by `#[derive(Msgpack)]` and by rmp-serde
//! (`to_vec_named`, structs as maps) must be the same bytes, and each must
//! read the other's.

use jetjson_bench::schema::{AgentService, Canada, CitmCatalog, Doc, TimingPlan, Twitter, ValMsg};
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::path::PathBuf;

fn shared(file: &str) -> Option<Vec<u8>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data")
        .join(file);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(_) => {
            println!("skipped: ../shared/data not found ({})", path.display());
            None
        }
    }
}

fn same_both_ways<T>(file: &str)
where
    T: serde::Serialize + DeserializeOwned + jetjson::ToJson + jetjson::FromJsonOwned,
    T: jetjson::msgpack::ToMsgpack + jetjson::msgpack::FromMsgpackOwned,
    T: PartialEq + Debug,
{
    let Some(input) = shared(file) else {
        return;
    };
    let ours: T = jetjson::from_slice(&input).unwrap_or_else(|e| panic!("{file}: {e}"));
    let theirs: T = serde_json::from_slice(&input).unwrap();
    assert!(ours == theirs, "{file}: decoded values differ");

    let ours_text = jetjson::to_vec(&ours);
    // Byte for byte, floats included (both write `1e+300`).
    let theirs_text = serde_json::to_vec(&theirs).unwrap();
    assert!(ours_text == theirs_text, "{file}: encoded text differs");
    // And each reads the other's output back to the same value.
    let back: T = serde_json::from_slice(&ours_text).unwrap();
    assert!(
        back == theirs,
        "{file}: serde_json reads jetjson's output differently"
    );

    let ours_packed = jetjson::msgpack::to_vec(&ours);
    let theirs_packed = rmp_serde::to_vec_named(&theirs).unwrap();
    if let Some(at) = ours_packed
        .iter()
        .zip(&theirs_packed)
        .position(|(a, b)| a != b)
    {
        panic!(
            "{file}: MessagePack differs at byte {at}: jetjson {:02x?}, rmp-serde {:02x?}",
            &ours_packed[at..(at + 16).min(ours_packed.len())],
            &theirs_packed[at..(at + 16).min(theirs_packed.len())]
        );
    }
    assert_eq!(ours_packed.len(), theirs_packed.len(), "{file}");
    let back: T = rmp_serde::from_slice(&ours_packed).unwrap();
    assert!(
        back == theirs,
        "{file}: rmp-serde reads jetjson's MessagePack differently"
    );
    let back: T = jetjson::msgpack::from_slice(&theirs_packed).unwrap();
    assert!(
        back == ours,
        "{file}: jetjson reads rmp-serde's MessagePack differently"
    );
}

#[test]
fn canada() {
    same_both_ways::<Canada>("corpus/canada.json");
}

#[test]
fn citm_catalog() {
    same_both_ways::<CitmCatalog>("corpus/citm_catalog.json");
}

#[test]
fn twitter() {
    same_both_ways::<Twitter>("corpus/twitter.json");
}

#[test]
fn seeds() {
    same_both_ways::<AgentService>("seeds/agent_service.json");
    same_both_ways::<Doc>("seeds/doc.json");
    same_both_ways::<ValMsg>("seeds/val_msg.json");
    same_both_ways::<Vec<TimingPlan>>("seeds/signal_timing.json");
}
