import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clickOutside } from '@/test/pointer';
import { ConfirmDialog } from './confirm-dialog';

function renderQuestion() {
  const answers = { onConfirm: vi.fn(), onCancel: vi.fn() };
  render(
    <ConfirmDialog
      open
      title="Discard unsaved changes?"
      description="They will be lost."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      destructive
      {...answers}
    />,
  );
  return answers;
}

describe('ConfirmDialog', () => {
  it('is an alert dialog named by its title and described by its text', () => {
    renderQuestion();

    const dialog = screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    expect(dialog).toHaveAccessibleDescription('They will be lost.');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('focuses the answer that keeps things as they are', () => {
    renderQuestion();

    expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
  });

  it('answers with its buttons', async () => {
    const { onConfirm, onCancel } = renderQuestion();

    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('takes Escape for the cancel answer and ignores a click outside', async () => {
    const { onConfirm, onCancel } = renderQuestion();

    await clickOutside();
    expect(onCancel).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
