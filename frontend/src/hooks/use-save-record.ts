import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@/hooks/use-toast';
import { errorMessage, serverMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form';

export interface SaveRecordOptions<TValues extends FieldValues, TInput> {
  /** The record being edited; none when adding one. */
  record: { id: number } | null;
  create: UseMutationResult<unknown, Error, TInput>;
  update: UseMutationResult<unknown, Error, { id: number; input: TInput }>;
  /** The form fields a 422's `errors` map may name. */
  fields: readonly Path<TValues>[];
  setError: UseFormSetError<TValues>;
  /** Titles of the toast that says the record was saved. */
  saved: { created: string; updated: string };
  /**
   * Titles of the toast that reports a failed save with the server's reason (core-panel §8).
   * Without them there is no toast (site-content §8): the reason shows in the form unless
   * the server put it under the fields.
   */
  failed?: { createFailed: string; updateFailed: string } | undefined;
  onDone: () => void;
}

export interface SaveRecord<TInput> {
  save: (input: TInput) => void;
  pending: boolean;
  /** The reason a save failed, for the form to show, when no field and no toast holds it. */
  failure: string | undefined;
}

/** Creates or updates a record through its mutations, then says how it went. */
export function useSaveRecord<TValues extends FieldValues, TInput>({
  record,
  create,
  update,
  fields,
  setError,
  saved,
  failed,
  onDone,
}: SaveRecordOptions<TValues, TInput>): SaveRecord<TInput> {
  const [failure, setFailure] = useState<string>();

  const save = (input: TInput) => {
    setFailure(undefined);
    const onError = (toastTitle: string | undefined) => (error: Error) => {
      const onFields = showServerFieldErrors(error, fields, setError);
      if (toastTitle !== undefined) {
        toast({ title: toastTitle, description: serverMessage(error), variant: 'destructive' });
      } else if (!onFields) {
        setFailure(errorMessage(error));
      }
    };
    const onSuccess = (title: string) => () => {
      toast({ title });
      onDone();
    };
    if (record === null) {
      create.mutate(input, { onSuccess: onSuccess(saved.created), onError: onError(failed?.createFailed) });
    } else {
      update.mutate(
        { id: record.id, input },
        { onSuccess: onSuccess(saved.updated), onError: onError(failed?.updateFailed) },
      );
    }
  };

  return { save, pending: create.isPending || update.isPending, failure };
}
