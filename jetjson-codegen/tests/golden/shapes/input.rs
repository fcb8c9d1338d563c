#[json(rename_all = "snake_case")]
enum Shape {
    Empty,
    Circle(f64),
    Point(i32, i32),
    Rect { w: u32, h: u32 },
    #[json(other)]
    Unknown,
}
