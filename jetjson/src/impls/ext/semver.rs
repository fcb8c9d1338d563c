//! `semver::Version`, `semver::VersionReq` and `semver::Comparator`
//! (feature `semver`): their `Display` text, read with `FromStr`, as
//! semver's serde impls do, in every format and as map keys.

use semver::{Comparator, Version, VersionReq};

text_type!(
    Version,
    "a version string",
    "version",
    |v| v.to_string(),
    |s| s.parse::<Version>()
);
text_type!(
    VersionReq,
    "a version requirement string",
    "version requirement",
    |v| v.to_string(),
    |s| s.parse::<VersionReq>()
);
text_type!(
    Comparator,
    "a version comparator string",
    "version comparator",
    |v| v.to_string(),
    |s| s.parse::<Comparator>()
);
