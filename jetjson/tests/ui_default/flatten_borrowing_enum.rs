// A flattened enum is read after its object ends, from a copy of its
// members' text, so it cannot borrow from the input.
#[derive(jetjson::Json)]
enum Name<'a> {
    Short(&'a str),
    Long { first: &'a str, last: &'a str },
}

#[derive(jetjson::Json)]
struct Person<'a> {
    id: u32,
    #[serde(flatten, borrow)]
    name: Name<'a>,
}

fn main() {}
