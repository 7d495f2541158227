// Which forms on screen hold changes not yet saved. Leaving the panel (closing the tab)
// and leaving a screen (the route guard) ask first while any does.

const unsaved = new Set<symbol>();

/** Modern browsers show their own "Leave site?" question when the event is cancelled. */
function askBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
}

/** Records whether the form `owner` holds unsaved changes. */
export function setUnsaved(owner: symbol, isUnsaved: boolean): void {
  const before = unsaved.size;
  if (isUnsaved) unsaved.add(owner);
  else unsaved.delete(owner);
  if (before === 0 && unsaved.size > 0) window.addEventListener('beforeunload', askBeforeUnload);
  if (before > 0 && unsaved.size === 0) window.removeEventListener('beforeunload', askBeforeUnload);
}

/** Whether any form on screen holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return unsaved.size > 0;
}
