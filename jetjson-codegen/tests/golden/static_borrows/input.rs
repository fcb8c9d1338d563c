// options: no_value
#[derive(Json)]
struct Labels {
    names: Vec<Cow<'static, str>>,
    maybe: Option<Vec<Cow<'static, str>>>,
}
