#[derive(jetjson::Json)]
struct Inner {
    x: u8,
}

#[derive(jetjson::Json)]
#[json(tag = "type")]
enum E {
    A(Inner),
    B(u8, u8),
}

fn main() {}
