#[json(default)]
struct Page<'a, T: Clone, U> {
    items: Vec<T>,
    #[json(with = "::jetjson::base64")]
    raw: Vec<u8>,
    #[json(skip)]
    cursor: Option<U>,
    #[json(rename = "next\"page", default = "no_page")]
    next: Option<&'a str>,
}
