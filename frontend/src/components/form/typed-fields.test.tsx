import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { CheckboxField, ImageSourceField, NumberField, TextField } from '.';

interface Values {
  title: string;
  price: number | null;
  isActive: boolean;
  imageData: string | null;
  imageUrl: string | null;
}

function Fields({ control }: { control: Control<Values> }) {
  return (
    <>
      <TextField control={control} name="title" label="Title" />
      <NumberField
        control={control}
        name="price"
        label="Price"
        read={(entry) => (entry === '' ? null : Number(entry))}
      />
      <CheckboxField control={control} name="isActive" label="Active" description="Shown on the site" />
      <ImageSourceField
        control={control}
        names={{ data: 'imageData', url: 'imageUrl' }}
        label="Image"
        hint="PNG up to 10MB"
        words={{ upload: 'Upload', orUrl: 'Or an image URL', remove: 'Remove' }}
        check={() => null}
        alt="The image"
      />
    </>
  );
}

// Names the form does not have, or of another kind, fail to typecheck (checked by `tsc`).
export function WrongNames({ control }: { control: Control<Values> }) {
  return (
    <>
      {/* @ts-expect-error: no such field */}
      <TextField control={control} name="titel" label="Title" />
      {/* @ts-expect-error: a number is not text */}
      <TextField control={control} name="price" label="Price" />
      {/* @ts-expect-error: text is not a yes/no */}
      <CheckboxField control={control} name="title" label="Title" />
      {/* @ts-expect-error: a yes/no is not a number */}
      <NumberField control={control} name="isActive" label="Active" read={Number} />
    </>
  );
}

function Form() {
  const { control } = useForm<Values>({
    defaultValues: { title: '', price: null, isActive: false, imageData: null, imageUrl: 'https://example.com/a.png' },
  });
  const values = useWatch({ control });
  return (
    <>
      <Fields control={control} />
      <output>{JSON.stringify(values)}</output>
    </>
  );
}

const values = () => JSON.parse(screen.getByRole('status').textContent) as Values;

describe('typed form fields', () => {
  it('read their fields by name, the number through its reading', async () => {
    render(<Form />);

    await userEvent.type(screen.getByLabelText('Title'), 'Villa');
    await userEvent.type(screen.getByLabelText('Price'), '12');

    expect(values()).toMatchObject({ title: 'Villa', price: 12 });
  });

  it('toggle the check box from its label, named by it', async () => {
    render(<Form />);
    const box = screen.getByRole('checkbox', { name: /^Active/ });
    expect(box).not.toBeChecked();

    await userEvent.click(screen.getByText('Active'));

    expect(box).toBeChecked();
    expect(values().isActive).toBe(true);
  });

  it('keep the image source in its two fields', async () => {
    render(<Form />);

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));

    expect(values()).toMatchObject({ imageData: null, imageUrl: null });
  });
});
