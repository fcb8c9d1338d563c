//! Which items of a source file to generate for: the `// jetjson:json` marks
//! (easyjson's `//easyjson:json`), found in the text by line because the
//! parser drops comments, and matched to the items by their spans.
//!
//! A mark belongs to the top-level struct, enum or union whose header it sits
//! in or directly above:
//!
//! ```text
//! // jetjson:json            <- directly above the item, or
//! /// A user.                   (doc comments and attributes belong to the item)
//! // jetjson:json            <- among its doc comments and attributes
//! #[derive(Debug)]
//! pub struct User { .. }
//! ```
//!
//! Plain `//` comment lines may come between a mark and its item; a blank
//! line may not. A mark that belongs to no item is an error, so a typo or a
//! mark on a type inside a `mod { .. }` block is never ignored silently.

use proc_macro2::Span;
use syn::spanned::Spanned;

/// A problem found in a source file, at a place in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic at the start of `span`.
    pub fn at(span: Span, message: impl Into<String>) -> Diagnostic {
        let start = span.start();
        Diagnostic {
            line: start.line,
            column: start.column + 1,
            message: message.into(),
        }
    }
}

/// A `// jetjson:json` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    /// 1-based line.
    pub line: usize,
    /// 1-based column of the `//`.
    pub column: usize,
}

/// The mark's text after `//` (spaces around it are allowed).
pub const MARK: &str = "jetjson:json";

/// Every line of `text` that is a mark comment.
pub fn find_marks(text: &str) -> Vec<Mark> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let trimmed = line.trim_start();
            let comment = plain_comment(trimmed)?;
            (comment.trim() == MARK).then(|| Mark {
                line: i + 1,
                column: line[..line.len() - trimmed.len()].chars().count() + 1,
            })
        })
        .collect()
}

/// The text of a `//` comment that is not a doc comment (`///`, `//!`).
fn plain_comment(trimmed: &str) -> Option<&str> {
    let rest = trimmed.strip_prefix("//")?;
    if (rest.starts_with('/') && !rest.starts_with("//")) || rest.starts_with('!') {
        return None;
    }
    Some(rest)
}

/// A top-level struct, enum or union, with the lines its header spans.
pub struct Candidate<'a> {
    /// The item.
    pub item: &'a syn::Item,
    /// The first line of its doc comments and attributes, or of the item.
    pub first_line: usize,
    /// The line of the `struct`/`enum`/`union` keyword.
    pub keyword_line: usize,
}

/// The items of `file` that marks can apply to.
pub fn candidates(file: &syn::File) -> Vec<Candidate<'_>> {
    file.items
        .iter()
        .filter_map(|item| {
            let (attrs, keyword) = match item {
                syn::Item::Struct(s) => (&s.attrs, s.struct_token.span),
                syn::Item::Enum(e) => (&e.attrs, e.enum_token.span),
                syn::Item::Union(u) => (&u.attrs, u.union_token.span),
                _ => return None,
            };
            let keyword_line = keyword.start().line;
            let first_line = attrs
                .iter()
                .map(|a| a.span().start().line)
                .chain([item.span().start().line, keyword_line])
                .min()
                .unwrap_or(keyword_line);
            Some(Candidate {
                item,
                first_line,
                keyword_line,
            })
        })
        .collect()
}

/// Matches marks to candidates: the indices of the marked candidates (each
/// once, in file order), and a diagnostic for every mark that belongs to none.
pub fn attach(
    text: &str,
    file: &syn::File,
    candidates: &[Candidate<'_>],
    marks: &[Mark],
) -> (Vec<usize>, Vec<Diagnostic>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut marked = Vec::new();
    let mut errors = Vec::new();
    for mark in marks {
        let owner = candidates.iter().position(|c| {
            if (c.first_line..c.keyword_line).contains(&mark.line) {
                return true;
            }
            // Directly above, with only plain comments in between.
            mark.line < c.first_line
                && lines
                    .get(mark.line..c.first_line - 1)
                    .is_some_and(|between| {
                        between
                            .iter()
                            .all(|l| plain_comment(l.trim_start()).is_some())
                    })
        });
        match owner {
            Some(i) => {
                if !marked.contains(&i) {
                    marked.push(i);
                }
            }
            None => errors.push(stray_mark(file, mark)),
        }
    }
    marked.sort_unstable();
    (marked, errors)
}

/// Why a mark belongs to nothing.
fn stray_mark(file: &syn::File, mark: &Mark) -> Diagnostic {
    let inside = file.items.iter().find(|item| {
        let span = item.span();
        (span.start().line..=span.end().line).contains(&mark.line)
    });
    let message = match inside {
        Some(_) => format!(
            "`// {MARK}` inside an item: only top-level structs and enums can be marked \
             (move the type to the top level of the file, or use #[derive(jetjson::Json)])"
        ),
        None => format!(
            "`// {MARK}` is not directly above a struct or enum (doc comments and attributes may \
             come between, blank lines may not)"
        ),
    };
    Diagnostic {
        line: mark.line,
        column: mark.column,
        message,
    }
}

/// The derive among `attrs` that already implements `ToJson` or `FromJson`
/// (`Json`, `ToJson` or `FromJson`, by any path): its span and name.
pub fn jetjson_derive(attrs: &[syn::Attribute]) -> Option<(Span, String)> {
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("derive"))
        .find_map(|attr| {
            let mut found = None;
            // A derive list that does not parse is the compiler's to report.
            let _ = attr.parse_nested_meta(|meta| {
                if let Some(last) = meta.path.segments.last() {
                    let name = last.ident.to_string();
                    if found.is_none() && matches!(name.as_str(), "Json" | "ToJson" | "FromJson") {
                        found = Some((meta.path.span(), name));
                    }
                }
                Ok(())
            });
            found
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_marks_but_not_doc_comments() {
        let text = "// jetjson:json\n  //jetjson:json  \n/// jetjson:json\n//! jetjson:json\n// jetjson:json x\n";
        let marks = find_marks(text);
        assert_eq!(
            marks,
            [Mark { line: 1, column: 1 }, Mark { line: 2, column: 3 }]
        );
    }
}
