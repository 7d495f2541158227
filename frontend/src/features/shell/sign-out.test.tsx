import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer } from '@/test/server';

const signedIn = () => json(200, { id: 2, username: 'editor', role: 'user', email: null, fullName: null, isActive: true });

describe('signing out from the side bar', () => {
  it("toasts 'Logged out' and returns to the sign-in screen", async () => {
    mockServer({ 'GET /api/user': signedIn, 'POST /api/logout': () => new Response(null, { status: 204 }) });
    const { router } = renderApp('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('You have been logged out successfully')).toBeInTheDocument();
    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it("toasts 'Logout failed' with the message and stays signed in", async () => {
    mockServer({ 'GET /api/user': signedIn, 'POST /api/logout': () => json(500, { message: 'Database unavailable' }) });
    const { router } = renderApp('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
