use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::vocabularies::{Language, Numerals};
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

/// The longest code the second step of sign-in reads: a recovery code with its dashes and
/// some spaces; anything longer is no code.
pub const SECOND_FACTOR_CODE_MAX: usize = 40;

/// `POST /api/login/second-factor` and the confirmations of an enrolment: a code of the
/// authenticator app (six digits) or a recovery code, and whether this browser may skip the
/// second step for 30 days.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
#[schemars(extend("required" = ["code"]))]
pub struct SecondFactorCode {
    #[schemars(length(min = 1, max = 40))]
    pub code: String,
    /// Trust this device: no code asked on it for 30 days.
    pub trust_device: bool,
}

impl Validate for SecondFactorCode {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        let code = self.code.trim();
        errors.check(code.is_empty(), "code", messages::SECOND_FACTOR_CODE_REQUIRED);
        errors.check(
            code.chars().count() > SECOND_FACTOR_CODE_MAX,
            "code",
            messages::SECOND_FACTOR_CODE_WRONG,
        );
        errors.into_result()
    }
}

/// `PUT /api/account/preferences`: the signed-in user's interface language and digits.
/// Both are required; a value outside its list is answered as that field's
/// [`messages::NOT_IN_LIST`], a missing one as [`messages::FIELD_REQUIRED`].
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
#[schemars(extend("required" = ["language", "numerals"]))]
pub struct Preferences {
    #[schemars(with = "Language")]
    pub language: Option<Language>,
    #[schemars(with = "Numerals")]
    pub numerals: Option<Numerals>,
}

impl Validate for Preferences {
    fn validate(&self) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.check(self.language.is_none(), "language", messages::FIELD_REQUIRED);
        errors.check(self.numerals.is_none(), "numerals", messages::FIELD_REQUIRED);
        errors.into_result()
    }
}

impl Preferences {
    /// The language and digits chosen; the defaults stand for what [`Validate`] refuses.
    pub fn chosen(&self) -> (Language, Numerals) {
        (self.language.unwrap_or_default(), self.numerals.unwrap_or_default())
    }
}
