#[derive(jetjson::Json)]
#[json(untagged, tag = "t")]
enum E {
    A { x: u8 },
}

fn main() {}
