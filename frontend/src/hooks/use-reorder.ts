// Reordering a list of records by dragging one onto another's place or, for keyboard users,
// by its 'earlier' and 'later' buttons. The list's new order may arrive a render or more
// later (a mutation's optimistic update), so after a move by button the focus is put back
// on the same button of the moved record once it shows in its new place.
import { useEffect, useRef, useState, type DragEvent, type HTMLAttributes } from 'react';

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const moved = [...list];
  const [item] = moved.splice(from, 1);
  if (item === undefined) return moved;
  moved.splice(to, 0, item);
  return moved;
}

export type MoveDirection = 'earlier' | 'later';

const ITEM_ATTRIBUTE = 'data-reorder-key';
const BUTTON_ATTRIBUTE = 'data-move';

export interface Reorder {
  /** The index being dragged, to dim it. */
  dragged: number | null;
  /** Spread on each item's element: makes it draggable and a drop target. */
  itemProps: (index: number) => HTMLAttributes<HTMLElement> & { draggable: true; [ITEM_ATTRIBUTE]: string };
  /** Spread on a move button: lets the focus find it again after the move. */
  buttonProps: (direction: MoveDirection) => { [BUTTON_ATTRIBUTE]: MoveDirection };
  /** Moves the item at `index` one place; the focus follows it. */
  moveBy: (index: number, direction: MoveDirection) => void;
}

/**
 * `keys` name the items in their shown order (record ids); `onReorder` is told the new
 * order of every key after a move.
 */
export function useReorder<K extends string | number>(keys: readonly K[], onReorder: (keys: K[]) => void): Reorder {
  const [dragged, setDragged] = useState<number | null>(null);
  const pendingFocus = useRef<{ key: K; direction: MoveDirection } | null>(null);
  const order = keys.join('\u0000');

  useEffect(() => {
    const pending = pendingFocus.current;
    if (pending === null) return;
    const item = document.querySelector(`[${ITEM_ATTRIBUTE}="${String(pending.key)}"]`);
    if (item === null) return;
    pendingFocus.current = null;
    const buttons = [...item.querySelectorAll<HTMLButtonElement>(`button[${BUTTON_ATTRIBUTE}]`)];
    const same = buttons.find((button) => button.getAttribute(BUTTON_ATTRIBUTE) === pending.direction && !button.disabled);
    (same ?? buttons.find((button) => !button.disabled))?.focus();
  }, [order]);

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= keys.length) return false;
    onReorder(moveItem(keys, from, to));
    return true;
  };

  return {
    dragged,
    itemProps: (index) => ({
      draggable: true,
      [ITEM_ATTRIBUTE]: String(keys[index]),
      onDragStart: (event: DragEvent<HTMLElement>) => {
        setDragged(index);
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(index));
      },
      onDragOver: (event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        const from = dragged ?? Number(event.dataTransfer.getData('text/plain'));
        setDragged(null);
        if (Number.isInteger(from)) move(from, index);
      },
      onDragEnd: () => {
        setDragged(null);
      },
    }),
    buttonProps: (direction) => ({ [BUTTON_ATTRIBUTE]: direction }),
    moveBy: (index, direction) => {
      const key = keys[index];
      if (key === undefined) return;
      if (move(index, direction === 'earlier' ? index - 1 : index + 1)) pendingFocus.current = { key, direction };
    },
  };
}
