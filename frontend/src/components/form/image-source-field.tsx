import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { ImageSourcePicker, type ImageSourcePickerProps } from '@/components/image-source-picker';
import { useFieldError } from './use-field-error';

type TextPath<TValues extends FieldValues> = FieldPathByValue<TValues, string | null | undefined>;

export interface ImageSourceFieldProps<TValues extends FieldValues, TTransformed> extends Omit<
  ImageSourcePickerProps,
  'value' | 'onChange' | 'error'
> {
  control: Control<TValues, unknown, TTransformed>;
  /** The fields holding the uploaded image and the linked one: other names fail to typecheck. */
  names: { data: TextPath<TValues>; url: TextPath<TValues> };
}

/** An image by upload or by URL kept in two fields of the form, with the message of either. */
export function ImageSourceField<TValues extends FieldValues, TTransformed>({
  control,
  names,
  ...picker
}: ImageSourceFieldProps<TValues, TTransformed>) {
  const data = useController({ control, name: names.data });
  const url = useController({ control, name: names.url });
  const dataError = useFieldError(control, names.data);
  const urlError = useFieldError(control, names.url);
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return (
    <ImageSourcePicker
      {...picker}
      value={{ data: text(data.field.value), url: text(url.field.value) }}
      error={dataError ?? urlError}
      onChange={(next) => {
        data.field.onChange(next.data);
        url.field.onChange(next.url);
      }}
    />
  );
}
