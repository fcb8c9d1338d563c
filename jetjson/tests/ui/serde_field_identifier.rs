#[derive(jetjson::Json)]
#[serde(field_identifier)]
enum Field {
    A,
    B,
}

fn main() {}
