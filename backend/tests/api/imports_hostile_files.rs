//! Hostile spreadsheets, made small here: each would have the old readers allocate far
//! more than the file's size (issue 37).

use std::io::Write;

/// A zip of `parts`, deflated except a leading `mimetype`, which ODF wants stored.
pub fn zip_of(parts: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in parts {
        let method = if *name == "mimetype" {
            zip::CompressionMethod::Stored
        } else {
            zip::CompressionMethod::Deflated
        };
        let options = zip::write::SimpleFileOptions::default().compression_method(method);
        zip.start_file(*name, options).expect("zip");
        zip.write_all(bytes).expect("zip");
    }
    zip.finish().expect("zip").into_inner()
}

const ROOT_RELATIONS: &str = r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#;
const WORKBOOK: &str = r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"#;
const RELATIONS: &str = r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>"#;

/// An .xlsx of one sheet whose rows are `rows` (the XML inside <sheetData>), with the
/// shared strings table `strings` (the whole part).
pub fn xlsx(strings: &str, rows: &[u8]) -> Vec<u8> {
    let mut sheet = br#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#.to_vec();
    sheet.extend_from_slice(rows);
    sheet.extend_from_slice(b"</sheetData></worksheet>");
    zip_of(&[
        ("_rels/.rels", ROOT_RELATIONS.as_bytes()),
        ("xl/workbook.xml", WORKBOOK.as_bytes()),
        ("xl/_rels/workbook.xml.rels", RELATIONS.as_bytes()),
        ("xl/sharedStrings.xml", strings.as_bytes()),
        ("xl/worksheets/sheet1.xml", &sheet),
    ])
}

/// A shared strings table holding `strings`, declaring `unique` of them.
pub fn shared_strings(unique: &str, strings: &[&str]) -> String {
    let items: String = strings.iter().map(|s| format!("<si><t>{s}</t></si>")).collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="{unique}" uniqueCount="{unique}">{items}</sst>"#
    )
}

/// The 2 KB workbook whose shared strings declare a quadrillion entries.
pub fn xlsx_declaring_a_quadrillion_strings() -> Vec<u8> {
    let strings = shared_strings("1000000000000000", &["Title (English)", "Villa"]);
    xlsx(
        &strings,
        br#"<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>"#,
    )
}

/// A workbook whose second row holds one inline string of `megabytes` MB.
pub fn xlsx_with_a_huge_inline_cell(megabytes: usize) -> Vec<u8> {
    let mut rows = br#"<row r="1"><c r="A1" t="inlineStr"><is><t>Title (English)</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>"#.to_vec();
    rows.resize(rows.len() + megabytes * 1024 * 1024, b'a');
    rows.extend_from_slice(b"</t></is></c></row>");
    xlsx(&shared_strings("0", &[]), &rows)
}

/// A row of `n` inline strings, at row `r`.
pub fn xlsx_row(r: usize, n: usize) -> String {
    let cells: String = (0..n).map(|c| format!(r#"<c t="inlineStr"><is><t>C{c}</t></is></c>"#)).collect();
    format!(r#"<row r="{r}">{cells}</row>"#)
}

/// An OpenDocument spreadsheet whose first table holds `rows` (the XML inside <table:table>).
pub fn ods(rows: &str) -> Vec<u8> {
    let content = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><office:document-content \
         xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" \
         xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" \
         xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" office:version=\"1.2\">\
         <office:body><office:spreadsheet><table:table table:name=\"Listings\">{rows}</table:table>\
         </office:spreadsheet></office:body></office:document-content>"
    );
    let manifest = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><manifest:manifest \
         xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\" manifest:version=\"1.2\">\
         <manifest:file-entry manifest:full-path=\"/\" manifest:media-type=\"application/vnd.oasis.opendocument.spreadsheet\"/>\
         <manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/>\
         </manifest:manifest>";
    zip_of(&[
        ("mimetype", b"application/vnd.oasis.opendocument.spreadsheet"),
        ("META-INF/manifest.xml", manifest.as_bytes()),
        ("content.xml", content.as_bytes()),
    ])
}

/// A string cell, repeated `columns` times.
pub fn ods_cell(text: &str, columns: u64) -> String {
    format!(
        "<table:table-cell table:number-columns-repeated=\"{columns}\" office:value-type=\"string\"><text:p>{text}</text:p></table:table-cell>"
    )
}

/// A row of `cells`, repeated `rows` times.
pub fn ods_row(cells: &str, rows: u64) -> String {
    format!("<table:table-row table:number-rows-repeated=\"{rows}\">{cells}</table:table-row>")
}

fn record(kind: u16, data: &[u8]) -> Vec<u8> {
    let mut out = kind.to_le_bytes().to_vec();
    out.extend_from_slice(&(data.len() as u16).to_le_bytes());
    out.extend_from_slice(data);
    out
}

fn bof(kind: u16) -> Vec<u8> {
    let mut data = 0x0600u16.to_le_bytes().to_vec();
    data.extend_from_slice(&kind.to_le_bytes());
    data.extend_from_slice(&[0xBB, 0x0D, 0xCC, 0x07, 0, 0, 0, 0, 6, 0, 0, 0]);
    record(0x0809, &data)
}

/// A BIFF8 text cell.
pub fn xls_label(row: u16, column: u16, text: &str) -> Vec<u8> {
    let mut data = [row.to_le_bytes(), column.to_le_bytes(), 0u16.to_le_bytes()].concat();
    data.extend_from_slice(&(text.len() as u16).to_le_bytes());
    data.push(0);
    data.extend_from_slice(text.as_bytes());
    record(0x0204, &data)
}

/// A BIFF8 number cell.
pub fn xls_number(row: u16, column: u16, n: f64) -> Vec<u8> {
    let mut data = [row.to_le_bytes(), column.to_le_bytes(), 0u16.to_le_bytes()].concat();
    data.extend_from_slice(&n.to_le_bytes());
    record(0x0203, &data)
}

/// An .xls of one sheet holding `cells` (records), in an OLE compound file.
pub fn xls(cells: &[Vec<u8>]) -> Vec<u8> {
    let mut globals = bof(0x0005);
    let sheet_name = b"Sheet1";
    let bound_len = 4 + 8 + sheet_name.len();
    let globals_len = globals.len() + bound_len + 4;
    let mut bound = (globals_len as u32).to_le_bytes().to_vec();
    bound.extend_from_slice(&[0, 0, sheet_name.len() as u8, 0]);
    bound.extend_from_slice(sheet_name);
    globals.extend(record(0x0085, &bound));
    globals.extend(record(0x000A, &[]));
    let mut stream = globals;
    stream.extend(bof(0x0010));
    for cell in cells {
        stream.extend_from_slice(cell);
    }
    stream.extend(record(0x000A, &[]));
    compound_file(stream)
}

/// `stream` as the "Workbook" stream of a version 3 compound file (512-byte sectors): the
/// table of sectors, the directory, then the stream, padded past the mini stream's cutoff.
fn compound_file(mut stream: Vec<u8>) -> Vec<u8> {
    const END: u32 = 0xFFFF_FFFE;
    const FREE: u32 = 0xFFFF_FFFF;
    let len = stream.len().max(4096);
    stream.resize(len.div_ceil(512) * 512, 0);
    let sectors = stream.len() / 512;
    assert!(sectors + 2 <= 128, "one sector of the table is enough");
    let mut header = vec![0u8; 512];
    header[..8].copy_from_slice(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]);
    let put =
        |bytes: &mut Vec<u8>, at: usize, value: &[u8]| bytes[at..at + value.len()].copy_from_slice(value);
    put(&mut header, 24, &0x003Eu16.to_le_bytes());
    put(&mut header, 26, &3u16.to_le_bytes());
    put(&mut header, 28, &0xFFFEu16.to_le_bytes());
    put(&mut header, 30, &9u16.to_le_bytes());
    put(&mut header, 32, &6u16.to_le_bytes());
    put(&mut header, 44, &1u32.to_le_bytes());
    put(&mut header, 48, &1u32.to_le_bytes());
    put(&mut header, 56, &4096u32.to_le_bytes());
    put(&mut header, 60, &END.to_le_bytes());
    put(&mut header, 68, &END.to_le_bytes());
    for i in 0..109 {
        put(&mut header, 76 + 4 * i, &(if i == 0 { 0 } else { FREE }).to_le_bytes());
    }
    let mut fat: Vec<u32> = vec![0xFFFF_FFFD, END];
    fat.extend((0..sectors).map(|i| if i + 1 == sectors { END } else { (i + 3) as u32 }));
    fat.resize(128, FREE);
    let fat: Vec<u8> = fat.iter().flat_map(|n| n.to_le_bytes()).collect();
    let entry = |name: &str, kind: u8, child: u32, start: u32, size: u32| {
        let mut e = vec![0u8; 128];
        let units: Vec<u8> = name.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        e[..units.len()].copy_from_slice(&units);
        e[64..66].copy_from_slice(&((units.len() + 2) as u16).to_le_bytes());
        e[66] = kind;
        e[67] = 1;
        e[68..72].copy_from_slice(&FREE.to_le_bytes());
        e[72..76].copy_from_slice(&FREE.to_le_bytes());
        e[76..80].copy_from_slice(&child.to_le_bytes());
        e[116..120].copy_from_slice(&start.to_le_bytes());
        e[120..124].copy_from_slice(&size.to_le_bytes());
        e
    };
    let mut directory = entry("Root Entry", 5, 1, END, 0);
    directory.extend(entry("Workbook", 2, FREE, 2, len as u32));
    directory.resize(512, 0);
    for empty in 2..4 {
        let at = empty * 128;
        directory[at + 68..at + 80].copy_from_slice(&[0xFF; 12]);
    }
    [header, fat, directory, stream].concat()
}
