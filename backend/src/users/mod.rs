//! Staff accounts (site-content.md §3). The user-management screen's routes join this area
//! when their issue lands; sign-in reads accounts through it.

pub mod store;

use schemars::JsonSchema;
use serde::Serialize;

pub const ROLE_ADMIN: &str = "admin";

/// An account as the API shows it: never the password hash.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: i64,
    pub username: String,
    pub role: String,
    pub email: Option<String>,
    pub full_name: Option<String>,
    pub is_active: bool,
    pub created_at: String,
    pub updated_at: String,
}

impl User {
    pub fn is_admin(&self) -> bool {
        self.role == ROLE_ADMIN
    }
}
