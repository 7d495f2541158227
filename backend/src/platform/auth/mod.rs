//! Authentication mechanisms: sessions and their guards, password hashing, the sign-in
//! throttle, recognised devices, the second factor and the same-origin check of writes. The screens that sign
//! in and out are `areas::account`'s.

mod actor;
pub mod device;
pub mod language;
pub mod origin;
pub mod password;
pub mod session;
pub mod store;
pub mod throttle;
pub mod two_factor;
pub mod user;

pub use language::AnswerLanguage;
pub use session::{AdminUser, CurrentUser};
