//! `jetjson gen`: easyjson's generator for Rust. Reads source files, expands
//! each marked struct and enum with `jetjson-codegen` (the generator behind
//! `#[derive(Json)]`), and writes `<stem>_json.rs` beside the source, to be
//! `include!`d at the end of it.
//!
//! Everything is generated in memory first; files are written only when
//! every input succeeded, each through a temporary file renamed into place.

pub mod marks;
mod nesting;
mod output;

use std::fs;
use std::path::{Path, PathBuf};

use proc_macro2::{Span, TokenStream};

use self::marks::Diagnostic;
use crate::cli::GenArgs;
use crate::{report, Status};

/// The largest source file `gen` parses. syn's syntax tree takes about 200
/// bytes of memory per byte of source, so this keeps the process well under
/// 2 GiB; hand-written files are far smaller.
pub const MAX_SOURCE: usize = 4 * 1024 * 1024;

/// What every file is generated with, from the flags. Plain data, so that
/// it can go to the thread that parses.
#[derive(Clone, Debug)]
pub struct Settings {
    /// `--all`.
    pub all: bool,
    /// What to generate, for `jetjson_codegen::expand`.
    pub options: jetjson_codegen::Options,
    /// `--cfg` predicates, checked to parse as `syn::Meta`.
    pub cfgs: Vec<String>,
    /// Not `--no-format`.
    pub format: bool,
    /// The command line, for the header.
    pub command: String,
}

impl Settings {
    /// Settings from the flags; a message for flags that make no sense.
    pub fn from_args(args: &GenArgs, command: String) -> Result<Settings, String> {
        if args.no_std_marshalers {
            return Err(concat!(
                "--no-std-marshalers (easyjson's -no_std_marshalers) does not apply: Rust has ",
                "no standard JSON trait to skip, ToJson and FromJson are the only ones ",
                "generated; use --to-json-only or --from-json-only for one direction",
            )
            .to_owned());
        }
        if args.leave_temps {
            return Err(concat!(
                "--leave-temps (easyjson's -leave_temps) does not apply: jetjson gen reads the ",
                "syntax tree directly and makes no temporary program",
            )
            .to_owned());
        }
        let cfgs = args
            .cfg
            .iter()
            .map(|pred| match syn::parse_str::<syn::Meta>(pred) {
                Ok(_) => Ok(pred.clone()),
                Err(e) => Err(format!("--cfg {pred:?} is not a cfg predicate: {e}")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let default_rename_all = if args.lower_camel_case {
            Some(jetjson_codegen::RenameRule::CamelCase)
        } else if args.snake_case {
            Some(jetjson_codegen::RenameRule::SnakeCase)
        } else {
            args.rename_all
        };
        Ok(Settings {
            all: args.all,
            options: jetjson_codegen::Options {
                to_json: !args.from_json_only,
                from_json: !args.to_json_only,
                default_rename_all,
                default_omit_empty: args.omit_empty,
                stubs: args.stubs,
                value: !args.no_value,
                json: true,
                msgpack: args.msgpack,
            },
            cfgs,
            format: !args.no_format,
            command,
        })
    }
}

/// One source file to generate from.
struct Job {
    source: PathBuf,
    /// Named on the command line (not found in a directory): having nothing
    /// to generate is then an error.
    explicit: bool,
}

/// A file ready to be written.
struct Planned {
    source: PathBuf,
    output: PathBuf,
    text: String,
    /// The `include!` line the source needs, when it lacks it.
    missing_include: Option<String>,
}

/// Runs `jetjson gen`.
pub fn run(args: &GenArgs) -> Status {
    let settings = match Settings::from_args(args, output::command_line()) {
        Ok(settings) => settings,
        Err(message) => {
            report(&format!("jetjson gen: {message}"));
            return Status::Error;
        }
    };
    let mut jobs = Vec::new();
    for path in &args.paths {
        match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => match rust_files_below(path) {
                Ok(found) => jobs.extend(found.into_iter().map(|source| Job {
                    source,
                    explicit: false,
                })),
                Err(err) => {
                    report(&format!("jetjson: {}: {err}", path.display()));
                    return Status::Error;
                }
            },
            Ok(_) => jobs.push(Job {
                source: path.clone(),
                explicit: true,
            }),
            Err(err) => {
                report(&format!("jetjson: {}: {err}", path.display()));
                return Status::Error;
            }
        }
    }
    if let Some(output) = &args.output {
        if args.paths.len() != 1 || jobs.len() != 1 || !jobs[0].explicit {
            report("jetjson gen: --output needs exactly one source file (not a directory)");
            return Status::Error;
        }
        if output::same_path(output, &jobs[0].source) {
            report("jetjson gen: --output names the source file itself");
            return Status::Error;
        }
    }

    let mut planned = Vec::new();
    let mut status = Status::Ok;
    for job in &jobs {
        let name = job.source.display().to_string();
        let bytes = match fs::read(&job.source) {
            Ok(bytes) => bytes,
            Err(err) => {
                report(&format!("jetjson: {name}: {err}"));
                return Status::Error;
            }
        };
        let Ok(text) = String::from_utf8(bytes) else {
            report(&format!("{name}: not UTF-8 text"));
            status = Status::Invalid;
            continue;
        };
        if !job.explicit && output::is_generated(&text) {
            continue;
        }
        let out_path = args
            .output
            .clone()
            .unwrap_or_else(|| output::default_path(&job.source));
        match generate_file(&text, &settings, &job.source, &out_path) {
            Ok(Some(generated)) => {
                let include = output::include_line(&job.source, &out_path);
                let missing_include = (!text.contains(&include)).then_some(include);
                planned.push(Planned {
                    source: job.source.clone(),
                    output: out_path,
                    text: generated,
                    missing_include,
                });
            }
            Ok(None) if job.explicit => {
                let what = if settings.all {
                    "has no top-level struct or enum to generate for"
                } else {
                    "has no type marked `// jetjson:json` (mark one, or use --all)"
                };
                report(&format!("{name}: {what}"));
                status = Status::Invalid;
            }
            Ok(None) => {}
            Err(diagnostics) => {
                for d in diagnostics {
                    report(&format!("{name}:{}:{}: {}", d.line, d.column, d.message));
                }
                status = Status::Invalid;
            }
        }
    }
    if status != Status::Ok {
        return status;
    }
    for plan in &planned {
        if let Err(err) = output::write_if_changed(&plan.output, plan.text.as_bytes(), &plan.source)
        {
            report(&format!("jetjson: {}: {err}", plan.output.display()));
            return Status::Error;
        }
        if let Some(include) = &plan.missing_include {
            report(&format!(
                "note: {} must include the generated file: add `{include}` at its end",
                plan.source.display()
            ));
        }
    }
    Status::Ok
}

/// The generated file for one source, `None` when nothing in it is selected,
/// or every problem found.
pub fn generate_file(
    text: &str,
    settings: &Settings,
    source: &Path,
    out_path: &Path,
) -> Result<Option<String>, Vec<Diagnostic>> {
    if !settings.all && marks::find_marks(text).is_empty() {
        // Nothing can be selected: no need to parse (a directory may hold
        // large generated sources).
        return Ok(None);
    }
    if text.len() > MAX_SOURCE {
        return Err(vec![nesting::diagnostic(format!(
            "too large for jetjson gen ({:.1} MiB; at most {} MiB, since the syntax tree \
             takes about 200 bytes of memory per byte of source)",
            text.len() as f64 / (1024.0 * 1024.0),
            MAX_SOURCE >> 20
        ))]);
    }
    // syn's parser recurses: pathological nesting is refused before it runs,
    // and it runs on a thread with a large stack. Spans live in a
    // thread-local source map, so everything that reads them runs there too.
    let (text, settings) = (text.to_owned(), settings.clone());
    let (source, out_path) = (source.to_path_buf(), out_path.to_path_buf());
    std::thread::Builder::new()
        .stack_size(nesting::STACK_SIZE)
        .spawn(move || {
            nesting::check(&text)
                .and_then(|()| select_and_expand(&text, &settings))
                .map(|items| {
                    (!items.is_empty())
                        .then(|| output::render(&settings, &source, &out_path, items))
                })
        })
        .map_err(|err| vec![nesting::diagnostic(format!("cannot start a thread: {err}"))])?
        .join()
        .map_err(|_| vec![nesting::diagnostic("the Rust parser failed".to_owned())])?
}

/// The generated items, as text, for the selected types of one file.
fn select_and_expand(text: &str, settings: &Settings) -> Result<Vec<String>, Vec<Diagnostic>> {
    let file = syn::parse_file(text).map_err(|e| {
        e.into_iter()
            .map(|e| Diagnostic::at(e.span(), format!("not valid Rust: {e}")))
            .collect::<Vec<_>>()
    })?;
    let candidates = marks::candidates(&file);
    let mut errors = Vec::new();
    let selected: Vec<&syn::Item> = if settings.all {
        candidates
            .iter()
            .map(|c| c.item)
            .filter(|item| !matches!(item, syn::Item::Union(_)))
            .filter(|item| marks::jetjson_derive(item_attrs(item)).is_none())
            .collect()
    } else {
        let marks_found = marks::find_marks(text);
        let (indices, stray) = marks::attach(text, &file, &candidates, &marks_found);
        errors.extend(stray);
        indices
            .into_iter()
            .map(|i| candidates[i].item)
            .filter(|item| match marks::jetjson_derive(item_attrs(item)) {
                Some((span, name)) => {
                    errors.push(Diagnostic::at(
                        span,
                        format!(
                            "`{}` is marked `// jetjson:json` but already derives {name}; \
                             remove the mark or the derive",
                            item_ident(item)
                        ),
                    ));
                    false
                }
                None => true,
            })
            .collect()
    };

    let cfgs: Vec<syn::Meta> = settings
        .cfgs
        .iter()
        .filter_map(|c| syn::parse_str(c).ok())
        .collect();
    let mut generated = Vec::new();
    for item in selected {
        let input: syn::DeriveInput = match item.clone() {
            syn::Item::Struct(s) => s.into(),
            syn::Item::Enum(e) => e.into(),
            syn::Item::Union(u) => u.into(),
            _ => continue,
        };
        match jetjson_codegen::expand(&input, &settings.options) {
            // Formatted at once: text is far smaller than syntax trees.
            Ok(tokens) => match with_cfgs(tokens, item_attrs(item), &cfgs) {
                Ok(items) => generated.extend(
                    items
                        .into_iter()
                        .map(|item| output::item_text(item, settings.format)),
                ),
                Err(e) => errors.push(Diagnostic::at(
                    input.ident.span(),
                    format!("generated code does not parse: {e}"),
                )),
            },
            Err(err) => {
                for e in err {
                    let span = located(e.span()).unwrap_or_else(|| input.ident.span());
                    errors.push(Diagnostic::at(span, e.to_string()));
                }
            }
        }
    }
    if errors.is_empty() {
        Ok(generated)
    } else {
        errors.sort_by_key(|d| (d.line, d.column));
        Err(errors)
    }
}

/// Parses generated tokens into items and puts the type's own `#[cfg]`s and
/// the `--cfg` predicates on each.
fn with_cfgs(
    tokens: TokenStream,
    item_attrs: &[syn::Attribute],
    cfgs: &[syn::Meta],
) -> syn::Result<Vec<syn::Item>> {
    let file: syn::File = syn::parse2(tokens)?;
    let mut attrs: Vec<syn::Attribute> = item_attrs
        .iter()
        .filter(|a| a.path().is_ident("cfg"))
        .cloned()
        .collect();
    attrs.extend(cfgs.iter().map(|pred| syn::parse_quote!(#[cfg(#pred)])));
    Ok(file
        .items
        .into_iter()
        .map(|mut item| {
            if let Some(item_attrs) = item_attrs_mut(&mut item) {
                let mut all = attrs.clone();
                all.append(item_attrs);
                *item_attrs = all;
            }
            item
        })
        .collect())
}

/// The span, unless it is the call site (errors the generator raised for
/// a flag rather than for something in the source).
fn located(span: Span) -> Option<Span> {
    (span.start().line > 0 && span.byte_range() != Span::call_site().byte_range()).then_some(span)
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Struct(s) => &s.attrs,
        syn::Item::Enum(e) => &e.attrs,
        syn::Item::Union(u) => &u.attrs,
        _ => &[],
    }
}

fn item_attrs_mut(item: &mut syn::Item) -> Option<&mut Vec<syn::Attribute>> {
    match item {
        syn::Item::Const(c) => Some(&mut c.attrs),
        syn::Item::Impl(i) => Some(&mut i.attrs),
        _ => None,
    }
}

fn item_ident(item: &syn::Item) -> String {
    match item {
        syn::Item::Struct(s) => s.ident.to_string(),
        syn::Item::Enum(e) => e.ident.to_string(),
        syn::Item::Union(u) => u.ident.to_string(),
        _ => String::new(),
    }
}

/// Every `.rs` file below `dir`, in a stable order; hidden directories and
/// `target` are skipped, symbolic links to directories are not followed.
fn rust_files_below(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir)? {
            let entry = entry?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') {
                continue;
            }
            let path = entry.path();
            let kind = entry.file_type()?;
            if kind.is_dir() {
                if name != "target" {
                    pending.push(path);
                }
            } else if name.ends_with(".rs") && (kind.is_file() || path.is_file()) {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn call_site_spans_have_no_location_in_the_file() {
        assert!(located(Span::call_site()).is_none());
        let file = syn::parse_file("\n  struct A;").unwrap();
        let span = located(syn::spanned::Spanned::span(&file.items[0])).unwrap();
        assert_eq!((span.start().line, span.start().column), (2, 2));
    }
}
