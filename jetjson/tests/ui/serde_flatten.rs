#[derive(jetjson::Json)]
struct Inner {
    x: u8,
}

#[derive(jetjson::Json)]
struct Outer {
    a: u8,
    #[serde(flatten)]
    inner: Inner,
}

fn main() {}
