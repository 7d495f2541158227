// The property's images in order, the first marked as the cover. Each can be removed, and
// moved by dragging it onto another place or, for keyboard users, by its arrow buttons;
// after a move by button the focus follows the image to its new place. 'left' and 'right'
// name the reading order's earlier and later place: in a right-to-left page the grid runs
// from the right and the arrows are mirrored to point the way the image moves.
import { ArrowLeft, ArrowRight, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { MIRROR_IN_RTL } from '@/components/mirrored';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { moveItem } from '@/hooks/use-reorder';
import { scaledImage } from '@/lib/media';
import { cn } from '@/lib/utils';

type Direction = 'left' | 'right';

export interface ImageThumbnailsProps {
  images: readonly string[];
  onChange: (images: string[]) => void;
}

export function ImageThumbnails({ images, onChange }: ImageThumbnailsProps) {
  const { t } = useTranslation('propertyForm');
  const list = useRef<HTMLUListElement>(null);
  const [dragged, setDragged] = useState<number | null>(null);

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= images.length) return;
    onChange(moveItem(images, from, to));
  };

  /** After a move by button, the focus goes to the same button of the moved image. */
  const moveByButton = (from: number, direction: Direction) => {
    const to = direction === 'left' ? from - 1 : from + 1;
    flushSync(() => {
      move(from, to);
    });
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>(`[data-image="${to}"] button[data-move]`) ?? [])];
    const same = buttons.find((button) => button.dataset.move === direction && !button.disabled);
    (same ?? buttons.find((button) => !button.disabled))?.focus();
  };

  if (images.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('media.noImages')}</p>;
  }

  return (
    <ul ref={list} aria-label={t('media.images')} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {images.map((reference, index) => {
        const number = index + 1;
        const last = index === images.length - 1;
        return (
          <li
            // The same reference may be listed twice; its place tells them apart.
            key={`${String(index)}:${reference}`}
            data-image={index}
            draggable
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(index));
            }}
            onDragOver={(event) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
            }}
            onDrop={(event) => {
              event.preventDefault();
              const from = dragged ?? Number(event.dataTransfer.getData('text/plain'));
              setDragged(null);
              if (Number.isInteger(from)) move(from, index);
            }}
            onDragEnd={() => {
              setDragged(null);
            }}
            className={cn(
              'relative grid cursor-grab gap-2 rounded-md border border-border p-2',
              dragged === index && 'opacity-50',
            )}
          >
            <img
              src={scaledImage(reference, 160)}
              alt={t('media.imageAlt', { number })}
              className="aspect-square w-full rounded object-cover"
              draggable={false}
            />
            {index === 0 && <Badge className="absolute start-3 top-3">{t('media.cover')}</Badge>}
            <div className="flex items-center justify-between gap-1">
              <Button
                type="button"
                variant="outline"
                size="icon"
                data-move="left"
                aria-label={t('media.moveLeft', { number })}
                disabled={index === 0}
                onClick={() => {
                  moveByButton(index, 'left');
                }}
              >
                <ArrowLeft aria-hidden className={MIRROR_IN_RTL} />
              </Button>
              <Button
                type="button"
                variant="outline"
                size="icon"
                data-move="right"
                aria-label={t('media.moveRight', { number })}
                disabled={last}
                onClick={() => {
                  moveByButton(index, 'right');
                }}
              >
                <ArrowRight aria-hidden className={MIRROR_IN_RTL} />
              </Button>
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label={t('media.remove', { number })}
                onClick={() => {
                  onChange(images.filter((_, at) => at !== index));
                }}
              >
                <X aria-hidden />
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
