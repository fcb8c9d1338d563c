//! Newline-delimited JSON both ways: `JsonLines<T>`, a stream of `T`s out of
//! a request body, and `JsonLinesResponse<S>`, a stream of `T`s as the
//! response body.

use std::io;
use std::marker::PhantomData;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum_core::body::{Body, BodyDataStream};
use axum_core::extract::{FromRequest, Request};
use axum_core::response::{IntoResponse, Response};
use bytes::Bytes;
use futures_core::Stream;
use http::{header, HeaderValue};

use super::rejection::JsonRejection;
use super::APPLICATION_NDJSON;
use crate::stream::{LineDecoder, DEFAULT_MAX_LINE_LEN};
use crate::{Error, FromJsonOwned, ToJson};

/// The content types a [`JsonLines`] request may have.
const NDJSON_TYPES: &[&str] = &[
    "application/x-ndjson",
    "application/ndjson",
    "application/jsonl",
    "application/x-jsonl",
    "application/jsonlines",
    "application/x-jsonlines",
];

/// A request body of newline-delimited JSON, as a [`Stream`] of `T`s read
/// while the body arrives.
///
/// Each line is one document; lines of only whitespace are skipped. A bad
/// line (syntax or shape) yields its [`Error`], with line, column and
/// offset counted from the start of the body, and the stream goes on with
/// the next line. A line longer than `MAX_LINE_LEN` bytes (default
/// [`DEFAULT_MAX_LINE_LEN`], 2 MiB) yields
/// [`ErrorKind::LineTooLong`](crate::ErrorKind::LineTooLong) and is dropped
/// as it arrives, so memory stays within one line and one chunk of the body
/// however long the body is. A failure to read the body (the client went
/// away) yields an [`ErrorKind::Io`](crate::ErrorKind::Io) error and ends
/// the stream.
///
/// The content type must be `application/x-ndjson` (or `application/ndjson`,
/// `application/jsonl`, `application/jsonlines`, and their `x-` forms), else
/// the request is refused with [`JsonRejection::UnsupportedMediaType`] (415).
///
/// Unlike [`Json`](super::Json), which buffers the body, this extractor
/// streams it, so axum's `DefaultBodyLimit` does not apply (as with axum's
/// own `Body`); bound the total with a body-limiting layer if you need to.
///
/// ```
/// use futures_util::StreamExt; // for `next`
/// use jetjson::axum::{Json, JsonLines};
///
/// // Sums the numbers of the good lines, counts the bad ones. Lines of up
/// // to 64 KiB.
/// async fn sum(mut lines: JsonLines<u64, 65536>) -> Json<(u64, usize)> {
///     let (mut sum, mut bad) = (0, 0);
///     while let Some(line) = lines.next().await {
///         match line {
///             Ok(n) => sum += n,
///             Err(_) => bad += 1,
///         }
///     }
///     Json((sum, bad))
/// }
/// # let _ = sum;
/// ```
pub struct JsonLines<T, const MAX_LINE_LEN: usize = DEFAULT_MAX_LINE_LEN> {
    body: Option<BodyDataStream>,
    decoder: LineDecoder,
    _type: PhantomData<fn() -> T>,
}

impl<T, const MAX_LINE_LEN: usize> std::fmt::Debug for JsonLines<T, MAX_LINE_LEN> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonLines")
            .field("max_line_len", &MAX_LINE_LEN)
            .field("position", &self.decoder.position())
            .field("done", &self.body.is_none())
            .finish()
    }
}

impl<T, const MAX_LINE_LEN: usize> JsonLines<T, MAX_LINE_LEN> {
    /// A stream of the lines of `body` (without a content-type check), with
    /// lines up to `MAX_LINE_LEN` bytes and the default depth limit (128).
    pub fn from_body(body: Body) -> Self {
        JsonLines {
            body: Some(body.into_data_stream()),
            decoder: LineDecoder::new().max_line_len(MAX_LINE_LEN),
            _type: PhantomData,
        }
    }

    /// Where the line most recently yielded (value or error) starts in the
    /// body.
    pub fn position(&self) -> crate::stream::Position {
        self.decoder.position()
    }
}

impl<T, S, const MAX_LINE_LEN: usize> FromRequest<S> for JsonLines<T, MAX_LINE_LEN>
where
    T: FromJsonOwned,
    S: Send + Sync,
{
    type Rejection = JsonRejection;

    async fn from_request(req: Request, _state: &S) -> Result<Self, Self::Rejection> {
        let ndjson = super::json::essence(req.headers())
            .is_some_and(|essence| NDJSON_TYPES.iter().any(|t| t.eq_ignore_ascii_case(essence)));
        if !ndjson {
            return Err(JsonRejection::UnsupportedMediaType {
                expected: APPLICATION_NDJSON,
            });
        }
        Ok(JsonLines::from_body(req.into_body()))
    }
}

impl<T: FromJsonOwned, const MAX_LINE_LEN: usize> Stream for JsonLines<T, MAX_LINE_LEN> {
    type Item = Result<T, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        loop {
            if let Some(line) = this.decoder.next::<T>() {
                return Poll::Ready(Some(line));
            }
            let Some(body) = this.body.as_mut() else {
                return Poll::Ready(None);
            };
            match Pin::new(body).poll_next(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Some(Ok(chunk))) => this.decoder.push(&chunk),
                Poll::Ready(None) => {
                    this.body = None;
                    this.decoder.finish();
                }
                Poll::Ready(Some(Err(e))) => {
                    this.body = None;
                    this.decoder.finish();
                    return Poll::Ready(Some(Err(Error::io(io::Error::other(e)))));
                }
            }
        }
    }
}

/// A response body of newline-delimited JSON, written as the stream yields
/// its `T`s: `Content-Type: application/x-ndjson`, one compact document and
/// a `\n` per item.
///
/// Items ready together go out in one chunk of up to 16 KiB; memory stays
/// within one chunk and one item however long the stream.
///
/// ```
/// use jetjson::axum::JsonLinesResponse;
///
/// async fn numbers() -> JsonLinesResponse<impl futures_core::Stream<Item = u32>> {
///     // Any `Stream<Item = T>`; a tokio channel's receiver stream is typical.
///     struct Count(u32);
///     impl futures_core::Stream for Count {
///         type Item = u32;
///         fn poll_next(
///             mut self: std::pin::Pin<&mut Self>,
///             _: &mut std::task::Context<'_>,
///         ) -> std::task::Poll<Option<u32>> {
///             self.0 += 1;
///             std::task::Poll::Ready((self.0 <= 3).then_some(self.0))
///         }
///     }
///     JsonLinesResponse::new(Count(0)) // 1\n2\n3\n
/// }
/// # let _ = numbers;
/// ```
pub struct JsonLinesResponse<S> {
    stream: S,
}

impl<S> JsonLinesResponse<S> {
    /// A response that writes the items of `stream`.
    pub fn new(stream: S) -> Self {
        JsonLinesResponse { stream }
    }
}

impl<S> std::fmt::Debug for JsonLinesResponse<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonLinesResponse").finish_non_exhaustive()
    }
}

impl<S, T> IntoResponse for JsonLinesResponse<S>
where
    S: Stream<Item = T> + Send + 'static,
    T: ToJson,
{
    fn into_response(self) -> Response {
        let encoder = Encoder {
            stream: Box::pin(self.stream),
            done: false,
        };
        let mut response = Response::new(Body::from_stream(encoder));
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(APPLICATION_NDJSON),
        );
        response
    }
}

/// A chunk is sent once it reaches this size, or when the stream has no
/// item ready.
const CHUNK: usize = 16 * 1024;

/// The response body: items encoded, gathered into chunks.
struct Encoder<S> {
    stream: Pin<Box<S>>,
    done: bool,
}

impl<S, T> Stream for Encoder<S>
where
    S: Stream<Item = T>,
    T: ToJson,
{
    type Item = Result<Bytes, std::convert::Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.done {
            return Poll::Ready(None);
        }
        let mut w = crate::Writer::new();
        while w.as_bytes().len() < CHUNK {
            match self.stream.as_mut().poll_next(cx) {
                Poll::Ready(Some(item)) => {
                    item.write_json(&mut w);
                    w.write_byte(b'\n');
                }
                Poll::Ready(None) => {
                    self.done = true;
                    break;
                }
                Poll::Pending if w.as_bytes().is_empty() => return Poll::Pending,
                Poll::Pending => break,
            }
        }
        if w.as_bytes().is_empty() {
            return Poll::Ready(None);
        }
        Poll::Ready(Some(Ok(Bytes::from(w.into_vec()))))
    }
}
