// options: msgpack no_json no_value
struct Student<'a> {
    id: i64,
    #[json(rename = "s_name")]
    name: &'a str,
    #[json(omit_empty)]
    tags: Vec<String>,
    #[json(default)]
    retries: u32,
    #[json(skip)]
    cache: Option<u64>,
}

#[msgpack(as_array)]
struct Point {
    x: f64,
    y: f64,
}

#[json(tag = "type")]
enum Event {
    Ping,
    Moved { to: Point },
}

enum Shape {
    Empty,
    Circle(f64),
    Line(Point, Point),
}
