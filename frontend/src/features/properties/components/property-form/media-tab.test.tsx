import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setReauthenticate } from '@/lib/api-client';
import { judgeImageUrl } from '@/lib/rules';
import { answer, mockServer, sentBody } from '@/test/server';
import { catalogHandlers, openTab, renderForm, storedProperty } from './test-support';

/**
 * A stand-in for XMLHttpRequest that the test drives: it records each request and reports
 * upload progress, an answer or an abort when told.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  private contentType: string | null = null;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  getResponseHeader(name: string): string | null {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }

  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }

  progress(loaded: number, total: number) {
    const event = new Event('progress') as ProgressEvent;
    Object.assign(event, { loaded, total, lengthComputable: true });
    this.upload.dispatchEvent(event);
  }

  answer(status: number, body: unknown) {
    this.status = status;
    this.statusText = status === 201 ? 'Created' : 'Error';
    this.responseText = JSON.stringify(body);
    this.contentType = 'application/json';
    this.events.dispatchEvent(new Event('load'));
  }
}

function useFakeXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

afterEach(() => {
  FakeXhr.sent = [];
});

function png(name: string): File {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

function thumbnails() {
  return within(screen.getByRole('list', { name: 'Images' }))
    .getAllByRole('img')
    .map((image) => image.getAttribute('src'));
}

describe('the media tab', () => {
  it('refuses an image URL the rules reject, with the exact toast and message', async () => {
    mockServer(catalogHandlers());
    renderForm();
    await screen.findByLabelText('Title (English)');
    await openTab('Media');
    const rejected = judgeImageUrl('https://example.com/brochure.pdf');
    if (rejected.status !== 'rejected') throw new Error('the rules accepted a PDF link');

    await userEvent.type(screen.getByLabelText('Image URL'), 'https://example.com/brochure.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Add Image' }));

    const toast = (await screen.findByText('Invalid Image URL')).closest('li') as HTMLElement;
    expect(within(toast).getByText('Please enter a valid image URL (JPG, PNG, WebP, GIF)')).toBeInTheDocument();
    expect(screen.getByText('Invalid Image URL: Please enter a valid image URL (JPG, PNG, WebP, GIF)')).toBeInTheDocument();
    expect(rejected.message).toBe('Invalid Image URL: Please enter a valid image URL (JPG, PNG, WebP, GIF)');
    expect(screen.getByLabelText('Image URL')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('No images yet')).toBeInTheDocument();
  });

  it('adds an accepted URL as the cover of an empty list, and ignores an empty one', async () => {
    mockServer(catalogHandlers());
    renderForm();
    await screen.findByLabelText('Title (English)');
    await openTab('Media');

    await userEvent.click(screen.getByRole('button', { name: 'Add Image' }));
    expect(screen.getByText('No images yet')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Image URL'), 'https://cdn.example.com/front.webp{Enter}');

    expect(thumbnails()).toEqual(['https://cdn.example.com/front.webp']);
    expect(within(screen.getByRole('list', { name: 'Images' })).getByText('Cover')).toBeInTheDocument();
    expect(screen.getByLabelText('Image URL')).toHaveValue('');
  });

  it('reorders images with the buttons, the cover following the first, and saves that order', async () => {
    const server = mockServer({ ...catalogHandlers(), 'PUT /api/properties/5': answer(200, storedProperty({ version: 4 })), 'POST /api/properties/5/features': answer(200, []) });
    renderForm({ property: storedProperty() });
    await screen.findByLabelText('Title (English)');
    await openTab('Media');
    expect(thumbnails()).toEqual(['/media/aaa.jpg?w=160', '/media/bbb.png?w=160', 'https://images.unsplash.com/photo-1']);
    expect(screen.getByRole('button', { name: 'Move image 1 left' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move image 3 right' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Move image 1 right' }));
    expect(thumbnails()).toEqual(['/media/bbb.png?w=160', '/media/aaa.jpg?w=160', 'https://images.unsplash.com/photo-1']);
    // The focus follows the moved image, so the keyboard can keep moving it.
    expect(screen.getByRole('button', { name: 'Move image 2 right' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(thumbnails()).toEqual(['/media/bbb.png?w=160', 'https://images.unsplash.com/photo-1', '/media/aaa.jpg?w=160']);
    await userEvent.click(screen.getByRole('button', { name: 'Move image 2 left' }));
    const first = within(screen.getByRole('list', { name: 'Images' })).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByRole('img')).toHaveAttribute('src', 'https://images.unsplash.com/photo-1');
    expect(within(first).getByText('Cover')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 3' }));

    await userEvent.click(screen.getByRole('button', { name: 'Update Property' }));

    await waitFor(() => {
      expect(server.calls('PUT /api/properties/5')).toHaveLength(1);
    });
    const [, init] = server.calls('PUT /api/properties/5')[0] ?? [];
    expect((sentBody(init) as { images: string[] }).images).toEqual(['https://images.unsplash.com/photo-1', '/media/bbb.png']);
  });

  it('reorders by dragging a thumbnail onto another place', async () => {
    mockServer(catalogHandlers());
    renderForm({ property: storedProperty() });
    await screen.findByLabelText('Title (English)');
    await openTab('Media');
    const items = within(screen.getByRole('list', { name: 'Images' })).getAllByRole('listitem');
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'none',
      dropEffect: 'none',
    };

    fireEvent.dragStart(items[2] as HTMLElement, { dataTransfer });
    fireEvent.dragOver(items[0] as HTMLElement, { dataTransfer });
    fireEvent.drop(items[0] as HTMLElement, { dataTransfer });

    expect(thumbnails()).toEqual(['https://images.unsplash.com/photo-1', '/media/aaa.jpg?w=160', '/media/bbb.png?w=160']);
  });

  it('uploads a batch with a progress bar, and cancelling it leaves the images as they were', async () => {
    useFakeXhr();
    mockServer(catalogHandlers());
    renderForm();
    await screen.findByLabelText('Title (English)');
    await openTab('Media');

    await userEvent.upload(screen.getByLabelText('Upload Images'), [png('a.png'), png('b.png')]);

    const upload = FakeXhr.sent[0] as FakeXhr;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/upload-images');
    expect(upload.withCredentials).toBe(true);
    expect(upload.body?.getAll('images').map((file) => (file as File).name)).toEqual(['a.png', 'b.png']);
    const bar = screen.getByRole('progressbar', { name: 'Uploading images' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => {
      upload.progress(512, 1024);
    });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Property' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));

    expect(upload.aborted).toBe(true);
    await waitFor(() => {
      expect(screen.queryByRole('progressbar')).toBeNull();
    });
    expect(screen.getByText('No images yet')).toBeInTheDocument();
    expect(screen.queryByText('Failed to upload images')).toBeNull();
    // The tab tells the form it stopped uploading from an effect, a render after the bar went.
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Create Property' })).toBeEnabled();
    });
  });

  it('adds an uploaded batch after the images already listed and says so', async () => {
    useFakeXhr();
    mockServer(catalogHandlers());
    renderForm({ property: storedProperty({ images: ['/media/aaa.jpg'] }) });
    await screen.findByLabelText('Title (English)');
    await openTab('Media');

    await userEvent.upload(screen.getByLabelText('Upload Images'), [png('c.png')]);
    act(() => {
      (FakeXhr.sent[0] as FakeXhr).progress(1024, 1024);
      (FakeXhr.sent[0] as FakeXhr).answer(201, { images: ['/media/ccc.png'] });
    });

    expect(await screen.findByText('Images uploaded successfully')).toBeInTheDocument();
    expect(thumbnails()).toEqual(['/media/aaa.jpg?w=160', '/media/ccc.png?w=160']);
    // The bar goes once the upload has settled, which under load can follow the toast's render.
    await waitFor(() => {
      expect(screen.queryByRole('progressbar')).toBeNull();
    });
  });

  it("toasts 'Failed to upload images' with the server's reason and keeps the images", async () => {
    useFakeXhr();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockServer(catalogHandlers());
    renderForm({ property: storedProperty({ images: ['/media/aaa.jpg'] }) });
    await screen.findByLabelText('Title (English)');
    await openTab('Media');

    await userEvent.upload(screen.getByLabelText('Upload Images'), [png('bad.png')]);
    act(() => {
      (FakeXhr.sent[0] as FakeXhr).answer(422, { message: 'Validation failed', errors: { images: 'Please choose a PNG, JPEG, GIF or WebP image' } });
    });

    const toast = (await screen.findByText('Failed to upload images')).closest('li') as HTMLElement;
    expect(within(toast).getByText('Validation failed')).toBeInTheDocument();
    expect(thumbnails()).toEqual(['/media/aaa.jpg?w=160']);
  });

  it('sends the files again after the in-place sign-in when the session had expired', async () => {
    useFakeXhr();
    mockServer(catalogHandlers());
    let signIns = 0;
    const unregister = setReauthenticate(() => {
      signIns += 1;
      return Promise.resolve();
    });
    try {
      renderForm();
      await screen.findByLabelText('Title (English)');
      await openTab('Media');

      await userEvent.upload(screen.getByLabelText('Upload Images'), [png('a.png')]);
      act(() => {
        (FakeXhr.sent[0] as FakeXhr).answer(401, { message: 'Sign in to continue' });
      });
      await waitFor(() => {
        expect(FakeXhr.sent).toHaveLength(2);
      });
      act(() => {
        (FakeXhr.sent[1] as FakeXhr).answer(201, { images: ['/media/aaa.png'] });
      });

      expect(await screen.findByText('Images uploaded successfully')).toBeInTheDocument();
      expect(signIns).toBe(1);
      expect((FakeXhr.sent[1] as FakeXhr).body?.getAll('images')).toHaveLength(1);
      expect(thumbnails()).toEqual(['/media/aaa.png?w=160']);
    } finally {
      unregister();
    }
  });

  it('uploads a video with its own progress and puts its path in the video URL', async () => {
    useFakeXhr();
    mockServer(catalogHandlers());
    renderForm();
    await screen.findByLabelText('Title (English)');
    await openTab('Media');

    await userEvent.upload(screen.getByLabelText('Upload Video'), new File(['....ftypisom'], 'tour.mp4', { type: 'video/mp4' }));
    const upload = FakeXhr.sent[0] as FakeXhr;
    expect(upload.url).toBe('/api/upload-video');
    expect((upload.body?.get('video') as File).name).toBe('tour.mp4');
    act(() => {
      upload.progress(30, 100);
    });
    expect(screen.getByRole('progressbar', { name: 'Uploading video' })).toHaveAttribute('aria-valuenow', '30');
    act(() => {
      upload.answer(201, { url: '/media/abc.mp4' });
    });

    expect(await screen.findByText('Video uploaded successfully')).toBeInTheDocument();
    expect(screen.getByLabelText('Video URL')).toHaveValue('/media/abc.mp4');
  });
});
