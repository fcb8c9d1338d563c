#[derive(jetjson::Json)]
#[serde(field_identifier)]
enum Field {
    A,
    B,
}

#[derive(jetjson::Json)]
#[serde(variant_identifier)]
enum Variant {
    C,
    D,
}

fn main() {}
