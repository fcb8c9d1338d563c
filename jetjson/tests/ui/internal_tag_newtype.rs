#[derive(jetjson::Json)]
struct Inner {
    x: u8,
}

// A newtype whose content is a struct or a map shares the object with the
// tag; one holding a number has no members to share, and a tuple variant no
// object to put the tag in.
#[derive(jetjson::Json)]
#[json(tag = "type")]
enum E {
    A(Inner),
    B(u8, u8),
}

#[derive(jetjson::Json)]
#[json(tag = "type")]
enum F {
    A(Inner),
    N(u8),
}

fn main() {}
