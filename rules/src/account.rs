use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{messages, FieldErrors, Validate};

/// `POST /api/login`: what the sign-in screen sends.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
#[schemars(extend("required" = ["username", "password"]))]
pub struct SignIn {
    #[schemars(length(min = 1))]
    pub username: String,
    #[schemars(length(min = 1))]
    pub password: String,
}

impl Validate for SignIn {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.check(self.username.is_empty(), "username", messages::USERNAME_REQUIRED);
        errors.check(self.password.is_empty(), "password", messages::PASSWORD_REQUIRED);
        errors.into_result()
    }
}
