// options: msgpack
struct Bridged {
    #[serde(with = "chrono::serde::ts_seconds")]
    at: DateTime<Utc>,
    #[serde(with = "serde_with::As::<serde_with::DisplayFromStr>")]
    n: u64,
    #[serde(serialize_with = "to_hex")]
    color: u32,
    #[serde(deserialize_with = "from_hex", default)]
    tint: u32,
    #[json(serde)]
    raw: Foreign,
    #[json(with = "hex")]
    #[serde(with = "hex_serde")]
    both: u32,
}
