import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// Each test loads the toaster and the toast store afresh: the store keeps closed toasts
// for a long while, and a toast left by another test would load the region at once.
async function freshToaster() {
  vi.resetModules();
  const [{ DeferredToaster }, { toast }] = await Promise.all([
    import('./deferred-toaster'),
    import('@/hooks/use-toast'),
  ]);
  return { DeferredToaster, toast };
}

describe('deferred toaster', () => {
  it('has no region until the first toast, whatever other key is pressed, then shows it', async () => {
    const { DeferredToaster, toast } = await freshToaster();
    render(<DeferredToaster />);
    fireEvent.keyDown(document, { key: 'F7', code: 'F7' });
    expect(screen.queryByRole('region')).toBeNull();

    act(() => {
      toast({ title: 'Login failed', description: 'Invalid username or password', variant: 'destructive' });
    });

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  });

  it('F8 before any toast brings the region and focuses it', async () => {
    const { DeferredToaster } = await freshToaster();
    render(<DeferredToaster />);
    expect(screen.queryByRole('region')).toBeNull();

    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });

    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    await waitFor(() => {
      expect(region).toContainElement(document.activeElement as HTMLElement);
    });
  });
});
