// `#[derive(Json)]` alone gives no `Value` conversions: the error says which
// derive to add. `FromValue` on a type that borrows is refused by name.

#[derive(jetjson::Json)]
struct Plain {
    a: u32,
}

#[derive(jetjson::Json, jetjson::FromValue)]
struct Borrows<'a> {
    name: &'a str,
}

fn main() {
    let _ = jetjson::to_value(&Plain { a: 1 });
    let _ = jetjson::from_value::<Plain>(jetjson::Value::Null);
}
