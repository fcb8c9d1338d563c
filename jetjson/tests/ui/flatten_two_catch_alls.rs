// Two flattened catch-all maps: the first would receive every remaining
// member and the second none.
use std::collections::{BTreeMap, HashMap};

#[derive(jetjson::Json)]
struct Two {
    a: u8,
    #[serde(flatten)]
    m1: BTreeMap<String, u8>,
    #[serde(flatten)]
    m2: BTreeMap<String, u8>,
}

#[derive(jetjson::Json)]
struct Wrapped {
    #[json(flatten)]
    rest: Option<HashMap<String, jetjson::Value>>,
    #[json(flatten)]
    more: Box<jetjson::Value>,
}

#[derive(jetjson::Json)]
enum InVariant {
    V {
        #[serde(flatten)]
        one: jetjson::Map<String, u8>,
        #[serde(flatten)]
        two: HashMap<String, u8>,
    },
}

fn main() {}
