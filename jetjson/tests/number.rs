//! Numbers: exact integers, correctly rounded floats, shortest round-trip output.

use jetjson::{from_str, to_string, ErrorKind};

fn kind<T: for<'de> jetjson::FromJson<'de> + std::fmt::Debug>(text: &str) -> ErrorKind {
    from_str::<T>(text).unwrap_err().kind().clone()
}

#[test]
fn integers_are_exact_at_every_boundary() {
    assert_eq!(from_str::<u64>("18446744073709551615").unwrap(), u64::MAX);
    assert_eq!(from_str::<i64>("-9223372036854775808").unwrap(), i64::MIN);
    assert_eq!(from_str::<i64>("9223372036854775807").unwrap(), i64::MAX);
    assert_eq!(from_str::<u8>("255").unwrap(), 255);
    assert_eq!(from_str::<i8>("-128").unwrap(), -128);
    assert_eq!(from_str::<i8>("127").unwrap(), 127);
    assert_eq!(from_str::<u64>("-0").unwrap(), 0);
    assert_eq!(
        from_str::<u128>("340282366920938463463374607431768211455").unwrap(),
        u128::MAX
    );
    assert_eq!(
        from_str::<i128>("-170141183460469231731687303715884105728").unwrap(),
        i128::MIN
    );
    assert_eq!(
        from_str::<i128>("170141183460469231731687303715884105727").unwrap(),
        i128::MAX
    );
    for v in [
        0u64,
        1,
        9,
        10,
        99,
        100,
        u32::MAX as u64,
        u64::MAX - 1,
        u64::MAX,
    ] {
        assert_eq!(from_str::<u64>(&to_string(&v)).unwrap(), v);
    }
    for v in [i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX] {
        assert_eq!(to_string(&v), v.to_string());
        assert_eq!(from_str::<i64>(&to_string(&v)).unwrap(), v);
    }
    assert_eq!(to_string(&u128::MAX), u128::MAX.to_string());
    assert_eq!(to_string(&i128::MIN), i128::MIN.to_string());
}

#[test]
fn integers_never_wrap() {
    let out_of_range = |ty| ErrorKind::NumberOutOfRange { ty };
    assert_eq!(kind::<u64>("18446744073709551616"), out_of_range("u64"));
    assert_eq!(kind::<i64>("9223372036854775808"), out_of_range("i64"));
    assert_eq!(kind::<i64>("-9223372036854775809"), out_of_range("i64"));
    assert_eq!(kind::<u8>("256"), out_of_range("u8"));
    assert_eq!(kind::<u8>("-1"), out_of_range("u8"));
    assert_eq!(kind::<i8>("-129"), out_of_range("i8"));
    assert_eq!(
        kind::<u32>("99999999999999999999999999"),
        out_of_range("u32")
    );
    assert_eq!(
        kind::<u128>("340282366920938463463374607431768211456"),
        out_of_range("u128")
    );
    assert_eq!(
        kind::<i128>("-170141183460469231731687303715884105729"),
        out_of_range("i128")
    );
}

#[test]
fn integer_targets_reject_fractions_and_bad_grammar() {
    let float = ErrorKind::InvalidType {
        expected: "u32",
        found: "floating-point number",
    };
    assert_eq!(kind::<u32>("1.0"), float);
    assert_eq!(kind::<u32>("1e2"), float);
    assert_eq!(kind::<u32>("01"), ErrorKind::InvalidNumber);
    assert_eq!(kind::<i32>("-"), ErrorKind::UnexpectedEof);
    assert_eq!(kind::<i32>("-a"), ErrorKind::InvalidNumber);
    assert_eq!(kind::<i32>("+1"), ErrorKind::ExpectedValue);
    assert_eq!(
        kind::<i32>("\"1\""),
        ErrorKind::InvalidType {
            expected: "i32",
            found: "string"
        }
    );
}

#[test]
fn floats_reject_bad_grammar() {
    for bad in [
        "1.", ".5", "1e", "1e+", "-", "01.5", "1.e5", "0x10", "Infinity", "NaN", "--1",
    ] {
        assert!(from_str::<f64>(bad).is_err(), "{bad} was accepted");
    }
    assert_eq!(
        kind::<f64>("1e999"),
        ErrorKind::NumberOutOfRange { ty: "f64" }
    );
    assert_eq!(
        kind::<f32>("1e39"),
        ErrorKind::NumberOutOfRange { ty: "f32" }
    );
}

fn bits(text: &str) -> u64 {
    from_str::<f64>(text).unwrap().to_bits()
}

#[test]
fn floats_are_correctly_rounded() {
    let cases = [
        "0",
        "-0",
        "-0.0",
        "1",
        "0.1",
        "0.3",
        "1.2345",
        "2.2250738585072014e-308",
        "2.225073858507201e-308",
        "2.2250738585072011e-308",
        "4.9406564584124654e-324",
        "2.4703282292062328e-324",
        "2.4703282292062327e-324",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "9007199254740993",
        "9007199254740992.5",
        "123456789012345678901234567890",
        "0.000000000000000000000000000001",
        "1e-400",
        "0e999999",
        "7.2057594037927933e16",
        "3.4028235677973366e38",
        // Halfway cases that need more than 19 digits to decide.
        "9007199254740993.0000000000000000000000000000000000000001",
        "2.47032822920623272088284396434110686182529901307162382212792841250337753635104375932649918180817996189898282347722858865463328355177969898199387398005390939063150356595155702263922908583924491051844359318028499365361525003193704576782492193656236698636584807570015857692699037063119282795585513329278343384093519780155312465972635795746227664652728272200563740064854999770965994704540208281662262378573934507363390079677619305775067401763246736009689513405355374585166611342237666786041621596804619144672918403005300575308490487653917113865916462395249126236538818796362393732804238910186723484976682350898633885879256283027559956575244555072551893136908362547791869486679949683240497058210285131854513962138377228261454376934125320985913276672363281255e-324",
    ];
    for text in cases {
        let want: f64 = text.parse().unwrap();
        assert_eq!(bits(text), want.to_bits(), "{text}");
    }
    // Hundreds of digits, all of which matter.
    let long = format!("0.{}1", "0".repeat(300));
    assert_eq!(bits(&long), long.parse::<f64>().unwrap().to_bits());
    let long_int = format!("1{}", "0".repeat(400));
    assert_eq!(
        kind::<f64>(&long_int),
        ErrorKind::NumberOutOfRange { ty: "f64" }
    );
    assert_eq!(
        from_str::<f32>("16777217").unwrap().to_bits(),
        "16777217".parse::<f32>().unwrap().to_bits()
    );
    assert_eq!(
        from_str::<f32>("1.00000017881393432617187499")
            .unwrap()
            .to_bits(),
        "1.00000017881393432617187499"
            .parse::<f32>()
            .unwrap()
            .to_bits()
    );
}

/// A tiny deterministic generator, so the sweep is the same every run.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[test]
fn random_decimal_text_matches_std() {
    let mut rng = SplitMix(7);
    for _ in 0..20_000 {
        let digits = 1 + rng.next() % 25;
        let mut text = String::new();
        if rng.next() % 2 == 0 {
            text.push('-');
        }
        for i in 0..digits {
            let d = (rng.next() % 10) as u8;
            text.push(char::from(if i == 0 { b'1' + d % 9 } else { b'0' + d }));
        }
        if rng.next() % 2 == 0 {
            let point = 1 + (rng.next() % digits) as usize;
            if point < text.trim_start_matches('-').len() {
                let at = point + usize::from(text.starts_with('-'));
                text.insert(at, '.');
            }
        }
        if rng.next() % 2 == 0 {
            let e = (rng.next() % 700) as i64 - 350;
            text.push_str(&format!("e{e}"));
        }
        let want: f64 = text.parse().unwrap();
        match from_str::<f64>(&text) {
            Ok(v) => assert_eq!(v.to_bits(), want.to_bits(), "{text}"),
            Err(_) => assert!(want.is_infinite(), "{text}"),
        }
    }
}

#[test]
fn floats_print_shortest_and_read_back() {
    let mut rng = SplitMix(11);
    for _ in 0..20_000 {
        let v = f64::from_bits(rng.next());
        if !v.is_finite() {
            continue;
        }
        let text = to_string(&v);
        assert_eq!(
            from_str::<f64>(&text).unwrap().to_bits(),
            v.to_bits(),
            "{text}"
        );
        // No shorter significand reads back: compare digit counts with the
        // standard library's shortest form.
        let std_sci = format!("{v:e}");
        let digits = |s: &str| {
            let mantissa = s.split(['e', 'E']).next().unwrap_or("");
            let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
            digits.trim_start_matches('0').trim_end_matches('0').len()
        };
        assert!(
            digits(&text) <= digits(&std_sci).max(1),
            "{text} vs {std_sci}"
        );
    }
    assert_eq!(to_string(&-0.0f64), "-0.0");
    assert_eq!(to_string(&0.0f64), "0.0");
    assert_eq!(to_string(&1.5f32), "1.5");
    assert_eq!(to_string(&f64::NAN), "null");
    assert_eq!(to_string(&f64::INFINITY), "null");
    assert_eq!(to_string(&f32::NEG_INFINITY), "null");
    assert_eq!(to_string(&5e-324f64), "5e-324");
    assert_eq!(
        to_string(&1.7976931348623157e308f64),
        "1.7976931348623157e+308"
    );
}

#[test]
fn output_matches_serde_json() {
    let values = [
        0.1f64,
        1e21,
        1e22,
        123456.789,
        1e-7,
        2.5e-5,
        1e-5,
        100.0,
        1e15,
        9_999_999_999_999_998.0,
        1e16,
        -1e16,
        1e308,
        -2.5e-300,
        -3.0,
    ];
    for v in values {
        // Byte for byte, the exponent's `+` included (`1e+16`).
        assert_eq!(to_string(&v), serde_json::to_string(&v).unwrap(), "{v}");
    }
    for v in [0.1f32, 1e16, 3.4e38, 1e-7, -1.5e-45, 16_777_216.0] {
        assert_eq!(to_string(&v), serde_json::to_string(&v).unwrap(), "{v}");
    }
    assert_eq!(to_string(&1e16f64), "1e+16");
    assert_eq!(to_string(&1e308f64), "1e+308");
    assert_eq!(to_string(&1e-7f64), "1e-7");
    assert_eq!(to_string(&1e15f64), "1000000000000000.0");
}

#[test]
fn integers_of_every_length_read_as_std_parses_them() {
    // Each digit count from 1 to 21 (past u64), in the shapes the word-wise
    // and digit-by-digit paths split on, ended by each kind of byte.
    let mut texts = Vec::new();
    for n in 1..=21usize {
        texts.push("9".repeat(n));
        texts.push(format!("1{}", "0".repeat(n - 1)));
        texts.push("1234567890123456789012"[..n].to_string());
        texts.push(format!("0{}", "7".repeat(n - 1)));
    }
    for text in &texts {
        for sign in ["", "-"] {
            let number = format!("{sign}{text}");
            for (before, after) in [
                ("", ""),
                ("[", "]"),
                ("[", ",1]"),
                (" ", " "),
                ("[", ".5]"),
                ("", "e1"),
            ] {
                let input = format!("{before}{number}{after}");
                let leading_zero = text.len() > 1 && text.starts_with('0');
                let fraction = after.starts_with('.') || after.starts_with('e');
                let want_u = (!leading_zero && !fraction)
                    .then(|| number.parse::<u64>().ok().or((number == "-0").then_some(0)))
                    .flatten();
                let want_i = (!leading_zero && !fraction)
                    .then(|| number.parse::<i64>().ok())
                    .flatten();
                if before == "[" {
                    let got = from_str::<Vec<u64>>(&input).ok().map(|v| v[0]);
                    assert_eq!(got, want_u, "u64 {input}");
                    let got = from_str::<Vec<i64>>(&input).ok().map(|v| v[0]);
                    assert_eq!(got, want_i, "i64 {input}");
                } else {
                    assert_eq!(from_str::<u64>(&input).ok(), want_u, "u64 {input}");
                    assert_eq!(from_str::<i64>(&input).ok(), want_i, "i64 {input}");
                }
            }
        }
    }
}

#[test]
fn out_of_range_errors_point_at_the_number() {
    // The integer reads do not carry the number's start along: an error
    // finds it again from the digits just read. Short and long numbers, a
    // sign or none, whitespace before or none, first element or later.
    fn check<T: for<'de> jetjson::FromJson<'de> + std::fmt::Debug>(ty: &str, number: &str) {
        for before in ["", " ", "\n    ", "\t\r\n"] {
            for prefix in ["[", "[0,", "[1, 2,"] {
                let input = format!("{prefix}{before}{number}]");
                let err = from_str::<Vec<T>>(&input).unwrap_err();
                assert!(
                    matches!(err.kind(), ErrorKind::NumberOutOfRange { ty: t } if *t == ty),
                    "{input}: {err}"
                );
                assert_eq!(err.offset(), prefix.len() + before.len(), "{input}: {err}");
            }
        }
    }
    for number in ["256", "-1", "-12345678901234567", "123456789012345"] {
        check::<u8>("u8", number);
    }
    for number in ["128", "-129", "99999999999", "-999999999999999999"] {
        check::<i8>("i8", number);
    }
    for number in ["4294967296", "-4294967296", "-5"] {
        check::<u32>("u32", number);
    }
    for number in ["18446744073709551616", "-1", "99999999999999999999999"] {
        check::<u64>("u64", number);
    }
    for number in [
        "9223372036854775808",
        "-9223372036854775809",
        "-99999999999999999999",
    ] {
        check::<i64>("i64", number);
    }
}

/// Slices, arrays and pairs of `f64` are written two numbers at a time; the
/// text must be what writing each number alone gives (and serde_json's),
/// whatever the count, with non-finite values as `null`, in a streaming
/// writer too.
#[test]
fn float_runs_and_pairs_write_as_single_floats_do() {
    let values = [
        0.0,
        -0.0,
        1.5,
        -65.61361699999998,
        1e16,
        1e-7,
        f64::MAX,
        f64::MIN_POSITIVE,
        5e-324,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        123456789.0,
    ];
    let one = |v: f64| jetjson::to_string(&v);
    for len in 0..=values.len() {
        for start in 0..values.len() - len + 1 {
            let run = &values[start..start + len];
            let want = format!(
                "[{}]",
                run.iter().map(|&v| one(v)).collect::<Vec<_>>().join(",")
            );
            assert_eq!(jetjson::to_string(run), want, "{run:?}");
            assert_eq!(jetjson::to_string(&run.to_vec()), want, "{run:?}");
            let mut streamed = Vec::new();
            jetjson::to_writer(&mut streamed, &run.to_vec()).unwrap();
            assert_eq!(String::from_utf8(streamed).unwrap(), want);
            if run.iter().all(|v| v.is_finite()) {
                assert_eq!(serde_json::to_string(run).unwrap(), want, "{run:?}");
            }
        }
    }
    for &a in &values {
        for &b in &values {
            let want = format!("[{},{}]", one(a), one(b));
            assert_eq!(jetjson::to_string(&(a, b)), want);
            assert_eq!(jetjson::to_string(&[a, b]), want);
            assert_eq!(
                jetjson::to_string(&(a, b, 1u8)),
                format!("[{},{},1]", one(a), one(b))
            );
            // The DOM writes a pair of floats the same way (non-finite
            // numbers are `null` there already).
            let v: jetjson::Value = jetjson::from_str(&want).unwrap();
            assert_eq!(jetjson::to_string(&v), want);
            let nested: jetjson::Value = jetjson::from_str(&format!("[{want},{want}]")).unwrap();
            assert_eq!(jetjson::to_string(&nested), format!("[{want},{want}]"));
            assert_eq!(
                jetjson::to_string_pretty(&v),
                serde_json::to_string_pretty(
                    &serde_json::from_str::<serde_json::Value>(&want).unwrap()
                )
                .unwrap()
            );
        }
    }
    // Other element types keep the plain loop.
    assert_eq!(jetjson::to_string(&(1.5f32, 2.5f64)), "[1.5,2.5]");
    assert_eq!(
        jetjson::to_string(&vec![(1.0, 2.0), (3.5, -4.25)]),
        "[[1.0,2.0],[3.5,-4.25]]"
    );
}
