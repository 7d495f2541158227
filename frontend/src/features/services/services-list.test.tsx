import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { answer, json, mockServer, sentBody, signedIn } from '@/test/server';
import type { ProcessStep } from './api/process-steps';
import type { Service } from './api/services';
import type { Testimonial } from './api/testimonials';

const dates = { createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' };

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
  ...dates,
};
const selling: Service = {
  ...buying,
  id: 2,
  version: 1,
  titleEn: 'Selling',
  titleAr: 'البيع',
  icon: 'tag',
  displayOrder: 3,
  isActive: false,
};

const meeting: ProcessStep = { ...buying, id: 7, titleEn: 'Tell us what you need', stepNumber: 4 };

const rana: Testimonial = {
  id: 5,
  version: 1,
  clientNameEn: 'Rana Al-Masri',
  clientNameAr: 'رنا المصري',
  clientPosition: 'Architect',
  clientCompany: 'Studio R',
  testimonialEn: 'Found our family home in three weeks.',
  testimonialAr: 'وجدنا منزل العائلة خلال ثلاثة أسابيع.',
  rating: 4,
  clientImage: '/media/abc.png',
  displayOrder: 0,
  isActive: true,
  ...dates,
};

function list(name: string) {
  return screen.findByRole('list', { name });
}

/** The notifications, which exist once the first toast has been shown. */
async function toasts() {
  return within(await screen.findByRole('region', { name: /notifications/i }));
}

/**
 * Presses a toast's button. A plain click: the toast's swipe handling asks for pointer
 * capture on pointer events, which jsdom lacks.
 */
async function pressInToast(name: string) {
  fireEvent.click(await (await toasts()).findByRole('button', { name }));
}

/** A text of the toast showing. */
async function inToast(text: string) {
  return (await toasts()).findByText(text);
}

describe('services management: tabs and lists', () => {
  it('shows Our Services at /services and the tab the address names, keeping /admin when switching', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/services': answer(200, [buying]),
      'GET /api/process-steps': answer(200, [meeting]),
    });
    const { router } = renderApp('/admin/services');

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Our Services', 'Our Process', 'Client Testimonials']);
    expect(screen.getByRole('tab', { name: 'Our Services' })).toHaveAttribute('aria-selected', 'true');
    expect(await list('Our Services')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Our Process' }));

    expect(router.state.location.pathname).toBe('/admin/services/process');
    expect(await list('Our Process')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Our Process' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the tab named by the address, and a page not found for an unknown one', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/testimonials': answer(200, []) });
    renderApp('/services/testimonials');
    expect(await screen.findByRole('tab', { name: 'Client Testimonials' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No testimonials yet')).toBeInTheDocument();
  });

  it("shows 'Page Not Found' for a section that is not one of the tabs", async () => {
    mockServer({ 'GET /api/user': signedIn });
    renderApp('/services/pricing');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('lists each service with both titles, its description, icon, order and Active/Inactive', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/services': answer(200, [buying, selling]) });
    renderApp('/services/services');

    const [first, second] = within(await list('Our Services')).getAllByRole('listitem');
    const row = within(first as HTMLElement);
    expect(row.getByRole('heading', { name: 'Buying' })).toBeInTheDocument();
    expect(row.getByText('الشراء')).toHaveAttribute('dir', 'rtl');
    expect(row.getByText('We find the home that fits your life.')).toBeInTheDocument();
    expect(row.getByText('home')).toBeInTheDocument();
    expect(row.getByText('Order: 2')).toBeInTheDocument();
    expect(row.getByText('Active')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Inactive')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Edit Buying' })).toHaveAttribute('href', '/services/services/1/edit');
  });

  it("shows a process step's number", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/process-steps': answer(200, [meeting]) });
    renderApp('/services/process');
    const row = within(await list('Our Process'));
    expect(row.getByText('4')).toHaveTextContent('Step 4');
  });

  it("shows a testimonial's client, position and company, its rating as stars and the photo scaled", async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/testimonials': answer(200, [
        rana,
        { ...rana, id: 6, clientNameEn: 'Omar', clientImage: null, rating: 5 },
      ]),
    });
    renderApp('/services/testimonials');

    const [first, second] = within(await list('Client Testimonials')).getAllByRole('listitem');
    const row = within(first as HTMLElement);
    expect(row.getByRole('heading', { name: 'Rana Al-Masri' })).toBeInTheDocument();
    expect(row.getByText('Architect, Studio R')).toBeInTheDocument();
    expect(row.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(row.getByRole('img', { name: 'Rana Al-Masri' })).toHaveAttribute('src', '/media/abc.png?w=160');
    expect(row.getByText('Found our family home in three weeks.')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
  });

  it('shows each tab its own empty state', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/services': answer(200, []),
      'GET /api/process-steps': answer(200, []),
    });
    renderApp('/services');
    expect(await screen.findByText('No services yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Our Process' }));
    expect(await screen.findByText('No process steps yet')).toBeInTheDocument();
  });

  it('deletes at once, with If-Match, and Undo restores the batch from the trash', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    let stored = [buying, selling];
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/services': () => json(200, stored),
      'DELETE /api/services/1': () => {
        stored = [selling];
        return new Response(null, { status: 204, headers: { 'X-Trash-Batch': 'b1' } });
      },
      'POST /api/trash/batches/b1/restore': () => {
        stored = [buying, selling];
        return json(200, { restored: 1 });
      },
    });
    renderApp('/services');

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Buying' }));

    expect(await inToast('Service deleted successfully')).toBeInTheDocument();
    expect(await inToast('Moved to the trash.')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    const [, init] = server.calls('DELETE /api/services/1')[0] ?? [];
    expect(new Headers(init?.headers).get('If-Match')).toBe('"3"');
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Buying' })).toBeNull();
    });

    await pressInToast('Undo');

    expect(await inToast('Restored from the trash')).toBeInTheDocument();
    expect(server.calls('POST /api/trash/batches/b1/restore')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Buying' })).toBeInTheDocument();
  });

  it("says 'Error' with 'Failed to delete process step' when the server gives no reason", async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/process-steps': answer(200, [meeting]),
      'DELETE /api/process-steps/7': () => new Response('oops', { status: 500 }),
    });
    renderApp('/services/process');

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Tell us what you need' }));

    const region = await toasts();
    expect(await region.findByText('Error')).toBeInTheDocument();
    expect(region.getByText('Failed to delete process step')).toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('moves a record with its arrow buttons, sending every id in the new order', async () => {
    let stored = [buying, selling];
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/services': () => json(200, stored),
      'PUT /api/services/order': () => {
        stored = [
          { ...selling, displayOrder: 0, version: 2 },
          { ...buying, displayOrder: 1, version: 4 },
        ];
        return json(200, stored);
      },
    });
    renderApp('/services');

    await userEvent.click(await screen.findByRole('button', { name: 'Move Selling up' }));

    expect(sentBody(server.calls('PUT /api/services/order')[0]?.[1])).toEqual({ ids: [2, 1] });
    const rows = within(await list('Our Services')).getAllByRole('heading');
    expect(rows.map((heading) => heading.textContent)).toEqual(['Selling', 'Buying']);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Move Selling down' })).toHaveFocus();
    });
  });

  it("says 'Error' and puts the order back when a reorder is refused", async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/services': answer(200, [buying, selling]),
      'PUT /api/services/order': answer(500, { message: 'Database unavailable' }),
    });
    renderApp('/services');

    await userEvent.click(await screen.findByRole('button', { name: 'Move Buying down' }));

    const region = await toasts();
    expect(await region.findByText('Error')).toBeInTheDocument();
    expect(region.getByText('Database unavailable')).toBeInTheDocument();
    await waitFor(() => {
      const rows = within(screen.getByRole('list', { name: 'Our Services' })).getAllByRole('heading');
      expect(rows.map((heading) => heading.textContent)).toEqual(['Buying', 'Selling']);
    });
  });
});
