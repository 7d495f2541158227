// Pictures made on the spot for the browser tests: real PNGs of any size, and the outside
// image URLs answered with one of them.
import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/// A real RGB PNG: a vertical gradient between two colours, stored without compression unless
/// `level` says otherwise, so that a large one takes a while to send.
export function gradientPng(width, height, from, to, level = 0) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    const share = y / Math.max(1, height - 1);
    const pixel = from.map((start, channel) => Math.round(start + (to[channel] - start) * share));
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set(pixel, 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows), { level })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SMALL_PNG = { name: 'front.png', mimeType: 'image/png', buffer: gradientPng(48, 32, [250, 204, 140], [214, 120, 60]) };
export const LARGE_PNG = { name: 'garden.png', mimeType: 'image/png', buffer: gradientPng(700, 700, [120, 180, 240], [60, 140, 80]) };

/// Answers the outside image URLs the tests add with a local picture: the test machine has
/// no way out, and a broken image would stand in the screenshots.
export async function serveOutsideImages(page) {
  const picture = gradientPng(64, 48, [190, 220, 250], [230, 200, 150]);
  await page.route(/^https:\/\/(images\.unsplash\.com|cdn\.example\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: picture }),
  );
}
