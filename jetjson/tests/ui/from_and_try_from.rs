#[derive(jetjson::Json)]
#[serde(from = "u32", try_from = "u64")]
struct Id(u64);

fn main() {}
