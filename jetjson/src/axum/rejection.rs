//! `JsonRejection`: why a request body was refused, as a status and a JSON
//! body that says where the input went wrong.

use std::fmt;

use axum_core::extract::rejection::{BytesRejection, FailedToBufferBody};
use axum_core::response::{IntoResponse, Response};
use http::{header, HeaderValue, StatusCode};

use crate::{Category, Error, Writer};

/// Why [`Json`](super::Json), [`JsonBytes`](super::JsonBytes) or
/// [`JsonLines`](super::JsonLines) refused a request.
///
/// As a response it is the status below with a JSON body (see the
/// [module docs](super#rejections) for its fields). Match on it in a
/// handler that takes `Result<Json<T>, JsonRejection>` to answer otherwise.
///
/// | variant | status |
/// | --- | --- |
/// | [`UnsupportedMediaType`](Self::UnsupportedMediaType) | 415 Unsupported Media Type |
/// | [`PayloadTooLarge`](Self::PayloadTooLarge) | 413 Payload Too Large |
/// | [`BodyRead`](Self::BodyRead) | 400 Bad Request |
/// | [`Syntax`](Self::Syntax) | 400 Bad Request |
/// | [`Data`](Self::Data) | 422 Unprocessable Entity |
///
/// ```
/// use jetjson::axum::{Json, JsonRejection};
///
/// let err = Json::<Vec<u32>>::from_bytes(b"[1,\n \"2\"]").unwrap_err();
/// assert!(matches!(err, JsonRejection::Data(_)));
/// assert_eq!(err.status(), 422);
/// assert_eq!(
///     String::from_utf8(err.body()).unwrap(),
///     r#"{"error":"expected u32, found string","line":2,"column":2,"path":"[1]"}"#
/// );
///
/// let err = Json::<Vec<u32>>::from_bytes(b"[1 2]").unwrap_err();
/// assert_eq!(err.status(), 400);
/// assert_eq!(
///     String::from_utf8(err.body()).unwrap(),
///     r#"{"error":"expected `,` or `]`","line":1,"column":4,"path":""}"#
/// );
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum JsonRejection {
    /// The `Content-Type` header is missing or names another type.
    UnsupportedMediaType {
        /// The type that was expected, such as `application/json`.
        expected: &'static str,
    },
    /// The body is longer than the limit axum applies
    /// ([`DefaultBodyLimit`](axum_core::extract::DefaultBodyLimit), 2 MiB
    /// unless changed).
    PayloadTooLarge(BytesRejection),
    /// The body could not be read (the client went away, say).
    BodyRead(BytesRejection),
    /// The body is not JSON: a syntax error, an early end, invalid UTF-8, or
    /// nesting past the depth limit (128). [`Error::classify`] is not
    /// [`Category::Data`].
    Syntax(Error),
    /// The body is valid JSON of the wrong shape for the type: a missing
    /// field, a string for a number, an unknown variant, ...
    /// ([`Category::Data`]).
    Data(Error),
}

impl JsonRejection {
    /// The response status (see the table above).
    pub fn status(&self) -> StatusCode {
        match self {
            JsonRejection::UnsupportedMediaType { .. } => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            JsonRejection::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            JsonRejection::BodyRead(_) | JsonRejection::Syntax(_) => StatusCode::BAD_REQUEST,
            JsonRejection::Data(_) => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }

    /// The parse error, for [`Syntax`](Self::Syntax) and [`Data`](Self::Data).
    pub fn error(&self) -> Option<&Error> {
        match self {
            JsonRejection::Syntax(e) | JsonRejection::Data(e) => Some(e),
            _ => None,
        }
    }

    /// The text of the body's `error` field: what went wrong, without the
    /// position (which has fields of its own).
    pub fn message(&self) -> String {
        match self {
            JsonRejection::UnsupportedMediaType { expected } => {
                format!("expected request with `Content-Type: {expected}`")
            }
            JsonRejection::PayloadTooLarge(_) => "request body too large".to_owned(),
            JsonRejection::BodyRead(r) => r.body_text(),
            JsonRejection::Syntax(e) | JsonRejection::Data(e) => error_text(e),
        }
    }

    /// The JSON body of the response (see the [module docs](super#rejections)).
    pub fn body(&self) -> Vec<u8> {
        let mut w = Writer::with_capacity(128);
        w.write_raw(b"{\"error\":");
        w.write_str(&self.message());
        if let Some(e) = self.error() {
            w.write_raw(b",\"line\":");
            w.write_u64(e.line() as u64);
            w.write_raw(b",\"column\":");
            w.write_u64(e.column() as u64);
            w.write_raw(b",\"path\":");
            w.write_str(&e.path());
        }
        w.write_byte(b'}');
        w.into_vec()
    }

    /// Sorts a buffering failure: 413 for the length limit, else 400.
    pub(super) fn from_bytes(rejection: BytesRejection) -> JsonRejection {
        match rejection {
            BytesRejection::FailedToBufferBody(FailedToBufferBody::LengthLimitError(_)) => {
                JsonRejection::PayloadTooLarge(rejection)
            }
            _ => JsonRejection::BodyRead(rejection),
        }
    }
}

/// An error's kind in words, with its I/O source if any: the `Display`
/// without the position and path.
pub(super) fn error_text(e: &Error) -> String {
    let mut text = e.kind().to_string();
    if let Some(source) = std::error::Error::source(e) {
        text.push_str(": ");
        text.push_str(&source.to_string());
    }
    text
}

/// A parse error as a rejection: [`Data`](JsonRejection::Data) for
/// [`Category::Data`], else [`Syntax`](JsonRejection::Syntax). For handlers
/// that parse a body themselves, as with [`Document`](crate::Document) and
/// [`JsonBytes`](super::JsonBytes).
impl From<Error> for JsonRejection {
    fn from(e: Error) -> Self {
        match e.classify() {
            Category::Data => JsonRejection::Data(e),
            _ => JsonRejection::Syntax(e),
        }
    }
}

impl fmt::Display for JsonRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonRejection::Syntax(e) | JsonRejection::Data(e) => fmt::Display::fmt(e, f),
            _ => f.write_str(&self.message()),
        }
    }
}

impl std::error::Error for JsonRejection {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JsonRejection::Syntax(e) | JsonRejection::Data(e) => Some(e),
            JsonRejection::PayloadTooLarge(r) | JsonRejection::BodyRead(r) => Some(r),
            JsonRejection::UnsupportedMediaType { .. } => None,
        }
    }
}

impl IntoResponse for JsonRejection {
    fn into_response(self) -> Response {
        let mut response = (self.status(), self.body()).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(super::APPLICATION_JSON),
        );
        response
    }
}
