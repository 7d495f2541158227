//! Connections that hold the server without asking anything of it are closed (issue 21,
//! item 1): silent, slow-header and idle keep-alive connections alike, after
//! `header_read_timeout`. Over real sockets, so against the `aqar` binary; what is judged is
//! the HTTP layer, the same whichever database is behind it (SQLite here).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("an address").port()
}

fn health(port: u16) -> Option<String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    answer.lines().next().map(str::to_owned)
}

/// Whether the server closes `stream` within `limit`, whatever it answered before.
fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
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
    let _server = Running(
        Command::new(env!("CARGO_BIN_EXE_aqar"))
            .env_clear()
            .current_dir(dir.path())
            .env("DATABASE_URL", format!("sqlite://{}", dir.path().join("aqar.db").display()))
            .env("ROCKET_PORT", port.to_string())
            .env("ROCKET_LOG_LEVEL", "off")
            .env("ROCKET_HEADER_READ_TIMEOUT", "2")
            .env("AQAR_ADMIN_PASSWORD", "connections-test-password")
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
