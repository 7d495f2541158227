// The Features tab (core-panel §2): the amenity flags of the property and the selectable
// features of the catalog, shown together in three groups: General Features, Basic
// Amenities and Luxury Features. A feature is offered while it is active, or while this
// property has it selected, so saving never drops a selection silently.
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBilingual } from '@/lib/bilingual';
import { QueryError } from '@/components/query-error';
import { Checkbox } from '@/components/ui/checkbox';
import type { FeatureCategory, PropertyFeature } from '@/generated/types';
import { useFormPropertyFeatures } from '../../api/form-catalogs';
import { CheckboxField, Section, usePropertyForm } from './fields';
import { AMENITY_GROUPS } from './form-values';

const GROUPS: readonly FeatureCategory[] = ['general', 'amenities', 'luxury'];

/** A catalog feature, named in the interface language (core §1, §3). */
function FeatureCheckbox({ feature, checked, onToggle }: { feature: PropertyFeature; checked: boolean; onToggle: () => void }) {
  const id = useId();
  const { pick } = useBilingual();
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
      <Checkbox id={id} checked={checked} onCheckedChange={onToggle} />
      {pick(feature.nameEn, feature.nameAr)}
    </label>
  );
}

export function FeaturesTab() {
  const { t } = useTranslation('propertyForm');
  const { control } = usePropertyForm();
  const { field } = useController({ control, name: 'featureIds' });
  const selected = new Set(field.value);
  const features = useFormPropertyFeatures();
  const offered = (features.data ?? []).filter((feature) => feature.isActive || selected.has(feature.id));

  const toggle = (id: number) => {
    field.onChange(selected.has(id) ? field.value.filter((chosen) => chosen !== id) : [...field.value, id]);
  };

  return (
    <div className="grid gap-6">
      {features.isError && <QueryError error={features.error} />}
      {GROUPS.map((group) => {
        const listed = offered.filter((feature) => feature.category === group);
        return (
          <Section key={group} title={t(`groups.${group}`)}>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {AMENITY_GROUPS[group].map((amenity) => (
                <CheckboxField key={amenity} name={amenity} label={t(`amenities.${amenity}`)} />
              ))}
              {listed.map((feature) => (
                <FeatureCheckbox
                  key={feature.id}
                  feature={feature}
                  checked={selected.has(feature.id)}
                  onToggle={() => {
                    toggle(feature.id);
                  }}
                />
              ))}
            </div>
          </Section>
        );
      })}
    </div>
  );
}
