// options: stubs
// Stub map keys, for the types `keys` gives real ones: an enum of unit
// variants, newtypes of a key, of a non-key type and of a borrowed string
// (no `FromValueKey`, as it has no `FromValue`), a generic newtype, and a
// transparent struct with a skipped field. An enum with data and an
// internally tagged enum get none.

#[json(rename_all = "snake_case")]
enum Status {
    Open,
    #[json(alias = "shut")]
    Closed,
    #[json(other)]
    Unknown,
}

struct UserId(u64);

struct Tags(Vec<String>);

struct Label<'a>(&'a str);

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

#[json(tag = "type")]
enum Tagged {
    A,
    B,
}
