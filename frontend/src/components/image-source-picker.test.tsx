import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ImageSourcePicker, type ImageSource } from './image-source-picker';

function Picker({ initial }: { initial: ImageSource }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ImageSourcePicker
        value={value}
        onChange={setValue}
        label="Photo"
        hint="PNG, JPG, GIF up to 10MB"
        words={{ upload: 'Upload an image', orUrl: 'Or an image URL', remove: 'Remove image' }}
        check={() => null}
        alt="The photo"
      />
      <output>{JSON.stringify(value)}</output>
    </>
  );
}

const chosen = () => JSON.parse(screen.getByRole('status').textContent) as ImageSource;

describe('image source picker', () => {
  it('shows a placeholder for a preview that does not load', () => {
    render(<Picker initial={{ data: null, url: 'https://example.com/gone.jpg' }} />);

    fireEvent.error(screen.getByRole('img', { name: 'The photo' }));

    expect(screen.getByRole('img', { name: 'Image unavailable' })).toBeInTheDocument();
  });

  it('keeps a URL typed while a chosen file was still being read', async () => {
    render(<Picker initial={{ data: null, url: null }} />);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });

    fireEvent.change(screen.getByLabelText(/Upload an image/), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText('Or an image URL'), { target: { value: 'https://example.com/a.jpg' } });
    // Long enough for the file's reading to have ended.
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(chosen()).toEqual({ data: null, url: 'https://example.com/a.jpg' });
  });

  it('takes a chosen file in place of the URL', async () => {
    render(<Picker initial={{ data: null, url: 'https://example.com/a.jpg' }} />);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });

    fireEvent.change(screen.getByLabelText(/Upload an image/), { target: { files: [file] } });

    await waitFor(() => {
      expect(chosen().data).toMatch(/^data:image\/png;base64,/);
    });
    expect(chosen().url).toBeNull();
  });
});
