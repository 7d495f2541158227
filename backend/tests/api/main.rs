//! The server's integration tests: the real app on a fresh database per test, run once on
//! SQLite and once on PostgreSQL (see `helpers::both_databases!`).

#[macro_use]
mod helpers;

mod about_sections;
mod auth;
mod bounds;
mod catalog_categories;
mod catalog_demo;
mod catalog_features;
mod catalog_locations;
mod catalog_property_types;
mod company_values;
mod compression;
mod connections;
mod contacts;
mod contacts_export;
mod edge;
mod history;
mod lockout;
mod media;
mod media_scaled;
mod media_video;
mod openapi;
mod overload;
mod properties;
mod properties_cache;
mod properties_features;
mod properties_index;
mod properties_list;
mod properties_plans;
mod properties_public;
mod properties_quick;
mod properties_references;
mod public_catalog;
mod schema;
mod seed;
mod settings;
mod site_content;
mod specification_calls;
mod stats;
mod system_status;
mod trust;
mod users;
mod versions;
