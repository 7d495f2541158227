// Files the browser tests hand to the screens' file pickers: a real PNG, and a scratch
// folder to write them into for the tests of one `describe`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';

// A real 1x1 PNG, so the server's content check accepts it as an image.
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/// A folder made before the tests of the calling `describe` and removed after them;
/// `folder.write(name, bytes)` writes a file into it and answers its path.
export function scratchFolder(prefix) {
  let dir;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  after(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
  return {
    write(name, bytes) {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    },
  };
}
