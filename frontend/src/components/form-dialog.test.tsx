import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { Input } from '@/components/ui/input';
import { hasUnsavedChanges } from '@/lib/unsaved-changes';
import { clickOutside } from '@/test/pointer';
import { FormDialog, FormDialogContent, FormDialogFrame, useCloseFormDialog } from './form-dialog';

function NoteForm({ onDone }: { onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { isDirty },
  } = useForm({ defaultValues: { note: 'first draft' } });
  return (
    <FormDialogContent title="Edit Note" onSubmit={(event) => void handleSubmit(onDone)(event)} pending={false} unsaved={isDirty}>
      <Input aria-label="Note" {...register('note')} />
    </FormDialogContent>
  );
}

function NoteDialog() {
  const [open, setOpen] = useState(true);
  const close = () => {
    setOpen(false);
  };
  return (
    <FormDialog open={open} onClose={close}>
      {open && <NoteForm onDone={close} />}
    </FormDialog>
  );
}

async function openWithEdit() {
  render(<NoteDialog />);
  const dialog = screen.getByRole('dialog', { name: 'Edit Note' });
  await userEvent.type(within(dialog).getByLabelText('Note'), ' and more');
  return dialog;
}

function question() {
  return screen.queryByRole('alertdialog', { name: 'Discard unsaved changes?' });
}

const closeWays = {
  Cancel: () => userEvent.click(screen.getByRole('button', { name: 'Cancel' })),
  'the close button': () => userEvent.click(screen.getByRole('button', { name: 'Close' })),
  Escape: () => userEvent.keyboard('{Escape}'),
  'a click outside': clickOutside,
};

describe('a form dialog', () => {
  it.each(Object.entries(closeWays))('with unsaved changes asks before %s closes it', async (_way, close) => {
    const dialog = await openWithEdit();

    await close();

    expect(question()).toBeInTheDocument();
    expect(question()).toHaveAccessibleDescription(
      'You have changes that are not saved yet. If you leave now, they will be lost.',
    );
    expect(dialog).toBeInTheDocument();
  });

  it('keeps what was typed when the person keeps editing', async () => {
    const dialog = await openWithEdit();

    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));

    expect(question()).toBeNull();
    expect(within(dialog).getByLabelText('Note')).toHaveValue('first draft and more');
  });

  it('closes when the person discards', async () => {
    await openWithEdit();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(question()).toBeNull();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('closes without asking when nothing changed', async () => {
    render(<NoteDialog />);

    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(question()).toBeNull();
  });

  it('closes without asking when the edit was undone', async () => {
    const dialog = await openWithEdit();
    await userEvent.clear(within(dialog).getByLabelText('Note'));
    await userEvent.type(within(dialog).getByLabelText('Note'), 'first draft');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes without asking once saved', async () => {
    await openWithEdit();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(question()).toBeNull();
  });

  it('makes the tab ask before closing while it holds unsaved changes', async () => {
    await openWithEdit();

    expect(hasUnsavedChanges()).toBe(true);
  });
});

/** A form with its own buttons, as the property form is: Cancel closes through the dialog. */
function OwnButtonsForm() {
  const {
    register,
    formState: { isDirty },
  } = useForm({ defaultValues: { note: '' } });
  const close = useCloseFormDialog();
  return (
    <FormDialogFrame title="Add Note" description="A note of your own" unsaved={isDirty}>
      <form>
        <Input aria-label="Note" {...register('note')} />
        <button type="button" onClick={close}>
          Never mind
        </button>
      </form>
    </FormDialogFrame>
  );
}

function OwnButtonsDialog() {
  const [open, setOpen] = useState(true);
  return (
    <FormDialog
      open={open}
      onClose={() => {
        setOpen(false);
      }}
    >
      {open && <OwnButtonsForm />}
    </FormDialog>
  );
}

describe('a form dialog around a form with its own buttons', () => {
  it('carries title and description', () => {
    render(<OwnButtonsDialog />);
    expect(screen.getByRole('dialog', { name: 'Add Note' })).toHaveAccessibleDescription('A note of your own');
  });

  it("asks before the form's own Cancel closes it with unsaved changes, and closes at once without", async () => {
    render(<OwnButtonsDialog />);
    const dialog = screen.getByRole('dialog', { name: 'Add Note' });
    await userEvent.type(within(dialog).getByLabelText('Note'), 'typed');
    expect(hasUnsavedChanges()).toBe(true);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Never mind' }));
    expect(question()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByLabelText('Note')).toHaveValue('typed');

    await userEvent.clear(within(dialog).getByLabelText('Note'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Never mind' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
