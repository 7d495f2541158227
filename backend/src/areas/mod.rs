//! One folder per screen family of the panel, each exposing its operations (`api()`) and
//! owning its SQL (`store`).

pub mod account;
pub mod catalog;
pub mod contacts;
pub mod dashboard;
pub mod history;
pub mod imports;
pub mod notifications;
pub mod portals;
pub mod properties;
pub mod site;
pub mod trash;
pub mod users;
pub mod website;
