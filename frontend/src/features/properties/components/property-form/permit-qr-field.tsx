// The permit's QR code image (issue 39): uploaded like the listing's images (stored as a
// `/media/...` reference) or linked, with a preview and a remove button.
import { useEffect, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/api-client';
import { scaledImage } from '@/lib/media';
import { uploadImages } from '../../api/upload-images';
import { TextField, usePropertyForm } from './fields';
import { UploadProgress } from './upload-progress';
import { useUploads } from './use-uploads';

export interface PermitQrFieldProps {
  /** Told whether an upload is under way: the form waits for it before it saves. */
  onUploadingChange: (uploading: boolean) => void;
}

export function PermitQrField({ onUploadingChange }: PermitQrFieldProps) {
  const { t } = useTranslation('propertyForm');
  const { control, setValue, getFieldState } = usePropertyForm();
  const image = useWatch({ control, name: 'permitQrImage' }) ?? '';
  const uploads = useUploads(uploadImages);

  const uploading = uploads.batches.length > 0;
  useEffect(() => {
    onUploadingChange(uploading);
  }, [uploading, onUploadingChange]);

  const keep = (reference: string | null) => {
    setValue('permitQrImage', reference, { shouldDirty: true, shouldValidate: getFieldState('permitQrImage').invalid });
  };

  const upload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied, so that choosing the same file again uploads it again.
    event.target.value = '';
    if (file === undefined) return;
    uploads.start([file], {
      onDone: ([reference]) => {
        if (reference !== undefined) keep(reference);
      },
      onFailed: (error) => {
        toast({ title: t('toast.qrFailed'), description: serverMessage(error), variant: 'destructive' });
      },
    });
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('advertising.uploadQr')}>
          <Input type="file" accept="image/*" onChange={upload} />
        </FormField>
        <TextField name="permitQrImage" type="url" label={t('fields.permitQrImage')} />
      </div>
      {uploads.batches.map((batch) => (
        <UploadProgress key={batch.id} batch={batch} label={t('advertising.uploadingQr')} />
      ))}
      {image.trim() !== '' && (
        <div className="flex items-center gap-4">
          <img
            src={scaledImage(image, 160)}
            alt={t('advertising.qrPreview')}
            className="size-24 rounded-md border border-border bg-white object-contain"
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              keep(null);
            }}
          >
            {t('advertising.removeQr')}
          </Button>
        </div>
      )}
    </div>
  );
}
