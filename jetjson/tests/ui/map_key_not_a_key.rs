// A newtype of a type that is no map key derives fine, and is a key nowhere;
// neither is an enum with a variant that carries data.
use std::collections::BTreeMap;

#[derive(jetjson::Json, PartialEq, Eq, PartialOrd, Ord)]
struct Tags(Vec<String>);

#[derive(jetjson::Json, PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Empty,
    Circle(u32),
}

fn main() {
    let by_tags: BTreeMap<Tags, u8> = BTreeMap::new();
    let _ = jetjson::to_string(&by_tags);
    let _ = jetjson::from_str::<BTreeMap<Tags, u8>>("{}");
    let by_shape: BTreeMap<Shape, u8> = BTreeMap::new();
    let _ = jetjson::to_string(&by_shape);
}
