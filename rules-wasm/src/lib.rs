//! The browser's door to `rules`: re-exports only, no rule is written here.

use wasm_bindgen::prelude::*;

/// Runs a rules operation (see `rules::dispatch::call`) on JSON input; answers JSON.
#[wasm_bindgen]
pub fn call(op: &str, input: &str) -> Result<String, JsError> {
    rules::dispatch::call(op, input).map_err(|e| JsError::new(&e))
}

/// Like [`call`], with the answer's messages in `language` ('en' or 'ar'; see
/// `rules::dispatch::call_in`): what the server answers a user of that language.
#[wasm_bindgen(js_name = callIn)]
pub fn call_in(op: &str, input: &str, language: &str) -> Result<String, JsError> {
    rules::dispatch::call_in(op, input, language).map_err(|e| JsError::new(&e))
}

/// A message the rules spell (in English, as the server's or the rules' answer has it) in
/// `language` ('en' or 'ar'); a text the rules do not spell comes back as it is.
#[wasm_bindgen]
pub fn localise(message: &str, language: &str) -> String {
    let language = rules::language::Language::from_tag(language).unwrap_or_default();
    rules::messages::in_language(message, language).into_owned()
}

/// Gives the rules the Arabic of their fixed messages (`frontend/src/generated/messages.ar.json`,
/// generated from `rules::messages::TABLE`): this build leaves it out, so that an English
/// interface does not download it.
#[wasm_bindgen(js_name = learnArabic)]
pub fn learn_arabic(table: &str) -> Result<(), JsError> {
    rules::messages::learn_arabic(table).map_err(|e| JsError::new(&e))
}
