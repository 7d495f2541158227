// Site-content §2 and §5: a member's Arabic name, position and description are "filled by
// copying English". Each Arabic field starts as a copy and follows its English field while
// the person types there; once they type in the Arabic field itself, it keeps their
// translation. A field follows only while it holds the same text as its English one: a new
// member's (both empty) or one never translated; an existing translation is never overwritten.
import { useRef, type ChangeEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Draft } from '@/lib/form';
import type { TeamMemberInput } from '../api/team-members';

const ARABIC_OF = { nameEn: 'nameAr', positionEn: 'positionAr', descriptionEn: 'descriptionAr' } as const;

export type EnglishField = keyof typeof ARABIC_OF;
export type ArabicField = (typeof ARABIC_OF)[EnglishField];

type TeamForm = UseFormReturn<Draft<TeamMemberInput>, unknown, TeamMemberInput>;
type TextChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement>;

function followingOf(opened: Draft<TeamMemberInput>): Record<ArabicField, boolean> {
  const same = (english: EnglishField) => (opened[english] ?? '') === (opened[ARABIC_OF[english]] ?? '');
  return { nameAr: same('nameEn'), positionAr: same('positionEn'), descriptionAr: same('descriptionEn') };
}

/**
 * `register` for the three bilingual pairs: `english(name)` copies what is typed into its
 * Arabic field while that one follows, `arabic(name)` stops it following.
 */
export function useArabicCopy(form: TeamForm, opened: Draft<TeamMemberInput>) {
  const { register, setValue, formState } = form;
  const following = useRef(followingOf(opened));

  return {
    english: (name: EnglishField) => {
      const field = register(name);
      const arabic = ARABIC_OF[name];
      return {
        ...field,
        onChange: (event: TextChange) => {
          if (following.current[arabic]) {
            setValue(arabic, event.target.value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
          }
          return field.onChange(event);
        },
      };
    },
    arabic: (name: ArabicField) => {
      const field = register(name);
      return {
        ...field,
        onChange: (event: TextChange) => {
          following.current[name] = false;
          return field.onChange(event);
        },
      };
    },
  };
}
