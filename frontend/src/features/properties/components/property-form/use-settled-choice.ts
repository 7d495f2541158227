import { useEffect } from 'react';
import { usePropertyForm, type ChoiceName } from './fields';

/**
 * A select's starting id that its list, once read, does not hold (the rules' default place
 * or category 1 on an empty catalog) becomes "nothing chosen", so the select never shows
 * its placeholder while the form holds an id. A choice the person made is left alone.
 */
export function useSettledChoice(name: ChoiceName, choices: readonly { id: number }[] | undefined): void {
  const { getValues, getFieldState, resetField } = usePropertyForm();
  useEffect(() => {
    if (choices === undefined) return;
    const id = getValues(name);
    if (id == null || getFieldState(name).isDirty) return;
    if (!choices.some((choice) => choice.id === id)) resetField(name, { defaultValue: null });
  }, [name, choices, getValues, getFieldState, resetField]);
}
