// Reading an .xlsx back in a browser test: the zip's central directory, the first sheet's XML,
// and its cells as text (inline strings), number or date serial, with no library beyond Node.
import { inflateRawSync } from 'node:zlib';

/// The entries of a zip archive, by name, as their uncompressed bytes.
function unzip(bytes) {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map();
  for (let i = 0; i < count; i += 1) {
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(dataStart, dataStart + compressed);
    entries.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const decode = (text) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/// The workbook's shared strings (the text of cells of type `s`, by index), if it has any.
function sharedStrings(entries) {
  const xml = entries.get('xl/sharedStrings.xml')?.toString('utf8') ?? '';
  return [...xml.matchAll(/<si>(.*?)<\/si>/gs)].map(([, item]) =>
    [...item.matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map(([, text]) => decode(text)).join(''),
  );
}

/// The first sheet's rows: each a list of { ref, type, text, value, formula } cells (a shared
/// string's text in `text`).
export function readSheet(bytes) {
  const entries = unzip(Buffer.from(bytes));
  const sheet = entries.get('xl/worksheets/sheet1.xml');
  if (sheet === undefined) throw new Error('no first worksheet');
  const shared = sharedStrings(entries);
  const xml = sheet.toString('utf8');
  return [...xml.matchAll(/<row [^>]*>(.*?)<\/row>/gs)].map(([, row]) =>
    [...row.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].map(([, ref, attributes, inner = '']) => ({
      ref,
      type: /t="(\w+)"/.exec(attributes)?.[1] ?? 'n',
      styled: / s="\d+"/.test(attributes),
      text: / t="s"/.test(attributes)
        ? (shared[Number(/<v>(.*?)<\/v>/s.exec(inner)?.[1])] ?? '')
        : decode(/<t[^>]*>(.*?)<\/t>/s.exec(inner)?.[1] ?? ''),
      value: /<v>(.*?)<\/v>/s.exec(inner)?.[1],
      formula: /<f>/.test(inner),
    })),
  );
}
