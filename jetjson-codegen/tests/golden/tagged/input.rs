#[json(tag = "type", deny_unknown_fields)]
enum Event<'a> {
    Ping,
    Message { from: &'a str, text: String },
}

#[json(tag = "t", content = "c")]
enum Msg {
    Quit,
    Say(String),
}
