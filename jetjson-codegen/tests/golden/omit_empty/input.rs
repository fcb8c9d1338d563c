// Conditional fields: a comma flag only from the first field that may be
// left out, and only until a field that is always written.
struct Profile {
    #[json(omit_empty)]
    nick: String,
    #[json(skip_serializing_if = "Option::is_none")]
    bio: Option<String>,
    id: u64,
    #[json(omit_empty)]
    tags: Vec<String>,
}
