//! `document`: [`jetjson::Document`] against `Value` and `validate`.

use jetjson::document::Node;
use jetjson::{Document, ErrorKind, Value};

use super::check_error;

/// `Document::parse` on arbitrary bytes: never panics; accepts exactly
/// what `from_slice::<Value>` accepts and fails with the same error
/// otherwise (kind, offset, line, column), which agrees with `validate`
/// but for numbers beyond the f64 range; every node holds what `Value`
/// holds at the same place, its pointer finds it, and the output is
/// `Value`'s byte for byte.
pub fn document(data: &[u8]) {
    let doc = Document::parse(data);
    let value = jetjson::from_slice::<Value>(data);
    let valid = jetjson::validate(data);
    match (&doc, &value) {
        (Ok(_), Ok(_)) => assert!(valid.is_ok(), "Document accepts what validate rejects"),
        (Err(a), Err(b)) => {
            check_error(a, data);
            assert_eq!(
                (a.kind(), a.offset(), a.line(), a.column()),
                (b.kind(), b.offset(), b.line(), b.column()),
                "Document and Value disagree"
            );
            if !matches!(a.kind(), ErrorKind::NumberOutOfRange { .. }) {
                let v = valid.as_ref().expect_err("validate rejects it too");
                assert_eq!((a.kind(), a.offset()), (v.kind(), v.offset()));
            }
        }
        _ => panic!(
            "Document {:?} vs Value {:?}",
            doc.as_ref().err(),
            value.as_ref().err()
        ),
    }
    let (Ok(doc), Ok(value)) = (doc, value) else {
        return;
    };
    assert_eq!(doc.to_value(), value);
    assert_eq!(jetjson::to_vec(&doc), jetjson::to_vec(&value));
    assert_eq!(doc.input().as_bytes(), data);
    let root = doc.root();
    // Every node, without recursion: (node, value, pointer).
    let mut todo: Vec<(Node<'_>, &Value, String)> = vec![(root, &value, String::new())];
    while let Some((node, v, path)) = todo.pop() {
        assert_eq!(
            root.pointer(&path).map(|n| n.index()),
            Some(node.index()),
            "{path}"
        );
        assert_eq!(node.as_str(), v.as_str());
        assert_eq!(node.as_number().as_ref(), v.as_number());
        assert_eq!(node.as_bool(), v.as_bool());
        assert_eq!(node.is_null(), v.is_null());
        assert_eq!(node.len(), v.len());
        assert_eq!(node.decode::<Value>().ok().as_ref(), Some(v));
        assert_eq!(
            jetjson::from_str::<Value>(node.raw()).ok().as_ref(),
            Some(v)
        );
        match v {
            Value::Array(items) => {
                assert_eq!(node.elements().len(), items.len());
                for (i, (child, item)) in node.elements().zip(items).enumerate() {
                    assert_eq!(node.at(i).map(|n| n.index()), Some(child.index()));
                    todo.push((child, item, format!("{path}/{i}")));
                }
            }
            Value::Object(map) => {
                let keys: Vec<&str> = node.members().map(|(k, _)| k).collect();
                let want: Vec<&str> = map.keys().map(String::as_str).collect();
                assert_eq!(keys, want);
                for (key, child) in node.members() {
                    assert_eq!(node.get(key).map(|n| n.index()), Some(child.index()));
                    let token = key.replace('~', "~0").replace('/', "~1");
                    todo.push((child, &map[key], format!("{path}/{token}")));
                }
            }
            _ => {}
        }
    }
    // The lazy lookup of the whole document is its text.
    let whole = jetjson::get(data, "").expect("a valid document");
    assert_eq!(whole, Some(root.raw()));
}
