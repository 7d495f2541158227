// The form's values as they were when the typing last paused, for the panels beside the form
// that judge the whole listing (its quality, its portal readiness): each copy is judged once,
// not at every keystroke.
import { useEffect, useState } from 'react';
import { usePropertyForm } from './fields';
import type { PropertyFormValues } from './form-values';

/** How long the typing pauses before the listing is judged again. */
export const TYPING_PAUSE_MS = 300;

export function usePausedValues(): PropertyFormValues {
  const { watch, getValues } = usePropertyForm();
  const [values, setValues] = useState<PropertyFormValues>(() => ({ ...getValues() }));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = watch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        setValues({ ...getValues() });
      }, TYPING_PAUSE_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [watch, getValues]);
  return values;
}
