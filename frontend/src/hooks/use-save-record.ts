import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toast } from '@/hooks/use-toast';
import { ApiError, conflictRecord, errorMessage, serverMessage, type Versioned, type VersionedUpdate } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form';

/**
 * `TValues` is what the form holds while it is filled (a draft), `TParsed` what its resolver
 * makes of it once it passes.
 */
export interface SaveRecordOptions<
  TValues extends FieldValues,
  TInput,
  TRecord extends Versioned,
  TParsed extends FieldValues = TValues,
  TSaved = unknown,
> {
  /** The record being edited; none when adding one. */
  record: TRecord | null;
  create: UseMutationResult<TSaved, Error, TInput>;
  update: UseMutationResult<TSaved, Error, VersionedUpdate<TInput>>;
  /** The form fields a 422's `errors` map may name. */
  fields: readonly Path<TValues>[];
  form: UseFormReturn<TValues, unknown, TParsed>;
  /** The form's values for a record: how a record changed meanwhile is taken into the form. */
  formValues: (record: TRecord) => TValues;
  /** Titles of the toast that says the record was saved. */
  saved: { created: string; updated: string };
  /**
   * Titles of the toast that reports a failed save with the server's reason (core-panel §8).
   * Without them there is no toast (site-content §8): the reason shows in the form unless
   * the server put it under the fields. With `title`, that is the toast's title and the
   * create/update sentences stand in for the server's reason when it gave none, or
   * `noAnswer` when no answer came at all.
   */
  failed?: { createFailed: string; updateFailed: string; title?: string; noAnswer?: string } | undefined;
  /** Told after Reload took the current record into the form, e.g. to follow a parent choice. */
  onReload?: (current: TRecord, values: TValues) => void;
  /** Told, after the success toast, what the create or update answered. */
  onDone: (saved: TSaved) => void;
}

/** The record was changed by someone else since the form read it (a 412 on save). */
export interface SaveConflict {
  /** Saves the form as it is over the other change: the next save sends the current version. */
  overwrite: () => void;
  /**
   * Takes the current record into the form: every field the other person changed shows
   * their value; fields only this person changed keep the edit.
   */
  reload: () => void;
}

export interface SaveRecord<TInput> {
  save: (input: TInput) => void;
  pending: boolean;
  /** The reason a save failed, for the form to show, when no field and no toast holds it. */
  failure: string | undefined;
  conflict: SaveConflict | undefined;
}

function same(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * Creates or updates a record through its mutations, then says how it went. An update sends
 * the version the record was read at; when someone else saved it meanwhile the save stops
 * with a conflict, which the person settles by overwriting or by reloading.
 */
export function useSaveRecord<
  TValues extends FieldValues,
  TInput,
  TRecord extends Versioned,
  TParsed extends FieldValues = TValues,
  TSaved = unknown,
>({
  record,
  create,
  update,
  fields,
  form,
  formValues,
  saved,
  failed,
  onReload,
  onDone,
}: SaveRecordOptions<TValues, TInput, TRecord, TParsed, TSaved>): SaveRecord<TInput> {
  const [failure, setFailure] = useState<string>();
  const [current, setCurrent] = useState<TRecord>();
  // The record as last taken into the form: its version goes with the next update.
  const base = useRef(record);

  const save = (input: TInput) => {
    setFailure(undefined);
    setCurrent(undefined);
    const onError = (failedTitle: string | undefined) => (error: Error) => {
      const changed = conflictRecord(error) as TRecord | undefined;
      if (changed !== undefined) {
        setCurrent(changed);
        return;
      }
      const onFields = showServerFieldErrors(error, fields, form.setError);
      if (failedTitle === undefined) {
        if (!onFields) setFailure(errorMessage(error));
      } else if (failed?.title === undefined) {
        toast({ title: failedTitle, description: serverMessage(error), variant: 'destructive' });
      } else {
        const reason = error instanceof ApiError ? failedTitle : (failed.noAnswer ?? failedTitle);
        toast({ title: failed.title, description: serverMessage(error) ?? reason, variant: 'destructive' });
      }
    };
    const onSuccess = (title: string) => (saved: TSaved) => {
      toast({ title });
      onDone(saved);
    };
    const edited = base.current;
    if (edited === null) {
      create.mutate(input, { onSuccess: onSuccess(saved.created), onError: onError(failed?.createFailed) });
    } else {
      update.mutate(
        { id: edited.id, version: edited.version, input },
        { onSuccess: onSuccess(saved.updated), onError: onError(failed?.updateFailed) },
      );
    }
  };

  const conflict: SaveConflict | undefined =
    current === undefined
      ? undefined
      : {
          overwrite: () => {
            if (base.current !== null) base.current = { ...base.current, version: current.version };
            setCurrent(undefined);
          },
          reload: () => {
            const read = base.current === null ? undefined : formValues(base.current);
            const theirs = formValues(current);
            const mine = form.getValues();
            form.reset(theirs);
            for (const name of Object.keys(theirs) as Path<TValues>[]) {
              const untouchedByThem = read !== undefined && same(read[name], theirs[name]);
              if (untouchedByThem && !same(mine[name], theirs[name])) {
                form.setValue(name, mine[name], { shouldDirty: true });
              }
            }
            base.current = current;
            setCurrent(undefined);
            onReload?.(current, form.getValues());
          },
        };

  return { save, pending: create.isPending || update.isPending, failure, conflict };
}
