//! The CSV export: UTF-8 with a byte-order mark (so Excel reads the Arabic as Arabic), RFC
//! 4180 quoting, CRLF line ends, handed to the answer in chunks as it is written.
//!
//! A text that a spreadsheet would take for a formula gets one single quote in front
//! (`rules::properties::columns::csv_guard`, OWASP's advice on CSV injection); the import
//! takes it away again (`csv_cell_text`).

use std::io;

use rocket::tokio::sync::mpsc::{Receiver, Sender};
use rules::properties::columns::csv_guard;

use super::super::store::export::ExportedListing;
use super::cells::{Cell, Reader};
use crate::platform::http::error::ApiResult;

const BOM: &[u8] = "\u{FEFF}".as_bytes();
/// Bytes gathered before they are handed to the answer.
const CHUNK_BYTES: usize = 64 * 1024;

fn field(out: &mut Vec<u8>, text: &str) {
    let text = csv_guard(text);
    if text.contains([',', '"', '\r', '\n']) {
        out.push(b'"');
        for part in text.split_inclusive('"') {
            out.extend_from_slice(part.as_bytes());
            if part.ends_with('"') {
                out.push(b'"');
            }
        }
        out.push(b'"');
    } else {
        out.extend_from_slice(text.as_bytes());
    }
}

fn cell(out: &mut Vec<u8>, cell: &Cell<'_>) {
    match cell {
        Cell::Empty => {}
        Cell::Text(text) => field(out, text),
        Cell::Number(n) => out.extend_from_slice(n.to_string().as_bytes()),
        Cell::Boolean(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
    }
}

/// One line: `cells` separated by commas, then CRLF.
fn line<'a>(out: &mut Vec<u8>, cells: impl Iterator<Item = Cell<'a>>) {
    for (n, value) in cells.enumerate() {
        if n > 0 {
            out.push(b',');
        }
        cell(out, &value);
    }
    out.extend_from_slice(b"\r\n");
}

/// Writes the header line, then every listing `rows` brings, sending the bytes to `out` in
/// chunks; an error from `rows` is sent on as an I/O error. Runs on a blocking thread.
pub fn write(
    headers: &[&str],
    readers: &[Reader],
    mut rows: Receiver<ApiResult<Vec<ExportedListing>>>,
    out: &Sender<io::Result<Vec<u8>>>,
) {
    let mut buffer = Vec::with_capacity(CHUNK_BYTES * 2);
    buffer.extend_from_slice(BOM);
    line(&mut buffer, headers.iter().map(|h| Cell::Text((*h).into())));
    while let Some(chunk) = rows.blocking_recv() {
        let chunk = match chunk {
            Ok(chunk) => chunk,
            Err(error) => {
                let _ = out.blocking_send(Err(io::Error::other(error.message)));
                return;
            }
        };
        for listing in &chunk {
            line(&mut buffer, readers.iter().map(|read| read(listing)));
            if buffer.len() >= CHUNK_BYTES {
                let full = std::mem::replace(&mut buffer, Vec::with_capacity(CHUNK_BYTES * 2));
                if out.blocking_send(Ok(full)).is_err() {
                    return; // the client went away
                }
            }
        }
    }
    let _ = out.blocking_send(Ok(buffer));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written<'a>(cells: impl IntoIterator<Item = Cell<'a>>) -> String {
        let mut out = Vec::new();
        line(&mut out, cells.into_iter());
        String::from_utf8(out).unwrap_or_default()
    }

    #[test]
    fn fields_are_quoted_only_when_they_must_be() {
        let cells = [
            Cell::Text("plain".into()),
            Cell::Text("a, b".into()),
            Cell::Text("say \"hi\"".into()),
            Cell::Text("two\nlines".into()),
            Cell::Empty,
            Cell::Number(1234.5),
            Cell::Number(3.0),
            Cell::Boolean(true),
            Cell::Text("فيلا".into()),
        ];
        assert_eq!(written(cells), "plain,\"a, b\",\"say \"\"hi\"\"\",\"two\nlines\",,1234.5,3,true,فيلا\r\n");
    }

    #[test]
    fn formula_looking_texts_are_quoted_as_text() {
        let cells = [
            Cell::Text("=1+1".into()),
            Cell::Text("-2".into()),
            Cell::Number(-2.0),
            Cell::Text("@x, y".into()),
        ];
        assert_eq!(written(cells), "'=1+1,'-2,-2,\"'@x, y\"\r\n");
    }
}
