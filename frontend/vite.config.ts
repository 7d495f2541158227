import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress';
import { preloadWasm } from './scripts/preload-wasm';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The Rocket binary serves the API and the built UI from one origin; in development the
// Vite server forwards the server's paths to it.
const backend = 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react(), tailwindcss(), wasm(), preloadWasm('index.html'), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': backend,
      '/media': backend,
      '/healthz': backend,
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // No preload map: with it, the entry chunk carries every lazy screen's list of shared
    // chunks (a file name per chunk, an index list per screen), which grew with each screen
    // past the first-load budget. A screen's shared chunks are fetched once its own chunk is
    // parsed instead: one more round trip on the first visit to a screen, on the panel's LAN.
    modulePreload: false,
    // Swagger UI is one large chunk, loaded only by the /api/docs page.
    chunkSizeWarningLimit: 1600,
    rollupOptions: {
      // The panel, and the API reference page the server answers at /api/docs.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        apiDocs: fileURLToPath(new URL('./api-docs.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // The libraries every screen needs, sign-in included, as one chunk: left to the
          // automatic split they came in a dozen small chunks, each paying its own imports
          // and compressing alone, which kept /auth's first load over its 150 kB budget.
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|@radix-ui[\\/]react-direction)[\\/]|vite\/preload-helper/,
            },
            // The field primitives the sign-in form shares with every other form, as one chunk
            // rather than three on /auth's first load.
            { name: 'form-field', test: /src[\\/]components[\\/]ui[\\/](form-field|input|label)\.tsx$/ },
            // The class merging every screen but sign-in fetches with its code (lib/utils), named
            // so that the sign-in page's browser test can tell it was not loaded.
            { name: 'class-merging', test: /node_modules[\\/]tailwind-merge[\\/]/ },
            // What the entry loads before any screen (the session, its guards, the text and its
            // language, toasts' store) as one chunk rather than five (issue 23 kept /auth in budget).
            {
              name: 'app',
              test: /src[\\/](i18n[\\/]index|features[\\/]account[\\/](index|session|preferences|api[\\/](get-user|login|logout|register)|components[\\/]guards)|components[\\/](full-screen-spinner|ui[\\/]spinner)|hooks[\\/]use-toast|lib[\\/]api-client)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // Every core runs test files: vitest's default keeps one for its own process, which idles
    // while jsdom works (on CI's two cores, 345 s with one worker, 228 s with two).
    maxWorkers: availableParallelism(),
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 30_000,
  },
});
