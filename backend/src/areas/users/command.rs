//! The shell commands on accounts. `aqar reset-2fa USERNAME` removes a user's second factor from the shell, for the last
//! administrator who lost their phone and their recovery codes and so has nobody to ask.
//! Recorded in the history as the admins' reset is, by no user.

use std::process::ExitCode;

use rocket::figment::Figment;

use crate::platform::audit::Actor;
use crate::platform::auth::two_factor::{self, store};
use crate::platform::config::{self, Config};
use crate::platform::db;

pub const USAGE: &str = "usage: aqar reset-2fa USERNAME";

pub fn main(args: &[String]) -> ExitCode {
    let [username] = args else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    match rocket::execute(run(&config::figment(), username)) {
        Ok(()) => {
            println!("aqar reset-2fa: {username} signs in with the password alone until they enrol again");
            ExitCode::SUCCESS
        }
        Err(problem) => {
            eprintln!("aqar reset-2fa: {problem}");
            ExitCode::FAILURE
        }
    }
}

/// Resets the second factor of `username` on the database `figment` configures.
pub async fn run(figment: &Figment, username: &str) -> Result<(), String> {
    let settings = Config::read(figment).map_err(|error| error.to_string())?;
    let (url, dialect) = config::database_url(figment).map_err(|error| error.to_string())?;
    let url = db::prepare_url(&url).map_err(|problem| format!("DATABASE_URL: {problem}"))?;
    sqlx::any::install_default_drivers();
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .map_err(|error| format!("cannot open the database: {error}"))?;
    db::migrate_pool(&pool, dialect).await?;
    let result = reset(&pool, settings.two_factor, username).await;
    pool.close().await;
    result
}

async fn reset(pool: &sqlx::AnyPool, policy: two_factor::Policy, username: &str) -> Result<(), String> {
    let id = store::user_id_named(pool, username)
        .await
        .map_err(|error| error.message)?
        .ok_or_else(|| format!("no user is called '{username}'"))?;
    let user = crate::areas::users::store::find(pool, id)
        .await
        .map_err(|error| error.message)?
        .ok_or_else(|| format!("no user is called '{username}'"))?;
    two_factor::reset(pool, &Actor::system(), &user, policy).await.map_err(|error| error.message)?;
    Ok(())
}
