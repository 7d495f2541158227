import { useSearchParams } from 'react-router-dom';
import type { ContactRequest } from '@/generated/types';
import { useContactRequest } from '../../api/leads';

/**
 * The request the inbox's address names (`?request=`, as a notification and its e-mail link
 * to it), read afresh for the details dialog; `forget` takes it out of the address when the
 * dialog closes.
 */
export function useLinkedRequest(): { request: ContactRequest | undefined; forget: () => void } {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('request'));
  const linked = Number.isSafeInteger(id) && id > 0 ? id : 0;
  const query = useContactRequest(linked, linked > 0);
  return {
    request: linked > 0 ? query.data : undefined,
    forget: () => {
      if (!params.has('request')) return;
      setParams(
        (current) => {
          current.delete('request');
          return current;
        },
        { replace: true },
      );
    },
  };
}
