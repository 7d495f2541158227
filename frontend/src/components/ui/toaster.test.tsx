import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/hooks/use-toast';
import { Toaster } from './toaster';

describe('toaster', () => {
  it('F8 focuses the labelled notification region', () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });

    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });

    expect(region).toContainElement(document.activeElement as HTMLElement);
  });

  it('shows one toast at a time, the new replacing the old', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Older' });
      toast({ title: 'Newer', description: 'details' });
    });

    expect(screen.queryByText('Older')).toBeNull();
    expect(screen.getByText('Newer')).toBeInTheDocument();
    expect(screen.getByText('details')).toBeInTheDocument();
  });

  it("shows a toast's action as a button that does it", () => {
    const undo = vi.fn();
    render(<Toaster />);

    act(() => {
      toast({ title: 'Service deleted successfully', action: { label: 'Undo', altText: 'Restore the service', onClick: undo } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));

    expect(undo).toHaveBeenCalledOnce();
  });
});
