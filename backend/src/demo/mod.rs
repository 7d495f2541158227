//! The bilingual demo data set `AQAR_DEMO=1` loads into an empty database, so a newcomer
//! sees a realistic panel on first start. Each area adds its rows here as it lands.

use sqlx::{Any, Transaction};

use crate::auth::password;
use crate::error::ApiResult;
use crate::users::store::{self as users, NewUser};

/// Demo staff sign in with this password; the demo is for trying the panel, not for production.
pub const DEMO_STAFF_PASSWORD: &str = "demo-staff-2026";

pub async fn seed(tx: &mut Transaction<'static, Any>) -> ApiResult<()> {
    let hash = password::hash(DEMO_STAFF_PASSWORD.into()).await?;
    let staff = [
        ("sara.haddad", "sara.haddad@aqar.example", "Sara Haddad", true),
        ("omar.khalil", "omar.khalil@aqar.example", "Omar Khalil", true),
        ("lina.nasser", "lina.nasser@aqar.example", "Lina Nasser", false),
    ];
    for (username, email, full_name, is_active) in staff {
        users::insert(
            &mut **tx,
            NewUser {
                username,
                password_hash: &hash,
                email: Some(email),
                full_name: Some(full_name),
                role: "user",
                is_active,
            },
        )
        .await?;
    }
    Ok(())
}
