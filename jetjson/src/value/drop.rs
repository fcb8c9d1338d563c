//! Dropping and cloning without recursion, so that a value nested a million
//! levels deep neither overflows the stack when it goes away nor when it is
//! copied (miniserde's `json/drop.rs`, and the same idea for `Clone`).

use std::borrow::Borrow;

use super::{Map, Node, Tree, Value, ValueRef};

/// A DOM type whose nodes can be taken apart and rebuilt.
pub(crate) trait Rebuild: Tree + Sized {
    /// A copy of a node that is not a container.
    fn leaf(&self) -> Self;
    fn array(elements: Vec<Self>) -> Self;
    fn object(members: Map<Self::Key, Self>) -> Self;
}

/// How many levels [`empty`] recurses before it hands the rest to a heap
/// stack: deep enough that real documents never use the stack, shallow
/// enough that the call stack stays a few kilobytes.
const DROP_RECURSION: usize = 64;

macro_rules! rebuild {
    ($ty:ident $(<$lt:lifetime>)?) => {
        impl$(<$lt>)? Rebuild for $ty$(<$lt>)? {
            fn leaf(&self) -> Self {
                match self {
                    $ty::Null => $ty::Null,
                    $ty::Bool(b) => $ty::Bool(*b),
                    $ty::Number(n) => $ty::Number(*n),
                    $ty::String(s) => $ty::String(s.clone()),
                    $ty::Array(_) | $ty::Object(_) => $ty::Null,
                }
            }

            #[inline]
            fn array(elements: Vec<Self>) -> Self {
                $ty::Array(elements)
            }

            #[inline]
            fn object(members: Map<Self::Key, Self>) -> Self {
                $ty::Object(members)
            }
        }

        impl$(<$lt>)? Emptied for $ty$(<$lt>)? {
            /// Frees everything below `self`, leaving it a leaf or an empty
            /// container, in one depth-first pass: recursion for the first
            /// [`DROP_RECURSION`] levels, and below that whole subtrees moved
            /// onto `deep`, which the caller empties in turn. When a
            /// container's storage is freed, its children are leaves or
            /// empty containers, whose own drop does nothing more.
            fn empty(&mut self, depth: usize, deep: &mut Vec<Self>) {
                match self {
                    $ty::Array(a) if !a.is_empty() => {
                        if depth >= DROP_RECURSION {
                            deep.push(std::mem::take(self));
                            return;
                        }
                        for v in a.iter_mut() {
                            if matches!(v, $ty::Array(_) | $ty::Object(_)) {
                                v.empty(depth + 1, deep);
                            }
                        }
                        *a = Vec::new();
                    }
                    $ty::Object(m) if !m.is_empty() => {
                        if depth >= DROP_RECURSION {
                            deep.push(std::mem::take(self));
                            return;
                        }
                        for v in m.values_mut() {
                            if matches!(v, $ty::Array(_) | $ty::Object(_)) {
                                v.empty(depth + 1, deep);
                            }
                        }
                        *m = Map::new();
                    }
                    _ => {}
                }
            }
        }

        impl$(<$lt>)? Drop for $ty$(<$lt>)? {
            #[inline]
            fn drop(&mut self) {
                // Leaves and empty containers (every node the pass below has
                // been through) drop without any work here.
                let has_children = match self {
                    $ty::Array(a) => !a.is_empty(),
                    $ty::Object(m) => !m.is_empty(),
                    _ => false,
                };
                if has_children {
                    drop_tree(self);
                }
            }
        }

        impl$(<$lt>)? Clone for $ty$(<$lt>)? {
            fn clone(&self) -> Self {
                clone_tree(self)
            }
        }
    };
}

rebuild!(Value);
rebuild!(ValueRef<'a>);

/// Dropping a container with children, kept out of line: empties it and
/// every subtree moved aside on the way.
#[inline(never)]
fn drop_tree<T: Emptied>(v: &mut T) {
    let mut deep = Vec::new();
    v.empty(0, &mut deep);
    while let Some(mut v) = deep.pop() {
        v.empty(0, &mut deep);
        // `v` is now empty: its drop here does nothing more.
    }
}

/// A DOM node that can free everything below it.
trait Emptied: Sized {
    fn empty(&mut self, depth: usize, deep: &mut Vec<Self>);
}

/// An open container being copied: the rest of its children, where its copied
/// children start on the scratch stacks, and (objects) the key of the member
/// being copied.
enum Frame<'v, T: Tree> {
    Array(std::slice::Iter<'v, T>, usize),
    Object(std::slice::Iter<'v, (T::Key, T)>, usize, Option<T::Key>),
}

/// Copies a tree without recursion, building each container with one
/// exact-size allocation.
pub(crate) fn clone_tree<T: Rebuild>(v: &T) -> T
where
    T::Key: Clone,
{
    let mut frames: Vec<Frame<'_, T>> = Vec::new();
    let mut elements: Vec<T> = Vec::new();
    let mut members: Vec<(T::Key, T)> = Vec::new();
    let mut cur = v;
    loop {
        let mut copy = match cur.node() {
            Node::Array(a) => {
                let mut it = a.iter();
                match it.next() {
                    Some(first) => {
                        frames.push(Frame::Array(it, elements.len()));
                        cur = first;
                        continue;
                    }
                    None => T::array(Vec::new()),
                }
            }
            Node::Object(m) => {
                let mut it = m.entries().iter();
                match it.next() {
                    Some((k, first)) => {
                        frames.push(Frame::Object(it, members.len(), Some(k.clone())));
                        cur = first;
                        continue;
                    }
                    None => T::object(Map::new()),
                }
            }
            _ => cur.leaf(),
        };
        loop {
            match frames.last_mut() {
                None => return copy,
                Some(Frame::Array(it, start)) => {
                    elements.push(copy);
                    if let Some(next) = it.next() {
                        cur = next;
                        break;
                    }
                    let start = *start;
                    frames.pop();
                    copy = T::array(elements.drain(start..).collect());
                }
                Some(Frame::Object(it, start, key)) => {
                    if let Some(k) = key.take() {
                        members.push((k, copy));
                    }
                    if let Some((k, next)) = it.next() {
                        *key = Some(k.clone());
                        cur = next;
                        break;
                    }
                    let start = *start;
                    frames.pop();
                    copy = T::object(Map::from_unique(members.drain(start..).collect()));
                }
            }
        }
    }
}

/// Whether two trees are equal, without recursion. Objects compare as sets of
/// members (order does not matter), numbers as [`Number`](super::Number)s.
pub(crate) fn eq_tree<A: Tree, B: Tree>(a: &A, b: &B) -> bool {
    let mut stack: Vec<(&A, &B)> = Vec::new();
    let (mut x, mut y) = (a, b);
    loop {
        match (x.node(), y.node()) {
            (Node::Null, Node::Null) => {}
            (Node::Bool(p), Node::Bool(q)) if p == q => {}
            (Node::Number(p), Node::Number(q)) if p == q => {}
            (Node::String(p), Node::String(q)) if p == q => {}
            (Node::Array(p), Node::Array(q)) if p.len() == q.len() => {
                stack.extend(p.iter().zip(q.iter()));
            }
            (Node::Object(p), Node::Object(q)) if p.len() == q.len() => {
                for (i, (k, v)) in p.entries().iter().enumerate() {
                    let k: &str = k.borrow();
                    // Same order is the common case: try the same position first.
                    let w = match q.entries().get(i) {
                        Some((qk, w)) if qk.borrow() == k => w,
                        _ => match q.get(k) {
                            Some(w) => w,
                            None => return false,
                        },
                    };
                    stack.push((v, w));
                }
            }
            _ => return false,
        }
        match stack.pop() {
            Some((p, q)) => (x, y) = (p, q),
            None => return true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    /// A tree `depth` levels deep with `width` children at each level, one
    /// of which goes on: far more levels than the drop recurses into.
    fn deep_and_wide(depth: usize, width: usize) -> Value {
        let mut v = json!({"leaf": "x"});
        for i in 0..depth {
            let mut children: Vec<Value> = (0..width).map(|j| json!([j, "s", {"k": j}])).collect();
            children.push(v);
            v = if i % 2 == 0 {
                Value::Array(children)
            } else {
                Value::Object(
                    children
                        .into_iter()
                        .enumerate()
                        .map(|(j, c)| (format!("m{j}"), c))
                        .collect(),
                )
            };
        }
        v
    }

    #[test]
    fn deep_and_wide_trees_drop_without_recursing_deeply() {
        for depth in [
            1,
            DROP_RECURSION - 1,
            DROP_RECURSION,
            DROP_RECURSION + 1,
            100_000,
        ] {
            let v = deep_and_wide(depth, 3);
            let copy = v.clone();
            assert!(eq_tree(&v, &copy), "{depth}");
            drop(v);
            drop(copy);
        }
        // A million levels of one-element arrays, as a thread with a small stack.
        std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(|| {
                let mut v = Value::Null;
                for _ in 0..1_000_000 {
                    v = Value::Array(vec![v]);
                }
                drop(v);
            })
            .unwrap()
            .join()
            .unwrap();
    }
}
