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
    /// Moves onto `out` the children of an array or object that have
    /// grandchildren (leaving `Null` in their place).
    fn move_children(&mut self, out: &mut Vec<Self>);
    /// Whether the node is a container with at least one child.
    fn has_children(&self) -> bool;
    /// Whether some child of the node has children.
    fn has_grandchildren(&self) -> bool;
}

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

            fn move_children(&mut self, out: &mut Vec<Self>) {
                // Children without grandchildren stay and are dropped with
                // their parent's storage: their own drop is shallow.
                match self {
                    $ty::Array(a) => {
                        for v in a.iter_mut() {
                            if v.has_grandchildren() {
                                out.push(std::mem::take(v));
                            }
                        }
                    }
                    $ty::Object(m) => {
                        for v in m.values_mut() {
                            if v.has_grandchildren() {
                                out.push(std::mem::take(v));
                            }
                        }
                    }
                    _ => {}
                }
            }

            #[inline]
            fn has_children(&self) -> bool {
                match self {
                    $ty::Array(a) => !a.is_empty(),
                    $ty::Object(m) => !m.is_empty(),
                    _ => false,
                }
            }

            #[inline]
            fn has_grandchildren(&self) -> bool {
                match self {
                    $ty::Array(a) => a.iter().any(Self::has_children),
                    $ty::Object(m) => m.values().any(Self::has_children),
                    _ => false,
                }
            }
        }

        impl$(<$lt>)? Drop for $ty$(<$lt>)? {
            fn drop(&mut self) {
                // Without grandchildren, the drop glue recurses one level only.
                if !self.has_grandchildren() {
                    return;
                }
                let mut stack = Vec::new();
                self.move_children(&mut stack);
                while let Some(mut v) = stack.pop() {
                    v.move_children(&mut stack);
                    // `v` now has no grandchildren, so its drop is shallow.
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
