//! `Json<T>` and `JsonBytes`: one JSON document per request or response.

use axum_core::extract::{FromRequest, Request};
use axum_core::response::{IntoResponse, Response};
use bytes::Bytes;
use http::{header, HeaderMap, HeaderValue, StatusCode};

use super::rejection::JsonRejection;
use super::APPLICATION_JSON;
use crate::{Category, Error, FromJsonOwned, ToJson};

/// A JSON request body read into a `T`, or a `T` written as a JSON response.
///
/// As an extractor, for any `T` that borrows nothing from the input
/// ([`FromJsonOwned`]: derived structs of owned fields, [`Value`](crate::Value),
/// `Vec<String>`, ...); it checks the content type, buffers the body
/// through axum's limit and reads it as [`from_slice`](crate::from_slice)
/// does. It must be the last extractor of a handler, as it takes the body.
/// Failures are a [`JsonRejection`].
///
/// As a response, for any `T: ToJson`: status 200 (or the status beside it
/// in a tuple), `Content-Type: application/json`, the compact JSON of `T`.
///
/// ```
/// use jetjson::axum::Json;
/// use jetjson::Value;
///
/// async fn echo(Json(body): Json<Value>) -> Json<Value> {
///     Json(body)
/// }
/// # let _ = echo;
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Json<T>(pub T);

impl<T> From<T> for Json<T> {
    fn from(value: T) -> Self {
        Json(value)
    }
}

impl<T> std::ops::Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Json<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: FromJsonOwned> Json<T> {
    /// Reads a `T` from a body already buffered, with the rejection the
    /// extractor would give (content type aside).
    ///
    /// ```
    /// use jetjson::axum::{Json, JsonRejection};
    ///
    /// let Json(n) = Json::<Vec<u8>>::from_bytes(b"[1, 2]").unwrap();
    /// assert_eq!(n, [1, 2]);
    /// let err = Json::<Vec<u8>>::from_bytes(b"[1, \"2\"]").unwrap_err();
    /// assert!(matches!(err, JsonRejection::Data(_)));
    /// assert_eq!(err.status(), 422);
    /// let err = Json::<Vec<u8>>::from_bytes(b"[1, 2").unwrap_err();
    /// assert_eq!(err.status(), 400);
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, JsonRejection> {
        match crate::from_slice::<T>(bytes) {
            Ok(value) => Ok(Json(value)),
            Err(e) => Err(classify(e, bytes)),
        }
    }
}

/// A data error in a body that is not JSON at all is reported as the
/// syntax error: 422 means "valid JSON of the wrong shape".
#[cold]
fn classify(e: Error, bytes: &[u8]) -> JsonRejection {
    if e.classify() == Category::Data {
        if let Err(syntax) = crate::validate(bytes) {
            return JsonRejection::Syntax(syntax);
        }
    }
    JsonRejection::from(e)
}

impl<T, S> FromRequest<S> for Json<T>
where
    T: FromJsonOwned,
    S: Send + Sync,
{
    type Rejection = JsonRejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let JsonBytes(bytes) = JsonBytes::from_request(req, state).await?;
        Json::from_bytes(&bytes)
    }
}

impl<T: ToJson> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        match crate::try_to_vec(&self.0) {
            Ok(bytes) => {
                let mut response = Response::new(axum_core::body::Body::from(bytes));
                response.headers_mut().insert(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static(APPLICATION_JSON),
                );
                response
            }
            // Only a field that went through the serde bridge can fail.
            Err(e) => (
                StatusCode::INTERNAL_SERVER_ERROR,
                [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                e.to_string(),
            )
                .into_response(),
        }
    }
}

/// A JSON request body, checked for its content type and buffered through
/// axum's limit but not parsed: for types that borrow from the body, such
/// as [`Document`](crate::Document), which an extractor cannot return.
/// `?` turns a parse error into the [`JsonRejection`] that [`Json`] would
/// give.
///
/// ```
/// use jetjson::axum::{Json, JsonBytes, JsonRejection};
/// use jetjson::Document;
///
/// async fn count(JsonBytes(body): JsonBytes) -> Result<Json<usize>, JsonRejection> {
///     let doc = Document::parse(&body)?;
///     Ok(Json(doc.root().len()))
/// }
/// # let _ = count;
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JsonBytes(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for JsonBytes {
    type Rejection = JsonRejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(req.headers()) {
            return Err(JsonRejection::UnsupportedMediaType {
                expected: APPLICATION_JSON,
            });
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(JsonRejection::from_bytes)?;
        Ok(JsonBytes(bytes))
    }
}

/// The essence of a `Content-Type` value: `type/subtype`, parameters
/// (`; charset=utf-8`) dropped. Compare it ignoring ASCII case.
pub(super) fn essence(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    Some(value.split(';').next().unwrap_or("").trim())
}

/// `application/json` or `application/<anything>+json`, in any case.
fn is_json(headers: &HeaderMap) -> bool {
    let Some((kind, subtype)) = essence(headers).and_then(|e| e.split_once('/')) else {
        return false;
    };
    let subtype = subtype.as_bytes();
    kind.eq_ignore_ascii_case("application")
        && (subtype.eq_ignore_ascii_case(b"json")
            || (subtype.len() > b"+json".len()
                && subtype[subtype.len() - b"+json".len()..].eq_ignore_ascii_case(b"+json")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(value: &str) -> bool {
        let mut headers = HeaderMap::new();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(value).unwrap());
        is_json(&headers)
    }

    #[test]
    fn content_types() {
        for yes in [
            "application/json",
            "application/json; charset=utf-8",
            "application/json;charset=utf-8",
            "Application/JSON",
            "application/cloudevents+json",
            "application/problem+json ; q=1",
        ] {
            assert!(json(yes), "{yes}");
        }
        for no in [
            "text/json",
            "application/jsonx",
            "application/+json",
            "application/json/x",
            "applications/json",
            "application/x-ndjson",
            "json",
            "",
        ] {
            assert!(!json(no), "{no}");
        }
        assert!(!is_json(&HeaderMap::new()));
    }
}
