import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ReorderButtons } from '@/components/reorder-buttons';
import { moveItem, useReorder } from './use-reorder';

/** A list whose new order arrives one render late, as a mutation's optimistic update does. */
function Names({ initial }: { initial: string[] }) {
  const [names, setNames] = useState(initial);
  const reorder = useReorder(names, (next) => {
    queueMicrotask(() => {
      setNames(next);
    });
  });
  return (
    <ul aria-label="Names">
      {names.map((name, index) => (
        <li key={name} {...reorder.itemProps(index)}>
          {name}
          <ReorderButtons
            reorder={reorder}
            index={index}
            count={names.length}
            layout="list"
            labels={{ earlier: `Move ${name} earlier`, later: `Move ${name} later` }}
          />
        </li>
      ))}
    </ul>
  );
}

function shown(): string[] {
  return screen.getAllByRole('listitem').map((item) => item.textContent);
}

describe('reordering', () => {
  it('moves an item from one place to another', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('moves by button and keeps the focus on the moved item', async () => {
    render(<Names initial={['Ann', 'Bob', 'Cid']} />);
    const later = screen.getByRole('button', { name: 'Move Ann later' });
    later.focus();

    fireEvent.click(later);

    await screen.findByText((_, element) => element?.tagName === 'LI' && element.textContent === 'Bob');
    await expect.poll(shown).toEqual(['Bob', 'Ann', 'Cid']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Ann later' }));
  });

  it('offers no move past either end', () => {
    render(<Names initial={['Ann', 'Bob']} />);

    expect(screen.getByRole('button', { name: 'Move Ann earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Bob later' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Bob earlier' })).toBeEnabled();
  });

  it('moves a dragged item onto the place it is dropped on', async () => {
    render(<Names initial={['Ann', 'Bob', 'Cid']} />);
    const [ann, , cid] = screen.getAllByRole('listitem');
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: '',
      dropEffect: '',
    };

    fireEvent.dragStart(ann as HTMLElement, { dataTransfer });
    fireEvent.dragOver(cid as HTMLElement, { dataTransfer });
    fireEvent.drop(cid as HTMLElement, { dataTransfer });

    await expect.poll(shown).toEqual(['Bob', 'Cid', 'Ann']);
  });
});
