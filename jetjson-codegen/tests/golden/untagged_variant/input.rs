// options: msgpack no_value
enum Token {
    Word(String),
    Stop,
    #[serde(untagged)]
    Number(i64),
    #[serde(untagged)]
    Other(Cow<'static, str>),
}

struct Patch {
    name: Maybe<String>,
    label: Cow<'static, str>,
    note: Option<Cow<'static, str>>,
    #[serde(skip_serializing_if = "Maybe::is_absent")]
    aliased: Nickname,
}
