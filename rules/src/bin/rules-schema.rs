//! Prints the JSON Schema document of every payload type (see `rules::schema`).

fn main() {
    match serde_json::to_string_pretty(&rules::schema::document()) {
        Ok(text) => println!("{text}"),
        Err(error) => {
            eprintln!("cannot serialise the schema: {error}");
            std::process::exit(1);
        }
    }
}
