// Every problem is reported at once, each at its own span, and the stub impls
// keep the use in `main` from adding errors of its own.
#[derive(jetjson::Json)]
#[json(rename_al = "camelCase")]
struct S {
    #[json(renam = "x")]
    a: u8,
    #[json(omit_empty, omit_empty)]
    b: u8,
}

fn main() {
    let _ = jetjson::to_string(&S { a: 1, b: 2 });
}
