// A field read by a serde function goes through the serde bridge, which
// needs jetjson's `serde` feature: without it the derive says so.
mod hex {
    pub fn serialize<S>(n: &u32, s: S) -> Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        s.serialize_str(&format!("{n:x}"))
    }
}

#[derive(jetjson::Json)]
struct Color {
    #[serde(serialize_with = "hex::serialize")]
    rgb: u32,
}

fn main() {}
