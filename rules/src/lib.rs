//! Every validation rule, message, default and vocabulary of Aqar, written once.
//!
//! The server links this crate natively and the browser runs it through `rules-wasm`,
//! so a user sees the same message whichever side catches a mistake.

pub mod about;
pub mod account;
pub mod advertising;
pub mod bounds;
pub mod bulk;
pub mod calendar;
pub mod catalog;
pub mod common_passwords;
pub mod company_values;
pub mod constants;
pub mod contacts;
pub mod dispatch;
pub mod email;
pub mod export;
pub mod field_errors;
pub mod fold;
pub mod geo;
pub mod hero_images;
pub mod images;
pub mod imports;
pub mod language;
pub mod leads;
mod lenient;
pub mod messages;
pub mod numbers;
pub mod ordering;
pub mod portals;
pub mod properties;
pub mod reading;
pub mod schema;
pub mod search;
pub mod services;
pub mod settings;
pub mod team;
pub mod text;
pub mod users;
pub mod vocabularies;

pub use field_errors::FieldErrors;

/// A payload that can check itself, answering every failing field at once.
pub trait Validate {
    fn validate(&self) -> Result<(), FieldErrors>;
}
