// options: msgpack
#[derive(Json)]
#[json(deny_unknown_fields)]
struct Page {
    id: u64,
    #[serde(flatten)]
    paging: Paging,
    #[serde(flatten)]
    extra: Option<Extra>,
    #[serde(flatten)]
    rest: std::collections::BTreeMap<String, u32>,
}

#[derive(Json)]
#[serde(tag = "type")]
enum Event {
    Created(Created),
    Moved { to: u32 },
}

// Flattened in turn into a struct under `deny_unknown_fields`, it finishes
// its flattened enum strictly (`flat_finish_strict` and its kin).
#[derive(Json)]
struct Wrapper {
    n: u8,
    #[serde(flatten)]
    event: Event,
}
