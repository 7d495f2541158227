import { errorMessage } from '@/lib/api-client';

/** Why a list could not be loaded, in place of the list. */
export function QueryError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-sm text-destructive">
      {errorMessage(error)}
    </p>
  );
}
