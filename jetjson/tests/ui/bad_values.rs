#[derive(jetjson::Json)]
#[json(rename_all = "Camel")]
struct S {
    #[json(rename = 3)]
    a: u8,
    #[json(skip_serializing_if = "not a path")]
    b: u8,
}

#[derive(jetjson::Json)]
struct T(#[json(omit_empty)] u8, u8);

#[derive(jetjson::Json)]
union U {
    a: u8,
}

fn main() {}
