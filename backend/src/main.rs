#[rocket::launch]
fn rocket() -> _ {
    aqar::rocket()
}
