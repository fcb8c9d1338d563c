#[json(untagged)]
enum Id {
    Nothing,
    Num(u64),
    Named { id: u64, ns: String },
}
