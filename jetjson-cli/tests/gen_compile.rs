//! `jetjson gen` end to end: generate impls for tests/fixtures/models.rs in a
//! scratch crate, build it under `#![deny(warnings)]`, and run it to prove
//! that the generated impls and `#[derive(jetjson::Json)]` write the same
//! bytes and read the same values (and the same errors) for the same data.
//! Copies generated with other flags (`--stubs`, `--msgpack`, ...) are built
//! in the same crate.
//!
//! The scratch crate lives in `CARGO_TARGET_TMPDIR` and builds into a target
//! directory there that is kept between runs, so only the first run compiles
//! jetjson. It builds `--offline` when the registry cache has what it needs
//! (the workspace's Cargo.lock is copied in), online otherwise.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const MAIN_RS: &str = r##"// The scratch crate of jetjson-cli/tests/gen_compile.rs.
#![deny(warnings)]

mod derived;
mod models;

// Two more copies of the fixture, built only to prove that the output of
// other flags compiles warning-free too. Their helper items (`Secret::new`,
// `shout`) are not all used, hence the allow.
#[allow(dead_code)]
mod stubs; // jetjson gen --stubs
#[allow(dead_code)]
mod variant; // jetjson gen --no-format --lower-camel-case --cfg 'not(any())'
#[allow(dead_code)]
mod msgpack; // jetjson gen --msgpack

mod via_generated {
    use crate::models::*;
    include!("values.rs");
}

mod via_derive {
    use crate::derived::*;
    include!("values.rs");
}

// Neither side generated impls for the unmarked type: these would conflict.
impl jetjson::ToJson for models::Unmarked {
    fn write_json(&self, w: &mut jetjson::Writer<'_>) {
        w.write_u64(u64::from(self.n));
    }
}

impl jetjson::ToJson for derived::Unmarked {
    fn write_json(&self, w: &mut jetjson::Writer<'_>) {
        w.write_u64(u64::from(self.n));
    }
}

fn main() {
    let mut failures = Vec::new();
    let lossy = |b: &[u8]| String::from_utf8_lossy(b).into_owned();

    let generated = via_generated::encoded();
    let derived = via_derive::encoded();
    assert_eq!(generated.len(), derived.len());
    for ((ty, a), (_, b)) in generated.iter().zip(&derived) {
        if a != b {
            failures.push(format!("encode {ty}:\n  generated {}\n  derived   {}", lossy(a), lossy(b)));
        }
    }

    assert_eq!(via_generated::inputs(), via_derive::inputs());
    let mut inputs: Vec<(&str, Vec<u8>)> = generated.clone();
    inputs.extend(via_generated::inputs().into_iter().map(|(ty, s)| (ty, s.as_bytes().to_vec())));
    for (ty, input) in &inputs {
        let a = via_generated::decode(ty, input);
        let b = via_derive::decode(ty, input);
        if a == b {
            println!("{ty} {}\n  {a}", lossy(input));
        } else {
            failures.push(format!("decode {ty} {}:\n  generated {a}\n  derived   {b}", lossy(input)));
        }
    }

    assert_eq!(jetjson::to_vec(&models::Unmarked { n: 1 }), jetjson::to_vec(&derived::Unmarked { n: 1 }));
    assert_eq!(via_generated::skipped_fields(), via_derive::skipped_fields());

    // Stubs write null and refuse to read.
    assert_eq!(jetjson::to_vec(&stubs::Marker), b"null");
    let err = jetjson::from_slice::<stubs::School>(b"{}").unwrap_err();
    assert_eq!(err.to_string(), "stub at line 1 column 1");
    // Stub map keys, for the types the real impls make keys: written as
    // the stub value's text, refused on reading.
    let by_priority = std::collections::BTreeMap::from([(stubs::Priority::Low, 1u8)]);
    assert_eq!(jetjson::to_vec(&by_priority), br#"{"null":1}"#);
    let value = jetjson::to_value(&by_priority).unwrap();
    assert_eq!(jetjson::to_vec(&value), br#"{"null":1}"#);
    let err = jetjson::from_slice::<std::collections::BTreeMap<stubs::UserId, u8>>(br#"{"7":1}"#)
        .unwrap_err();
    assert_eq!(err.to_string(), "stub at line 1 column 2");
    let err = jetjson::from_value::<std::collections::BTreeMap<stubs::Priority, u8>>(value)
        .unwrap_err();
    assert!(err.to_string().starts_with("stub"), "{err}");
    // The variant names fields in camelCase.
    let everywhere = jetjson::to_vec(&variant::Event::Close { exit_code: 1 });
    assert_eq!(everywhere, br#"{"type":"Close","exitCode":1}"#);
    let config = jetjson::to_vec(&variant::Numbers {
        small: 1, short: 1, int: 1, long: 1, huge: 1, size: 1, neg_small: 1, neg_short: 1,
        neg_int: 1, neg_long: 1, neg_huge: 1, neg_size: 1, single: 1.0, double: 1.0,
        flag: true, letter: 'x', nothing: (),
    });
    assert!(String::from_utf8_lossy(&config).contains(r#""negSmall":1"#));
    // The --msgpack copy speaks MessagePack as well, from the same marks.
    let school = msgpack::School { name: "n".into(), addr: "a".into() };
    let packed = jetjson::msgpack::to_vec(&school);
    assert_eq!(packed, b"\x82\xa4name\xa1n\xa4addr\xa1a");
    assert_eq!(jetjson::msgpack::from_slice::<msgpack::School>(&packed).unwrap(), school);
    assert_eq!(jetjson::to_vec(&school), br#"{"name":"n","addr":"a"}"#);

    if failures.is_empty() {
        println!(
            "generated and derived impls agree on {} encodings and {} decodings",
            generated.len(),
            inputs.len()
        );
    } else {
        for f in &failures {
            eprintln!("{f}");
        }
        std::process::exit(1);
    }
}
"##;

fn write(path: &Path, text: &str) {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).unwrap();
    }
    fs::write(path, text).unwrap();
}

/// Writes the scratch crate; returns its directory.
fn scratch_crate() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let fixtures = manifest.join("tests/fixtures");
    let fixture = fs::read_to_string(fixtures.join("models.rs")).unwrap();
    let values = fs::read_to_string(fixtures.join("values.rs")).unwrap();
    let jetjson = manifest.join("../jetjson").canonicalize().unwrap();

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gen-compile-crate");
    let _ = fs::remove_dir_all(&dir);
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"jetjson-gen-compile\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\njetjson = {{ path = {:?} }}\n\n\
             # Not part of any enclosing workspace.\n[workspace]\n",
            jetjson.display().to_string()
        ),
    );
    write(&dir.join("src/main.rs"), MAIN_RS);
    write(&dir.join("src/values.rs"), &values);
    write(
        &dir.join("src/models.rs"),
        &format!("use jetjson::JsonAttrs;\n\n{fixture}\ninclude!(\"models_json.rs\");\n"),
    );
    for copy in ["stubs", "variant", "msgpack"] {
        write(
            &dir.join(format!("src/{copy}.rs")),
            &format!("use jetjson::JsonAttrs;\n\n{fixture}\ninclude!(\"{copy}_json.rs\");\n"),
        );
    }
    write(
        &dir.join("src/derived.rs"),
        &format!("use jetjson::Json as JsonAttrs;\n\n{fixture}"),
    );
    // The workspace's lock file pins the versions already in the registry
    // cache (and already built), so `--offline` works.
    let lock = manifest.join("../Cargo.lock");
    if lock.exists() {
        fs::copy(lock, dir.join("Cargo.lock")).unwrap();
    }
    dir
}

fn cargo_run(dir: &Path, offline: bool) -> Output {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gen-compile-target");
    let mut cmd = Command::new(cargo);
    cmd.current_dir(dir)
        .args(["run", "--quiet"])
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_BUILD_RUSTFLAGS");
    if offline {
        cmd.arg("--offline");
    }
    cmd.output().unwrap()
}

#[test]
fn generated_impls_agree_with_the_derive() {
    let dir = scratch_crate();

    let gen = Command::new(env!("CARGO_BIN_EXE_jetjson"))
        .current_dir(&dir)
        .args(["gen", "src/models.rs"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&gen.stderr);
    assert!(gen.status.success(), "jetjson gen failed:\n{stderr}");
    assert!(stderr.is_empty(), "unexpected messages:\n{stderr}");
    let generated = fs::read_to_string(dir.join("src/models_json.rs")).unwrap();
    assert!(generated.starts_with(
        "// Code generated by jetjson gen — do not edit.\n// @generated\n// Command: jetjson gen src/models.rs\n"
    ));
    for ty in [
        "Student<'a>",
        "School",
        "Secret",
        "Numbers",
        "Collections",
        "Config",
        "Meters",
        "Point",
        "UserId",
        "Marker",
        "Shape",
        "Event<'a>",
        "Msg",
        "Id",
        "Page<T>",
        "Everywhere",
    ] {
        assert!(
            generated.contains(&format!("ToJson for {ty} "))
                || generated.contains(&format!("ToJson for {ty}\n")),
            "no ToJson for {ty} in the output"
        );
    }
    assert!(!generated.contains("Unmarked"));
    assert!(generated.contains("#[cfg(not(target_os = \"none\"))]\n#[doc(hidden)]"));

    for args in [
        &["gen", "--stubs", "src/stubs.rs"][..],
        &[
            "gen",
            "--no-format",
            "--lower-camel-case",
            "--cfg",
            "not(any())",
            "src/variant.rs",
        ],
        &["gen", "--msgpack", "src/msgpack.rs"],
    ] {
        let gen = Command::new(env!("CARGO_BIN_EXE_jetjson"))
            .current_dir(&dir)
            .args(args)
            .output()
            .unwrap();
        assert!(
            gen.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&gen.stderr)
        );
    }

    let mut run = cargo_run(&dir, true);
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    if !run.status.success() && stderr.contains("offline") {
        run = cargo_run(&dir, false);
    }
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "the scratch crate failed to build or its checks failed:\n{stderr}\n{stdout}"
    );
    assert!(
        stdout.contains("generated and derived impls agree on"),
        "{stdout}"
    );
}
