import '@testing-library/jest-dom/vitest';
import '@/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@/hooks/use-toast';
import { loadClassMerging } from '@/lib/utils';

// The first test of a file loads its lazy screen cold; on a busy two-core CI machine that
// alone can pass testing-library's default one-second wait.
configure({ asyncUtilTimeout: 10_000 });

// The panel's screens merge their classes (app/routes loads it with each screen's code).
await loadClassMerging();

// jsdom has no ResizeObserver; Radix's check box measures itself with one to size the
// hidden input it keeps for native forms, which jsdom does not lay out anyway.
globalThis.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
