// options: to_json omit_empty lower_camel_case
// What `jetjson gen -omit_empty -lower_camel_case` would ask for, encoder only.
struct Order {
    order_id: u64,
    #[json(rename = "Items")]
    line_items: Vec<String>,
}
