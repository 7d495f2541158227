// The listing's quality while the form is filled (issue 39): the rules score what the form
// holds a moment after the typing pauses, in the interface language.
import { useEffect, useState } from 'react';
import { useFormPropertyTypes } from '../../api/form-catalogs';
import { usePropertyForm } from './fields';
import type { PropertyFormValues } from './form-values';
import { formQuality } from './property-rules';
import { QualityPanel } from './quality-panel';

/** How long the typing pauses before the score is worked out again. */
export const QUALITY_DELAY_MS = 300;

export interface FormQualityProps {
  /** The authority of the place the form has chosen: a permit counts there. */
  authority: string | null;
  className?: string;
}

export function FormQuality({ authority, className }: FormQualityProps) {
  const { watch, getValues } = usePropertyForm();
  const types = useFormPropertyTypes();
  // A copy of the values as they were when the typing paused: each copy is scored once.
  const [values, setValues] = useState<PropertyFormValues>(() => ({ ...getValues() }));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = watch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        setValues({ ...getValues() });
      }, QUALITY_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [watch, getValues]);

  const type = types.data?.find((candidate) => candidate.id === values.typeId);
  // Scored at each render (a fraction of a millisecond): the values only change when the
  // typing pauses, and the fixes are worded afresh when the interface language changes.
  const quality = formQuality(values, {
    typeNameEn: type?.nameEn ?? '',
    typeNameAr: type?.nameAr ?? '',
    advertisingAuthority: authority,
  });
  return <QualityPanel quality={quality} className={className} />;
}
