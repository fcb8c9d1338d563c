//! `url::Url` (feature `url`): its serialization string (`Url::as_str`),
//! read with `Url::parse`, as url's serde impl does, in every format and as
//! a map key.

use url::Url;

text_type!(Url, "a URL string", "URL", |v| v.as_str(), |s| Url::parse(
    s
));
