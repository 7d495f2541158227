// The listing's portal readiness while the form is filled (issue 41): the rules judge what
// the form holds a moment after the typing pauses, with what the form alone cannot know:
// whether each portal has words for the listing's type and place, and whether its agent has
// a phone. A reason that points to a field shows that field.
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useAgents } from '@/features/users';
import type { ReasonCode } from '@/generated/types';
import { usePortalMappings } from '../../api/get-portal-mappings';
import type { PropertyField } from './form-values';
import { mappedIn } from './portal-mapped';
import { formReadiness } from './property-rules';
import { ReadinessPanel } from './readiness-panel';
import { usePausedValues } from './use-paused-values';

/**
 * The field each reason points to. An unmapped type or place is mended on the Portals
 * screen, and an agent's phone in User Management: those reasons point to no field here.
 */
const REASON_FIELDS: Partial<Record<ReasonCode, PropertyField>> = {
  permit: 'permitNumber',
  coordinates: 'latitude',
  photos: 'images',
  rentPeriod: 'rentFrequency',
  titleEn: 'titleEn',
  titleAr: 'titleAr',
  descriptionEn: 'descriptionEn',
  descriptionAr: 'descriptionAr',
};

const SHOWABLE: ReadonlySet<ReasonCode> = new Set(Object.keys(REASON_FIELDS) as ReasonCode[]);

export interface FormReadinessProps {
  /** The authority of the place the form has chosen: a permit is needed there. */
  authority: string | null;
  /** Shows a field of the form (its tab, then the cursor in it). */
  onShowField: (field: PropertyField) => void;
  className?: string;
}

export function FormReadiness({ authority, onShowField, className }: FormReadinessProps) {
  const { t } = useTranslation('propertyForm');
  const values = usePausedValues();
  const propertyFinder = usePortalMappings('propertyFinder');
  const bayut = usePortalMappings('bayut');
  // The agents' directory, which the agent select has read already.
  const agents = useAgents();
  const onShow = (code: ReasonCode) => {
    const field = REASON_FIELDS[code];
    if (field !== undefined) onShowField(field);
  };

  const failed = propertyFinder.error ?? bayut.error;
  if (failed !== null) return <ReadinessPanel readiness={[]} fallback={<QueryError error={failed} />} className={className} />;
  if (propertyFinder.data === undefined || bayut.data === undefined) {
    return <ReadinessPanel readiness={[]} fallback={<Spinner label={t('readiness.checking')} />} className={className} />;
  }
  const agent = agents.data?.find((candidate) => candidate.id === values.agentId);
  // Judged at each render, as the quality is: the values only change when the typing pauses.
  const readiness = formReadiness(values, {
    advertisingAuthority: authority,
    mapped: { propertyFinder: mappedIn(propertyFinder.data, values), bayut: mappedIn(bayut.data, values) },
    agentPhone: (agent?.phone?.trim() ?? '') !== '',
  });
  return <ReadinessPanel readiness={readiness} showable={SHOWABLE} onShow={onShow} className={className} />;
}
