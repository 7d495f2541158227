//! The e-mails of notifications. A lead's e-mail is due in the transaction that assigns it;
//! once that commits, [`Outbox::wake`] sends what is due in a task of its own, so the
//! request that assigned the lead never waits on the SMTP server. An attempt that fails is
//! tried again after each of the rules' `MAIL_RETRY_SECS`, by whichever server's
//! [`retrier`] comes first, and then given up: the bell has told the user already.

use std::sync::Arc;

use rocket::fairing::AdHoc;
use rocket_db_pools::Database;
use rules::leads::MAIL_RETRY_SECS;
use rules::messages::{self, in_language};
use rules::vocabularies::NotificationKind;
use sqlx::AnyPool;

use super::store::{self, DueMail};
use crate::platform::config::Config;
use crate::platform::db::{clock, Db};
use crate::platform::http::error::ApiResult;
use crate::platform::jobs;
use crate::platform::mail::Mailer;

/// How long a server holds an e-mail it is sending before another may try it.
const LEASE_SECS: i64 = 60;
/// The e-mails one round sends at most; the next round takes the rest.
const ROUND: i64 = 50;
/// How often each server looks for e-mails whose next attempt has come.
const EVERY: std::time::Duration = std::time::Duration::from_secs(15);

/// The server's mailer, when `AQAR_SMTP_URL` is set, and the panel's address for links.
#[derive(Clone)]
pub struct Outbox {
    mailer: Option<Arc<Mailer>>,
    panel_url: String,
}

/// What one round did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Delivered {
    pub sent: u64,
    /// Attempts that failed, retried later or given up.
    pub failed: u64,
}

impl Outbox {
    pub fn of(config: &Config) -> Outbox {
        let mailer = config.smtp_url.as_deref().and_then(|url| Mailer::new(url, &config.smtp_from).ok());
        Outbox { mailer: mailer.map(Arc::new), panel_url: config.panel_url.clone() }
    }

    /// Whether a notification is also an e-mail.
    pub fn mails(&self) -> bool {
        self.mailer.is_some()
    }

    /// Sends what is due now in a task of its own; called after a commit that made some due.
    pub fn wake(&self, db: &AnyPool) {
        if self.mails() {
            let (outbox, db) = (self.clone(), db.clone());
            rocket::tokio::spawn(async move {
                if let Err(error) = deliver_due(&db, &outbox, clock::now_epoch()).await {
                    rocket::warn!("sending leads' e-mails failed: {}", error.message);
                }
            });
        }
    }

    /// The e-mail of a notification, in its reader's language.
    fn letter(&self, mail: &DueMail) -> (String, String) {
        let say = |message| in_language(message, mail.language);
        let news = match mail.kind {
            NotificationKind::Lead => return self.lead_letter(mail),
            NotificationKind::PermitExpiring14 => messages::PERMIT_MAIL_EXPIRING_14,
            NotificationKind::PermitExpiring3 => messages::PERMIT_MAIL_EXPIRING_3,
            NotificationKind::PermitExpired => messages::PERMIT_MAIL_EXPIRED,
        };
        let subject = format!("{}: {}", say(messages::PERMIT_MAIL_SUBJECT), mail.subject);
        let body = format!(
            "{}\n\n{}: {}\n{}: {}\n{}: {}\n\n{}: {}/properties?edit={}\n",
            say(news),
            say(messages::PERMIT_MAIL_LISTING),
            mail.name,
            say(messages::PERMIT_MAIL_NUMBER),
            mail.subject,
            say(messages::PERMIT_MAIL_EXPIRES),
            mail.message,
            say(messages::LEAD_MAIL_OPEN),
            self.panel_url,
            mail.record_id,
        );
        (subject, body)
    }

    /// The e-mail of a lead, in its reader's language.
    fn lead_letter(&self, mail: &DueMail) -> (String, String) {
        let say = |message| in_language(message, mail.language);
        let subject = format!("{}: {}", say(messages::LEAD_MAIL_SUBJECT), mail.name);
        let body = format!(
            "{}\n\n{}: {}\n{}: {}\n{}:\n{}\n\n{}: {}/contacts?request={}\n",
            say(messages::LEAD_MAIL_ASSIGNED),
            say(messages::LEAD_MAIL_NAME),
            mail.name,
            say(messages::LEAD_MAIL_TOPIC),
            mail.subject,
            say(messages::LEAD_MAIL_MESSAGE),
            mail.message,
            say(messages::LEAD_MAIL_OPEN),
            self.panel_url,
            mail.record_id,
        );
        (subject, body)
    }
}

/// Sends the e-mails due at `now` (epoch seconds): each taken first, so that no two servers
/// send one, then marked sent, or failed and given its next attempt.
pub async fn deliver_due(db: &AnyPool, outbox: &Outbox, now: i64) -> ApiResult<Delivered> {
    let Some(mailer) = &outbox.mailer else { return Ok(Delivered::default()) };
    let mut delivered = Delivered::default();
    for mail in store::due(db, now, ROUND).await? {
        if !store::take(db, &mail, now + LEASE_SECS).await? {
            continue;
        }
        let (subject, body) = outbox.letter(&mail);
        let attempts = mail.attempts + 1;
        match mailer.send(&mail.to, &subject, body).await {
            Ok(()) => {
                store::sent(db, mail.id, attempts).await?;
                delivered.sent += 1;
            }
            Err(error) => {
                let wait = usize::try_from(mail.attempts).ok().and_then(|tried| MAIL_RETRY_SECS.get(tried));
                rocket::warn!("a lead's e-mail to {} failed (attempt {attempts}): {error}", mail.to);
                store::failed(db, mail.id, attempts, wait.map(|secs| now + secs)).await?;
                delivered.failed += 1;
            }
        }
    }
    Ok(delivered)
}

/// Sends, every few seconds from liftoff until shutdown, the e-mails whose next attempt
/// has come (and any a stopped server left due).
pub fn retrier() -> AdHoc {
    AdHoc::on_liftoff("Sending leads' e-mails", |rocket| {
        Box::pin(async move {
            let (Some(db), Some(outbox)) = (Db::fetch(rocket), rocket.state::<Outbox>()) else { return };
            if !outbox.mails() {
                return;
            }
            let (db, outbox, shutdown) = (db.pool().clone(), outbox.clone(), rocket.shutdown());
            jobs::every(EVERY, shutdown, move || {
                let (db, outbox) = (db.clone(), outbox.clone());
                async move {
                    if let Err(error) = deliver_due(&db, &outbox, clock::now_epoch()).await {
                        rocket::warn!("sending leads' e-mails failed: {}", error.message);
                    }
                }
            });
        })
    })
}
