// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file of the
// build, so the server embeds them and answers by Accept-Encoding without compressing per
// request. Compressed once, at build time, so the slowest levels are affordable.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// Images other than SVG (and the icon's PNGs) are compressed already.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.wasm', '.txt', '.map']);

// Below this, a compressed copy saves less than its headers and lookup cost.
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

function compress(path: string) {
  const raw = readFileSync(path);
  const copies = {
    br: brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gz: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }),
  };
  for (const [suffix, bytes] of Object.entries(copies)) {
    // A copy no smaller than the file would only cost the client time to decode.
    if (bytes.length < raw.length) writeFileSync(`${path}.${suffix}`, bytes);
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'aqar-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every file, public ones included, is written.
    closeBundle() {
      for (const path of files(outDir)) {
        if (COMPRESSIBLE.has(extname(path)) && statSync(path).size >= MIN_BYTES) compress(path);
      }
    },
  };
}
