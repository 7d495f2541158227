import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { validate } from '@/lib/rules';
import { renderApp } from '@/test/render';
import { json, mockServer, signedOut } from '@/test/server';

const admin = { id: 1, username: 'admin', role: 'admin', email: null, fullName: null, isActive: true };

function usernameInput() {
  return screen.getByLabelText('Username');
}

function passwordInput() {
  return screen.getByLabelText('Password');
}

describe('sign-in screen', () => {
  it('shows its titles and the marketing panel', async () => {
    mockServer({ 'GET /api/user': signedOut });
    renderApp('/auth');

    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    expect(screen.getByText('Control Panel')).toBeInTheDocument();
    expect(screen.getByText('Sign in to access the property management system')).toBeInTheDocument();
    for (const item of ['Property Management', 'Location Control', 'Contact Requests', 'Team Management']) {
      expect(screen.getByText(item)).toBeInTheDocument();
    }
  });

  it('shows both rule messages under empty fields and sends no request', async () => {
    const server = mockServer({ 'GET /api/user': signedOut });
    renderApp('/auth');
    const expected = validate('signIn', { username: '', password: '' });

    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['username', 'password']));
    expect(await screen.findByText(expected.username ?? '')).toBeInTheDocument();
    expect(screen.getByText(expected.password ?? '')).toBeInTheDocument();
    expect(usernameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('POST /api/login')).toHaveLength(0);
  });

  it('reads "Signing in..." with inputs disabled while pending, then greets and opens the dashboard', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockServer({
      'GET /api/user': signedOut,
      'POST /api/login': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/auth');

    await userEvent.type(await screen.findByLabelText('Username'), 'admin');
    await userEvent.type(passwordInput(), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: /Signing in\.\.\./ })).toBeDisabled();
    expect(usernameInput()).toBeDisabled();
    expect(passwordInput()).toBeDisabled();

    answer(json(200, admin));

    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome to the control panel')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it("toasts 'Login failed' with the server's message on a wrong password", async () => {
    mockServer({
      'GET /api/user': signedOut,
      'POST /api/login': () => json(401, { message: 'Invalid username or password' }),
    });
    renderApp('/auth');

    await userEvent.type(await screen.findByLabelText('Username'), 'admin');
    await userEvent.type(passwordInput(), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const title = await screen.findByText('Login failed');
    const toast = title.closest('li');
    expect(toast).not.toBeNull();
    expect(within(toast as HTMLElement).getByText('Invalid username or password')).toBeInTheDocument();
  });

  it("shows the server's field errors of a 422 under the fields", async () => {
    mockServer({
      'GET /api/user': signedOut,
      'POST /api/login': () =>
        json(422, { message: 'Validation failed', errors: { username: 'server says username' } }),
    });
    renderApp('/auth');

    await userEvent.type(await screen.findByLabelText('Username'), 'admin');
    await userEvent.type(passwordInput(), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('server says username')).toBeInTheDocument();
    await waitFor(() => {
      expect(usernameInput()).toHaveAttribute('aria-invalid', 'true');
    });
  });

  it('asks for the second factor after a right password, says a wrong code beside the field, then signs in', async () => {
    const wrong = 'This code is not correct, or it has already been used';
    let tries = 0;
    const server = mockServer({
      'GET /api/user': signedOut,
      'POST /api/login': () => json(202, { secondFactor: 'code' }),
      'POST /api/login/second-factor': () => {
        tries += 1;
        return tries === 1 ? json(422, { message: 'Validation failed', errors: { code: wrong } }) : json(200, admin);
      },
    });
    renderApp('/auth');

    await userEvent.type(await screen.findByLabelText('Username'), 'admin');
    await userEvent.type(passwordInput(), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Code from the app, or a recovery code');
    expect(screen.queryByText('Login successful')).not.toBeInTheDocument();
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Trust this device for 30 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const [, init] = server.calls('POST /api/login/second-factor')[1] ?? [];
    expect(JSON.parse(init?.body as string)).toEqual({ code: '123456', trustDevice: true });
  });
});
