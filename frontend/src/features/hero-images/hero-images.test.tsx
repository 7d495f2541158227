import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { answer, json, mockServer, sentBody, signedIn } from '@/test/server';
import type { HeroImage } from './api/hero-images';

const home: HeroImage = {
  id: 1,
  version: 1,
  pageName: 'index',
  titleEn: 'Find your home',
  titleAr: 'اعثر على منزلك',
  subtitleEn: 'Homes across Jordan',
  subtitleAr: 'منازل في أنحاء الأردن',
  imageUrl: null,
  imageData: '/media/abc.png',
  isActive: true,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};
const about: HeroImage = {
  ...home,
  id: 2,
  pageName: 'about',
  titleEn: 'About us',
  titleAr: 'من نحن',
  subtitleEn: null,
  subtitleAr: null,
  imageUrl: 'https://images.example.com/missing.jpg',
  imageData: null,
  isActive: false,
};

const PATH = '/admin/hero-images';
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'hero.png', { type: 'image/png' });

function dialog(name: string) {
  return screen.getByRole('dialog', { name });
}

async function openAdd() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Hero Image' }));
  return dialog('Add Hero Image');
}

async function fillNew(form: HTMLElement, page: string) {
  await userEvent.selectOptions(within(form).getByLabelText('Page'), page);
  await userEvent.type(within(form).getByLabelText('Title (English)'), 'Our services');
  await userEvent.type(within(form).getByLabelText('Title (Arabic)'), 'خدماتنا');
}

function option(form: HTMLElement, name: string): HTMLOptionElement {
  return within(form).getByRole('option', { name });
}

describe('hero images management', () => {
  it("shows 'No Hero Images Found' with a line of help and an add button when there are none", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/hero-images': answer(200, []) });
    renderApp(PATH);

    expect(await screen.findByRole('heading', { name: 'No Hero Images Found' })).toBeInTheDocument();
    expect(screen.getByText(/Give a page of the public site its banner/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Hero Image' })).toHaveLength(2);
  });

  it('shows each hero as a card: page, both titles and subtitles, Active or Inactive, the scaled image', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/hero-images': answer(200, [about, home]) });
    renderApp(PATH);

    const cards = within(await screen.findByRole('list', { name: 'Hero Images Management' })).getAllByRole('listitem');
    // Listed in the rules' page order: Home before About.
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('Home')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Find your home' })).toHaveAttribute('src', '/media/abc.png?w=640');
    expect(within(first).getByText('Homes across Jordan')).toBeInTheDocument();
    expect(within(first).getByText('اعثر على منزلك').closest('[dir]')).toHaveAttribute('dir', 'rtl');
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('About')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('Inactive')).toBeInTheDocument();
  });

  it('replaces an image that fails to load by an icon placeholder', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/hero-images': answer(200, [about]) });
    renderApp(PATH);

    const image = await screen.findByRole('img', { name: 'About us' });
    fireEvent.error(image);

    expect(screen.getByRole('img', { name: 'Image unavailable' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'About us' })).toBeNull();
  });

  it("lists the seven pages, index as 'Home', marking and disabling those other heroes use", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/hero-images': answer(200, [home, about]) });
    renderApp(PATH);
    const form = await openAdd();

    const labels = within(within(form).getByLabelText('Page')).getAllByRole('option').map((o) => o.textContent);
    expect(labels).toEqual([
      'Select a page',
      'Home (in use)',
      'Properties',
      'Investors',
      'Services',
      'About (in use)',
      'Team',
      'Contact',
    ]);
    expect(option(form, 'Home (in use)')).toBeDisabled();
    expect(option(form, 'About (in use)')).toBeDisabled();
    expect(option(form, 'Services')).toBeEnabled();
    expect(within(form).getByText('PNG, JPG, GIF up to 10MB')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title (Arabic)')).toHaveAttribute('dir', 'rtl');
    expect(within(form).getByLabelText('Subtitle (Arabic)')).toHaveAttribute('dir', 'rtl');
    expect(within(form).getByLabelText('Active')).toBeChecked();
  });

  it("keeps the edited hero's own page selectable", async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/hero-images': answer(200, [home, about]),
      'GET /api/history?*': answer(200, []),
    });
    renderApp(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit the About hero image' }));
    const form = dialog('Edit Hero Image');

    expect(within(form).getByLabelText('Page')).toHaveValue('about');
    expect(option(form, 'About')).toBeEnabled();
    expect(option(form, 'Home (in use)')).toBeDisabled();
  });

  it('sends only the upload when a URL was typed first, and toasts the creation', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/hero-images': answer(200, []),
      'POST /api/hero-images': (init) => json(201, { ...home, ...(sentBody(init) as object), id: 9 }),
    });
    renderApp(PATH);
    const form = await openAdd();
    await fillNew(form, 'services');

    await userEvent.type(within(form).getByLabelText('Or an image URL'), 'https://images.example.com/a.jpg');
    await userEvent.upload(within(form).getByLabelText(/Upload an image/), png());
    // The file is read as a data URL in the background.
    await waitFor(() => {
      expect(within(form).getByLabelText('Or an image URL')).toHaveValue('');
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Hero image created successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/hero-images')[0]?.[1])).toEqual({
      pageName: 'services',
      titleEn: 'Our services',
      titleAr: 'خدماتنا',
      subtitleEn: null,
      subtitleAr: null,
      imageUrl: null,
      imageData: 'data:image/png;base64,iVBORw==',
      isActive: true,
    });
  });

  it('sends only the URL when it is typed after an upload', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/hero-images': answer(200, []),
      'POST /api/hero-images': (init) => json(201, { ...home, ...(sentBody(init) as object), id: 9 }),
    });
    renderApp(PATH);
    const form = await openAdd();
    await fillNew(form, 'team');

    await userEvent.upload(within(form).getByLabelText(/Upload an image/), png());
    await waitFor(() => {
      expect(within(form).getByRole('img', { name: 'Our services' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/png;base64,/) as string,
      );
    });
    await userEvent.type(within(form).getByLabelText('Or an image URL'), 'https://images.example.com/b.jpg');
    expect(within(form).getByRole('img', { name: 'Our services' })).toHaveAttribute('src', 'https://images.example.com/b.jpg');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await screen.findByText('Hero image created successfully');
    expect(sentBody(server.calls('POST /api/hero-images')[0]?.[1])).toMatchObject({
      imageUrl: 'https://images.example.com/b.jpg',
      imageData: null,
    });
  });

  it("shows the server's message when the page was taken meanwhile, keeps the form, and marks the page", async () => {
    let stored: HeroImage[] = [];
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/hero-images': () => json(200, stored),
      'POST /api/hero-images': () => {
        stored = [{ ...about, id: 5, pageName: 'contact' }];
        return json(409, { message: 'A hero image for the Contact page already exists' });
      },
    });
    renderApp(PATH);
    const form = await openAdd();
    await fillNew(form, 'contact');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('A hero image for the Contact page already exists');
    expect(within(form).getByLabelText('Title (English)')).toHaveValue('Our services');
    expect(await within(form).findByRole('option', { name: 'Contact (in use)' })).toBeDisabled();
  });

  it("edits with If-Match and toasts 'Hero image updated successfully'", async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/hero-images': answer(200, [home]),
      'GET /api/history?*': answer(200, []),
      'PUT /api/hero-images/1': (init) => json(200, { ...home, ...(sentBody(init) as object), version: 2 }),
    });
    renderApp(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit the Home hero image' }));
    const form = dialog('Edit Hero Image');
    await userEvent.click(within(form).getByLabelText('Active'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Hero image updated successfully')).toBeInTheDocument();
    const [, init] = server.calls('PUT /api/hero-images/1')[0] ?? [];
    expect(new Headers(init?.headers).get('If-Match')).toBe('"1"');
    expect(sentBody(init)).toMatchObject({ pageName: 'index', isActive: false, imageData: '/media/abc.png', imageUrl: null });
  });

  it("deletes after the confirm 'Are you sure you want to delete this hero image?'", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/hero-images': answer(200, [home]),
      'DELETE /api/hero-images/1': answer(204),
    });
    renderApp(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete the Home hero image' }));

    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this hero image?');
    expect(await screen.findByText('Hero image deleted successfully')).toBeInTheDocument();
  });

  it('deletes nothing when the confirm is declined', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/hero-images': answer(200, [home]) });
    renderApp(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete the Home hero image' }));

    expect(server.calls('DELETE /api/hero-images/1')).toHaveLength(0);
  });

  it("toasts the server's message when a delete fails", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/hero-images': answer(200, [home]),
      'DELETE /api/hero-images/1': answer(404, { message: 'Hero image not found' }),
    });
    renderApp(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete the Home hero image' }));

    expect(await screen.findByText('Hero image not found')).toBeInTheDocument();
  });
});
