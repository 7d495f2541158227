import { afterEach, describe, expect, it } from 'vitest';
import { hasUnsavedChanges, setUnsaved } from './unsaved-changes';

function closeTab(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unsaved changes', () => {
  const first = Symbol('first');
  const second = Symbol('second');
  afterEach(() => {
    setUnsaved(first, false);
    setUnsaved(second, false);
  });

  it('let the tab close without asking while every form is saved', () => {
    expect(hasUnsavedChanges()).toBe(false);
    expect(closeTab()).toBe(false);
  });

  it('make the tab ask before closing while any form holds them', () => {
    setUnsaved(first, true);
    setUnsaved(second, true);
    setUnsaved(first, false);

    expect(hasUnsavedChanges()).toBe(true);
    expect(closeTab()).toBe(true);
  });

  it('stop asking once the last form is saved or closed', () => {
    setUnsaved(first, true);
    setUnsaved(first, true);
    setUnsaved(first, false);

    expect(hasUnsavedChanges()).toBe(false);
    expect(closeTab()).toBe(false);
  });
});
