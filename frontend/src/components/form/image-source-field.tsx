import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { ImageSourcePicker, type ImageSource, type ImageSourcePickerProps } from '@/components/image-source-picker';
import { useFieldError } from './use-field-error';

type TextPath<TValues extends FieldValues> = FieldPathByValue<TValues, string | null | undefined>;

type PickerProps = Omit<ImageSourcePickerProps, 'value' | 'onChange' | 'error'>;

/**
 * Where the form keeps the image: the upload and the link in two fields, or either in one
 * field that holds `empty` while there is no image.
 */
type ImageStorage<TValues extends FieldValues> =
  | { names: { data: TextPath<TValues>; url: TextPath<TValues> } }
  | { name: TextPath<TValues>; empty: '' | null };

export type ImageSourceFieldProps<TValues extends FieldValues, TTransformed> = PickerProps & {
  control: Control<TValues, unknown, TTransformed>;
} & ImageStorage<TValues>;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** An upload is inline data just read or the stored `/media` file it became; anything else is a link. */
function isUploaded(image: string): boolean {
  return image.startsWith('data:') || image.startsWith('/media/');
}

function TwoFieldImage<TValues extends FieldValues, TTransformed>({
  control,
  names,
  picker,
}: {
  control: Control<TValues, unknown, TTransformed>;
  names: { data: TextPath<TValues>; url: TextPath<TValues> };
  picker: PickerProps;
}) {
  const data = useController({ control, name: names.data });
  const url = useController({ control, name: names.url });
  const dataError = useFieldError(control, names.data);
  const urlError = useFieldError(control, names.url);
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

function OneFieldImage<TValues extends FieldValues, TTransformed>({
  control,
  name,
  empty,
  picker,
}: {
  control: Control<TValues, unknown, TTransformed>;
  name: TextPath<TValues>;
  empty: '' | null;
  picker: PickerProps;
}) {
  const { field } = useController({ control, name });
  const error = useFieldError(control, name);
  const image = text(field.value) ?? '';
  const value: ImageSource =
    image === '' ? { data: null, url: null } : isUploaded(image) ? { data: image, url: null } : { data: null, url: image };
  return (
    <ImageSourcePicker
      {...picker}
      value={value}
      error={error}
      onChange={(next) => {
        field.onChange(next.data ?? next.url ?? empty);
      }}
    />
  );
}

/** An image by upload or by URL kept in the form, with the message of its field or fields. */
export function ImageSourceField<TValues extends FieldValues, TTransformed>(props: ImageSourceFieldProps<TValues, TTransformed>) {
  if ('names' in props) {
    const { control, names, ...picker } = props;
    return <TwoFieldImage control={control} names={names} picker={picker} />;
  }
  const { control, name, empty, ...picker } = props;
  return <OneFieldImage control={control} name={name} empty={empty} picker={picker} />;
}
