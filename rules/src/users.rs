//! Accounts that can sign in to the panel.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{messages, FieldErrors, Validate};

/// Role a new user gets.
pub const DEFAULT_ROLE: &str = "user";
/// The role that may manage users.
pub const ADMIN_ROLE: &str = "admin";
/// The first user; it cannot be deleted.
pub const PROTECTED_USER_ID: i64 = 1;

/// `POST /api/users`. The confirmation travels with the payload so the server checks the
/// same pair the browser does.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct UserCreateInput {
    pub username: String,
    pub password: String,
    pub confirm_password: String,
    /// Checked as an e-mail address when given.
    pub email: Option<String>,
    pub full_name: Option<String>,
    /// An active user can sign in.
    pub is_active: bool,
}

impl Default for UserCreateInput {
    fn default() -> Self {
        Self {
            username: String::new(),
            password: String::new(),
            confirm_password: String::new(),
            email: None,
            full_name: None,
            is_active: true,
        }
    }
}

impl Validate for UserCreateInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.require(&self.username, "username", messages::USERNAME_REQUIRED);
        // Spaces are legitimate password characters, so only an empty password is missing.
        errors.check(self.password.is_empty(), "password", messages::PASSWORD_REQUIRED);
        check_confirmation(&mut errors, &self.password, &self.confirm_password);
        errors.check_email(self.email.as_deref(), "email", messages::EMAIL_INVALID);
        errors.into_result()
    }
}

/// `PUT /api/users/{id}`. An absent or empty password keeps the current one, and then the
/// confirmation is not looked at.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct UserUpdateInput {
    pub username: String,
    pub password: Option<String>,
    pub confirm_password: Option<String>,
    pub email: Option<String>,
    pub full_name: Option<String>,
    pub is_active: bool,
}

impl Default for UserUpdateInput {
    fn default() -> Self {
        Self {
            username: String::new(),
            password: None,
            confirm_password: None,
            email: None,
            full_name: None,
            is_active: true,
        }
    }
}

impl UserUpdateInput {
    /// The password to store, if the user typed a new one.
    pub fn new_password(&self) -> Option<&str> {
        self.password.as_deref().filter(|p| !p.is_empty())
    }
}

impl Validate for UserUpdateInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.require(&self.username, "username", messages::USERNAME_REQUIRED);
        if let Some(password) = self.new_password() {
            check_confirmation(&mut errors, password, self.confirm_password.as_deref().unwrap_or_default());
        }
        errors.check_email(self.email.as_deref(), "email", messages::EMAIL_INVALID);
        errors.into_result()
    }
}

fn check_confirmation(errors: &mut FieldErrors, password: &str, confirmation: &str) {
    if confirmation.is_empty() {
        errors.add("confirmPassword", messages::CONFIRM_PASSWORD_REQUIRED);
    } else if confirmation != password {
        errors.add("confirmPassword", messages::PASSWORDS_DONT_MATCH);
    }
}
