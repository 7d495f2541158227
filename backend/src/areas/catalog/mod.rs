//! The catalog a property is described with: categories, property types, locations and
//! features (core-panel.md §2).

pub mod categories;
pub mod in_use;
pub mod locations;
pub mod property_features;
pub mod property_types;
