//! The browser's door to `rules`: re-exports only, no rule is written here.

use wasm_bindgen::prelude::*;

/// Runs a rules operation (see `rules::dispatch::call`) on JSON input; answers JSON.
#[wasm_bindgen]
pub fn call(op: &str, input: &str) -> Result<String, JsError> {
    rules::dispatch::call(op, input).map_err(|e| JsError::new(&e))
}
