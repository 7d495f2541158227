//! Request bodies that stop arriving are given up (issue 42, part 2; docs/adr/0033): a body
//! that sends nothing for `AQAR_BODY_IDLE_SECONDS` is answered 408 and its connection closed,
//! whoever reads it; a body sent slowly but steadily is not; one address may have
//! `AQAR_BODY_OPEN_PER_ADDRESS` bodies open at once. Over real sockets against the `aqar`
//! binary, as `connections` does: the HTTP layer is judged, the same on either database.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use super::connections::{aqar, free_port, health, sign_in, Running};

/// A server whose bodies may be silent for 2 s, with `env` besides.
fn server(dir: &std::path::Path, env: &[(&str, &str)]) -> (Running, u16) {
    let port = free_port();
    let mut all = vec![("AQAR_BODY_IDLE_SECONDS", "2")];
    all.extend_from_slice(env);
    (aqar(dir, port, &all), port)
}

/// A connection that has sent `head` and then `body_start`, and nothing more.
fn stalled(port: u16, head: &str, body_start: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    stream.write_all(head.as_bytes()).expect("the head");
    stream.write_all(body_start).expect("the start of the body");
    stream
}

/// What the server answers on `stream` until it closes it.
fn answer(stream: &mut TcpStream) -> String {
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("a timeout");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("an answer, then the end");
    String::from_utf8_lossy(&answer).into_owned()
}

/// Asserts that a body stalled `since` was answered 408 with the message, after its idle
/// time and not long after, and that the connection was closed (`answer` reads to its end).
fn assert_given_up(name: &str, stream: &mut TcpStream, message: &str, since: Instant) {
    let answer = answer(stream);
    let waited = since.elapsed();
    assert!(answer.starts_with("HTTP/1.1 408"), "{name}: {answer}");
    assert!(answer.contains(&format!(r#"{{"message":"{message}"}}"#)), "{name}: {answer}");
    assert!(answer.to_ascii_lowercase().contains("\r\ncontent-type: application/json"), "{name}: {answer}");
    assert!(waited >= Duration::from_millis(1500), "{name}: not before 2 s of silence ({waited:?})");
    assert!(waited < Duration::from_secs(8), "{name}: soon after 2 s of silence ({waited:?})");
}

const STALLED: &str = "The request body stopped arriving; send it again";

fn json_head(method: &str, path: &str, extra: &str, length: usize) -> String {
    format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}Content-Type: application/json\r\n\
         Content-Length: {length}\r\n\r\n"
    )
}

fn multipart_head(path: &str, session: &str, length: usize) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: aqar_session={session}\r\n\
         Content-Type: multipart/form-data; boundary=b\r\nContent-Length: {length}\r\n\r\n"
    )
}

fn part(field: &str, file_name: &str, content_type: &str) -> String {
    format!(
        "--b\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\n\
         Content-Type: {content_type}\r\n\r\n"
    )
}

/// The start of an MP4 file: its `ftyp` box, by which the upload is judged a video.
fn mp4_start() -> Vec<u8> {
    let mut bytes = vec![0, 0, 0, 20];
    bytes.extend_from_slice(b"ftypisom\0\0\x02\0isom");
    bytes
}

/// The temporary upload files in `dir` whose names start with `prefix`.
fn temporary_files(dir: &std::path::Path, prefix: &str) -> usize {
    std::fs::read_dir(dir)
        .expect("the folder")
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().starts_with(prefix))
        .count()
}

#[test]
fn a_stalled_json_body_is_answered_408_and_its_connection_closed() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let (_server, port) = server(dir.path(), &[]);
    let session = sign_in(port);
    let cookie = format!("Cookie: aqar_session={session}\r\n");
    let since = Instant::now();
    // Nothing of the body at all: Rocket itself waits for its first bytes before routing.
    let mut post = stalled(port, &json_head("POST", "/api/login", "", 60), b"");
    let mut put = stalled(port, &json_head("PUT", "/api/categories/1", &cookie, 80), br#"{"name":"#);
    let mut arabic =
        stalled(port, &json_head("POST", "/api/login", "Accept-Language: ar\r\n", 60), br#"{"user"#);
    assert_given_up("POST", &mut post, STALLED, since);
    assert_given_up("PUT", &mut put, STALLED, since);
    assert_given_up("Arabic", &mut arabic, "توقف وصول محتوى الطلب؛ أرسله مرة أخرى", since);
}

#[test]
fn a_stalled_form_on_the_public_sites_port_is_answered_408() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let site_port = free_port();
    let (_server, _) = server(dir.path(), &[("AQAR_SITE_PORT", &site_port.to_string())]);
    let started = Instant::now();
    while health(site_port).is_none() {
        assert!(started.elapsed() < Duration::from_secs(30), "the site starts");
        std::thread::sleep(Duration::from_millis(100));
    }
    let since = Instant::now();
    let head = "POST /en/contact HTTP/1.1\r\nHost: 127.0.0.1\r\n\
                Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\n";
    let mut form = stalled(site_port, head, b"name=Sara&email=sara%40exam");
    assert_given_up("site form", &mut form, STALLED, since);
}

#[test]
fn stalled_multipart_uploads_are_answered_408_and_their_files_removed() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let (_server, port) = server(dir.path(), &[]);
    let session = sign_in(port);
    let since = Instant::now();
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
    let image_part = part("image", "a.png", "image/png");
    let mut image = stalled(
        port,
        &multipart_head("/api/upload-image", &session, 1_000_000),
        &[image_part.as_bytes(), png].concat(),
    );
    let sheet_part = part("file", "listings.csv", "text/csv");
    let mut sheet = stalled(
        port,
        &multipart_head("/api/imports/properties", &session, 1_000_000),
        format!("{sheet_part}title,price\r\nA flat,1000\r\n").as_bytes(),
    );
    let started = Instant::now();
    while temporary_files(dir.path(), "aqar-image-") == 0 {
        assert!(started.elapsed() < Duration::from_secs(10), "the image is being received");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_given_up("image", &mut image, STALLED, since);
    assert_given_up("spreadsheet", &mut sheet, STALLED, since);
    assert_eq!(temporary_files(dir.path(), "aqar-image-"), 0, "the image's file is removed");
    assert_eq!(temporary_files(dir.path(), "aqar-sheet-"), 0, "the spreadsheet's file is removed");
}

#[test]
fn a_stalled_video_upload_is_answered_408_and_its_file_removed() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let (_server, port) = server(dir.path(), &[]);
    let session = sign_in(port);
    let since = Instant::now();
    let video_part = part("video", "clip.mp4", "video/mp4");
    let mut start = [video_part.as_bytes(), &mp4_start()].concat();
    start.resize(start.len() + 200_000, 0);
    let mut upload = stalled(port, &multipart_head("/api/upload-video", &session, 10_000_000), &start);
    let started = Instant::now();
    while temporary_files(dir.path(), "aqar-video-") == 0 {
        assert!(started.elapsed() < Duration::from_secs(10), "the video is being received");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_given_up("video", &mut upload, STALLED, since);
    assert_eq!(temporary_files(dir.path(), "aqar-video-"), 0, "the video's file is removed");
}

#[test]
fn a_large_upload_sent_slowly_but_steadily_succeeds() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let (_server, port) = server(dir.path(), &[]);
    let session = sign_in(port);
    let video_part = part("video", "clip.mp4", "video/mp4");
    let mut file = mp4_start();
    file.resize(4 * 1024 * 1024, 7);
    let tail = "\r\n--b--\r\n";
    let length = video_part.len() + file.len() + tail.len();
    let mut upload =
        stalled(port, &multipart_head("/api/upload-video", &session, length), video_part.as_bytes());
    // 32 pieces of 128 KiB, one every 0.5 s: some 16 s in all, eight times the idle time,
    // and never 2 s without a byte.
    let started = Instant::now();
    for piece in file.chunks(128 * 1024) {
        upload.write_all(piece).expect("a piece of the video");
        std::thread::sleep(Duration::from_millis(500));
    }
    upload.write_all(tail.as_bytes()).expect("the end");
    assert!(started.elapsed() > Duration::from_secs(8), "the upload took much longer than the idle time");
    let answer = answer(&mut upload);
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    assert!(answer.contains(r#""/media/"#), "{answer}");
}

#[test]
fn an_address_with_as_many_bodies_open_as_it_may_is_refused_429_until_one_is_done() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let (_server, port) = server(
        dir.path(),
        &[
            ("AQAR_BODY_IDLE_SECONDS", "60"),
            ("AQAR_BODY_OPEN_PER_ADDRESS", "3"),
            ("AQAR_TRUSTED_PROXIES", "127.0.0.1"),
        ],
    );
    let open: Vec<TcpStream> =
        (0..3).map(|_| stalled(port, &json_head("POST", "/api/login", "", 60), b"{")).collect();
    std::thread::sleep(Duration::from_millis(500));
    // A whole body, to a call that needs a session: 401 once its body may be sent at all.
    let body = r#"{"name":"Villas"}"#;
    let post_from = |address: &str| {
        let forwarded =
            if address.is_empty() { String::new() } else { format!("X-Forwarded-For: {address}\r\n") };
        let head =
            json_head("POST", "/api/categories", &format!("{forwarded}Connection: close\r\n"), body.len());
        let mut stream = stalled(port, &head, body.as_bytes());
        answer(&mut stream)
    };
    let refused = post_from("");
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    assert!(refused.to_ascii_lowercase().contains("\r\nretry-after: 1\r\n"), "{refused}");
    assert!(
        refused.contains(
            "Too many requests are being sent from this address at once; please try again in a moment"
        ),
        "{refused}"
    );
    assert_eq!(health(port).as_deref(), Some("HTTP/1.1 200 OK"), "requests without a body still pass");
    let elsewhere = post_from("203.0.113.7");
    assert!(elsewhere.starts_with("HTTP/1.1 401"), "another address is not refused: {elsewhere}");
    drop(open);
    let started = Instant::now();
    loop {
        let again = post_from("");
        if again.starts_with("HTTP/1.1 401") {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the given-up bodies are counted no more: {again}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn healthz_answers_while_200_stalled_bodies_are_open() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let (_server, port) =
        server(dir.path(), &[("AQAR_BODY_IDLE_SECONDS", "60"), ("AQAR_TRUSTED_PROXIES", "127.0.0.1")]);
    // Each from an address of its own, as from 200 clients.
    let open: Vec<TcpStream> = (0..200)
        .map(|i| {
            let forwarded = format!("X-Forwarded-For: 10.0.{}.{}\r\n", i / 100, i % 100 + 1);
            stalled(port, &json_head("POST", "/api/login", &forwarded, 100), br#"{"username":"#)
        })
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    let mut slowest = Duration::ZERO;
    for _ in 0..20 {
        let started = Instant::now();
        assert_eq!(health(port).as_deref(), Some("HTTP/1.1 200 OK"));
        slowest = slowest.max(started.elapsed());
    }
    assert!(slowest < Duration::from_secs(1), "/healthz answers at once: the slowest took {slowest:?}");
    let still_open = open.iter().filter(|stream| is_open(stream)).count();
    assert_eq!(still_open, 200, "the stalled bodies were open all along");
}

/// Whether the server has neither answered nor closed `stream`.
fn is_open(mut stream: &TcpStream) -> bool {
    stream.set_nonblocking(true).expect("non-blocking");
    let mut byte = [0u8; 1];
    matches!(stream.read(&mut byte), Err(error) if error.kind() == std::io::ErrorKind::WouldBlock)
}
