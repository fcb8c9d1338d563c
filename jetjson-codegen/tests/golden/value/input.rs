// `ToValue`/`FromValue` for an owned struct: a `with` module (through text,
// for that field only), `base64` (direct), an alias (the one case where a
// field can be met twice in a map), `deny_unknown_fields` and a container
// default.
#[json(deny_unknown_fields, default)]
struct Record<'a> {
    #[json(with = "hex")]
    color: u32,
    #[json(base64)]
    data: Vec<u8>,
    #[json(alias = "label")]
    name: std::borrow::Cow<'a, str>,
    #[json(skip_serializing_if = "Option::is_none")]
    parent: Option<Box<Record<'a>>>,
}
