//! Property listings: the comprehensive form's payload, the quick form's
//! payload, their rules, the new-property defaults of both forms, the duplicate transform
//! and the listing's quality score.

mod checks;
pub mod columns;
mod input;
pub mod quality;
mod quick;

pub use input::{PermitContext, PropertyInput};
pub use quick::QuickPropertyInput;

/// Suffix of the English title of a duplicated property (one space, then the word).
pub const COPY_SUFFIX_EN: &str = " (Copy)";
/// Suffix of the Arabic title of a duplicated property: the Arabic word for copy.
pub const COPY_SUFFIX_AR: &str = " (نسخة)";

/// The largest amount of money a listing may carry (price, maintenance fee, property tax):
/// stored as whole thousandths, every amount up to this one travels as a JSON number and
/// back to the same thousandth.
pub const MONEY_MAX: f64 = 1_000_000_000_000.0;

/// How long the public site shows a listing's price drop: `previousPrice` and
/// `priceChangedAt` are read when the price fell within this many days (issue 39).
pub const PRICE_DROP_DAYS: i64 = 90;

/// Earliest year a building can have been built (the latest is the current year).
pub const YEAR_BUILT_MIN: i32 = 1800;
