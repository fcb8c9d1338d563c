#![cfg(feature = "axum")]
