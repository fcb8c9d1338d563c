//! A small axum service on jetjson: typed JSON in and out, rejections that
//! say where a body went wrong, and NDJSON both ways.
//!
//! ```text
//! cargo run -p jetjson --features axum --example axum_server
//! curl -s localhost:3000/users -H 'content-type: application/json' \
//!      -d '{"name": "Ada", "age": 36, "langs": ["en"]}'
//!   -> 201 {"id":1,"name":"Ada","next_birthday_age":37}
//! curl -s localhost:3000/users -H 'content-type: application/json' \
//!      -d '{"name": "Ada", "age": "36"}'
//!   -> 422 {"error":"expected u32, found string","line":1,"column":24,"path":".age"}
//! printf '{"name":"a","age":1}\n{"name":"b","age":x}\n{"name":"c","age":3}\n' |
//!   curl -s localhost:3000/users/import -H 'content-type: application/x-ndjson' --data-binary @-
//!   -> {"imported":2,"errors":["expected a JSON value at line 2 column 19 (at .age)"]}
//! curl -s localhost:3000/users/export?n=3
//!   -> {"name":"user 0","age":0,"langs":["en"]}  (and two more lines)
//! ```
//!
//! The address is 127.0.0.1:3000, or `127.0.0.1:$PORT`.

use axum::extract::{DefaultBodyLimit, RawQuery};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use futures_util::StreamExt;
use jetjson::axum::{Json, JsonLines, JsonLinesResponse};

#[derive(jetjson::Json, Debug)]
struct User {
    name: String,
    age: u32,
    #[json(default, omit_empty)]
    langs: Vec<String>,
}

#[derive(jetjson::Json)]
struct Created {
    id: u64,
    name: String,
    next_birthday_age: u32,
}

/// `POST /users`: one JSON user in, 201 and a JSON answer out.
async fn create(Json(user): Json<User>) -> (StatusCode, Json<Created>) {
    let created = Created {
        id: 1,
        next_birthday_age: user.age.saturating_add(1),
        name: user.name,
    };
    (StatusCode::CREATED, Json(created))
}

#[derive(jetjson::Json, Default)]
struct ImportReport {
    imported: u64,
    /// One message per bad line, with its line number.
    errors: Vec<String>,
}

/// `POST /users/import`: NDJSON users, read as they arrive; a bad line is
/// reported and the rest still imported.
async fn import(mut lines: JsonLines<User>) -> Json<ImportReport> {
    let mut report = ImportReport::default();
    while let Some(line) = lines.next().await {
        match line {
            Ok(_user) => report.imported += 1,
            Err(e) if report.errors.len() < 100 => report.errors.push(e.to_string()),
            Err(_) => {}
        }
    }
    Json(report)
}

/// `GET /users/export?n=N`: N users as an NDJSON stream, made as they are
/// sent.
async fn export(
    RawQuery(query): RawQuery,
) -> JsonLinesResponse<impl futures_core::Stream<Item = User>> {
    let n: u64 = query
        .as_deref()
        .and_then(|q| q.strip_prefix("n="))
        .and_then(|n| n.parse().ok())
        .unwrap_or(10);
    let users = (0..n.min(1_000_000)).map(|i| User {
        name: format!("user {i}"),
        age: (i % 100) as u32,
        langs: vec!["en".to_owned()],
    });
    JsonLinesResponse::new(futures_util::stream::iter(users))
}

fn app() -> Router {
    Router::new()
        .route("/users", post(create))
        .route("/users/import", post(import))
        .route("/users/export", get(export))
        // JSON bodies up to 64 KiB on every route (axum's default is 2 MiB).
        .layer(DefaultBodyLimit::max(64 * 1024))
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let port = std::env::var("PORT").unwrap_or_else(|_| "3000".to_owned());
    let listener = tokio::net::TcpListener::bind(format!("127.0.0.1:{port}")).await?;
    println!("listening on http://{}", listener.local_addr()?);
    axum::serve(listener, app()).await
}
