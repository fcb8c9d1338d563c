//! axum-bench: the same typed echo service twice, once with axum's own
//! `Json` (serde_json) and once with `jetjson::axum::Json`, measured over
//! loopback HTTP/1 with a closed-loop client: requests per second and p50 /
//! p99 latency, for an agent_service-sized and a twitter-sized body.
//!
//! ```text
//! cargo run --release -p jetjson-bench --bin axum-bench
//! cargo run --release -p jetjson-bench --bin axum-bench -- --seconds 1 --rounds 1
//! ```
//!
//! Each handler reads the body into the payload's Rust type (the bench's
//! schema, which derives both serde and jetjson) and writes it back, so
//! the difference between the two is the JSON work; the HTTP work is the
//! same. Cells run interleaved, `--rounds` times each for `--seconds`;
//! req/s is the median of the rounds, latencies are pooled. Server and
//! client run in one process on separate tokio runtimes, sharing the
//! machine's cores; all traffic is on 127.0.0.1 and the run stops by
//! itself.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use axum::extract::DefaultBodyLimit;
use axum::routing::post;
use axum::Router;
use bytes::Bytes;
use clap::Parser;
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1;
use hyper_util::rt::TokioIo;
use jetjson_bench::config::DataSource;
use jetjson_bench::payload::{self, Origin};
use jetjson_bench::schema::{AgentService, Twitter};

#[derive(Parser, Debug)]
#[command(
    about = "axum's Json (serde_json) against jetjson::axum::Json: an echo service over loopback"
)]
struct Args {
    /// Seconds of load per cell and round.
    #[arg(long, default_value_t = 2.0)]
    seconds: f64,
    /// Rounds; cells are interleaved within each round.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// Client connections, each sending one request at a time.
    #[arg(long, default_value_t = 16)]
    connections: usize,
    /// Worker threads of the server's runtime.
    #[arg(long, default_value_t = 1)]
    server_threads: usize,
    /// Worker threads of the client's runtime.
    #[arg(long, default_value_t = 1)]
    client_threads: usize,
    /// The shared data directory (default: ../shared/data, else generated
    /// payloads of the same shape).
    #[arg(long)]
    data: Option<PathBuf>,
}

/// The two payloads: name and route suffix.
const PAYLOADS: [&str; 2] = ["agent_service", "twitter"];
/// The two libraries, as route prefixes.
const LIBRARIES: [&str; 2] = ["serde_json", "jetjson"];

fn app() -> Router {
    Router::new()
        .route(
            "/serde_json/agent_service",
            post(|axum::Json(v): axum::Json<AgentService>| async move { axum::Json(v) }),
        )
        .route(
            "/jetjson/agent_service",
            post(
                |jetjson::axum::Json(v): jetjson::axum::Json<AgentService>| async move {
                    jetjson::axum::Json(v)
                },
            ),
        )
        .route(
            "/serde_json/twitter",
            post(|axum::Json(v): axum::Json<Twitter>| async move { axum::Json(v) }),
        )
        .route(
            "/jetjson/twitter",
            post(
                |jetjson::axum::Json(v): jetjson::axum::Json<Twitter>| async move {
                    jetjson::axum::Json(v)
                },
            ),
        )
        .layer(DefaultBodyLimit::max(64 << 20))
}

type Sender = http1::SendRequest<Full<Bytes>>;

async fn connect(addr: SocketAddr) -> Sender {
    let stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connect to the bench server");
    stream.set_nodelay(true).expect("TCP_NODELAY");
    let (sender, conn) = http1::handshake(TokioIo::new(stream))
        .await
        .expect("HTTP/1 handshake");
    tokio::spawn(conn);
    sender
}

/// One request; the status and body of the answer.
async fn post_once(sender: &mut Sender, path: &str, body: &Bytes) -> (u16, Bytes) {
    sender.ready().await.expect("connection ready");
    let req = hyper::Request::post(path)
        .header("host", "127.0.0.1")
        .header("content-type", "application/json")
        .body(Full::new(body.clone()))
        .expect("request");
    let resp = sender.send_request(req).await.expect("response");
    let status = resp.status().as_u16();
    let body = resp
        .into_body()
        .collect()
        .await
        .expect("response body")
        .to_bytes();
    (status, body)
}

/// One cell's round: `connections` closed loops for `seconds`; the number
/// of requests and each one's latency in microseconds.
async fn load(
    addr: SocketAddr,
    path: &'static str,
    body: Bytes,
    connections: usize,
    seconds: f64,
) -> (usize, Duration, Vec<u32>) {
    let mut senders = Vec::new();
    for _ in 0..connections {
        senders.push(connect(addr).await);
    }
    let started = Instant::now();
    let stop = started + Duration::from_secs_f64(seconds);
    let mut tasks = Vec::new();
    for mut sender in senders {
        let body = body.clone();
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            // Bounded in time (`stop`) and in count.
            while Instant::now() < stop && latencies.len() < 10_000_000 {
                let t = Instant::now();
                let (status, _) = post_once(&mut sender, path, &body).await;
                assert_eq!(status, 200, "{path}");
                latencies.push(u32::try_from(t.elapsed().as_micros()).unwrap_or(u32::MAX));
            }
            latencies
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.expect("client task"));
    }
    (all.len(), started.elapsed(), all)
}

fn percentile(sorted: &[u32], p: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

struct Cell {
    payload: &'static str,
    library: &'static str,
    path: &'static str,
    body: Bytes,
    rates: Vec<f64>,
    latencies: Vec<u32>,
}

fn main() {
    let args = Args::parse();
    let source = match &args.data {
        Some(dir) => DataSource::Dir(dir.clone()),
        None => DataSource::Auto,
    };
    let dir = payload::data_dir(&source);
    let specs = payload::payloads();

    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.server_threads.max(1))
        .enable_all()
        .thread_name("server")
        .build()
        .expect("server runtime");
    let client = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.client_threads.max(1))
        .enable_all()
        .thread_name("client")
        .build()
        .expect("client runtime");

    let listener = server
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("bind 127.0.0.1:0");
    let addr = listener.local_addr().expect("local address");
    server.spawn(async move { axum::serve(listener, app()).await });

    let mut cells = Vec::new();
    for name in PAYLOADS {
        let spec = specs
            .iter()
            .find(|s| s.name == name)
            .expect("payload in the list");
        let loaded = payload::load(spec, dir.as_deref(), &source);
        let origin = match &loaded.origin {
            Origin::File(path) => path.display().to_string(),
            Origin::Generated(size) => format!("generated ({size:?})"),
        };
        println!("{name}: {} bytes from {origin}", loaded.json.len());
        let body = Bytes::from(loaded.json);
        // Both services answer, and with the same JSON value.
        let answers: Vec<serde_json::Value> = LIBRARIES
            .iter()
            .map(|lib| {
                let path = format!("/{lib}/{name}");
                let (status, answer) = client.block_on(async {
                    let mut s = connect(addr).await;
                    post_once(&mut s, &path, &body).await
                });
                assert_eq!(status, 200, "{path}: {}", String::from_utf8_lossy(&answer));
                serde_json::from_slice(&answer).expect("the answer is JSON")
            })
            .collect();
        assert_eq!(answers[0], answers[1], "{name}: the two services differ");
        for library in LIBRARIES {
            let path: &'static str = Box::leak(format!("/{library}/{name}").into_boxed_str());
            cells.push(Cell {
                payload: name,
                library,
                path,
                body: body.clone(),
                rates: Vec::new(),
                latencies: Vec::new(),
            });
        }
    }

    // Warm-up: a short round of each cell, not counted.
    for cell in &cells {
        client.block_on(load(
            addr,
            cell.path,
            cell.body.clone(),
            args.connections,
            (args.seconds / 4.0).min(0.5),
        ));
    }
    for round in 0..args.rounds {
        for cell in &mut cells {
            let (n, elapsed, latencies) = client.block_on(load(
                addr,
                cell.path,
                cell.body.clone(),
                args.connections,
                args.seconds,
            ));
            cell.rates.push(n as f64 / elapsed.as_secs_f64());
            cell.latencies.extend(latencies);
        }
        eprintln!("round {} of {} done", round + 1, args.rounds);
    }

    println!();
    println!(
        "echo over loopback HTTP/1: {} connections, server {} thread(s), client {} thread(s), {} round(s) of {} s per cell, {} cores",
        args.connections,
        args.server_threads,
        args.client_threads,
        args.rounds,
        args.seconds,
        std::thread::available_parallelism().map_or(0, |n| n.get()),
    );
    println!();
    println!("| payload | body bytes | library | req/s | p50 µs | p99 µs | req/s vs serde_json |");
    println!("| --- | ---: | --- | ---: | ---: | ---: | ---: |");
    let mut baseline = 0.0;
    for cell in &mut cells {
        cell.latencies.sort_unstable();
        let rate = median(cell.rates.clone());
        if cell.library == "serde_json" {
            baseline = rate;
        }
        let ratio = if baseline > 0.0 { rate / baseline } else { 0.0 };
        println!(
            "| {} | {} | {} | {:.0} | {} | {} | {:.2}x |",
            cell.payload,
            cell.body.len(),
            cell.library,
            rate,
            percentile(&cell.latencies, 0.50),
            percentile(&cell.latencies, 0.99),
            ratio
        );
    }
    drop(client);
    server.shutdown_timeout(Duration::from_secs(1));
}
