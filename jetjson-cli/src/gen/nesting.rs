//! A guard for the Rust parser. syn parses recursively, so a source file with
//! absurd nesting (a million `(`, a chain of unary operators, `Vec<Vec<..>>`
//! a hundred thousand deep) could overflow the stack. Before parsing, the
//! tokens (read by proc-macro2's lexer, which does not recurse) are measured
//! and a file beyond [`LIMIT`] is refused with a message; within it, the
//! parser runs on a thread whose stack is [`STACK_SIZE`], far more than the
//! limit needs.

use proc_macro2::{Delimiter, TokenStream, TokenTree};

use super::marks::Diagnostic;

/// The stack of the parsing thread (address space reserved, not memory used).
pub const STACK_SIZE: usize = 512 * 1024 * 1024;

/// The largest nesting cost accepted. Measured on a debug build, the
/// costliest shapes (`&&&..u8`, `[[[..u8; 1]; 1]..]`) need about 35 KiB of
/// stack a level, so the limit uses well under a third of [`STACK_SIZE`];
/// release builds need far less. No hand-written file comes near it.
pub const LIMIT: usize = 4_000;

/// A diagnostic at the start of the file.
pub fn diagnostic(message: String) -> Diagnostic {
    Diagnostic {
        line: 1,
        column: 1,
        message,
    }
}

/// Refuses `text` when a token sits deeper than [`LIMIT`]. Depth is an upper
/// bound on the parser's recursion at that token: one for each enclosing
/// group, plus, at each level, the tokens since the last `;`, `,` or closed
/// block (unless `else` follows it), since unary operators, generic
/// arguments, closures and `else if` each add a level without a group.
/// Text that does not lex is left for the parser to report.
pub fn check(text: &str) -> Result<(), Vec<Diagnostic>> {
    let Ok(tokens) = text.parse::<TokenStream>() else {
        return Ok(());
    };
    struct Level {
        tokens: proc_macro2::token_stream::IntoIter,
        base: usize,
        run: usize,
        after_block: bool,
    }
    let mut stack = vec![Level {
        tokens: tokens.into_iter(),
        base: 0,
        run: 0,
        after_block: false,
    }];
    while let Some(level) = stack.last_mut() {
        let Some(token) = level.tokens.next() else {
            stack.pop();
            continue;
        };
        if level.after_block {
            level.after_block = false;
            if !matches!(&token, TokenTree::Ident(i) if i == "else") {
                level.run = 0;
            }
        }
        level.run += 1;
        let cost = level.base + level.run;
        if cost > LIMIT {
            let start = token.span().start();
            return Err(vec![Diagnostic {
                line: start.line,
                column: start.column + 1,
                message: format!(
                    "nested too deeply for jetjson gen (more than {LIMIT} levels of syntax)"
                ),
            }]);
        }
        match token {
            TokenTree::Punct(p) if p.as_char() == ';' || p.as_char() == ',' => level.run = 0,
            TokenTree::Group(group) => {
                if group.delimiter() == Delimiter::Brace {
                    level.after_block = true;
                }
                stack.push(Level {
                    tokens: group.stream().into_iter(),
                    base: cost,
                    run: 0,
                    after_block: false,
                });
            }
            _ => {}
        }
    }
    Ok(())
}
