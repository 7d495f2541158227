use std::process::ExitCode;

/// Starts the server as the environment configures it; a configuration that cannot be used
/// stops the start with a message naming the variable, and a non-zero exit.
fn main() -> ExitCode {
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
