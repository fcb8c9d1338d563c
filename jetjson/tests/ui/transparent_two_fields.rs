#[derive(jetjson::Json)]
#[json(transparent)]
struct S {
    a: u8,
    b: u8,
}

fn main() {}
