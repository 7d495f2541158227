import { useTranslation } from 'react-i18next';
import { NumberField } from './fields';

/** The monthly maintenance fee and the annual property tax. */
export function FinancialTab() {
  const { t } = useTranslation('propertyForm');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <NumberField name="maintenanceFee" reading="decimal" label={t('fields.maintenanceFee')} />
      <NumberField name="propertyTax" reading="decimal" label={t('fields.propertyTax')} />
    </div>
  );
}
