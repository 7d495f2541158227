//! A signed-in user as the history's actor. Here, beside the sessions, so that the audit,
//! which the sign-in's own writes use, knows nothing of sign-in.

use super::user::User;
use super::{AdminUser, CurrentUser};
use crate::platform::audit::Actor;

impl Actor {
    pub fn user(user: &User) -> Actor {
        Actor { user_id: Some(user.id), username: Some(user.username.clone()) }
    }
}

impl From<&CurrentUser> for Actor {
    fn from(user: &CurrentUser) -> Actor {
        Actor::user(&user.0)
    }
}

impl From<&AdminUser> for Actor {
    fn from(user: &AdminUser) -> Actor {
        Actor::user(&user.0)
    }
}
