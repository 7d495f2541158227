//! The dashboard: its figures and its System Status card (its Recent Activity is the
//! history's, `areas::history`).

pub mod stats;
pub mod status;
