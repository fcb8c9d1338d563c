//! `Error`: what went wrong, where (line, column, byte offset) and under which
//! field path.
//!
//! Text input (JSON) has lines and columns; binary input (MessagePack) has
//! only a byte offset, and its errors say `at byte N` instead.
//!
//! The hot path never builds an error; every constructor here is `#[cold]`.
//! Line and column are worked out from the input once, when the error is made.

use std::borrow::Cow;
use std::fmt;
use std::io;

/// Everything that can go wrong while reading or writing JSON.
///
/// One pointer wide, so `Result<T, Error>` stays small on the hot path.
pub struct Error(Box<ErrorImpl>);

struct ErrorImpl {
    kind: ErrorKind,
    offset: usize,
    line: usize,
    column: usize,
    /// The offset is a position in binary input (MessagePack): displayed as
    /// `at byte N`; line and column stay 0.
    binary: bool,
    /// Path segments, innermost first; reversed when displayed.
    path: Vec<Segment>,
    source: Option<io::Error>,
}

enum Segment {
    Field(Cow<'static, str>),
    Index(usize),
}

/// The kind of an [`Error`]: one variant per way a document can be wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ended in the middle of a value.
    UnexpectedEof,
    /// A byte that cannot start a JSON value.
    ExpectedValue,
    /// An object key was due but something else came.
    ExpectedKey,
    /// `:` was due after an object key.
    ExpectedColon,
    /// `,` or `]` was due inside an array.
    ExpectedCommaOrBracket,
    /// `,` or `}` was due inside an object.
    ExpectedCommaOrBrace,
    /// A misspelt `true`, `false` or `null`.
    InvalidLiteral,
    /// A number that breaks RFC 8259's grammar (leading zero, lone `-`, `1.`, `1e`).
    InvalidNumber,
    /// A number that does not fit the target type (`300` into a `u8`, `1e999` into an `f64`).
    NumberOutOfRange {
        /// The Rust type that was being read.
        ty: &'static str,
    },
    /// A backslash escape that JSON does not define, or a malformed `\u`.
    InvalidEscape,
    /// A `\uD800`-style escape without its other half.
    LoneSurrogate,
    /// A raw byte below 0x20 inside a string.
    ControlCharacter,
    /// Bytes that are not UTF-8 inside a string.
    InvalidUtf8,
    /// Something other than whitespace after the top-level value.
    TrailingCharacters,
    /// Nesting deeper than the reader's limit.
    DepthLimit {
        /// The limit in force.
        limit: usize,
    },
    /// A key that the type does not know, under `deny_unknown_fields`.
    UnknownField {
        /// The key as written (unescaped).
        field: String,
        /// The keys the type accepts.
        expected: &'static [&'static str],
    },
    /// An enum variant name that the type does not know.
    UnknownVariant {
        /// The variant as written.
        variant: String,
        /// The variants the type accepts.
        expected: &'static [&'static str],
    },
    /// A required key was absent.
    MissingField {
        /// The key as it appears in JSON.
        field: &'static str,
    },
    /// The same key twice in one object.
    DuplicateField {
        /// The key as it appears in JSON.
        field: &'static str,
    },
    /// A value of the wrong JSON type.
    InvalidType {
        /// What the Rust type wanted, such as `u32` or `struct User`.
        expected: &'static str,
        /// What the input held: `string`, `number`, `object`, ...
        found: &'static str,
    },
    /// A value of the right JSON type but an unacceptable content.
    InvalidValue {
        /// What was wrong, in words.
        message: Cow<'static, str>,
    },
    /// A line of newline-delimited JSON longer than the reader's limit
    /// ([`stream::LineDecoder::max_line_len`](crate::stream::LineDecoder::max_line_len)).
    LineTooLong {
        /// The limit in force, in bytes.
        limit: usize,
    },
    /// MessagePack: a byte that starts no value (only `0xc1`, which the
    /// format reserves and never uses).
    InvalidMarker {
        /// The byte.
        byte: u8,
    },
    /// An I/O error from the underlying reader or writer.
    Io,
}

/// Broad classes of [`ErrorKind`], as serde_json has them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    /// The input is not well-formed JSON.
    Syntax,
    /// Well-formed JSON that does not match the target type.
    Data,
    /// The input ended early.
    Eof,
    /// Reading or writing failed.
    Io,
}

impl ErrorKind {
    /// The broad class of this kind.
    pub fn category(&self) -> Category {
        match self {
            ErrorKind::UnexpectedEof => Category::Eof,
            ErrorKind::Io => Category::Io,
            ErrorKind::NumberOutOfRange { .. }
            | ErrorKind::UnknownField { .. }
            | ErrorKind::UnknownVariant { .. }
            | ErrorKind::MissingField { .. }
            | ErrorKind::DuplicateField { .. }
            | ErrorKind::InvalidType { .. }
            | ErrorKind::InvalidValue { .. } => Category::Data,
            _ => Category::Syntax,
        }
    }
}

impl Error {
    /// Makes an error of `kind` at byte `offset` of `input`; line and column are
    /// computed here, once.
    #[cold]
    #[inline(never)]
    pub fn at(kind: ErrorKind, input: &[u8], offset: usize) -> Error {
        let offset = offset.min(input.len());
        let (line, column) = crate::read::position::line_column(input, offset);
        Error(Box::new(ErrorImpl {
            kind,
            offset,
            line,
            column,
            binary: false,
            path: Vec::new(),
            source: None,
        }))
    }

    /// Makes an error of `kind` at byte `offset` of a binary input, such as
    /// MessagePack, which has no lines: its `Display` reads `... at byte 17`,
    /// and [`line`](Self::line) and [`column`](Self::column) are 0.
    ///
    /// ```
    /// use jetjson::{Error, ErrorKind};
    ///
    /// let e = Error::at_byte(ErrorKind::UnexpectedEof, 17);
    /// assert_eq!(e.to_string(), "unexpected end of input at byte 17");
    /// assert_eq!((e.offset(), e.line(), e.column()), (17, 0, 0));
    /// ```
    #[cold]
    #[inline(never)]
    pub fn at_byte(kind: ErrorKind, offset: usize) -> Error {
        Error(Box::new(ErrorImpl {
            kind,
            offset,
            line: 0,
            column: 0,
            binary: true,
            path: Vec::new(),
            source: None,
        }))
    }

    /// Makes an error that has no position (line and column report 0), such as
    /// one raised while converting an already-parsed value.
    #[cold]
    #[inline(never)]
    pub fn without_position(kind: ErrorKind) -> Error {
        Error(Box::new(ErrorImpl {
            kind,
            offset: 0,
            line: 0,
            column: 0,
            binary: false,
            path: Vec::new(),
            source: None,
        }))
    }

    /// This error without its line, column and offset (its path kept): for
    /// an error made at a reader that held no input of the caller's.
    #[cold]
    pub(crate) fn positionless(mut self) -> Error {
        self.0.offset = 0;
        self.0.line = 0;
        self.0.column = 0;
        self
    }

    /// Wraps an I/O error.
    #[cold]
    pub fn io(err: io::Error) -> Error {
        let mut e = Error::without_position(ErrorKind::Io);
        e.0.source = Some(err);
        e
    }

    /// A custom data error with a message, for hand-written `FromJson` impls.
    #[cold]
    pub fn custom(message: impl fmt::Display) -> Error {
        Error::without_position(ErrorKind::InvalidValue {
            message: Cow::Owned(message.to_string()),
        })
    }

    /// Adds `.name` to the front of the error's path. Generated decoders call
    /// this as an error travels out of a field.
    #[cold]
    #[must_use]
    pub fn field(mut self, name: &'static str) -> Error {
        self.0.path.push(Segment::Field(Cow::Borrowed(name)));
        self
    }

    /// Adds `.name` for a key known only at run time (map keys).
    #[cold]
    #[must_use]
    pub fn key(mut self, name: &str) -> Error {
        self.0
            .path
            .push(Segment::Field(Cow::Owned(name.to_owned())));
        self
    }

    /// Adds `[index]` to the front of the error's path.
    #[cold]
    #[must_use]
    pub fn index(mut self, index: usize) -> Error {
        self.0.path.push(Segment::Index(index));
        self
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// The broad class of the error.
    pub fn classify(&self) -> Category {
        self.0.kind.category()
    }

    /// Whether the input ended too early (more bytes might complete it).
    pub fn is_eof(&self) -> bool {
        self.classify() == Category::Eof
    }

    /// 1-based line of the error, or 0 when it has no position or its
    /// position is in binary input (MessagePack; see [`Error::at_byte`]).
    pub fn line(&self) -> usize {
        self.0.line
    }

    /// 1-based column of the error, counted in characters, or 0 when it has no
    /// position or its position is in binary input (MessagePack).
    pub fn column(&self) -> usize {
        self.0.column
    }

    /// Byte offset of the error in the input (0 when it has no position).
    pub fn offset(&self) -> usize {
        self.0.offset
    }

    /// The field path to the value that failed, such as `.users[2].age`; empty
    /// at the top level.
    pub fn path(&self) -> String {
        let mut out = String::new();
        for seg in self.0.path.iter().rev() {
            match seg {
                Segment::Field(name) => {
                    out.push('.');
                    out.push_str(name);
                }
                Segment::Index(i) => {
                    out.push('[');
                    out.push_str(itoa::Buffer::new().format(*i));
                    out.push(']');
                }
            }
        }
        out
    }

    /// The number of path segments: how deep in the value the error is.
    pub(crate) fn depth(&self) -> usize {
        self.0.path.len()
    }

    /// The same position and path with another kind (an untagged enum's
    /// "no variant matched" that quotes the closest variant's error).
    #[cold]
    #[must_use]
    pub(crate) fn with_kind(mut self, kind: ErrorKind) -> Error {
        self.0.kind = kind;
        self.0.source = None;
        self
    }

    /// Gives the error a position computed elsewhere (a stream reader knows
    /// where in the whole stream the failing document started).
    #[cold]
    #[must_use]
    pub(crate) fn relocate(mut self, offset: u64, line: u64, column: u64) -> Error {
        if self.0.line > 0 {
            self.0.offset = usize::try_from(offset).unwrap_or(usize::MAX);
            self.0.line = usize::try_from(line).unwrap_or(usize::MAX);
            self.0.column = usize::try_from(column).unwrap_or(usize::MAX);
        }
        self
    }

    /// Puts the error at `offset` in `input`, whatever position it had: an
    /// error from reading a copy of part of the input (a flattened enum's
    /// members) points back into the original.
    #[cold]
    #[must_use]
    pub(crate) fn reposition(mut self, input: &[u8], offset: usize) -> Error {
        let offset = offset.min(input.len());
        self.0.offset = offset;
        if !self.0.binary && self.0.line > 0 {
            let (line, column) = crate::read::position::line_column(input, offset);
            self.0.line = line;
            self.0.column = column;
        }
        self
    }

    /// Moves the position of a position-less error (one from a conversion
    /// helper) to `offset` in `input`.
    #[cold]
    #[must_use]
    pub fn with_position(mut self, input: &[u8], offset: usize) -> Error {
        if self.0.line == 0 && !self.0.binary {
            let offset = offset.min(input.len());
            let (line, column) = crate::read::position::line_column(input, offset);
            self.0.offset = offset;
            self.0.line = line;
            self.0.column = column;
        }
        self
    }

    /// Gives an error that has no position yet (a serde visitor's custom
    /// error, a `Value` conversion's) the byte `offset` of binary input, as
    /// MessagePack errors have.
    #[cold]
    #[must_use]
    pub(crate) fn with_byte_offset(mut self, offset: usize) -> Error {
        if self.0.line == 0 && !self.0.binary {
            self.0.offset = offset;
            self.0.binary = true;
        }
        self
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::UnexpectedEof => f.write_str("unexpected end of input"),
            ErrorKind::ExpectedValue => f.write_str("expected a JSON value"),
            ErrorKind::ExpectedKey => f.write_str("expected an object key (a string)"),
            ErrorKind::ExpectedColon => f.write_str("expected `:`"),
            ErrorKind::ExpectedCommaOrBracket => f.write_str("expected `,` or `]`"),
            ErrorKind::ExpectedCommaOrBrace => f.write_str("expected `,` or `}`"),
            ErrorKind::InvalidLiteral => {
                f.write_str("invalid literal (expected true, false or null)")
            }
            ErrorKind::InvalidNumber => f.write_str("invalid number"),
            ErrorKind::NumberOutOfRange { ty } => write!(f, "number out of range for {ty}"),
            ErrorKind::InvalidEscape => f.write_str("invalid escape"),
            ErrorKind::LoneSurrogate => f.write_str("lone surrogate in \\u escape"),
            ErrorKind::ControlCharacter => {
                f.write_str("control character in string (must be escaped)")
            }
            ErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8"),
            ErrorKind::TrailingCharacters => f.write_str("trailing characters after the value"),
            ErrorKind::DepthLimit { limit } => {
                write!(f, "nesting deeper than the limit of {limit}")
            }
            ErrorKind::UnknownField { field, expected } => {
                write!(f, "unknown field `{field}`")?;
                write_expected(f, expected)
            }
            ErrorKind::UnknownVariant { variant, expected } => {
                write!(f, "unknown variant `{variant}`")?;
                write_expected(f, expected)
            }
            ErrorKind::MissingField { field } => write!(f, "missing field `{field}`"),
            ErrorKind::DuplicateField { field } => write!(f, "duplicate field `{field}`"),
            ErrorKind::InvalidType { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            ErrorKind::InvalidValue { message } => f.write_str(message),
            ErrorKind::LineTooLong { limit } => {
                write!(f, "line longer than the limit of {limit} bytes")
            }
            ErrorKind::InvalidMarker { byte } => {
                write!(f, "invalid MessagePack marker 0x{byte:02x}")
            }
            ErrorKind::Io => f.write_str("I/O error"),
        }
    }
}

fn write_expected(f: &mut fmt::Formatter<'_>, expected: &[&str]) -> fmt::Result {
    match expected {
        [] => f.write_str(", there are none"),
        [one] => write!(f, ", expected `{one}`"),
        // serde's wording, so that messages read the same after a switch.
        [a, b] => write!(f, ", expected `{a}` or `{b}`"),
        many => {
            f.write_str(", expected one of ")?;
            for (i, name) in many.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "`{name}`")?;
            }
            Ok(())
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0.kind, f)?;
        if let Some(source) = &self.0.source {
            write!(f, ": {source}")?;
        }
        if self.0.line > 0 {
            write!(f, " at line {} column {}", self.0.line, self.0.column)?;
        } else if self.0.binary {
            write!(f, " at byte {}", self.0.offset)?;
        }
        if !self.0.path.is_empty() {
            write!(f, " (at {})", self.path())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error({:?}, \"{}\")", self.0.kind, self)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0
            .source
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl From<Error> for io::Error {
    fn from(err: Error) -> io::Error {
        if err.classify() == Category::Io {
            if let Some(source) = err.0.source {
                return source;
            }
        }
        let kind = match err.classify() {
            Category::Eof => io::ErrorKind::UnexpectedEof,
            _ => io::ErrorKind::InvalidData,
        };
        io::Error::new(kind, err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_one_pointer_wide() {
        assert_eq!(std::mem::size_of::<Error>(), std::mem::size_of::<usize>());
    }

    #[test]
    fn display_has_position_and_path() {
        let input = b"{\n\"users\": [1, 2,\n  \"x\"]}";
        let e = Error::at(
            ErrorKind::InvalidType {
                expected: "u32",
                found: "string",
            },
            input,
            20,
        )
        .index(2)
        .field("users");
        assert_eq!(e.path(), ".users[2]");
        assert_eq!(e.line(), 3);
        assert_eq!(e.column(), 3);
        assert_eq!(
            e.to_string(),
            "expected u32, found string at line 3 column 3 (at .users[2])"
        );
    }
}
