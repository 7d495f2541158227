//! A listing's agent (issue 37): the user its leads go to must be one who can answer them.

use rules::{messages, FieldErrors};
use sqlx::AnyConnection;

use crate::areas::contacts::leads::store::is_active_user;
use crate::platform::http::error::{ApiError, ApiResult};

/// 422 naming agentId when a save gives the listing an agent who is not an active user.
/// The agent it has already (`before`) is kept whatever they are now: the form offers them
/// beside the active users, and a listing whose agent left stays editable; the agent's
/// leads went back to routing when they left.
pub(super) async fn check_active(
    conn: &mut AnyConnection,
    agent: Option<i64>,
    before: Option<i64>,
) -> ApiResult<()> {
    let Some(agent) = agent.filter(|agent| Some(*agent) != before) else { return Ok(()) };
    if is_active_user(conn, agent).await? {
        return Ok(());
    }
    let mut errors = FieldErrors::new();
    errors.add("agentId", messages::AGENT_INACTIVE);
    Err(ApiError::validation(errors))
}
