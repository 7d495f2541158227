//! Sending e-mail over SMTP with lettre: through the server `AQAR_SMTP_URL` names, from the
//! sender `AQAR_SMTP_FROM` gives. The areas say what to send and when; this only sends.

use std::time::Duration;

use lettre::message::header::ContentType;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// How long one attempt may take, connecting included, before it counts as failed.
const TIMEOUT: Duration = Duration::from_secs(20);

/// An SMTP connection's settings and the sender; each message opens its own connection.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    /// The mailer of a URL and a sender, or the variable that cannot be used and why.
    pub fn new(url: &str, from: &str) -> Result<Mailer, (&'static str, String)> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|error| {
                (
                    "AQAR_SMTP_URL",
                    format!("is not an SMTP address such as smtp://user:password@host:587 ({error})"),
                )
            })?
            .timeout(Some(TIMEOUT))
            .build();
        let from = from.parse::<Mailbox>().map_err(|_| {
            ("AQAR_SMTP_FROM", format!("'{from}' is not an address such as Aqar <panel@example.com>"))
        })?;
        Ok(Mailer { transport, from })
    }

    /// Sends a plain-text message to `to`; the error says why it did not go.
    pub async fn send(&self, to: &str, subject: &str, body: String) -> Result<(), String> {
        let to = to.trim().parse::<Mailbox>().map_err(|error| format!("'{to}': {error}"))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .map_err(|error| error.to_string())?;
        self.transport.send(message).await.map(|_| ()).map_err(|error| error.to_string())
    }
}
