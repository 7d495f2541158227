use std::process::ExitCode;

/// Starts the server as the environment configures it; a configuration that cannot be used
/// stops the start with a message naming the variable, and a non-zero exit.
/// `aqar seed --properties N` fills the configured database instead (see `aqar::fixtures::seed`);
/// `aqar reset-2fa USERNAME` removes a user's second factor (see `aqar::areas::users::command`).
fn main() -> ExitCode {
    give_large_blocks_back();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|command| command == "seed") {
        return aqar::fixtures::seed::main(&args[1..]);
    }
    if args.first().is_some_and(|command| command == "reset-2fa") {
        return aqar::areas::users::command::main(&args[1..]);
    }
    let figment = aqar::platform::config::figment();
    if let Err(error) = aqar::platform::config::check(&figment) {
        eprintln!("aqar: cannot start: {error}");
        return ExitCode::FAILURE;
    }
    match rocket::execute(aqar::build(figment).launch()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("aqar: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Blocks of 1 MiB and more are mapped on their own and given back to the system when freed.
/// glibc's default raises that threshold to the size of each large block freed (up to
/// 32 MiB), after which the server's 10 MB buffers (uploaded images read back, their
/// copies in the database driver, decoded pictures) come from per-thread heaps that keep
/// the memory: 8 uploads and 8 first scalings at once peaked at 548 MB that way, and at
/// about 155 MB with the threshold fixed (bench/upload-memory.py, docs/adr/0007).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn give_large_blocks_back() {
    // SAFETY: mallopt only changes the allocator's tuning; it is called before any other
    // thread exists, as glibc asks of it.
    let fixed = unsafe { libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20) };
    if fixed == 0 {
        eprintln!("aqar: the allocator's mmap threshold could not be set; large buffers may be kept");
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn give_large_blocks_back() {}
