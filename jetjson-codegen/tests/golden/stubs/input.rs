// options: stubs
struct Student<'a, T> {
    name: &'a str,
    extra: T,
}
