// Basic Info's sale-or-rent fields (issue 39): the offering, the rent period a rental's price
// is for, and the status, offered among those that fit the offering.
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form';
import { useArabicFirst, useTermLabel } from '@/lib/bilingual';
import { vocabulary } from '@/lib/rules';
import { usePropertyForm } from './fields';
import { isOfferingType, isRentFrequency, lifecycleLabel, lifecycleTerms, statusChoices } from './offering';

function readRentFrequency(value: string): string | null {
  return value === '' ? null : value;
}

/** Sale or rent, and for a rental the period its price is for. */
export function OfferingSelects() {
  const { t } = useTranslation('propertyForm');
  const arabicFirst = useArabicFirst();
  const { control, trigger } = usePropertyForm();
  const offering = useWatch({ control, name: 'offeringType' });
  const options = (name: 'offeringTypes' | 'rentFrequencies') =>
    lifecycleTerms(name).map((term) => ({ value: term.value, label: lifecycleLabel(arabicFirst, name, term) }));
  return (
    <>
      <SelectField
        control={control}
        name="offeringType"
        label={t('fields.offeringType')}
        options={options('offeringTypes')}
        onChosen={() => {
          // The status is kept as it was: when it no longer fits (a sold listing put up
          // for rent), the rules' message says so under it until the person chooses.
          void trigger('status');
        }}
      />
      {offering === 'rent' && (
        <SelectField
          control={control}
          name="rentFrequency"
          label={t('fields.rentFrequency')}
          empty={t('select.rentFrequency')}
          options={options('rentFrequencies')}
          read={readRentFrequency}
        />
      )}
    </>
  );
}

/** The price's label: for a rental, the period it is paid for ('Price per month'). */
export function usePriceLabel(): string {
  const { t } = useTranslation('propertyForm');
  const { control } = usePropertyForm();
  const [offering, period] = useWatch({ control, name: ['offeringType', 'rentFrequency'] });
  if (offering === 'rent' && isRentFrequency(period)) return t(`fields.pricePer.${period}`);
  return t('fields.price');
}

/** The status, among those the rules allow for the offering (and the one held, if it does not fit). */
export function StatusSelect() {
  const { t } = useTranslation('propertyForm');
  const termLabel = useTermLabel();
  const { control } = usePropertyForm();
  const [offering, status] = useWatch({ control, name: ['offeringType', 'status'] });
  const choices = statusChoices(isOfferingType(offering) ? offering : 'sale', status);
  const options = vocabulary('propertyStatuses')
    .filter((term) => choices.includes(term.value))
    .map((term) => ({ value: term.value, label: termLabel('propertyStatuses', term) }));
  return <SelectField control={control} name="status" label={t('fields.status')} options={options} />;
}
