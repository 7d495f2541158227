//! Accounts that can sign in to the panel.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::bounds::SHORT_TEXT_MAX;
use crate::vocabularies::Role;
use crate::{messages, FieldErrors, Validate};

/// Role a new user gets.
pub const DEFAULT_ROLE: &str = "user";
/// The role that may manage users.
pub const ADMIN_ROLE: &str = "admin";
/// The first user; it cannot be deleted.
pub const PROTECTED_USER_ID: i64 = 1;
/// The shortest password an account may be given, in characters (site §5 sets none).
pub const PASSWORD_MIN_LENGTH: usize = 8;
/// The longest, in characters: sign-in reads at most 4 KiB, and a password it could not
/// read must never be set.
pub const PASSWORD_MAX_LENGTH: usize = 128;

/// `POST /api/users`. The form's confirmation (site §5) travels with the payload so the
/// server checks the same pair the browser does; a call without one is the specification's
/// call (site §7), taken as it is.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct UserCreateInput {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub username: String,
    pub password: String,
    pub confirm_password: Option<String>,
    /// Checked as an e-mail address when given.
    pub email: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub full_name: Option<String>,
    /// An active user can sign in.
    pub is_active: bool,
    /// 'user' unless an admin chooses 'admin'; first-run registration always makes an admin.
    pub role: Role,
    /// Whether the round-robin hands this user new leads (issue 26); on unless turned off.
    pub receives_leads: bool,
    /// The broker's licence number (BRN in Dubai, FAL in Saudi Arabia), shown beside their
    /// listings on the public site (issue 39).
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub license_number: Option<String>,
    /// The agent's phone number, which the portals' feeds show with their listings (issue 41).
    #[schemars(length(max = PHONE_MAX_CHARS))]
    pub phone: Option<String>,
}

impl Default for UserCreateInput {
    fn default() -> Self {
        Self {
            username: String::new(),
            password: String::new(),
            confirm_password: None,
            email: None,
            full_name: None,
            is_active: true,
            role: Role::User,
            receives_leads: true,
            license_number: None,
            phone: None,
        }
    }
}

impl UserCreateInput {
    /// What the Add User form starts from: like a call without fields, but with the
    /// confirmation the form always sends.
    pub fn new_form() -> Self {
        Self { confirm_password: Some(String::new()), ..Self::default() }
    }
}

impl Validate for UserCreateInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.require(&self.username, "username", messages::USERNAME_REQUIRED);
        errors.limit_short(&self.username, "username");
        // Spaces are legitimate password characters, so only an empty password is missing.
        errors.check(self.password.is_empty(), "password", messages::PASSWORD_REQUIRED);
        check_length(&mut errors, "password", &self.password);
        check_confirmation(&mut errors, &self.password, self.confirm_password.as_deref());
        errors.check_email(self.email.as_deref(), "email", messages::EMAIL_INVALID);
        errors.limit_short_optional(self.full_name.as_deref(), "fullName");
        errors.limit_short_optional(self.license_number.as_deref(), "licenseNumber");
        check_phone(&mut errors, self.phone.as_deref());
        errors.into_result()
    }
}

/// `PUT /api/users/{id}`. An absent or empty password keeps the current one, and then the
/// confirmation is not looked at; a new password is checked against its confirmation when
/// the body carries one, as on create.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct UserUpdateInput {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub username: String,
    pub password: Option<String>,
    pub confirm_password: Option<String>,
    pub email: Option<String>,
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub full_name: Option<String>,
    pub is_active: bool,
    pub role: Role,
    /// Whether the round-robin hands this user new leads; absent keeps the current choice.
    pub receives_leads: Option<bool>,
    /// The broker's licence number; absent keeps it, blank clears it.
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub license_number: Option<String>,
    /// The agent's phone number; absent keeps it, blank clears it.
    #[schemars(length(max = PHONE_MAX_CHARS))]
    pub phone: Option<String>,
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
            role: Role::User,
            receives_leads: None,
            license_number: None,
            phone: None,
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
        errors.limit_short(&self.username, "username");
        if let Some(password) = self.new_password() {
            check_length(&mut errors, "password", password);
            check_confirmation(&mut errors, password, self.confirm_password.as_deref());
        }
        errors.check_email(self.email.as_deref(), "email", messages::EMAIL_INVALID);
        errors.limit_short_optional(self.full_name.as_deref(), "fullName");
        errors.limit_short_optional(self.license_number.as_deref(), "licenseNumber");
        check_phone(&mut errors, self.phone.as_deref());
        errors.into_result()
    }
}

/// The longest phone number, in characters, spaces and signs included.
pub const PHONE_MAX_CHARS: usize = 30;

/// A phone number, when given: 7 to 15 digits (E.164's most) with spaces, `+`, `-`, `(` or
/// `)` between them, and no more than [`PHONE_MAX_CHARS`] characters.
pub fn check_phone(errors: &mut FieldErrors, phone: Option<&str>) {
    let Some(phone) = phone.map(str::trim).filter(|p| !p.is_empty()) else { return };
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    let shaped = phone.chars().all(|c| c.is_ascii_digit() || " +-()".contains(c));
    errors.check(
        !shaped || !(7..=15).contains(&digits) || phone.chars().count() > PHONE_MAX_CHARS,
        "phone",
        messages::PHONE_INVALID,
    );
}

/// `PUT /api/account`: the signed-in user's own name and, optionally, a new password, which
/// needs the current one.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct AccountInput {
    #[schemars(length(max = SHORT_TEXT_MAX))]
    pub full_name: Option<String>,
    /// Required only when a new password is given.
    pub current_password: Option<String>,
    /// Absent or empty keeps the current password.
    pub new_password: Option<String>,
    pub confirm_password: Option<String>,
}

impl AccountInput {
    /// The password to store, if the user typed a new one.
    pub fn new_password(&self) -> Option<&str> {
        self.new_password.as_deref().filter(|p| !p.is_empty())
    }
}

impl Validate for AccountInput {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.limit_short_optional(self.full_name.as_deref(), "fullName");
        if let Some(password) = self.new_password() {
            errors.check(
                self.current_password.as_deref().unwrap_or_default().is_empty(),
                "currentPassword",
                messages::FIELD_REQUIRED,
            );
            check_length(&mut errors, "newPassword", password);
            check_confirmation(&mut errors, password, self.confirm_password.as_deref());
        }
        errors.into_result()
    }
}

/// The first thing wrong with `password` as a new password, for one set outside the forms
/// (`AQAR_ADMIN_PASSWORD`); the forms get their messages through `validate`.
pub fn new_password_problem(password: &str) -> Option<String> {
    let mut errors = FieldErrors::new();
    check_length(&mut errors, "password", password);
    errors.get("password").map(str::to_owned)
}

fn check_length(errors: &mut FieldErrors, field: &'static str, password: &str) {
    let length = password.chars().count();
    // The minimum is the panel's own (site §5 sets none), said with the generic fallback.
    if length > 0 && length < PASSWORD_MIN_LENGTH {
        errors.add(field, messages::minimum_length(PASSWORD_MIN_LENGTH));
    }
    errors.check(length > PASSWORD_MAX_LENGTH, field, messages::PASSWORD_TOO_LONG);
    errors.check(crate::common_passwords::is_common(password), field, messages::PASSWORD_TOO_COMMON);
}

/// The form's confirmation (site §5), when the body carries one: absent, the call is the
/// specification's own and has nothing to confirm.
fn check_confirmation(errors: &mut FieldErrors, password: &str, confirmation: Option<&str>) {
    match confirmation {
        None => {}
        Some("") => errors.add("confirmPassword", messages::CONFIRM_PASSWORD_REQUIRED),
        Some(confirmation) if confirmation != password => {
            errors.add("confirmPassword", messages::PASSWORDS_DONT_MATCH)
        }
        Some(_) => {}
    }
}
