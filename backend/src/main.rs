use std::process::ExitCode;

/// Starts the server as the environment configures it; a configuration that cannot be used
/// stops the start with a message naming the variable, and a non-zero exit.
/// `aqar seed --properties N` fills the configured database instead (see `aqar::seed`).
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|command| command == "seed") {
        return aqar::seed::main(&args[1..]);
    }
    let figment = aqar::config::figment();
    if let Err(error) = aqar::config::check(&figment) {
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
