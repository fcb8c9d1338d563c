//! `jetjson::axum` against a real axum server on 127.0.0.1 (port 0), through
//! a real HTTP/1 client (hyper's connection API): good requests, every
//! rejection with its status and exact body, the body limit, hostile
//! bodies, NDJSON both ways, and a bounded concurrent load.
//!
//! All traffic stays on the loopback address; every loop is bounded in
//! count, and every exchange in time (`deadline`).

#![cfg(all(feature = "axum", feature = "derive"))]

use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use bytes::Bytes;
use futures_util::StreamExt;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::Frame;
use hyper::client::conn::http1::{self, SendRequest};
use hyper::{Request, StatusCode};
use hyper_util::rt::TokioIo;
use jetjson::axum::{Json, JsonBytes, JsonLines, JsonLinesResponse, JsonRejection};
use jetjson::{Document, Value};

// MARK: - The server

#[derive(jetjson::Json, Debug, PartialEq)]
struct User {
    name: String,
    age: u32,
    #[json(default)]
    tags: Vec<String>,
}

#[derive(jetjson::Json, Debug, PartialEq)]
struct Team {
    users: Vec<User>,
}

#[derive(jetjson::Json, Debug, PartialEq)]
struct Summary {
    count: usize,
    oldest: Option<String>,
}

async fn team(Json(team): Json<Team>) -> Json<Summary> {
    let oldest = team
        .users
        .iter()
        .max_by_key(|u| u.age)
        .map(|u| u.name.clone());
    Json(Summary {
        count: team.users.len(),
        oldest,
    })
}

async fn echo(Json(v): Json<Value>) -> Json<Value> {
    Json(v)
}

/// A handler that maps the rejection itself.
async fn mapped(body: Result<Json<Vec<u32>>, JsonRejection>) -> (StatusCode, String) {
    match body {
        Ok(Json(v)) => (StatusCode::OK, format!("{} numbers", v.len())),
        Err(JsonRejection::Data(e)) => (StatusCode::OK, format!("bad value at {}", e.path())),
        Err(other) => (other.status(), other.message()),
    }
}

/// The `Document` way: `JsonBytes`, then a parse whose error `?` maps.
async fn document(JsonBytes(body): JsonBytes) -> Result<Json<usize>, JsonRejection> {
    let doc = Document::parse(&body)?;
    Ok(Json(doc.root().len()))
}

#[derive(jetjson::Json, Debug, PartialEq)]
struct Rec {
    id: u64,
}

/// Each line's outcome, in order: `ok <id>` or `err <message>`.
async fn lines(mut lines: JsonLines<Rec, 64>) -> Json<Vec<String>> {
    let mut out = Vec::new();
    while let Some(line) = lines.next().await {
        out.push(match line {
            Ok(rec) => format!("ok {}", rec.id),
            Err(e) => format!("err {e}"),
        });
        if out.len() > 1_000_000 {
            break;
        }
    }
    Json(out)
}

/// `n` records as NDJSON, produced lazily.
async fn count(body: String) -> JsonLinesResponse<impl futures_core::Stream<Item = Rec>> {
    let n: u64 = body.trim().parse().unwrap_or(0).min(1_000_000);
    JsonLinesResponse::new(futures_util::stream::iter((0..n).map(|id| Rec { id })))
}

fn app() -> Router {
    Router::new()
        .route("/team", post(team))
        .route("/echo", post(echo))
        .route("/mapped", post(mapped))
        .route("/document", post(document))
        .route("/small", post(echo).layer(DefaultBodyLimit::max(1024)))
        .route("/lines", post(lines))
        .route("/count", get(count).post(count))
}

/// Starts the app on 127.0.0.1, port 0; it lives as long as the test's
/// runtime.
async fn serve() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    assert!(addr.ip().is_loopback());
    tokio::spawn(async move { axum::serve(listener, app()).await });
    addr
}

// MARK: - The client

type Body = BoxBody<Bytes, Infallible>;

/// Fails the test if `f` takes longer than `secs` seconds.
async fn deadline<F: std::future::Future>(secs: u64, f: F) -> F::Output {
    tokio::time::timeout(Duration::from_secs(secs), f)
        .await
        .unwrap_or_else(|_| panic!("no answer within {secs} s"))
}

async fn connect(addr: SocketAddr) -> SendRequest<Body> {
    let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.set_nodelay(true).unwrap();
    let (sender, conn) = http1::handshake(TokioIo::new(stream)).await.unwrap();
    tokio::spawn(conn);
    sender
}

struct Reply {
    status: StatusCode,
    content_type: Option<String>,
    body: Bytes,
}

impl Reply {
    fn text(&self) -> &str {
        std::str::from_utf8(&self.body).unwrap()
    }
}

async fn send(
    sender: &mut SendRequest<Body>,
    path: &str,
    content_type: Option<&str>,
    body: Body,
) -> Reply {
    deadline(60, async {
        sender.ready().await.unwrap();
        let mut req = Request::post(path).header("host", "127.0.0.1");
        if let Some(ct) = content_type {
            req = req.header("content-type", ct);
        }
        let resp = sender.send_request(req.body(body).unwrap()).await.unwrap();
        let status = resp.status();
        let content_type = resp
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_owned());
        let body = BodyExt::collect(resp.into_body()).await.unwrap().to_bytes();
        Reply {
            status,
            content_type,
            body,
        }
    })
    .await
}

fn full(bytes: impl Into<Bytes>) -> Body {
    Full::new(bytes.into()).boxed()
}

/// A body sent as the given pieces, each its own chunk on the wire.
fn chunked(pieces: Vec<Vec<u8>>) -> Body {
    let frames = pieces
        .into_iter()
        .map(|p| Ok::<_, Infallible>(Frame::data(Bytes::from(p))));
    BodyExt::boxed(StreamBody::new(futures_util::stream::iter(frames)))
}

async fn post_json(addr: SocketAddr, path: &str, body: impl Into<Bytes>) -> Reply {
    let mut c = connect(addr).await;
    send(&mut c, path, Some("application/json"), full(body)).await
}

// MARK: - Good requests

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_good_request_gets_a_json_answer() {
    let addr = serve().await;
    let body =
        r#"{"users": [{"name": "Ada", "age": 36}, {"name": "Linus", "age": 54, "tags": ["x"]}]}"#;
    let r = post_json(addr, "/team", body).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.content_type.as_deref(), Some("application/json"));
    assert_eq!(r.text(), r#"{"count":2,"oldest":"Linus"}"#);

    // Value in, Value out; `application/*+json` and parameters accepted.
    let mut c = connect(addr).await;
    for ct in [
        "application/json; charset=utf-8",
        "application/cloudevents+json",
        "Application/JSON",
    ] {
        let r = send(
            &mut c,
            "/echo",
            Some(ct),
            full(r#" {"a": [1, 2.5, "é\n", null]} "#),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{ct}");
        assert_eq!(r.text(), r#"{"a":[1,2.5,"é\n",null]}"#);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handler_can_map_the_rejection_and_parse_a_document() {
    let addr = serve().await;
    let r = post_json(addr, "/mapped", "[1, 2, 3]").await;
    assert_eq!((r.status, r.text()), (StatusCode::OK, "3 numbers"));
    let r = post_json(addr, "/mapped", "[1, -2, 3]").await;
    assert_eq!((r.status, r.text()), (StatusCode::OK, "bad value at [1]"));
    let r = post_json(addr, "/mapped", "[1, 2").await;
    assert_eq!(
        (r.status, r.text()),
        (StatusCode::BAD_REQUEST, "unexpected end of input")
    );

    let r = post_json(addr, "/document", r#"{"a": 1, "b": [2]}"#).await;
    assert_eq!((r.status, r.text()), (StatusCode::OK, "2"));
    let r = post_json(addr, "/document", r#"{"a": 1, "b": [2}"#).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.text(),
        r#"{"error":"expected `,` or `]`","line":1,"column":17,"path":""}"#
    );
}

// MARK: - Rejections

/// `(path, content type, body) -> (status, exact body)`.
const REJECTIONS: &[(&str, Option<&str>, &str, u16, &str)] = &[
    (
        "/team",
        None,
        "{}",
        415,
        r#"{"error":"expected request with `Content-Type: application/json`"}"#,
    ),
    (
        "/team",
        Some("text/plain"),
        "{}",
        415,
        r#"{"error":"expected request with `Content-Type: application/json`"}"#,
    ),
    (
        "/team",
        Some("application/x-ndjson"),
        "{}",
        415,
        r#"{"error":"expected request with `Content-Type: application/json`"}"#,
    ),
    (
        "/team",
        Some("application/json"),
        "{\"users\": [\n{\"name\": \"a\", \"age\": 1}, {\"name\": \"b\", \"age\": 2},\n        {\"age\": \"x\", \"name\": \"c\"}]}",
        422,
        r#"{"error":"expected u32, found string","line":3,"column":17,"path":".users[2].age"}"#,
    ),
    (
        "/team",
        Some("application/json"),
        r#"{"users": [{"name": "a"}]}"#,
        422,
        r#"{"error":"missing field `age`","line":1,"column":25,"path":".users[0]"}"#,
    ),
    (
        "/team",
        Some("application/json"),
        r#"{"users": [{"name": "a", "age": 4294967296}]}"#,
        422,
        r#"{"error":"number out of range for u32","line":1,"column":33,"path":".users[0].age"}"#,
    ),
    (
        "/team",
        Some("application/json"),
        r#"{"users": {}}"#,
        422,
        r#"{"error":"expected an array, found object","line":1,"column":11,"path":".users"}"#,
    ),
    // The wrong shape, but not JSON either: the syntax error wins (400).
    (
        "/team",
        Some("application/json"),
        r#"{"users": [{"name": 5}, ]}"#,
        400,
        r#"{"error":"expected a JSON value","line":1,"column":25,"path":""}"#,
    ),
    (
        "/team",
        Some("application/json"),
        "{\"users\": [\n  {\"name\": \"a\" \"age\": 1}]}",
        400,
        r#"{"error":"expected `,` or `}`","line":2,"column":16,"path":".users[0]"}"#,
    ),
    (
        "/team",
        Some("application/json"),
        "",
        400,
        r#"{"error":"unexpected end of input","line":1,"column":1,"path":""}"#,
    ),
    (
        "/echo",
        Some("application/json"),
        r#"{"a": 1} x"#,
        400,
        r#"{"error":"trailing characters after the value","line":1,"column":10,"path":""}"#,
    ),
    (
        "/echo",
        Some("application/json"),
        "[1, 2] [3]",
        400,
        r#"{"error":"trailing characters after the value","line":1,"column":8,"path":""}"#,
    ),
    (
        "/echo",
        Some("application/json"),
        "\u{feff}{}",
        400,
        r#"{"error":"expected a JSON value","line":1,"column":1,"path":""}"#,
    ),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_rejection_has_its_status_and_body() {
    let addr = serve().await;
    let mut c = connect(addr).await;
    let mut failures = Vec::new();
    for &(path, ct, body, status, want) in REJECTIONS {
        let r = send(&mut c, path, ct, full(body.to_owned())).await;
        if r.status.as_u16() != status || r.text() != want {
            failures.push(format!(
                "{path} {body:?}: got {} {}, want {status} {want}",
                r.status,
                r.text()
            ));
        }
        assert_eq!(r.content_type.as_deref(), Some("application/json"));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_utf8_is_a_400() {
    let addr = serve().await;
    let mut c = connect(addr).await;
    for (body, column) in [
        (&b"{\"name\": \"\xff\", \"age\": 1, \"users\": []}"[..], 11),
        (
            b"{\"users\": [{\"name\": \"ok\", \"age\": 1, \"x\": \"\xc3\"}]}",
            43,
        ),
        (b"[\"\xed\xa0\x80\"]", 3),
    ] {
        let r = send(
            &mut c,
            "/team",
            Some("application/json"),
            full(body.to_vec()),
        )
        .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
        let v: Value = jetjson::from_slice(&r.body).unwrap();
        assert_eq!(v["error"], "invalid UTF-8", "{}", r.text());
        assert_eq!(v["column"], column, "{}", r.text());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_million_deep_nesting_is_a_400_not_a_crash() {
    let addr = serve().await;
    let mut c = connect(addr).await;
    for (path, body) in [
        ("/echo", "[".repeat(1_000_000)),
        // 2,000,000 bytes, within the 2 MiB limit.
        ("/team", "{\"users\":".repeat(200_000)),
        ("/echo", "[".repeat(500_000) + &"]".repeat(500_000)),
    ] {
        let r = send(&mut c, path, Some("application/json"), full(body)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path}");
        let v: Value = jetjson::from_slice(&r.body).unwrap();
        assert_eq!(
            v["error"],
            "nesting deeper than the limit of 128",
            "{}",
            r.text()
        );
        assert_eq!(v["line"], 1);
    }
    // Still serving.
    let r = send(&mut c, "/echo", Some("application/json"), full("[[1]]")).await;
    assert_eq!((r.status, r.text()), (StatusCode::OK, "[[1]]"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_past_the_limit_is_a_413() {
    let addr = serve().await;
    let too_large = r#"{"error":"request body too large"}"#;

    // A route limited to 1 KiB.
    let fits = format!("[{}1]", "1,".repeat(500));
    let r = post_json(addr, "/small", fits.clone()).await;
    assert_eq!((r.status, r.text().len()), (StatusCode::OK, fits.len()));
    let over = format!("[{}1]", "1,".repeat(600));
    let r = post_json(addr, "/small", over.clone()).await;
    assert_eq!(
        (r.status, r.text()),
        (StatusCode::PAYLOAD_TOO_LARGE, too_large)
    );
    // Without a Content-Length (chunked), the limit still holds.
    let mut c = connect(addr).await;
    let pieces = over.as_bytes().chunks(100).map(<[u8]>::to_vec).collect();
    let r = send(&mut c, "/small", Some("application/json"), chunked(pieces)).await;
    assert_eq!(
        (r.status, r.text()),
        (StatusCode::PAYLOAD_TOO_LARGE, too_large)
    );

    // axum's default, 2 MiB.
    let big = format!("[{}0]", "0,".repeat(1_100_000));
    let r = post_json(addr, "/echo", big).await;
    assert_eq!(
        (r.status, r.text()),
        (StatusCode::PAYLOAD_TOO_LARGE, too_large)
    );
}

// MARK: - NDJSON

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ndjson_request_goes_on_after_a_bad_record() {
    let addr = serve().await;
    let long = format!("{{\"id\": 9, \"pad\": \"{}\"}}", "x".repeat(100));
    let input = format!(
        "{{\"id\": 1}}\n{{\"id\": 2}}\r\n\n{{\"id\": tru}}\n{{\"id\": \"4\"}}\n{long}\n  {{\"id\": 6}}  \n[7] [8]\n{{\"id\": 10}}"
    );
    let want = [
        "ok 1",
        "ok 2",
        "err invalid literal (expected true, false or null) at line 4 column 11",
        "err expected u64, found string at line 5 column 8 (at .id)",
        "err line longer than the limit of 64 bytes at line 6 column 1",
        "ok 6",
        "err trailing characters after the value at line 8 column 5",
        "ok 10",
    ];
    // Whole, and in pieces that split lines, characters and the overlong line.
    for piece in [input.len(), 7, 1] {
        let pieces = input.as_bytes().chunks(piece).map(<[u8]>::to_vec).collect();
        let mut c = connect(addr).await;
        let r = send(
            &mut c,
            "/lines",
            Some("application/x-ndjson"),
            chunked(pieces),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK);
        let got: Vec<String> = jetjson::from_slice(&r.body).unwrap();
        assert_eq!(got, want, "pieces of {piece}");
    }

    let r = post_json(addr, "/lines", "{\"id\": 1}\n").await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(
        r.text(),
        r#"{"error":"expected request with `Content-Type: application/x-ndjson`"}"#
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ndjson_request_streams_a_long_body() {
    let addr = serve().await;
    // 200,000 records (about 3 MB, past the 2 MiB buffered limit, which a
    // streamed body does not have), sent in 64 KiB chunks.
    let n = 200_000u64;
    let mut input = Vec::new();
    for id in 0..n {
        input.extend_from_slice(format!("{{\"id\": {id}}}\n").as_bytes());
    }
    input.extend_from_slice(b"{\"id\": -1}\n");
    let pieces = input.chunks(64 * 1024).map(<[u8]>::to_vec).collect();
    let mut c = connect(addr).await;
    let r = send(&mut c, "/lines", Some("application/jsonl"), chunked(pieces)).await;
    assert_eq!(r.status, StatusCode::OK);
    let got: Vec<String> = jetjson::from_slice(&r.body).unwrap();
    assert_eq!(got.len() as u64, n + 1);
    assert!(got[..n as usize]
        .iter()
        .enumerate()
        .all(|(i, s)| *s == format!("ok {i}")));
    assert_eq!(
        got[n as usize],
        format!(
            "err number out of range for u64 at line {} column 8 (at .id)",
            n + 1
        )
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ndjson_response_streams_records() {
    let addr = serve().await;
    let mut c = connect(addr).await;
    for n in [0u64, 1, 100_000] {
        let r = deadline(60, async {
            c.ready().await.unwrap();
            let req = Request::post("/count")
                .header("host", "127.0.0.1")
                .body(full(n.to_string()))
                .unwrap();
            let resp = c.send_request(req).await.unwrap();
            assert_eq!(resp.status(), StatusCode::OK);
            assert_eq!(resp.headers()["content-type"], "application/x-ndjson");
            // Read it as it comes, frame by frame, through the line mode.
            let mut body = resp.into_body();
            let mut dec = jetjson::stream::LineDecoder::new();
            let mut next = 0u64;
            let mut frames = 0;
            while let Some(frame) = body.frame().await {
                frames += 1;
                if let Ok(data) = frame.unwrap().into_data() {
                    dec.push(&data);
                    while let Some(rec) = dec.next::<Rec>() {
                        assert_eq!(rec.unwrap(), Rec { id: next });
                        next += 1;
                    }
                }
                assert!(frames <= 1_000_000);
            }
            dec.finish();
            assert!(dec.next::<Rec>().is_none(), "every line ends in \\n");
            (next, frames)
        })
        .await;
        assert_eq!(r.0, n);
        if n == 100_000 {
            assert!(r.1 > 1, "sent in more than one frame");
        }
    }
}

// MARK: - Load

/// The body and exact answer of request `i`: most echo, some are rejected.
fn exchange(i: usize) -> (&'static str, String, u16, String) {
    match i % 10 {
        7 => (
            "/team",
            format!("{{\"users\": [{{\"name\": \"u{i}\", \"age\": \"{i}\"}}]}}"),
            422,
            format!(
                r#"{{"error":"expected u32, found string","line":1,"column":{},"path":".users[0].age"}}"#,
                33 + i.to_string().len()
            ),
        ),
        8 => (
            "/echo",
            format!("[{i}, "),
            400,
            format!(
                r#"{{"error":"unexpected end of input","line":1,"column":{},"path":""}}"#,
                4 + i.to_string().len()
            ),
        ),
        9 => (
            "/team",
            format!("{{\"users\": [{{\"name\": \"u{i}\", \"age\": {i}}}, {{\"name\": \"v\", \"age\": 0}}]}}"),
            200,
            format!(r#"{{"count":2,"oldest":"u{i}"}}"#),
        ),
        _ => {
            let body = format!("{{\"i\":{i},\"s\":\"req \\\"{i}\\\" é\",\"a\":[{i},true,null,{i}.5]}}");
            ("/echo", body.clone(), 200, body)
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_load_gets_every_answer_right() {
    const CONNECTIONS: usize = 64;
    const REQUESTS: usize = 20_000;
    let addr = serve().await;
    let started = Instant::now();
    let mut tasks = Vec::new();
    for conn in 0..CONNECTIONS {
        tasks.push(tokio::spawn(async move {
            let mut c = connect(addr).await;
            let mut done = 0;
            for i in (conn..REQUESTS).step_by(CONNECTIONS) {
                let (path, body, status, want) = exchange(i);
                let r = send(&mut c, path, Some("application/json"), full(body)).await;
                assert_eq!(
                    (r.status.as_u16(), r.text()),
                    (status, want.as_str()),
                    "request {i}"
                );
                done += 1;
            }
            done
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += deadline(300, t).await.unwrap();
    }
    assert_eq!(total, REQUESTS);
    println!(
        "{REQUESTS} requests over {CONNECTIONS} connections in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    // The server is still up.
    let r = post_json(addr, "/echo", "{}").await;
    assert_eq!((r.status, r.text()), (StatusCode::OK, "{}"));
}
