//! `report.svg`: a grouped horizontal bar chart of single-thread MB/s, one
//! panel per payload (each with its own scale), one group per operation,
//! one bar per system. Hand-written SVG, no dependency.

use crate::peers::Op;
use crate::report::{Report, Status};
use std::fmt::Write;

/// Bar colours, by the system's position in the report (colour-blind-safe Tableau 10).
const PALETTE: [&str; 10] = [
    "#4e79a7", "#f28e2b", "#ffbe7d", "#59a14f", "#b07aa1", "#e15759", "#76b7b2", "#edc948",
    "#9c755f", "#bab0ac",
];

/// The operations drawn: json-benchmark's four (binary formats appear in
/// the typed two) and the lazy lookup.
const GROUPS: [(Op, &str); 5] = [
    (Op::JsonToValue, "JSON→Value"),
    (Op::Decode, "JSON→T / decode"),
    (Op::ValueToJson, "Value→JSON"),
    (Op::Encode, "T→JSON / encode"),
    (Op::Get, "get (one pointer)"),
];

/// One bar.
struct Bar<'a> {
    system: &'a str,
    /// MB/s, or `None` for a mismatch or error.
    value: Option<f64>,
    /// The text beside it.
    text: String,
    /// A JSON system (the panel's scale is set by these).
    json: bool,
}

/// One group of bars: the operation's label and its bars.
type Group<'a> = (&'static str, Vec<Bar<'a>>);

const PANEL_W: f64 = 590.0;
const LABEL_W: f64 = 118.0;
const VALUE_W: f64 = 66.0;
const BAR_H: f64 = 10.0;
const BAR_GAP: f64 = 2.0;
const GROUP_GAP: f64 = 9.0;
const PANEL_HEAD: f64 = 38.0;
const PANEL_FOOT: f64 = 34.0;
const COLUMNS: usize = 2;
const MARGIN: f64 = 20.0;

/// Renders the chart.
pub fn svg(report: &Report) -> String {
    let systems: Vec<&str> = report
        .systems_run()
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    let colour = |name: &str| {
        let i = report
            .systems
            .iter()
            .position(|s| s.name == name)
            .unwrap_or(0);
        PALETTE[i % PALETTE.len()]
    };
    let payloads = report.payloads_run();

    let panels: Vec<Vec<Group>> = payloads
        .iter()
        .map(|p| {
            GROUPS
                .iter()
                .map(|&(op, label)| {
                    let bars = systems
                        .iter()
                        .filter_map(|&s| {
                            let c = report.cell(&p.name, s, op, 1)?;
                            let (value, text) = match c.status {
                                Status::Ok => {
                                    let m = c.mb_per_s?;
                                    (Some(m), crate::table::mbps(m))
                                }
                                Status::NotApplicable => return None,
                                Status::Mismatch => (None, "MISMATCH".into()),
                                Status::Error => (None, "ERROR".into()),
                            };
                            Some(Bar {
                                system: s,
                                value,
                                text,
                                json: c.format == crate::peers::Format::Json,
                            })
                        })
                        .collect();
                    (label, bars)
                })
                .collect()
        })
        .collect();

    let panel_h = |groups: &Vec<Group>| {
        PANEL_HEAD
            + PANEL_FOOT
            + groups
                .iter()
                .map(|(_, bars)| bars.len().max(1) as f64 * (BAR_H + BAR_GAP) + GROUP_GAP)
                .sum::<f64>()
    };
    let rows = payloads.len().div_ceil(COLUMNS);
    let row_h: Vec<f64> = (0..rows)
        .map(|r| {
            (0..COLUMNS)
                .filter_map(|c| panels.get(r * COLUMNS + c))
                .map(panel_h)
                .fold(0.0, f64::max)
        })
        .collect();
    let legend_h = 84.0;
    let width = MARGIN * 2.0 + PANEL_W * COLUMNS as f64 + 20.0;
    let height = MARGIN + legend_h + row_h.iter().sum::<f64>() + MARGIN;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="{:.0}" font-size="16" font-weight="600" fill="#222">jetjson-bench: throughput, one thread (MB/s, longer is faster)</text>"##,
        MARGIN + 14.0
    );
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="{:.0}" fill="#555">MB/s of JSON text for JSON systems (input when parsing, serde_json's output when writing); of each format's encoded size for MessagePack, protobuf and bincode. Median of {} rounds.</text>"##,
        MARGIN + 32.0,
        report.settings.rounds
    );
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="{:.0}" fill="#555">Each panel has its own scale, set by the JSON systems; a longer bar (a binary format) is cut at the edge and marked ».</text>"##,
        MARGIN + 47.0
    );
    // Legend.
    let mut x = MARGIN;
    let y = MARGIN + 66.0;
    for name in &systems {
        let _ = writeln!(
            s,
            r##"<rect x="{x:.1}" y="{:.1}" width="12" height="12" fill="{}"/><text x="{:.1}" y="{:.1}" fill="#222">{}</text>"##,
            y - 10.0,
            colour(name),
            x + 16.0,
            y,
            escape(name)
        );
        x += 24.0 + name.chars().count() as f64 * 6.6;
    }

    let mut top = MARGIN + legend_h;
    for (r, h) in row_h.iter().enumerate() {
        for c in 0..COLUMNS {
            let Some(groups) = panels.get(r * COLUMNS + c) else {
                continue;
            };
            let p = payloads[r * COLUMNS + c];
            let left = MARGIN + c as f64 * (PANEL_W + 20.0);
            panel(&mut s, left, top, p, groups, &colour);
        }
        top += h;
    }
    s.push_str("</svg>\n");
    s
}

fn panel(
    s: &mut String,
    left: f64,
    top: f64,
    p: &crate::report::PayloadInfo,
    groups: &[Group],
    colour: &dyn Fn(&str) -> &'static str,
) {
    let plot_x = left + LABEL_W;
    let plot_w = PANEL_W - LABEL_W - VALUE_W;
    // The scale fits the JSON systems; a binary format's longer bar is cut
    // at the edge and marked, so it does not flatten the JSON comparison.
    let bars = || groups.iter().flat_map(|(_, bars)| bars.iter());
    let json_max = bars()
        .filter(|b| b.json)
        .filter_map(|b| b.value)
        .fold(0.0, f64::max);
    let max = if json_max > 0.0 {
        json_max
    } else {
        bars().filter_map(|b| b.value).fold(0.0, f64::max)
    };
    let (scale_max, step) = nice_scale(max);
    let x_of = |v: f64| plot_x + plot_w * (v / scale_max).min(1.0);
    let source = if p.source == "generated" {
        ", generated"
    } else {
        ""
    };
    let _ = writeln!(
        s,
        r##"<text x="{left:.1}" y="{:.1}" font-size="13" font-weight="600" fill="#222">{} <tspan font-weight="400" fill="#666">({}{source})</tspan></text>"##,
        top + 16.0,
        escape(&p.name),
        crate::table::bytes(p.bytes as f64)
    );
    let plot_top = top + PANEL_HEAD - 10.0;
    let plot_bottom = top
        + PANEL_HEAD
        + groups
            .iter()
            .map(|(_, bars)| bars.len().max(1) as f64 * (BAR_H + BAR_GAP) + GROUP_GAP)
            .sum::<f64>();
    // Grid and ticks.
    let mut v = 0.0;
    while v <= scale_max * 1.0001 {
        let x = x_of(v);
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{plot_top:.1}" x2="{x:.1}" y2="{plot_bottom:.1}" stroke="{}" stroke-width="1"/><text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#555">{}</text>"##,
            if v == 0.0 { "#888" } else { "#e4e4e4" },
            plot_bottom + 13.0,
            tick_label(v, step)
        );
        v += step;
    }
    let _ = writeln!(
        s,
        r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#333">MB/s</text>"##,
        plot_x + plot_w / 2.0,
        plot_bottom + 27.0
    );
    // Groups and bars.
    let mut y = top + PANEL_HEAD;
    for (label, bars) in groups {
        let group_h = bars.len().max(1) as f64 * (BAR_H + BAR_GAP);
        let _ = writeln!(
            s,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="#222">{}</text>"##,
            plot_x - 6.0,
            y + group_h / 2.0 + 4.0,
            escape(label)
        );
        if bars.is_empty() {
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" fill="#999">n/a</text>"##,
                plot_x + 4.0,
                y + BAR_H - 1.0
            );
        }
        for bar in bars {
            let system = escape(bar.system);
            let text = escape(&bar.text);
            match bar.value {
                Some(v) => {
                    let cut = v > scale_max;
                    let w = (x_of(v) - plot_x).max(0.5);
                    let _ = writeln!(
                        s,
                        r##"<rect x="{plot_x:.1}" y="{y:.1}" width="{w:.1}" height="{BAR_H}" fill="{}"><title>{system}: {text} MB/s</title></rect><text x="{:.1}" y="{:.1}" font-size="9" fill="#333">{text}{}</text>"##,
                        colour(bar.system),
                        plot_x + w + 3.0,
                        y + BAR_H - 1.5,
                        if cut { " »" } else { "" },
                    );
                    if cut {
                        // A white break mark near the end of a cut bar.
                        let bx = plot_x + w - 14.0;
                        let _ = writeln!(
                            s,
                            r##"<path d="M{bx:.1} {:.1} l4 {BAR_H} m3 -{BAR_H} l4 {BAR_H}" stroke="#fff" stroke-width="2"/>"##,
                            y
                        );
                    }
                }
                None => {
                    let _ = writeln!(
                        s,
                        r##"<text x="{:.1}" y="{:.1}" font-size="9" fill="#c00">{system}: {text}</text>"##,
                        plot_x + 3.0,
                        y + BAR_H - 1.5,
                    );
                }
            }
            y += BAR_H + BAR_GAP;
        }
        if bars.is_empty() {
            y += BAR_H + BAR_GAP;
        }
        y += GROUP_GAP;
    }
}

/// A round axis maximum at or above `max`, and its tick step (1, 2 or 5 × 10^k).
fn nice_scale(max: f64) -> (f64, f64) {
    if !(max.is_finite() && max > 0.0) {
        return (1.0, 0.25);
    }
    let raw = max / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| s * 5.0 >= max)
        .unwrap_or(10.0 * mag);
    ((max / step).ceil() * step, step)
}

/// A tick value with as many decimals as the step needs (0, 250, 500; 0.25, 0.5).
fn tick_label(v: f64, step: f64) -> String {
    let decimals = if step >= 1.0 {
        0
    } else {
        (-step.log10().floor()) as usize + 1
    };
    format!("{v:.decimals$}")
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::{escape, nice_scale};

    #[test]
    fn scales_are_round() {
        assert_eq!(nice_scale(930.0), (1000.0, 200.0));
        assert_eq!(nice_scale(41.0), (50.0, 10.0));
        assert_eq!(nice_scale(0.0), (1.0, 0.25));
    }

    #[test]
    fn ticks_have_the_decimals_they_need() {
        assert_eq!(super::tick_label(20.0, 20.0), "20");
        assert_eq!(super::tick_label(0.5, 0.25), "0.50");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
