#[derive(jetjson::Json)]
struct Inner {
    x: u8,
}

// A newtype whose content is a struct or a map shares the object with the
// tag; a tuple variant has no object to put the tag in.
#[derive(jetjson::Json)]
#[json(tag = "type")]
enum E {
    A(Inner),
    B(u8, u8),
}

fn main() {}
