//! Connections that hold the server without asking anything of it are closed (issue 21,
//! item 1): silent, slow-header and idle keep-alive connections alike, after
//! `header_read_timeout`. Over real sockets, so against the `aqar` binary; what is judged is
//! the HTTP layer, the same whichever database is behind it (SQLite here).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub(super) struct Running(Child);

/// The `aqar` binary on a fresh SQLite database in `dir`, its temporary files there too,
/// answering on `port`, with the variables `env` besides.
pub(super) fn aqar(dir: &std::path::Path, port: u16, env: &[(&str, &str)]) -> Running {
    let server = Running(
        Command::new(env!("CARGO_BIN_EXE_aqar"))
            .env_clear()
            .current_dir(dir)
            .env("DATABASE_URL", format!("sqlite://{}", dir.join("aqar.db").display()))
            .env("AQAR_SITE_PORT", "off")
            .env("ROCKET_PORT", port.to_string())
            .env("ROCKET_LOG_LEVEL", "off")
            .env("ROCKET_TEMP_DIR", dir.display().to_string())
            .env("AQAR_ADMIN_PASSWORD", PASSWORD)
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("aqar runs"),
    );
    let started = Instant::now();
    while health(port).is_none() {
        assert!(started.elapsed() < Duration::from_secs(60), "the server starts");
        std::thread::sleep(Duration::from_millis(100));
    }
    server
}

pub(super) const PASSWORD: &str = "connections-test-password";

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub(super) fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("an address").port()
}

pub(super) fn health(port: u16) -> Option<String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    answer.lines().next().map(str::to_owned)
}

/// Whether the server closes `stream` within `limit`, whatever it answered before.
pub(super) fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let start = Instant::now();
    stream.set_read_timeout(Some(Duration::from_millis(200))).expect("a timeout");
    let mut buffer = [0u8; 4096];
    while start.elapsed() < limit {
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(error)
                if matches!(error.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
            Err(_) => return true,
        }
    }
    false
}

#[test]
fn silent_slow_header_and_idle_connections_are_closed_after_the_header_timeout() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let port = free_port();
    let _server = aqar(dir.path(), port, &[("ROCKET_HEADER_READ_TIMEOUT", "2")]);

    let connect = || TcpStream::connect(("127.0.0.1", port)).expect("connects");
    let mut silent = connect();
    let mut idle = connect();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").expect("asks once");
    let mut slow = connect();
    for byte in b"GET /he" {
        slow.write_all(&[*byte]).expect("a byte");
        std::thread::sleep(Duration::from_millis(300));
    }
    assert_eq!(health(port).as_deref(), Some("HTTP/1.1 200 OK"), "the server answers meanwhile");
    for (name, stream) in [("silent", &mut silent), ("idle", &mut idle), ("slow-header", &mut slow)] {
        assert!(closed_within(stream, Duration::from_secs(4)), "a {name} connection is closed");
    }
    let mut patient = connect();
    patient.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").expect("asks");
    assert!(
        !closed_within(&mut patient, Duration::from_millis(1000)),
        "an answered connection stays open a while"
    );
}

/// The admin's session cookie value.
pub(super) fn sign_in(port: u16) -> String {
    let mut sign_in = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    let body = format!(r#"{{"username":"admin","password":"{PASSWORD}"}}"#);
    write!(
        sign_in,
        "POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("signs in");
    let mut answer = String::new();
    sign_in.read_to_string(&mut answer).expect("an answer");
    answer
        .lines()
        .find(|line| line.to_ascii_lowercase().starts_with("set-cookie: aqar_session="))
        .map(|line| &line["set-cookie: aqar_session=".len()..])
        .and_then(|cookie| cookie.split(';').next())
        .expect("a session cookie")
        .to_owned()
}

/// Image uploads under way at once hold their places until answered; one more is answered
/// 503 with Retry-After at once, before its body is read, and a place given back is taken
/// again.
#[test]
fn an_image_upload_beyond_the_concurrent_ones_is_503_until_a_place_is_free() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let port = free_port();
    let _server = aqar(dir.path(), port, &[]);
    let session = sign_in(port);
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
    let part = "--b\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n";
    let head = |length: usize| {
        format!(
            "POST /api/upload-images HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: aqar_session={session}\r\n\
             Content-Type: multipart/form-data; boundary=b\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n{part}"
        )
    };
    // Four uploads that stop sending after their first bytes, each holding a place.
    let stalled: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut upload = TcpStream::connect(("127.0.0.1", port)).expect("connects");
            upload.write_all(head(10_000_000).as_bytes()).expect("starts the upload");
            upload.write_all(png).expect("a first part");
            upload
        })
        .collect();
    let receiving = || {
        std::fs::read_dir(dir.path())
            .expect("the folder")
            .filter_map(Result::ok)
            .filter(|entry| entry.file_name().to_string_lossy().starts_with("aqar-image-"))
            .count()
    };
    let started = Instant::now();
    while receiving() < 4 {
        assert!(started.elapsed() < Duration::from_secs(10), "the four uploads are being received");
        std::thread::sleep(Duration::from_millis(100));
    }
    let whole = |upload: &mut TcpStream| {
        let tail = "\r\n--b--\r\n";
        let length = part.len() + png.len() + tail.len();
        upload.write_all(head(length).as_bytes()).expect("the head");
        upload.write_all(png).expect("the file");
        upload.write_all(tail.as_bytes()).expect("the end");
        let mut answer = String::new();
        upload.read_to_string(&mut answer).expect("an answer");
        answer
    };
    let answer = whole(&mut TcpStream::connect(("127.0.0.1", port)).expect("connects"));
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.to_ascii_lowercase().contains("\r\nretry-after: "), "{answer}");
    assert!(answer.contains("The server is busy; please try again in a moment"), "{answer}");
    drop(stalled);
    let started = Instant::now();
    loop {
        let answer = whole(&mut TcpStream::connect(("127.0.0.1", port)).expect("connects"));
        if answer.starts_with("HTTP/1.1 201") {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the places are given back: {answer}");
        std::thread::sleep(Duration::from_millis(200));
    }
}
