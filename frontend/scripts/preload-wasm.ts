// Asks the browser for the rules' WASM as soon as the panel's page arrives. Unasked, it is
// fetched only once the chunk that imports it runs, at the end of the chain of imports, and
// every screen's first render waits for it (the chunk awaits it at the top level): on a
// first visit to the dashboard that was the longest part of the time to its largest paint.
import type { Plugin } from 'vite';

export function preloadWasm(page: string): Plugin {
  return {
    name: 'aqar-preload-wasm',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.filename.endsWith(page) || !context.bundle) return [];
        return Object.keys(context.bundle)
          .filter((fileName) => fileName.endsWith('.wasm'))
          .map((fileName) => ({
            tag: 'link',
            // Matches the `fetch` that loads it (same origin, no credentials mode given).
            attrs: { rel: 'preload', href: `/${fileName}`, as: 'fetch', crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
