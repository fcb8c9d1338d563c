//! Where a failure inside an infallible `ToJson`/`ToValue`/`ToMsgpack` call
//! (a serde impl's error, a skipped enum variant) is kept until a fallible entry point (`try_to_vec`, `to_writer`,
//! `jetjson::serde::to_vec`, ...) asks for it.
//!
//! One slot per thread. [`capture`] opens a scope: it saves the slot of the
//! scope around it, runs the encoder with an empty one, takes what was
//! recorded and puts the outer slot back, so nested entry points (a serde
//! impl that itself calls `jetjson::try_to_vec`) each see only their own
//! errors. Outside any scope, [`record`] drops the error: the caller used an
//! infallible entry point and gets `null` in the value's place.

use std::cell::RefCell;

use crate::Error;

std::thread_local! {
    /// `None` outside any scope; `Some(first error, if any)` inside one.
    static SLOT: RefCell<Option<Option<Error>>> = const { RefCell::new(None) };
}

/// Puts the outer scope's slot back, even if the encoder panics.
struct Restore(Option<Option<Error>>);

impl Drop for Restore {
    fn drop(&mut self) {
        let outer = self.0.take();
        SLOT.with(|slot| *slot.borrow_mut() = outer);
    }
}

/// Runs `f` in a new scope; returns its result and the first error recorded
/// while it ran.
pub(crate) fn capture<R>(f: impl FnOnce() -> R) -> (R, Option<Error>) {
    let outer = SLOT.with(|slot| slot.borrow_mut().replace(None));
    let restore = Restore(outer);
    let result = f();
    let mine = SLOT.with(|slot| slot.borrow_mut().take()).flatten();
    drop(restore);
    (result, mine)
}

/// Keeps `error` for the innermost open scope, unless it already holds one.
#[cold]
pub(crate) fn record(error: Error) {
    SLOT.with(|slot| {
        if let Some(first @ None) = slot.borrow_mut().as_mut() {
            *first = Some(error);
        }
    });
}
