import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompanySettings, FeedToken } from '@/generated/types';
import { renderApp } from '@/test/render';
import { admin, answer, json, mockServer, sentBody, signedIn, type Handler } from '@/test/server';

const stored: CompanySettings = { version: 2, companyName: 'Aqar', defaultPublishTo: ['website', 'bayut'] };

const propertyFinderToken: FeedToken = {
  id: 3,
  feed: 'propertyFinder',
  token: 'pf-old-token',
  url: 'https://panel.example.com/feeds/property-finder/pf-old-token.xml',
  createdAt: '2026-02-01T09:00:00Z',
  createdBy: 'admin',
};

function settingsServer(handlers: Record<string, Handler> = {}) {
  return mockServer({
    'GET /api/user': signedIn,
    'GET /api/settings': () => json(200, stored),
    'POST /api/settings': (init) => json(200, { ...stored, ...(sentBody(init) as object), version: 3 }),
    'GET /api/feed-tokens': answer(200, []),
    ...handlers,
  });
}

async function feedSection(name: string) {
  return screen.findByRole('region', { name });
}

describe('where new listings are published (issue 41)', () => {
  it('shows the stored portals checked, and sends the boxes checked with the settings', async () => {
    const server = settingsServer();
    renderApp('/settings');

    const group = await screen.findByRole('group', { name: 'Publish new listings to' });
    expect(within(group).getByRole('checkbox', { name: 'Website' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Property Finder' })).not.toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Bayut' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'dubizzle' })).not.toBeChecked();

    await userEvent.click(within(group).getByRole('checkbox', { name: 'dubizzle' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Website' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Property Finder' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/settings')[0]?.[1])).toMatchObject({
      companyName: 'Aqar',
      defaultPublishTo: ['propertyFinder', 'bayut', 'dubizzle'],
    });
  });
});

describe('the portal feeds (issue 41)', () => {
  it('shows the live URL of each feed, and makes the first URL of a feed without asking', async () => {
    let tokens = [propertyFinderToken];
    const made: FeedToken = { ...propertyFinderToken, id: 4, feed: 'bayut', url: 'https://panel.example.com/feeds/bayut/b-new.xml' };
    const server = settingsServer({
      'GET /api/feed-tokens': () => json(200, tokens),
      'POST /api/feed-tokens': () => {
        tokens = [propertyFinderToken, made];
        return json(201, made);
      },
    });
    renderApp('/settings');

    const propertyFinder = await feedSection('Property Finder');
    expect(await within(propertyFinder).findByLabelText('Property Finder feed URL')).toHaveValue(propertyFinderToken.url);
    expect(within(propertyFinder).getByRole('button', { name: 'Copy Property Finder feed URL' })).toBeInTheDocument();
    const bayut = await feedSection('Bayut & dubizzle');
    expect(within(bayut).getByText('No URL yet: the portal cannot read your listings.')).toBeInTheDocument();

    await userEvent.click(within(bayut).getByRole('button', { name: 'Make a URL' }));

    expect(await screen.findByText('New Bayut & dubizzle URL made')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/feed-tokens')[0]?.[1])).toEqual({ feed: 'bayut' });
    expect(await within(bayut).findByLabelText('Bayut & dubizzle feed URL')).toHaveValue(made.url);
  });

  it('asks before a new URL replaces the one the portal holds', async () => {
    const renewed = { ...propertyFinderToken, id: 5, url: 'https://panel.example.com/feeds/property-finder/pf-new.xml' };
    let tokens = [propertyFinderToken];
    const server = settingsServer({
      'GET /api/feed-tokens': () => json(200, tokens),
      'POST /api/feed-tokens': () => {
        tokens = [renewed];
        return json(201, renewed);
      },
    });
    renderApp('/settings');

    const section = await feedSection('Property Finder');
    await userEvent.click(await within(section).findByRole('button', { name: 'Make a new URL' }));
    let question = screen.getByRole('alertdialog', { name: 'Make a new Property Finder URL?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep the current URL' }));
    expect(server.calls('POST /api/feed-tokens')).toHaveLength(0);

    await userEvent.click(within(section).getByRole('button', { name: 'Make a new URL' }));
    question = screen.getByRole('alertdialog', { name: 'Make a new Property Finder URL?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Make a new URL' }));

    expect(await screen.findByText('New Property Finder URL made')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/feed-tokens')[0]?.[1])).toEqual({ feed: 'propertyFinder' });
    await waitFor(() => {
      expect(within(section).getByLabelText('Property Finder feed URL')).toHaveValue(renewed.url);
    });
  });

  it('revokes a URL once confirmed, with Undo', async () => {
    let tokens = [propertyFinderToken];
    const server = settingsServer({
      'GET /api/feed-tokens': () => json(200, tokens),
      'DELETE /api/feed-tokens/3': () => {
        tokens = [];
        return new Response(null, { status: 204, headers: { 'X-Trash-Batch': 'batch-9' } });
      },
    });
    renderApp('/settings');

    const section = await feedSection('Property Finder');
    await userEvent.click(await within(section).findByRole('button', { name: 'Revoke' }));
    const question = screen.getByRole('alertdialog', { name: 'Revoke the Property Finder URL?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Property Finder URL revoked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Undo/ })).toBeInTheDocument();
    expect(server.calls('DELETE /api/feed-tokens/3')).toHaveLength(1);
    expect(await within(section).findByText('No URL yet: the portal cannot read your listings.')).toBeInTheDocument();
  });

  it('is not shown to a user who is not an admin', async () => {
    const server = settingsServer({ 'GET /api/user': () => json(200, { ...admin, id: 2, role: 'user' }) });
    renderApp('/settings');

    await screen.findByRole('group', { name: 'Publish new listings to' });
    expect(screen.queryByText('Portal feeds')).toBeNull();
    expect(server.calls('GET /api/feed-tokens')).toHaveLength(0);
  });
});
