import { Plus, X } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { Draft } from '@/lib/form';
import { constants } from '@/lib/rules';
import type { TeamMemberInput } from '../api/team-members';

/**
 * A member's specializations, one input each: Add appends one, Enter in one adds the next
 * (rather than submitting the form), and each has its remove button. Blank entries are
 * dropped on save. The focus stays with the list: on the new input after adding, on a
 * neighbour (or Add) after removing.
 */
export function SpecializationsField({
  control,
}: {
  control: Control<Draft<TeamMemberInput>, unknown, TeamMemberInput>;
}) {
  const { t } = useTranslation('team');
  const { field } = useController({ control, name: 'specializations' });
  const list = field.value ?? [];
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the list has re-rendered: an input's index, or -1 for Add.
  const focusNext = useRef<number | null>(null);

  useEffect(() => {
    const next = focusNext.current;
    if (next === null) return;
    focusNext.current = null;
    (next < 0 ? addButton.current : inputs.current[next])?.focus();
  });

  const insertAfter = (index: number) => {
    focusNext.current = index + 1;
    field.onChange([...list.slice(0, index + 1), '', ...list.slice(index + 1)]);
  };
  const remove = (index: number) => {
    const rest = list.filter((_, position) => position !== index);
    focusNext.current = rest.length === 0 ? -1 : Math.min(index, rest.length - 1);
    field.onChange(rest);
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    insertAfter(index);
  };

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm leading-none font-medium">{t('specializationsLabel')}</legend>
      <p className="text-xs text-muted-foreground">
        {t('specializations.hint', { count: constants().teamSpecializationsShown })}
      </p>
      {list.length > 0 && (
        <ol className="grid gap-2 sm:grid-cols-2">
          {list.map((specialization, index) => {
            const number = index + 1;
            return (
              // Inputs are controlled, so a place in the list names its input well enough.
              <li key={index} className="flex items-center gap-1">
                <Input
                  ref={(element) => {
                    inputs.current[index] = element;
                  }}
                  aria-label={t('specializations.item', { number })}
                  placeholder={t('specializations.placeholder')}
                  value={specialization}
                  onChange={(event) => {
                    field.onChange(list.map((old, position) => (position === index ? event.target.value : old)));
                  }}
                  onBlur={field.onBlur}
                  onKeyDown={onKeyDown(index)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('specializations.remove', { number })}
                  title={t('specializations.remove', { number })}
                  onClick={() => {
                    remove(index);
                  }}
                >
                  <X aria-hidden />
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      <Button
        ref={addButton}
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => {
          insertAfter(list.length - 1);
        }}
      >
        <Plus aria-hidden />
        {t('specializations.add')}
      </Button>
    </fieldset>
  );
}
