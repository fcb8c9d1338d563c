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

/// Every line of `text` that is a mark comment: a line whose first token
/// is a plain `//` comment reading `jetjson:json`. Text inside block
/// comments and string, raw string and character literals is not code, so a
/// mark quoted there does not count.
pub fn find_marks(text: &str) -> Vec<Mark> {
    line_comments(text)
        .into_iter()
        .filter_map(|(line, offset)| {
            let comment = plain_comment(&text[offset..])?;
            let comment = comment.lines().next().unwrap_or("");
            let start_of_line = text[..offset].rfind('\n').map_or(0, |i| i + 1);
            (comment.trim() == MARK).then(|| Mark {
                line,
                column: text[start_of_line..offset].chars().count() + 1,
            })
        })
        .collect()
}

/// The `//` comments that open a line (after whitespace) in code, not
/// inside a block comment or a literal: their 1-based line and byte offset.
///
/// A small lexer of Rust's text: nested `/* */`, `"..."` with escapes,
/// raw strings `r#"..."#` (also `br`, `cr`), character literals (`'"'`)
/// told from lifetimes (`'a`). The file parsed with `syn` first, so it is
/// well-formed; on anything else the answer is merely incomplete.
fn line_comments(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut line = 1;
    // Whether only whitespace precedes `i` on its line, in code.
    let mut line_start = true;
    let mut i = 0;
    // Advances past `bytes[from..to]`, counting lines.
    let skip = |from: usize, to: usize, line: &mut usize| {
        *line += bytes[from..to].iter().filter(|&&b| b == b'\n').count();
        to
    };
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\n' => {
                line += 1;
                line_start = true;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                i += 1;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                if line_start {
                    found.push((line, i));
                }
                i = bytes[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(bytes.len(), |n| i + n);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let end = block_comment_end(bytes, i);
                i = skip(i, end, &mut line);
            }
            b'"' => {
                let end = quoted_end(bytes, i + 1, b'"');
                i = skip(i, end, &mut line);
            }
            b'\'' => {
                let end = char_literal_end(bytes, i);
                i = skip(i, end, &mut line);
            }
            b'r' | b'b' | b'c' if i == 0 || !is_ident_byte(bytes[i - 1]) => {
                i = match raw_string_end(bytes, i) {
                    Some(end) => skip(i, end, &mut line),
                    None => i + 1,
                };
            }
            _ => i += 1,
        }
        line_start = false;
    }
    found
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// The end of the (nested) block comment opening at `start`.
fn block_comment_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    let mut i = start;
    while i + 1 < bytes.len() {
        match (bytes[i], bytes[i + 1]) {
            (b'/', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The end of a literal whose text starts at `i`, closed by `close` and
/// with backslash escapes.
fn quoted_end(bytes: &[u8], mut i: usize, close: u8) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == close => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// After a `'`: the end of a character literal, or just past the `'` of a
/// lifetime or label.
fn char_literal_end(bytes: &[u8], start: usize) -> usize {
    match bytes.get(start + 1) {
        Some(b'\\') => quoted_end(bytes, start + 1, b'\''),
        Some(_) => {
            // One character, then `'`: a literal. Otherwise a lifetime.
            let rest = std::str::from_utf8(&bytes[start + 1..]).ok();
            let width = rest
                .and_then(|r| r.chars().next())
                .map_or(1, char::len_utf8);
            if bytes.get(start + 1 + width) == Some(&b'\'') {
                start + 2 + width
            } else {
                start + 1
            }
        }
        None => start + 1,
    }
}

/// At `r`, `br` or `cr` (or `b`/`c` before a plain string): the end of a
/// raw string or byte/C string literal, if one starts here.
fn raw_string_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    if matches!(bytes[i], b'b' | b'c') {
        i += 1;
        if bytes.get(i) == Some(&b'"') {
            return Some(quoted_end(bytes, i + 1, b'"'));
        }
    }
    if bytes.get(i) != Some(&b'r') {
        return None;
    }
    i += 1;
    let hashes = bytes[i..].iter().take_while(|&&b| b == b'#').count();
    i += hashes;
    if bytes.get(i) != Some(&b'"') {
        return None;
    }
    i += 1;
    while i < bytes.len() {
        if bytes[i] == b'"'
            && bytes[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&b| b == b'#')
                .count()
                == hashes
        {
            return Some(i + 1 + hashes);
        }
        i += 1;
    }
    Some(bytes.len())
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

    #[test]
    fn any_text_is_scanned_without_panicking() {
        // Random texts from the characters the lexer treats specially; the
        // marks found must be lines that read `// jetjson:json`.
        let alphabet: Vec<char> = "/*\"'r#\\\nbcé x{}jetson:".chars().collect();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut text = String::new();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 40) as usize;
            for _ in 0..len {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                text.push(alphabet[(state % alphabet.len() as u64) as usize]);
            }
            if state % 3 == 0 {
                text.push_str("\n// jetjson:json\n");
            }
            for mark in find_marks(&text) {
                let line = text.lines().nth(mark.line - 1).unwrap_or_default();
                assert_eq!(
                    line.trim().trim_start_matches("//").trim(),
                    MARK,
                    "{text:?}"
                );
            }
        }
    }

    #[test]
    fn a_mark_inside_a_comment_or_literal_is_not_a_mark() {
        let text = [
            "/* a block comment",
            "// jetjson:json",
            "  /* nested */",
            "// jetjson:json", // still inside the outer comment
            "*/",
            "const A: &str = \"",
            "// jetjson:json",
            "\";",
            "const B: &str = r#\"\"", // a quote inside a raw string
            "// jetjson:json",
            "\"#;",
            "const C: &[u8] = br\"",
            "// jetjson:json",
            "\";",
            "const D: char = '\"';", // a quote in a character opens no string
            "// jetjson:json",       // line 16: a mark
            "struct E<'a>(&'a str);", // lifetimes are not characters
            "const F: (char, &str) = ('\\'', \"\\\"",
            "// jetjson:json", // inside the string, after an escaped quote
            "\");",
            "    // jetjson:json", // line 21: a mark
            "fn r#struct() {} // jetjson:json",
        ]
        .join("\n");
        let marks = find_marks(&text);
        let at = |line, column| Mark { line, column };
        assert_eq!(marks, [at(16, 1), at(21, 5)]);
    }
}
