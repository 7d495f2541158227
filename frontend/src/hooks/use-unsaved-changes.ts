import { useEffect, useState } from 'react';
import { setUnsaved } from '@/lib/unsaved-changes';

/**
 * Declares that this form holds unsaved changes while `isUnsaved`, until it unmounts: the
 * tab then asks before closing and the app before leaving the screen.
 */
export function useUnsavedChanges(isUnsaved: boolean): void {
  const [owner] = useState(() => Symbol('form'));
  useEffect(() => {
    setUnsaved(owner, isUnsaved);
    return () => {
      setUnsaved(owner, false);
    };
  }, [owner, isUnsaved]);
}
