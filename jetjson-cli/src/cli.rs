//! The command line: every subcommand and flag, with the help text that
//! `jetjson <command> --help` prints.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// The depth limit of `check` and `fmt` unless `--max-depth` says otherwise.
pub const DEFAULT_MAX_DEPTH: usize = 1000;

/// jetjson: generate JSON code for Rust types; check, format, query and convert JSON.
#[derive(Debug, Parser)]
#[command(
    name = "jetjson",
    version,
    about = "jetjson: generate JSON code for Rust types; check, format, query and convert JSON",
    after_help = "Exit status: 0 on success, 1 when an input is invalid (one message per problem \
                  on standard error), 2 on a usage or I/O error."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Write ToJson/FromJson impls for the marked types of Rust source files
    /// (easyjson's generator, for Rust)
    #[command(long_about = GEN_LONG_ABOUT, after_long_help = GEN_AFTER_LONG_HELP)]
    Gen(GenArgs),
    /// Check that files are valid JSON (RFC 8259, UTF-8, strict)
    #[command(long_about = CHECK_LONG_ABOUT)]
    Check(CheckArgs),
    /// Re-indent or minify one JSON document; only whitespace changes
    #[command(long_about = FMT_LONG_ABOUT)]
    Fmt(FmtArgs),
    /// Print the values at JSON Pointers (RFC 6901), one a line
    #[command(long_about = GET_LONG_ABOUT)]
    Get(GetArgs),
    /// Convert JSON to MessagePack and back
    #[command(subcommand)]
    Msgpack(MsgpackCommand),
}

/// The long help of `jetjson get`.
const GET_LONG_ABOUT: &str = "Print the values at JSON Pointers (RFC 6901), one a line, in the \
order given: `jetjson get data.json /statuses/0/user/id /search_metadata`. Each value is \
printed as it is written in the input with the whitespace outside strings removed (numbers and \
strings as they were spelt, not re-encoded).

The input is read once and only up to the last value asked for; everything else is skipped, \
checked as strictly as `jetjson check` would (so invalid JSON on the way is an error, with \
FILE:LINE:COL: message and exit status 1), and text after the last value found is not read. \
A repeated key: the first occurrence counts. A pointer that names nothing is reported on \
standard error as `FILE: no value at POINTER` (the others are still printed) and the exit \
status is 1; a malformed pointer (not empty and not starting with `/`, or `~` not followed by \
0 or 1) is a usage error, exit status 2.";

/// The long help of `jetjson msgpack encode`.
const MSGPACK_ENCODE_LONG_ABOUT: &str = "Write the MessagePack form of one JSON document to \
standard output. Every value takes its smallest encoding: integers the narrowest int form \
(exactly; an integer beyond the 64-bit range cannot be held and is an error, exit status 1), \
other numbers float 32 when that holds them exactly (and decodes to the same text) and \
float 64 otherwise, strings, arrays \
and maps the shortest header. A key repeated in an object is written once, with its last \
value, where it first appeared (as jetjson::Value reads it). Invalid JSON: FILE:LINE:COL: \
message on standard error, nothing on standard output, exit status 1.";

/// The long help of `jetjson msgpack decode`.
const MSGPACK_DECODE_LONG_ABOUT: &str = "Print one MessagePack value as compact JSON (and a \
newline). The forms JSON lacks:

  bin                    a base64 string (standard alphabet, padded)
  timestamp (ext -1)     an RFC 3339 string in UTC, \"2024-05-06T07:08:09.5Z\" (fraction only \
when non-zero; years outside 0000-9999 with a sign)
  other ext              {\"ext\":TYPE,\"data\":\"BASE64\"}
  NaN, infinities        null
  non-string map key     a string of its JSON text (1 becomes \"1\"; bin and timestamps \
without their quotes); an array or map as a key is an error

Malformed input (a bad marker, a length beyond the input, invalid UTF-8 in a str, bytes after \
the value, nesting deeper than --max-depth) prints FILE: message at byte N on standard error \
and nothing on standard output, exit status 1. Lengths are checked against the bytes that \
remain before anything is reserved.";

/// The long help of `jetjson gen`.
const GEN_LONG_ABOUT: &str =
    "Write ToJson/FromJson impls for the marked types of Rust source files \
(easyjson's generator, for Rust).

Mark a type with a `// jetjson:json` comment line directly above it (doc comments and \
attributes may sit between the mark and the item, or the mark between them; blank lines may \
not). Only top-level structs and enums of a file can be marked. `jetjson gen src/models.rs` \
then writes src/models_json.rs, which is meant to be included at the end of models.rs:

    // src/models.rs
    // jetjson:json
    pub struct User { id: u64, name: String }

    include!(\"models_json.rs\");

Included there, the generated impls sit in the module of the types, so they name the types \
as written and can read private fields. The impls are those of #[derive(jetjson::Json)] (the \
same generator): #[json(...)] and #[serde(...)] attributes on the types and fields mean what \
the derive's documentation says. #[json] attributes need #[derive(jetjson::JsonAttrs)] on the type, which declares them for the \
compiler (#[serde] ones come with serde's derives); attributes inside #[cfg_attr] are not \
seen.

The output file starts with a `// Code generated by jetjson gen` / `// @generated` header \
naming the command, is formatted with prettyplease, is the same bytes for the same input, \
and is written only when every type could be generated (errors are printed as \
FILE:LINE:COL: message, exit status 1). A file whose content would not change is not \
rewritten.";

/// The flag table after `jetjson gen --help`.
const GEN_AFTER_LONG_HELP: &str = "easyjson's flags, in Rust:
  -all                 --all
  -snake_case          --snake-case (the default for Rust field names; kept for parity)
  -lower_camel_case    --lower-camel-case
  -omit_empty          --omit-empty
  -output_filename F   --output F / -o F
  -build_tags T        --cfg PRED: #[cfg(PRED)] on every generated item
  -noformat            --no-format
  -stubs               --stubs
  -pkg                 give a directory as PATH
  -no_std_marshalers   does not apply: Go has two interfaces (encoding/json's Marshaler and \
easyjson's own) and the flag drops the first; Rust has no standard JSON trait, ToJson/FromJson \
are the only ones. To generate one direction only, use --to-json-only or --from-json-only.
  -leave_temps         does not apply: easyjson builds and runs a temporary Go program to \
inspect the types; jetjson gen reads the syntax tree directly and leaves no files but its \
output (which is written to a temporary file beside the target and renamed into place).";

/// The long help of `jetjson check`.
const CHECK_LONG_ABOUT: &str =
    "Check that files are valid JSON: RFC 8259 in UTF-8, any value at the \
top level, and nothing else (no comments, trailing commas, NaN or Infinity, leading zeros, \
unescaped control characters, lone surrogate escapes, byte order mark or trailing bytes).

For each invalid input one line FILE:LINE:COL: message goes to standard error (columns count \
characters); the exit status is 0 when every input is valid, 1 when one is not, 2 on an I/O \
error. Inputs are read in chunks and checked in constant memory however large, including with \
--lines (a line is never held whole); on a terminal a progress bar shows on standard error \
for long checks.";

/// The long help of `jetjson fmt`.
const FMT_LONG_ABOUT: &str =
    "Write one JSON document to standard output, re-indented (--pretty, the \
default, two spaces a level) or minified (--minify). Only whitespace changes: numbers and \
strings are copied as they were written, and the output ends with a newline.

The input is checked first, as `jetjson check` does: when it is invalid, the same \
FILE:LINE:COL: message goes to standard error, nothing to standard output, and the exit status \
is 1. Memory stays constant however large the input: a file is read twice (check, then \
format), standard input is kept aside for the second reading (in memory up to 64 MiB, then in a \
temporary file).

Before writing anything, fmt knows from the check exactly how long the output will be. \
Indentation can make it far longer than the input (ten megabytes of brackets nested a thousand \
deep would indent to several gigabytes), so by default the output may be at most 64 times the \
input or 256 MiB, whichever is more; a longer one is refused with exit status 2 and nothing \
written. --max-output raises or lowers the bound; --minify never lengthens a document.

--normalize is the exception: it parses the whole document into a jetjson::Value, so it \
refuses documents that would need more than 1.5 GiB (exit status 2).";

/// `jetjson gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// Rust source files, or directories in which every `.rs` file with marks is
    /// processed (easyjson -pkg; hidden directories, `target` and generated
    /// `*_json.rs` files are skipped)
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Take every top-level struct and enum, marked or not (except those that
    /// already derive Json, ToJson or FromJson)
    #[arg(long)]
    pub all: bool,

    /// Name fields in snake_case when a type has no rename_all of its own; Rust
    /// fields are snake_case already, so this is the default
    #[arg(long, conflicts_with_all = ["lower_camel_case", "rename_all"])]
    pub snake_case: bool,

    /// Name fields in lowerCamelCase (`retry_count` as "retryCount") when a
    /// type has no rename_all of its own
    #[arg(long, conflicts_with = "rename_all")]
    pub lower_camel_case: bool,

    /// Name fields by RULE when a type has no rename_all of its own: camelCase,
    /// snake_case, kebab-case, SCREAMING_SNAKE_CASE, SCREAMING-KEBAB-CASE,
    /// PascalCase, lowercase or UPPERCASE
    #[arg(long, value_name = "RULE", value_parser = parse_rename_rule)]
    pub rename_all: Option<jetjson_codegen::RenameRule>,

    /// Treat every named field as #[json(omit_empty)]: left out when empty
    /// (0, false, "", [], {}, None), Default::default() when missing
    #[arg(long)]
    pub omit_empty: bool,

    /// Write to FILE instead of STEM_json.rs beside the source STEM.rs (one source
    /// file only)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Put #[cfg(PRED)] on every generated item, such as --cfg 'feature = "json"'
    /// (easyjson -build_tags); may be repeated (all must hold)
    #[arg(long = "cfg", value_name = "PRED")]
    pub cfg: Vec<String>,

    /// Do not format the output with prettyplease (one line per item)
    #[arg(long)]
    pub no_format: bool,

    /// Write impls that compile but do nothing useful (encoding writes null,
    /// decoding fails), so code using the types builds before the real
    /// generation has run
    #[arg(long)]
    pub stubs: bool,

    /// Generate the encoding side only: ToJson (and ToValue, ToMsgpack)
    #[arg(long, conflicts_with = "from_json_only")]
    pub to_json_only: bool,

    /// Generate the decoding side only: FromJson (and FromValue, FromMsgpack)
    #[arg(long)]
    pub from_json_only: bool,

    /// Also generate ToMsgpack/FromMsgpack (MessagePack from the same
    /// attributes, as #[derive(Msgpack)] does; tinylib/msgp's output)
    #[arg(long)]
    pub msgpack: bool,

    /// Leave out the ToValue/FromValue impls (jetjson::Value <-> T without
    /// JSON text) that are generated beside ToJson/FromJson by default
    #[arg(long)]
    pub no_value: bool,

    /// easyjson's -no_std_marshalers: explained, then refused
    #[arg(long, hide = true)]
    pub no_std_marshalers: bool,

    /// easyjson's -leave_temps: explained, then refused
    #[arg(long, hide = true)]
    pub leave_temps: bool,
}

/// A byte count: digits, then optionally `K`, `M`, `G` or `T` (powers of
/// 1024, with or without a trailing `B` or `iB`).
fn parse_size(text: &str) -> Result<u64, String> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let (number, unit) = text.split_at(digits);
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(format!("unknown unit {unit:?}; use K, M, G or T")),
    };
    let number: u64 = number
        .parse()
        .map_err(|_| format!("{text:?} is not a size such as 4096, 512M or 2G"))?;
    number
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("{text} is more than 2^64 bytes"))
}

fn parse_rename_rule(name: &str) -> Result<jetjson_codegen::RenameRule, String> {
    jetjson_codegen::RenameRule::from_name(name).map_err(|_| {
        "expected camelCase, lowerCamelCase, snake_case, kebab-case, SCREAMING_SNAKE_CASE, \
         SCREAMING-KEBAB-CASE, PascalCase, lowercase or UPPERCASE"
            .to_owned()
    })
}

/// `jetjson check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files to check; `-` (the default) is standard input
    #[arg(value_name = "FILE", default_value = "-")]
    pub files: Vec<PathBuf>,

    /// Newline-delimited JSON: one document a line, each bad line reported
    /// with its line number in the file; blank lines are skipped
    #[arg(long)]
    pub lines: bool,

    /// How deeply arrays and objects may nest (the outermost counts as one);
    /// deeper input is an error
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_DEPTH)]
    pub max_depth: usize,
}

/// `jetjson get`.
#[derive(Debug, Args)]
pub struct GetArgs {
    /// The JSON document; `-` is standard input
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// JSON Pointers such as /statuses/0/id (`""` is the whole document)
    #[arg(value_name = "POINTER", required = true, allow_hyphen_values = true)]
    pub pointers: Vec<String>,
}

/// `jetjson msgpack`.
#[derive(Debug, Subcommand)]
pub enum MsgpackCommand {
    /// Write the MessagePack form of a JSON document to standard output
    #[command(long_about = MSGPACK_ENCODE_LONG_ABOUT)]
    Encode(MsgpackFileArgs),
    /// Print a MessagePack value as JSON
    #[command(long_about = MSGPACK_DECODE_LONG_ABOUT)]
    Decode(MsgpackFileArgs),
}

/// The input of `jetjson msgpack encode` and `decode`.
#[derive(Debug, Args)]
pub struct MsgpackFileArgs {
    /// The input; `-` is standard input
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// How deeply arrays and objects (maps) may nest (the outermost counts
    /// as one); deeper input is an error
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_DEPTH)]
    pub max_depth: usize,
}

/// `jetjson fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    /// The document; `-` (the default) is standard input
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,

    /// Indent by N spaces a level, 0 to 16 (default 2)
    #[arg(
        long,
        value_name = "N",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "2",
        value_parser = clap::value_parser!(u8).range(0..=16),
        conflicts_with = "minify"
    )]
    pub pretty: Option<u8>,

    /// Remove all whitespace outside strings
    #[arg(long)]
    pub minify: bool,

    /// Refuse (exit status 2, nothing written) when the output would be
    /// longer than SIZE bytes; K, M, G and T multiply by powers of 1024.
    /// Default: 64 times the input or 256 MiB, whichever is more
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_output: Option<u64>,

    /// Parse into jetjson::Value and write that back: numbers in shortest
    /// form, strings escaped minimally, a repeated key once (last value, first
    /// place)
    #[arg(long)]
    pub normalize: bool,

    /// How deeply arrays and objects may nest (the outermost counts as one);
    /// deeper input is an error
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_DEPTH)]
    pub max_depth: usize,
}
