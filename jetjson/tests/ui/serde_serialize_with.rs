fn as_hex<S>(_: &u32, _: S) -> Result<(), ()> {
    Ok(())
}

#[derive(jetjson::Json)]
struct S {
    #[serde(serialize_with = "as_hex")]
    color: u32,
}

fn main() {}
