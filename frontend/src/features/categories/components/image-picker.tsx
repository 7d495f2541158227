import { ImagePlus } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { scaledImage } from '@/lib/media';
import { checkCategoryUpload } from '@/lib/rules';
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

export interface ImagePickerProps {
  /** A data URL just chosen, a stored `/media/...` reference, or none. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** What the preview shows, for assistive technology. */
  alt: string;
  error?: string | undefined;
}

/**
 * A category image: the chosen file is read in the browser as a data URL (the server
 * stores it and answers a reference). Files over the rules' limit are refused here.
 */
export function ImagePicker({ value, onChange, alt, error }: ImagePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = error !== undefined && error !== '';

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared, so that choosing the same file again is a change too.
    input.value = '';
    if (file === undefined) return;
    const tooLarge = checkCategoryUpload(file.size);
    if (tooLarge !== null) {
      toast({ title: tooLarge.title, description: tooLarge.description, variant: 'destructive' });
      return;
    }
    onChange(await readAsDataUrl(file));
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className={cn(invalid && 'text-destructive')}>
        {t('fields.image')}
      </Label>
      {value !== null && (
        <div className="flex items-center gap-4">
          <img src={scaledImage(value, 320)} alt={alt} className="size-24 rounded-md border border-border object-cover" />
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              onChange(null);
            }}
          >
            {t('categories.removeImage')}
          </Button>
        </div>
      )}
      <label
        htmlFor={id}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed border-border p-6 text-center transition-colors hover:bg-muted/50 focus-within:ring-2 focus-within:ring-ring',
          invalid && 'border-destructive',
        )}
      >
        <ImagePlus aria-hidden className="size-8 text-muted-foreground" />
        <span className="text-sm font-medium">{t('categories.uploadImage')}</span>
        <span className="text-xs text-muted-foreground">{t('categories.imageHint')}</span>
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
      {invalid && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
