//! The most common passwords, refused whoever sets a password, in the browser and on the
//! server alike.
//!
//! The list is the first 10,000 of the 20,000 most common passwords that Django ships
//! (`django/contrib/auth/common-passwords.txt.gz`, Royce Williams's list from the Have I
//! Been Pwned corpus, most frequent first, already lowercased). Only the entries that the
//! minimum length lets through are kept, 3,903 of them, sorted: the shorter ones are
//! refused as too short anyway, and every byte here is also shipped to the browser in the
//! WASM module.

use crate::users::PASSWORD_MIN_LENGTH;

const LIST: &str = include_str!("common_passwords.txt");

/// Whether `password`, compared without case as the list was made, is one of the most
/// common passwords.
pub fn is_common(password: &str) -> bool {
    if password.chars().count() < PASSWORD_MIN_LENGTH {
        return false;
    }
    let lowered = password.to_lowercase();
    LIST.lines().any(|common| common == lowered)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_known_passwords_are_common_in_any_case() {
        for password in ["password", "12345678", "Password1", "QWERTYUIOP", "iloveyou"] {
            assert!(is_common(password), "{password}");
        }
    }

    #[test]
    fn a_rare_password_is_not_common() {
        assert!(!is_common("correct horse battery staple"));
        assert!(!is_common("test-admin-password"));
    }

    #[test]
    fn the_list_is_sorted_unique_lowercase_and_long_enough_to_matter() {
        let entries: Vec<&str> = LIST.lines().collect();
        assert_eq!(entries.len(), 3903);
        assert!(entries.windows(2).all(|pair| pair[0] < pair[1]), "sorted without repeats");
        assert!(entries.iter().all(|entry| entry.to_lowercase() == *entry));
        assert!(entries.iter().all(|entry| entry.chars().count() >= PASSWORD_MIN_LENGTH));
    }
}
