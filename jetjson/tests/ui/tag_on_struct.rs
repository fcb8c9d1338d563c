#[derive(jetjson::Json)]
#[json(tag = "type")]
struct S {
    a: u8,
}

fn main() {}
