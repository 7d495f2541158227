//! Tells cargo which folders the server embeds whole, so that a file added to or changed in
//! one of them rebuilds the server, and nothing else does: a file is compiled in by the
//! macros below, which cargo cannot see through (rust-embed lists a folder's files when the
//! server compiles, sqlx's `migrate!` reads its folder on stable Rust without telling cargo).
//!
//! Cargo compares times, not contents: `make` copies a new frontend build over
//! `frontend/dist` only where a file's content differs (issue 42), so an unchanged app does
//! not recompile the release server.
fn main() {
    // The browser app (platform/http/spa.rs); a server compiled before it existed would serve no UI.
    println!("cargo:rerun-if-changed=../frontend/dist");
    // The public website's theme (areas/website/theme.rs).
    println!("cargo:rerun-if-changed=site");
    // The schema of each database (platform/db).
    println!("cargo:rerun-if-changed=../migrations");
}
