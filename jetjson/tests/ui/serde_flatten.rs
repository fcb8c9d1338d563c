#[derive(jetjson::Json)]
struct Inner {
    x: u8,
}

#[derive(jetjson::Json)]
struct Outer {
    a: u8,
    #[serde(flatten)]
    inner: Inner,
    #[serde(flatten)]
    number: u32,
}

#[derive(jetjson::Json)]
struct Pair(u8, #[serde(flatten)] Inner);

#[derive(jetjson::Msgpack)]
#[msgpack(as_array)]
struct Positional {
    a: u8,
    #[json(flatten)]
    inner: Inner,
}

fn main() {}
