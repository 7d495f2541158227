import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp } from 'lucide-react';
import { MIRROR_IN_RTL } from '@/components/mirrored';
import { Button } from '@/components/ui/button';
import type { MoveDirection, Reorder } from '@/hooks/use-reorder';

export interface ReorderButtonsProps {
  reorder: Reorder;
  index: number;
  count: number;
  /** The buttons' accessible names, naming the item: 'Move Jane earlier'. */
  labels: Record<MoveDirection, string>;
  /** Arrows across a grid (towards the start and the end side, mirrored right to left) or along a list (up, down). */
  layout: 'grid' | 'list';
  disabled?: boolean;
}

/** The keyboard way to reorder: move the item one place earlier or later. */
export function ReorderButtons({ reorder, index, count, labels, layout, disabled = false }: ReorderButtonsProps) {
  const [Earlier, Later] = layout === 'grid' ? [ArrowLeft, ArrowRight] : [ArrowUp, ArrowDown];
  const button = (direction: MoveDirection, Icon: typeof Earlier, edge: boolean) => (
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-label={labels[direction]}
      title={labels[direction]}
      disabled={disabled || edge}
      onClick={() => {
        reorder.moveBy(index, direction);
      }}
      {...reorder.buttonProps(direction)}
    >
      <Icon aria-hidden className={layout === 'grid' ? MIRROR_IN_RTL : undefined} />
    </Button>
  );
  return (
    <div className="flex gap-1">
      {button('earlier', Earlier, index === 0)}
      {button('later', Later, index === count - 1)}
    </div>
  );
}
