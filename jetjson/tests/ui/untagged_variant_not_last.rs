#[derive(jetjson::Json)]
enum Token {
    #[serde(untagged)]
    Number(i64),
    Word(String),
}

fn main() {}
