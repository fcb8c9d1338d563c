// Flatten errors the derive reports itself. (A flattened type that cannot
// be flattened, such as `u32`, is a trait error whose text lists the
// implementing types, which change with cargo features: not pinned here.)
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
