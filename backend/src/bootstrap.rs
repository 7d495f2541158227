//! First start: the first admin from `AQAR_ADMIN_USERNAME`/`AQAR_ADMIN_PASSWORD`, and the
//! demo data set when `AQAR_DEMO` asks for it, both only into an empty database.

use rand::distributions::{Alphanumeric, DistString};
use rocket::fairing::AdHoc;
use rocket::{Build, Rocket};
use rocket_db_pools::Database;

use crate::auth::password;
use crate::config::Settings;
use crate::db::Db;
use crate::demo;
use crate::error::ApiResult;
use crate::users::{store as users, ROLE_ADMIN};

pub fn fairing() -> AdHoc {
    AdHoc::try_on_ignite("First start", |rocket| async move {
        match run(&rocket).await {
            Ok(()) => Ok(rocket),
            Err(error) => {
                rocket::error!("first-start set-up failed: {}", error.message);
                Err(rocket)
            }
        }
    })
}

async fn run(rocket: &Rocket<Build>) -> ApiResult<()> {
    let (Some(db), Some(settings)) = (Db::fetch(rocket), rocket.state::<Settings>()) else {
        return Err(crate::error::ApiError::internal("database or settings missing at start"));
    };
    if users::count(db.pool()).await? > 0 {
        return Ok(());
    }
    let (password, generated) = match &settings.admin_password {
        Some(password) if !password.is_empty() => (password.clone(), false),
        _ => (Alphanumeric.sample_string(&mut rand::rngs::OsRng, 20), true),
    };
    let hash = password::hash(password.clone()).await?;
    let mut tx = crate::db::begin_write(db.pool()).await?;
    users::insert(
        &mut *tx,
        users::NewUser {
            username: &settings.admin_username,
            password_hash: &hash,
            email: None,
            full_name: Some("Administrator"),
            role: ROLE_ADMIN,
            is_active: true,
        },
    )
    .await?;
    if settings.demo {
        demo::seed(&mut tx).await?;
    }
    tx.commit().await?;
    // Printed, not logged: the operator must see it whatever the log level.
    if generated {
        println!(
            "Aqar: created the first admin. Sign in as '{}' with password '{password}'",
            settings.admin_username
        );
        println!("Aqar: this password is shown only now; set AQAR_ADMIN_PASSWORD to choose your own.");
    } else {
        println!(
            "Aqar: created the first admin '{}' with the password from AQAR_ADMIN_PASSWORD",
            settings.admin_username
        );
    }
    if settings.demo {
        println!("Aqar: loaded the demo data set");
    }
    Ok(())
}
