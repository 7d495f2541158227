import { ImageOff, ImagePlus, Link2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { TooLarge } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { scaledImage } from '@/lib/media';
import { cn } from '@/lib/utils';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('unreadable file'));
    };
    reader.readAsDataURL(file);
  });
}

/** An image that is either uploaded (`data`: a data URL just read, or its stored `/media` reference) or linked (`url`). */
export interface ImageSource {
  data: string | null;
  url: string | null;
}

export interface ImageSourcePickerProps {
  value: ImageSource;
  /** Choosing a file clears the URL, typing a URL clears the file, Remove clears both (site-content §4). */
  onChange: (value: ImageSource) => void;
  label: string;
  /** The limit's wording under the drop zone, e.g. 'PNG, JPG, GIF up to 10MB'. */
  hint: string;
  /** The buttons' and the URL field's words, from the screen's own text. */
  words: { upload: string; orUrl: string; remove: string };
  /** The rules' size check for this kind of image: the toast of a file too large, or null. */
  check: (bytes: number) => TooLarge | null;
  /** What the preview shows, for assistive technology. */
  alt: string;
  /** Side of the square preview: 80 or 128 pixels. */
  previewSize?: 80 | 128;
  error?: string | undefined;
  /** Turns a chosen file's data URL into the one kept, e.g. an SVG into a PNG. */
  prepare?: (dataUrl: string, file: File) => Promise<string>;
}

/** An image by upload or by URL, each clearing the other, with a preview and a remove button. */
export function ImageSourcePicker({
  value,
  onChange,
  label,
  hint,
  check,
  alt,
  words,
  previewSize = 128,
  error,
  prepare,
}: ImageSourcePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = error !== undefined && error !== '';
  const preview = value.data ?? value.url;
  // The preview that failed to load (a URL that is no image, a host that is down).
  const [broken, setBroken] = useState<string | null>(null);
  // Each choice takes a new number: a file still being read when a URL is typed, or the
  // image removed, is dropped when its reading ends instead of overwriting the later choice.
  const choice = useRef(0);
  const change = (next: ImageSource) => {
    choice.current += 1;
    onChange(next);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared, so that choosing the same file again is a change too.
    input.value = '';
    if (file === undefined) return;
    const tooLarge = check(file.size);
    if (tooLarge !== null) {
      toast({ title: tooLarge.title, description: tooLarge.description, variant: 'destructive' });
      return;
    }
    choice.current += 1;
    const reading = choice.current;
    const read = await readAsDataUrl(file);
    const data = prepare === undefined ? read : await prepare(read, file);
    if (reading === choice.current) onChange({ data, url: null });
  };

  return (
    <fieldset className="grid gap-2">
      <legend className={cn('mb-2 text-sm leading-none font-medium', invalid && 'text-destructive')}>{label}</legend>
      {preview !== null && preview !== '' && (
        <div className="flex items-center gap-4">
          {broken === preview ? (
            <span
              role="img"
              aria-label={t('common.imageUnavailable')}
              style={{ width: previewSize, height: previewSize }}
              className="flex items-center justify-center rounded-md border border-border bg-muted text-muted-foreground"
            >
              <ImageOff aria-hidden className="size-8" />
            </span>
          ) : (
            <img
              src={scaledImage(preview, 320)}
              alt={alt}
              style={{ width: previewSize, height: previewSize }}
              className="rounded-md border border-border object-cover"
              onError={() => {
                setBroken(preview);
              }}
            />
          )}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              change({ data: null, url: null });
            }}
          >
            {words.remove}
          </Button>
        </div>
      )}
      <label
        htmlFor={id}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed border-border p-4 text-center transition-colors hover:bg-muted/50 focus-within:ring-2 focus-within:ring-ring',
          invalid && 'border-destructive',
        )}
      >
        <ImagePlus aria-hidden className="size-7 text-muted-foreground" />
        <span className="text-sm font-medium">{words.upload}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => void choose(event)}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`} className="flex items-center gap-1 text-muted-foreground">
          <Link2 aria-hidden className="size-4" />
          {words.orUrl}
        </Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          dir="ltr"
          placeholder="https://"
          value={value.url ?? ''}
          onChange={(event) => {
            const url = event.currentTarget.value;
            change({ data: null, url: url === '' ? null : url });
          }}
        />
      </div>
      {invalid && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
