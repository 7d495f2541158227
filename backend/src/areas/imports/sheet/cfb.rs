//! The workbook stream of an .xls, out of its OLE compound file, read the way calamine
//! reads it but checked as it goes: calamine follows a sector chain until it ends or until
//! the length the file declares, so a chain that loops grows its buffer to gigabytes, and a
//! sector number past the table panics. Here every chain must end within the file's sectors.

use super::Unreadable;

const END_OF_CHAIN: u32 = 0xFFFF_FFFE;
/// Sector numbers from this one up are markers, not sectors.
const RESERVED: u32 = 0xFFFF_FFFA;
const MINI_SECTOR: usize = 64;
/// Streams shorter than this live in the mini stream.
const MINI_CUTOFF: u64 = 4096;

fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

fn u64_at(bytes: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?))
}

struct Sectors<'a> {
    file: &'a [u8],
    size: usize,
}

impl<'a> Sectors<'a> {
    fn sector(&self, id: u32) -> Option<&'a [u8]> {
        let start = (id as usize).checked_add(1)?.checked_mul(self.size)?;
        self.file.get(start..start.checked_add(self.size)?.min(self.file.len()))
    }
}

/// The chain from `id` through `table`, `len` bytes at most: it must end (or reach `len`)
/// before it has visited more sectors than the table has.
fn chain<'s>(
    table: &[u32],
    mut id: u32,
    len: u64,
    read: impl Fn(u32) -> Option<&'s [u8]>,
) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut steps = 0usize;
    while id != END_OF_CHAIN {
        steps += 1;
        if steps > table.len() || id >= RESERVED {
            return None;
        }
        let sector = read(id)?;
        let wanted = usize::try_from(len.saturating_sub(out.len() as u64)).unwrap_or(usize::MAX);
        out.extend_from_slice(&sector[..sector.len().min(wanted)]);
        if out.len() as u64 >= len {
            break;
        }
        id = *table.get(id as usize)?;
    }
    Some(out)
}

/// The stream calamine reads ("Workbook", or "Book" in older files).
pub(super) fn workbook(file: &[u8]) -> Result<Vec<u8>, Unreadable> {
    read(file).ok_or(Unreadable::NotASpreadsheet)
}

fn read(file: &[u8]) -> Option<Vec<u8>> {
    let header = file.get(..512)?;
    let size = match u16_at(header, 30)? {
        9 => 512,
        12 => 4096,
        _ => return None,
    };
    let count = file.len() / size;
    // The table of sectors: listed in the header, then in a chain of its own.
    let mut listed: Vec<u32> = (0..109).filter_map(|i| u32_at(header, 76 + 4 * i)).collect();
    let mut next = u32_at(header, 68)?;
    let sectors = Sectors { file, size };
    let mut fat = Vec::new();
    let mut steps = 0;
    while next < RESERVED {
        steps += 1;
        if steps > count {
            return None;
        }
        let sector = sectors.sector(next)?;
        let ids: Vec<u32> = sector.chunks_exact(4).filter_map(|c| u32_at(c, 0)).collect();
        let (last, entries) = ids.split_last()?;
        listed.extend_from_slice(entries);
        next = *last;
    }
    for id in listed.into_iter().filter(|id| *id < RESERVED) {
        let sector = sectors.sector(id)?;
        fat.extend(sector.chunks_exact(4).filter_map(|c| u32_at(c, 0)));
    }
    let whole = |id| sectors.sector(id);
    let directory = chain(&fat, u32_at(header, 48)?, u64::MAX, whole)?;
    let entries: Vec<&[u8]> = directory.chunks_exact(128).collect();
    let root = entries.first()?;
    let stream_len = |entry: &[u8]| match size {
        512 => u32_at(entry, 120).map(u64::from),
        _ => u64_at(entry, 120),
    };
    let name = |entry: &[u8]| {
        let units: Vec<u16> = entry[..64].chunks_exact(2).filter_map(|c| u16_at(c, 0)).collect();
        let text = String::from_utf16_lossy(&units);
        text.split('\0').next().map(str::to_owned).unwrap_or_default()
    };
    let entry = ["Workbook", "Book"]
        .iter()
        .find_map(|wanted| entries.iter().find(|e| name(e).eq_ignore_ascii_case(wanted)))?;
    let (start, len) = (u32_at(entry, 116)?, stream_len(entry)?);
    if len > file.len() as u64 {
        return None;
    }
    // calamine reads the mini stream and its table whenever the header lists the table.
    let mini_fat_sectors = u32_at(header, 64)?;
    let mini = if mini_fat_sectors > 0 {
        let table_len = u64::from(mini_fat_sectors).saturating_mul(size as u64);
        let table = chain(&fat, u32_at(header, 60)?, table_len, whole)?;
        let stream = chain(&fat, u32_at(root, 116)?, stream_len(root)?, whole)?;
        Some((table.chunks_exact(4).filter_map(|c| u32_at(c, 0)).collect::<Vec<u32>>(), stream))
    } else {
        None
    };
    if len >= MINI_CUTOFF {
        return chain(&fat, start, len, whole);
    }
    let (table, stream) = mini?;
    let small = |id: u32| {
        let at = (id as usize).checked_mul(MINI_SECTOR)?;
        stream.get(at..at.checked_add(MINI_SECTOR)?.min(stream.len()))
    };
    let bytes = chain(&table, start, len, small)?;
    (bytes.len() as u64 == len).then_some(bytes)
}
