//! jetjson in an axum web service (feature `axum`): [`Json<T>`] as extractor
//! and response, rejections that say where the body went wrong, and
//! newline-delimited JSON both ways ([`JsonLines`], [`JsonLinesResponse`]).
//!
//! ```no_run
//! use axum::{routing::post, Router};
//! use jetjson::axum::Json;
//!
//! #[derive(jetjson::Json)]
//! struct User {
//!     name: String,
//!     age: u32,
//! }
//!
//! async fn create(Json(user): Json<User>) -> Json<(String, u32)> {
//!     Json((user.name, user.age + 1))
//! }
//!
//! # async fn run() {
//! let app = Router::new().route("/users", post(create));
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:3000").await.unwrap();
//! axum::serve(listener, app).await.unwrap();
//! # }
//! ```
//!
//! The types implement axum-core's traits, which axum 0.8 re-exports, so
//! they work with axum 0.8 without this crate depending on axum itself.
//!
//! # Requests
//!
//! [`Json<T>`] reads any `T` that borrows nothing from the body (owned
//! fields, [`Value`](crate::Value)); [`JsonBytes`] hands a checked, buffered
//! body to types that borrow from it, such as [`Document`](crate::Document).
//! Both check the content type first and buffer the body through axum's
//! limit ([`DefaultBodyLimit`](axum_core::extract::DefaultBodyLimit): 2 MiB
//! unless a route sets another). Nesting is limited to 128 levels, so a
//! hostile body such as a million `[` is a 400, not a stack overflow.
//!
//! # Rejections
//!
//! A refused request gets a [`JsonRejection`]: a status and a JSON body.
//!
//! | case | status | body |
//! | --- | --- | --- |
//! | no `Content-Type: application/json` (or `application/*+json`) | 415 | ``{"error":"expected request with `Content-Type: application/json`"}`` |
//! | body past the limit | 413 | `{"error":"request body too large"}` |
//! | body unreadable | 400 | `{"error":"..."}` |
//! | not JSON (syntax, early end, invalid UTF-8, too deep) | 400 | ``{"error":"expected `,` or `]`","line":1,"column":4,"path":""}`` (for `[1 2]`) |
//! | valid JSON of the wrong shape | 422 | `{"error":"expected u32, found string","line":3,"column":17,"path":".users[2].age"}` |
//!
//! The fields:
//!
//! - `error` (always): what went wrong, in words; for a parse error, the
//!   [`ErrorKind`](crate::ErrorKind)'s text, the [`Error`](crate::Error)'s
//!   `Display` without its position.
//! - `line`, `column` (parse errors): where, 1-based; columns count
//!   characters, not bytes.
//! - `path` (parse errors): the field path to the failing value, such as
//!   `.users[2].age`; `""` at the top level.
//!
//! To answer otherwise, take `Result<Json<T>, JsonRejection>` in the
//! handler and match:
//!
//! ```
//! use axum_core::response::{IntoResponse, Response};
//! use jetjson::axum::{Json, JsonRejection};
//!
//! async fn lenient(body: Result<Json<Vec<u32>>, JsonRejection>) -> Response {
//!     match body {
//!         Ok(Json(v)) => Json(v.len()).into_response(),
//!         Err(JsonRejection::Data(e)) => format!("bad field {}", e.path()).into_response(),
//!         Err(other) => other.into_response(),
//!     }
//! }
//! # let _ = lenient;
//! ```
//!
//! # Responses
//!
//! `Json<T>` for any `T: ToJson` is a 200 with `Content-Type:
//! application/json` and the compact JSON of `T`; put a status beside it
//! in a tuple for another (`(StatusCode::CREATED, Json(user))`).
//!
//! # Newline-delimited JSON
//!
//! [`JsonLines<T>`] is a request body of NDJSON as a
//! [`Stream`](futures_core::Stream) of `Result<T, Error>`, read while the
//! body arrives, in constant memory; a bad line yields its error (line
//! number from the start of the body) and the stream goes on.
//! [`JsonLinesResponse`] writes a `Stream<Item = T>` as an
//! `application/x-ndjson` response. The line splitting is
//! [`stream::LineDecoder`](crate::stream::LineDecoder), which also serves
//! [`StreamReader::line_mode`](crate::stream::StreamReader::line_mode).

mod json;
mod lines;
mod rejection;

pub use json::{Json, JsonBytes};
pub use lines::{JsonLines, JsonLinesResponse};
pub use rejection::JsonRejection;

/// The content type of a JSON body.
const APPLICATION_JSON: &str = "application/json";

/// The content type of a newline-delimited JSON body.
const APPLICATION_NDJSON: &str = "application/x-ndjson";
