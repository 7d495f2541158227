import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { uploadImages } from '@/features/properties';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/api-client';
import { scaledImage } from '@/lib/media';

/**
 * The quick form's images: files chosen are uploaded at once (`POST /api/upload-images`)
 * and their references added after those already there; the first is the cover.
 */
export function QuickImages({ images, onChange }: { images: string[]; onChange: (images: string[]) => void }) {
  const { t } = useTranslation('quickProperty');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [uploading, setUploading] = useState(false);

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setUploading(true);
    try {
      const added = await uploadImages(files);
      onChange([...images, ...added]);
      toast({ title: t('quick.toast.imagesUploaded') });
    } catch (error) {
      toast({ title: t('quick.toast.imagesFailed'), description: serverMessage(error), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={uploading}
          aria-describedby={hintId}
          onClick={() => {
            input.current?.click();
          }}
        >
          {uploading ? <Spinner label={t('quick.uploading')} className="size-4 text-current" /> : <ImagePlus aria-hidden />}
          {uploading ? t('quick.uploading') : t('quick.uploadImages')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          disabled={uploading}
          aria-label={t('quick.uploadImages')}
          tabIndex={-1}
          className="hidden"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void upload(files);
          }}
        />
        <p id={hintId} className="text-sm text-muted-foreground">
          {t('quick.imageHint')}
        </p>
      </div>
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {images.map((reference, index) => (
            <li key={`${reference}-${String(index)}`} className="relative">
              <img
                src={scaledImage(reference, 160)}
                alt={t('quick.image', { number: index + 1 })}
                className="size-24 rounded-md border border-border object-cover"
              />
              {index === 0 && (
                <Badge className="absolute start-1 bottom-1">{t('quick.cover')}</Badge>
              )}
              <Button
                type="button"
                variant="destructive"
                size="icon"
                className="absolute -end-2 -top-2 size-6 rounded-full"
                aria-label={t('quick.removeImage', { number: index + 1 })}
                onClick={() => {
                  onChange(images.filter((_, at) => at !== index));
                }}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
