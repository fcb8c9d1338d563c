// One bad attribute on a key type gives one error: the stub impls the derive
// emits beside it include the map-key ones, so the type's uses as a key add
// no errors of their own.
use std::collections::BTreeMap;

#[derive(jetjson::Json, jetjson::ToValue, jetjson::FromValue, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    #[json(other)]
    Low,
    #[json(other)]
    High,
}

fn main() {
    let by_level: BTreeMap<Level, u8> = BTreeMap::new();
    let _ = jetjson::to_string(&by_level);
    let _ = jetjson::from_str::<BTreeMap<Level, u8>>("{}");
    let _ = jetjson::to_value(&by_level);
    let _ = jetjson::from_value::<BTreeMap<Level, u8>>(jetjson::Value::Null);
}
