import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/api-client';

/**
 * The answer to a delete (site-content §8): the success toast, or a destructive toast whose
 * title is 'Failed to delete {thing}' and whose description is the server's reason (a 409
 * names what still refers to the record), with the title as the fallback.
 */
export function deleteToasts(deleted: string, failed: string) {
  return {
    onSuccess: () => {
      toast({ title: deleted });
    },
    onError: (error: unknown) => {
      toast({ title: failed, description: serverMessage(error) ?? failed, variant: 'destructive' });
    },
  };
}
