//! `rename_all` conventions. Field names are taken to be snake_case and
//! variant names PascalCase, as Rust writes them (serde_derive `case.rs`).

use std::fmt;

/// A naming convention for `rename_all`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RenameRule {
    /// `lowercase`: everything lower case, words run together.
    LowerCase,
    /// `UPPERCASE`: everything upper case, words run together.
    UpperCase,
    /// `PascalCase`: every word capitalized.
    PascalCase,
    /// `camelCase` (or `lowerCamelCase`): every word but the first capitalized.
    CamelCase,
    /// `snake_case`: lower case, words joined by `_`.
    SnakeCase,
    /// `SCREAMING_SNAKE_CASE`: upper case, words joined by `_`.
    ScreamingSnakeCase,
    /// `kebab-case`: lower case, words joined by `-`.
    KebabCase,
    /// `SCREAMING-KEBAB-CASE`: upper case, words joined by `-`.
    ScreamingKebabCase,
}

/// Every spelling `rename_all` accepts, with its rule.
static RULES: &[(&str, RenameRule)] = &[
    ("lowercase", RenameRule::LowerCase),
    ("UPPERCASE", RenameRule::UpperCase),
    ("PascalCase", RenameRule::PascalCase),
    ("camelCase", RenameRule::CamelCase),
    ("lowerCamelCase", RenameRule::CamelCase),
    ("snake_case", RenameRule::SnakeCase),
    ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnakeCase),
    ("kebab-case", RenameRule::KebabCase),
    ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebabCase),
];

impl RenameRule {
    /// The rule a `rename_all` string names, if any.
    pub fn from_name(name: &str) -> Result<Self, ParseError<'_>> {
        RULES
            .iter()
            .find(|(spelling, _)| *spelling == name)
            .map(|&(_, rule)| rule)
            .ok_or(ParseError { unknown: name })
    }

    /// Applies the rule to a variant name written in PascalCase.
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            RenameRule::PascalCase => variant.to_owned(),
            RenameRule::LowerCase => variant.to_ascii_lowercase(),
            RenameRule::UpperCase => variant.to_ascii_uppercase(),
            RenameRule::CamelCase => {
                let mut chars = variant.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            }
            RenameRule::SnakeCase => {
                let mut snake = String::new();
                for (i, ch) in variant.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        snake.push('_');
                    }
                    snake.push(ch.to_ascii_lowercase());
                }
                snake
            }
            RenameRule::ScreamingSnakeCase => RenameRule::SnakeCase
                .apply_to_variant(variant)
                .to_ascii_uppercase(),
            RenameRule::KebabCase => RenameRule::SnakeCase
                .apply_to_variant(variant)
                .replace('_', "-"),
            RenameRule::ScreamingKebabCase => RenameRule::ScreamingSnakeCase
                .apply_to_variant(variant)
                .replace('_', "-"),
        }
    }

    /// Applies the rule to a field name written in snake_case.
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            RenameRule::LowerCase | RenameRule::SnakeCase => field.to_owned(),
            RenameRule::UpperCase | RenameRule::ScreamingSnakeCase => field.to_ascii_uppercase(),
            RenameRule::PascalCase => {
                let mut pascal = String::new();
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        pascal.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        pascal.push(ch);
                    }
                }
                pascal
            }
            RenameRule::CamelCase => {
                let pascal = RenameRule::PascalCase.apply_to_field(field);
                let mut chars = pascal.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            }
            RenameRule::KebabCase => field.replace('_', "-"),
            RenameRule::ScreamingKebabCase => field.to_ascii_uppercase().replace('_', "-"),
        }
    }
}

/// A `rename_all` value that names no rule.
pub struct ParseError<'a> {
    unknown: &'a str,
}

impl fmt::Display for ParseError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "unknown rename rule `{}`, expected one of ",
            self.unknown
        )?;
        for (i, (name, _)) in RULES.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{name:?}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::RenameRule::{self, *};

    #[test]
    fn renames_fields_and_variants() {
        #[rustfmt::skip]
        let cases: &[(&str, &str, RenameRule, &str, &str)] = &[
            // field          variant         rule                  field out          variant out
            ("outcome",       "Outcome",      CamelCase,            "outcome",         "outcome"),
            ("very_tasty",    "VeryTasty",    CamelCase,            "veryTasty",       "veryTasty"),
            ("very_tasty",    "VeryTasty",    PascalCase,           "VeryTasty",       "VeryTasty"),
            ("very_tasty",    "VeryTasty",    SnakeCase,            "very_tasty",      "very_tasty"),
            ("very_tasty",    "VeryTasty",    ScreamingSnakeCase,   "VERY_TASTY",      "VERY_TASTY"),
            ("very_tasty",    "VeryTasty",    KebabCase,            "very-tasty",      "very-tasty"),
            ("very_tasty",    "VeryTasty",    ScreamingKebabCase,   "VERY-TASTY",      "VERY-TASTY"),
            ("very_tasty",    "VeryTasty",    LowerCase,            "very_tasty",      "verytasty"),
            ("very_tasty",    "VeryTasty",    UpperCase,            "VERY_TASTY",      "VERYTASTY"),
            ("a",             "A",            CamelCase,            "a",               "a"),
            ("z42",           "Z42",          SnakeCase,            "z42",             "z42"),
        ];
        for &(field, variant, rule, field_out, variant_out) in cases {
            assert_eq!(rule.apply_to_field(field), field_out, "{rule:?} {field}");
            assert_eq!(
                rule.apply_to_variant(variant),
                variant_out,
                "{rule:?} {variant}"
            );
        }
    }

    #[test]
    fn parses_every_spelling() {
        assert_eq!(
            RenameRule::from_name("lowerCamelCase").ok(),
            Some(CamelCase)
        );
        assert_eq!(RenameRule::from_name("camelCase").ok(), Some(CamelCase));
        let err = RenameRule::from_name("Camel").err().map(|e| e.to_string());
        assert!(err.is_some_and(|e| e.starts_with("unknown rename rule `Camel`")));
    }
}
