//! The server's integration tests: the real app on a fresh database per test, run once on
//! SQLite and once on PostgreSQL (see `helpers::both_databases!`).

#[macro_use]
mod helpers;

mod account;
mod account_language;
mod bounds;
mod bulk;
mod catalog_categories;
mod catalog_demo;
mod catalog_locations;
mod catalog_property_features;
mod catalog_property_types;
mod compression;
mod connections;
mod contacts;
mod contacts_export;
mod dashboard_stats;
mod dashboard_status;
mod edge;
mod history;
mod history_restore;
mod imports;
mod imports_hostile;
mod imports_hostile_files;
mod imports_round_trip;
mod leads;
mod lockout;
mod media;
mod media_scaled;
mod media_video;
mod notifications;
mod openapi;
mod overload;
mod properties;
mod properties_cache;
mod properties_export;
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
mod site_about;
mod site_company_values;
mod site_ordered;
mod site_settings;
mod specification_calls;
mod trash;
mod trust;
mod users;
mod versions;
