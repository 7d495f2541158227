// The listing's quality while the form is filled (issue 39): the rules score what the form
// holds a moment after the typing pauses, in the interface language.
import { useFormPropertyTypes } from '../../api/form-catalogs';
import { formQuality } from './property-rules';
import { QualityPanel } from './quality-panel';
import { usePausedValues } from './use-paused-values';

export interface FormQualityProps {
  /** The authority of the place the form has chosen: a permit counts there. */
  authority: string | null;
  className?: string;
}

export function FormQuality({ authority, className }: FormQualityProps) {
  const values = usePausedValues();
  const types = useFormPropertyTypes();
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
