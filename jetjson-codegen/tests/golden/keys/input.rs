// Map keys: an enum of unit variants (renamed, with an alias and an `other`
// fallback), newtypes of a key and of a non-key type, a generic newtype, and
// a transparent struct with a skipped field. An enum with data gets none.

#[json(rename_all = "snake_case")]
enum Status {
    Open,
    #[json(alias = "shut")]
    Closed,
    #[json(rename = "wip")]
    InProgress,
    #[json(other)]
    Unknown,
}

struct UserId(u64);

struct Tags(Vec<String>);

struct Id<T>(T);

#[json(transparent)]
struct Name<T> {
    inner: String,
    #[json(skip)]
    marker: std::marker::PhantomData<T>,
}

enum Shape {
    Empty,
    Circle(f64),
}
