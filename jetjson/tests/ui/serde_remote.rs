mod other {
    pub struct Duration {
        pub secs: u64,
    }
}

#[derive(jetjson::Json)]
#[serde(remote = "other::Duration")]
struct DurationDef {
    secs: u64,
}

fn main() {}
