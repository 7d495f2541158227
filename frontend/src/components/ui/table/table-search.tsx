import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Input } from '../input';

/** How long the server search waits after the last keystroke before it asks. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface TableSearchProps {
  /** The box's accessible name and placeholder. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above a table. */
export function TableSearch({ label, value, onChange }: TableSearchProps) {
  return (
    <div className="relative max-w-sm">
      <Search
        aria-hidden
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className="ps-9"
      />
    </div>
  );
}

export interface DebouncedTableSearchProps {
  label: string;
  /** The search the rows shown answer. */
  query: string;
  /** Told the search typed once the typing pauses (`SEARCH_DEBOUNCE_MS`). */
  onQueryChange: (query: string) => void;
}

/**
 * The search box of a table searched by the server: it keeps what is typed and tells
 * `onQueryChange` once typing pauses. A search changed from outside (the browser's back
 * button) shows in the box, but the answer to what the box itself sent never overwrites what
 * was typed meanwhile.
 */
export function DebouncedTableSearch({ label, query, onQueryChange }: DebouncedTableSearchProps) {
  const [typed, setTyped] = useState(query);
  // What the box last sent, or took from outside: typing that differs from it is sent.
  const [sent, setSent] = useState(query);
  // The search the owner showed at the last render, to notice when it changes.
  const [shown, setShown] = useState(query);
  if (query !== shown) {
    setShown(query);
    // The answer to the box's own search keeps what was typed since; any other change shows.
    if (query !== sent) {
      setSent(query);
      setTyped(query);
    }
  }
  useEffect(() => {
    if (typed === sent) return undefined;
    const timer = setTimeout(() => {
      setSent(typed);
      onQueryChange(typed);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed, sent, onQueryChange]);
  return <TableSearch label={label} value={typed} onChange={setTyped} />;
}
