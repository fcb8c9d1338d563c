#[json(rename_all = "camelCase")]
struct Student<'a> {
    id: i64,
    #[json(rename = "s_name", alias = "name")]
    name: &'a str,
    #[json(omit_empty)]
    tags: Vec<String>,
    #[json(default)]
    retry_count: u32,
    #[json(skip)]
    cache: Option<u64>,
}
