//! The error accumulator: every attribute problem is recorded, and all of
//! them are reported together, each at its own span (serde_derive `ctxt.rs`).

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// Collects errors while the model is built. [`Ctxt::check`] must be called
/// before it is dropped.
pub struct Ctxt {
    // `None` once checked.
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    /// An empty accumulator.
    pub fn new() -> Self {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// Records an error spanning `obj`'s tokens.
    pub fn error_spanned_by<A: ToTokens, T: Display>(&self, obj: A, msg: T) {
        self.syn_error(syn::Error::new_spanned(obj.into_token_stream(), msg));
    }

    /// Records an error at `span`.
    pub fn error_at<T: Display>(&self, span: proc_macro2::Span, msg: T) {
        self.syn_error(syn::Error::new(span, msg));
    }

    /// Records a `syn` parse error.
    pub fn syn_error(&self, err: syn::Error) {
        if let Some(errors) = self.errors.borrow_mut().as_mut() {
            errors.push(err);
        }
    }

    /// Consumes the accumulator: `Ok` when nothing was recorded, otherwise
    /// every error combined into one.
    pub fn check(self) -> Result<(), syn::Error> {
        let errors = self.errors.borrow_mut().take().unwrap_or_default();
        let mut iter = errors.into_iter();
        let Some(mut combined) = iter.next() else {
            return Ok(());
        };
        for rest in iter {
            combined.combine(rest);
        }
        Err(combined)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        if !std::thread::panicking() && self.errors.borrow().is_some() {
            panic!("jetjson-codegen: Ctxt dropped without check()");
        }
    }
}
