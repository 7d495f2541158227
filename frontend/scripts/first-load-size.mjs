// Prints the gzipped size of the JavaScript a first visit to /auth downloads: the entry
// chunk, the sign-in screen's chunk and everything they import statically.
// Usage: vite build --manifest --outDir <dir> && node scripts/first-load-size.mjs <dir>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const outDir = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
const roots = ['index.html', 'src/features/auth/routes/sign-in.tsx'];

const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dependency of manifest[key].imports ?? []) visit(dependency);
};
roots.forEach(visit);

let total = 0;
for (const key of [...seen].sort()) {
  const file = manifest[key].file;
  const gzipped = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  total += gzipped;
  console.log(`${String(gzipped).padStart(7)}  ${file}`);
}
const assets = new Set([...seen].flatMap((key) => manifest[key].assets ?? []));
for (const file of [...assets].filter((name) => name.endsWith('.wasm'))) {
  console.log(`wasm (not counted): ${file} ${gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length} bytes gzipped`);
}
console.log(`${String(total).padStart(7)}  total JS for /auth (gzip -9)`);
