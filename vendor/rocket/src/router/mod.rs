//! Rocket's router.

mod router;
mod collider;

pub(crate) use router::*;
pub(crate) use collider::*;
