//! Runs every case file under `tests/cases/` through `rules::dispatch::call`. The frontend's
//! test runner runs the same files through the WASM build; both must agree with `output`.
//! A case with a `language` runs through `call_in`, answering its messages in that language.

use std::fs;
use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
struct Case {
    name: String,
    op: String,
    input: Value,
    /// The expected answer; absent reads as `null`.
    #[serde(default)]
    output: Value,
    /// `true` when the operation must refuse the input.
    #[serde(default)]
    error: bool,
    /// The language of the answer's messages ('en', 'ar'); absent: the English of `call`.
    #[serde(default)]
    language: Option<String>,
}

/// Equality as the browser's runner sees it, plus order: numbers compare by value (`12` and
/// `12.0` are one number to JavaScript), and object keys must come in the expected order,
/// because failing fields are reported in the payload's field order.
fn same(answer: &Value, expected: &Value) -> bool {
    match (answer, expected) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::Array(a), Value::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same(a, b)),
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|((ka, va), (kb, vb))| ka == kb && same(va, vb))
        }
        _ => answer == expected,
    }
}

#[test]
fn every_case_file_passes_natively() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut files: Vec<_> =
        fs::read_dir(&dir).expect("cases folder").map(|e| e.expect("entry").path()).collect();
    files.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "json")) {
        let text = fs::read_to_string(file).expect("readable case file");
        let cases: Vec<Case> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for case in cases {
            count += 1;
            let input = case.input.to_string();
            let answer = match &case.language {
                Some(language) => rules::dispatch::call_in(&case.op, &input, language),
                None => rules::dispatch::call(&case.op, &input),
            };
            let ok = match (&answer, case.error) {
                (Err(_), true) => true,
                (Ok(text), false) => {
                    serde_json::from_str::<Value>(text).is_ok_and(|got| same(&got, &case.output))
                }
                _ => false,
            };
            if !ok {
                failures.push(format!(
                    "{} / {}: got {answer:?}, expected {:?}",
                    file.display(),
                    case.name,
                    case.output
                ));
            }
        }
    }
    assert!(count > 0, "no cases found in {}", dir.display());
    assert!(failures.is_empty(), "{} of {count} cases failed:\n{}", failures.len(), failures.join("\n"));
}
