//! File serving, file accepting, and file metadata types.

mod server;
mod named_file;
mod temp_file;
mod file_name;

pub use server::*;
pub use named_file::*;
pub use temp_file::*;
pub use file_name::*;
pub use server::relative;
