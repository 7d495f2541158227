//! Tells cargo that the server embeds the browser app's build output, so a new
//! `frontend/dist` rebuilds the server: rust-embed alone does not, and a server compiled
//! before the frontend existed would serve no UI.
fn main() {
    println!("cargo:rerun-if-changed=../frontend/dist");
}
