import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { constants, validate } from '@/lib/rules';
import { renderApp } from '@/test/render';
import { answer, json, mockServer, sentBody, signedIn } from '@/test/server';
import type { Service } from './api/services';
import type { Testimonial } from './api/testimonials';

const buying: Service = {
  id: 1,
  version: 3,
  titleEn: 'Buying',
  titleAr: 'الشراء',
  descriptionEn: 'We find the home that fits your life.',
  descriptionAr: 'نجد لك المنزل المناسب.',
  icon: 'home',
  displayOrder: 2,
  isActive: true,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

function page(name: string) {
  return screen.findByRole('form', { name });
}

/** The notifications, which exist once the first toast has been shown. */
async function toasts() {
  return within(await screen.findByRole('region', { name: /notifications/i }));
}

/** A text of the toast showing. */
async function inToast(text: string) {
  return (await toasts()).findByText(text);
}

async function fillService(form: HTMLElement) {
  const field = within(form);
  await userEvent.type(field.getByLabelText('Title (English)'), 'Renting');
  await userEvent.type(field.getByLabelText('Title (Arabic)'), 'التأجير');
  await userEvent.type(field.getByLabelText('Description (English)'), 'Homes to rent.');
  await userEvent.type(field.getByLabelText('Description (Arabic)'), 'منازل للإيجار.');
  await userEvent.type(field.getByLabelText('Icon'), 'key');
}

describe('services management: the full-page forms', () => {
  it("shows the rules' messages under the fields and sends nothing", async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/services': answer(200, []) });
    renderApp('/services/services/new');
    const form = await page('Add Service');

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const expected = validate('service', constants().newForms.service);
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining(['titleEn', 'titleAr', 'descriptionEn', 'descriptionAr', 'icon']),
    );
    for (const message of Object.values(expected)) {
      expect(await within(form).findByText(message)).toBeInTheDocument();
    }
    expect(within(form).getByLabelText('Title (English)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Title (Arabic)')).toHaveAttribute('dir', 'rtl');
    expect(server.calls('POST /api/services')).toHaveLength(0);
  });

  it('offers a new record the place after the last one of its tab', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/services': answer(200, [buying]) });
    renderApp('/services/services/new');
    const form = await page('Add Service');

    expect(within(form).getByLabelText('Display Order')).toHaveValue(buying.displayOrder + 1);
  });

  it("shows the rules' messages for a step number below 1 and a negative order", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/process-steps': answer(200, []) });
    renderApp('/services/process/new');
    const form = await page('Add Process Step');
    const field = within(form);
    expect(field.getByLabelText('Step Number')).toHaveValue(constants().newForms.processStep.stepNumber);

    await userEvent.clear(field.getByLabelText('Step Number'));
    await userEvent.type(field.getByLabelText('Step Number'), '0');
    await userEvent.clear(field.getByLabelText('Display Order'));
    await userEvent.type(field.getByLabelText('Display Order'), '-1');
    await userEvent.click(field.getByRole('button', { name: 'Save' }));

    const expected = validate('processStep', { ...constants().newForms.processStep, stepNumber: 0, displayOrder: -1 });
    expect(await field.findByText(expected.stepNumber ?? '')).toBeInTheDocument();
    expect(field.getByText(expected.displayOrder ?? '')).toBeInTheDocument();
  });

  it("creates a service, toasts 'Service created successfully' and goes back to the tab", async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/services': answer(200, []),
      'POST /api/services': (init) => json(201, { ...buying, ...(sentBody(init) as object), id: 4 }),
    });
    const { router } = renderApp('/admin/services/services/new');
    const form = await page('Add Service');

    await fillService(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await inToast('Service created successfully')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/admin/services/services');
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sentBody(server.calls('POST /api/services')[0]?.[1])).toEqual({
      ...constants().newForms.service,
      titleEn: 'Renting',
      titleAr: 'التأجير',
      descriptionEn: 'Homes to rent.',
      descriptionAr: 'منازل للإيجار.',
      icon: 'key',
    });
  });

  it("says 'Error' with 'Failed to create service' when the server gives no reason, and stays", async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/services': answer(200, []),
      'POST /api/services': () => new Response('', { status: 500 }),
    });
    const { router } = renderApp('/services/services/new');
    const form = await page('Add Service');

    await fillService(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await inToast('Error')).toBeInTheDocument();
    expect(await inToast('Failed to create service')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/services/services/new');
    expect(within(form).getByLabelText('Title (English)')).toHaveValue('Renting');
  });

  it('edits the record the address names, with If-Match, and says the server’s reason on failure', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/services': answer(200, [buying]),
      'PUT /api/services/1': answer(500, { message: 'Database unavailable' }),
    });
    renderApp('/services/services/1/edit');
    const form = await page('Edit Service');
    expect(within(form).getByLabelText('Title (English)')).toHaveValue('Buying');
    expect(within(form).getByLabelText('Active')).toBeChecked();

    await userEvent.click(within(form).getByLabelText('Active'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await inToast('Error')).toBeInTheDocument();
    expect(await inToast('Database unavailable')).toBeInTheDocument();
    const [, init] = server.calls('PUT /api/services/1')[0] ?? [];
    expect(new Headers(init?.headers).get('If-Match')).toBe('"3"');
    expect(sentBody(init)).toMatchObject({ titleEn: 'Buying', isActive: false });
  });

  it("says 'Failed to update service' when an update gets no reason", async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/services': answer(200, [buying]),
      'PUT /api/services/1': () => new Response('', { status: 502 }),
    });
    renderApp('/services/services/1/edit');
    const form = await page('Edit Service');

    await userEvent.type(within(form).getByLabelText('Title (English)'), ' homes');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await inToast('Failed to update service')).toBeInTheDocument();
    expect(await inToast('Error')).toBeInTheDocument();
  });

  it('offers Reload and Overwrite when someone else saved the record meanwhile', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/services': answer(200, [buying]),
      'PUT /api/services/1': answer(412, {
        message: 'Changed meanwhile',
        current: { ...buying, version: 4, titleAr: 'شراء' },
      }),
    });
    renderApp('/services/services/1/edit');
    const form = await page('Edit Service');

    await userEvent.type(within(form).getByLabelText('Title (English)'), ' homes');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await userEvent.click(await within(form).findByRole('button', { name: 'Reload' }));

    expect(within(form).getByLabelText('Title (Arabic)')).toHaveValue('شراء');
    expect(within(form).getByLabelText('Title (English)')).toHaveValue('Buying homes');
  });

  it("shows 'Page Not Found' for an id that is not a number or names no record", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/services': answer(200, [buying]) });
    renderApp('/services/services/abc/edit');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();

    const other = renderApp('/services/services/42/edit');
    expect(await within(other.container).findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('starts a testimonial at the default rating and sends the stars chosen, optional texts as none', async () => {
    const saved: Testimonial = {
      id: 3,
      version: 1,
      clientNameEn: 'Omar',
      clientNameAr: 'عمر',
      testimonialEn: 'Great.',
      testimonialAr: 'رائع.',
      rating: 4,
      displayOrder: 0,
      isActive: true,
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-01T00:00:00Z',
    };
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/testimonials': answer(200, []),
      'POST /api/testimonials': answer(201, saved),
    });
    renderApp('/services/testimonials/new');
    const form = within(await page('Add Testimonial'));
    const { ratingDefault, ratingMax } = constants();
    expect(
      form.getByRole('radio', { name: `${String(ratingDefault)} out of ${String(ratingMax)} stars` }),
    ).toBeChecked();

    await userEvent.type(form.getByLabelText('Client Name (English)'), 'Omar');
    await userEvent.type(form.getByLabelText('Client Name (Arabic)'), 'عمر');
    await userEvent.type(form.getByLabelText('Testimonial (English)'), 'Great.');
    await userEvent.type(form.getByLabelText('Testimonial (Arabic)'), 'رائع.');
    await userEvent.click(form.getByRole('radio', { name: '4 out of 5 stars' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    expect(await inToast('Testimonial created successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/testimonials')[0]?.[1])).toEqual({
      clientNameEn: 'Omar',
      clientNameAr: 'عمر',
      clientPosition: null,
      clientCompany: null,
      testimonialEn: 'Great.',
      testimonialAr: 'رائع.',
      rating: 4,
      clientImage: null,
      displayOrder: 0,
      isActive: true,
    });
  });
});
