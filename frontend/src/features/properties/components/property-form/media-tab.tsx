// The Media tab: images uploaded in batches with progress and cancel, or added by URL under
// the rules' image-URL rule (core §5); the ordered thumbnails; a video uploaded or linked;
// a virtual tour link.
import { useEffect, useState, type ChangeEvent } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/api-client';
import { judgeImageUrl } from '@/lib/rules';
import { uploadImages } from '../../api/upload-images';
import { uploadVideo } from '../../api/upload-video';
import { Section, TextField, usePropertyForm } from './fields';
import { ImageThumbnails } from './image-thumbnails';
import { UploadProgress } from './upload-progress';
import { useUploads } from './use-uploads';

/** The files just chosen in a file input, which is then emptied so the same files can be chosen again. */
function takeFiles(event: ChangeEvent<HTMLInputElement>): File[] {
  const files = [...(event.target.files ?? [])];
  event.target.value = '';
  return files;
}

export interface MediaTabProps {
  /** Told whether uploads are under way: the form waits for them before it saves. */
  onUploadingChange: (uploading: boolean) => void;
}

export function MediaTab({ onUploadingChange }: MediaTabProps) {
  const { t } = useTranslation('propertyForm');
  const { control, getValues, setValue } = usePropertyForm();
  const [imageUrl, setImageUrl] = useState('');
  const [urlError, setUrlError] = useState<string>();
  const imageUploads = useUploads(uploadImages);
  const videoUploads = useUploads((file: File, options) => uploadVideo(file, options));

  const uploading = imageUploads.batches.length + videoUploads.batches.length > 0;
  useEffect(() => {
    onUploadingChange(uploading);
  }, [uploading, onUploadingChange]);

  const addImages = (references: readonly string[]) => {
    setValue('images', [...(getValues('images') ?? []), ...references], { shouldDirty: true });
  };

  const startImageUpload = (files: File[]) => {
    if (files.length === 0) return;
    imageUploads.start(files, {
      onDone: (references) => {
        addImages(references);
        toast({ title: t('toast.imagesUploaded') });
      },
      onFailed: (error) => {
        // Logged and skipped (core §7): the images already in the form stay as they are.
        console.error('Image upload failed', error);
        toast({ title: t('toast.imagesFailed'), description: serverMessage(error), variant: 'destructive' });
      },
    });
  };

  const startVideoUpload = ([file]: File[]) => {
    if (file === undefined) return;
    videoUploads.start(file, {
      onDone: (url) => {
        setValue('videoUrl', url, { shouldDirty: true });
        toast({ title: t('toast.videoUploaded') });
      },
      onFailed: (error) => {
        console.error('Video upload failed', error);
        toast({ title: t('toast.videoFailed'), description: serverMessage(error), variant: 'destructive' });
      },
    });
  };

  const addImageUrl = () => {
    const verdict = judgeImageUrl(imageUrl);
    if (verdict.status === 'ignored') return;
    if (verdict.status === 'rejected') {
      setUrlError(verdict.message);
      toast({ title: verdict.title, description: verdict.description, variant: 'destructive' });
      return;
    }
    setUrlError(undefined);
    setImageUrl('');
    addImages([verdict.url]);
  };

  return (
    <div className="grid gap-6">
      <Section title={t('media.images')}>
        <FormField label={t('media.uploadImages')}>
          <Input
            type="file"
            accept="image/*"
            multiple
            onChange={(event) => {
              startImageUpload(takeFiles(event));
            }}
          />
        </FormField>
        {imageUploads.batches.map((batch) => (
          <UploadProgress key={batch.id} batch={batch} label={t('media.uploadingImages')} />
        ))}
        <Controller
          control={control}
          name="images"
          render={({ field, fieldState }) => (
            <>
              <div className="flex items-start gap-2">
                <FormField label={t('media.imageUrl')} error={urlError} className="flex-1">
                  <Input
                    type="url"
                    ref={field.ref}
                    value={imageUrl}
                    onChange={(event) => {
                      setImageUrl(event.target.value);
                      setUrlError(undefined);
                    }}
                    onKeyDown={(event) => {
                      // Enter adds the image here rather than submitting the whole form.
                      if (event.key === 'Enter') {
                        event.preventDefault();
                        addImageUrl();
                      }
                    }}
                  />
                </FormField>
                <Button type="button" variant="outline" className="mt-7" onClick={addImageUrl}>
                  {t('media.addImage')}
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">{t('media.reorderHint')}</p>
              <ImageThumbnails images={field.value ?? []} onChange={field.onChange} />
              {fieldState.error !== undefined && (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {fieldState.error.message}
                </p>
              )}
            </>
          )}
        />
      </Section>
      <Section title={t('media.video')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="videoUrl" type="url" label={t('media.videoUrl')} />
          <FormField label={t('media.uploadVideo')}>
            <Input
              type="file"
              accept="video/mp4,video/webm,video/quicktime"
              onChange={(event) => {
                startVideoUpload(takeFiles(event));
              }}
            />
          </FormField>
        </div>
        {videoUploads.batches.map((batch) => (
          <UploadProgress key={batch.id} batch={batch} label={t('media.uploadingVideo')} />
        ))}
      </Section>
      <TextField name="virtualTourUrl" type="url" label={t('media.virtualTourUrl')} />
    </div>
  );
}
