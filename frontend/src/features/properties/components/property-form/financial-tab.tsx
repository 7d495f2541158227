import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/query-error';
import { Spinner } from '@/components/ui/spinner';
import { usePriceHistory } from '../../api/get-price-history';
import { NumberField, Section } from './fields';
import { PriceHistoryChart } from './price-history-chart';

/** The prices a stored listing has asked, oldest first (issue 39). */
function PriceHistory({ propertyId }: { propertyId: number }) {
  const { t } = useTranslation('propertyForm');
  const history = usePriceHistory(propertyId);
  return (
    <Section title={t('priceHistory.title')}>
      {history.isError ? (
        <QueryError error={history.error} />
      ) : history.data === undefined ? (
        <Spinner label={t('priceHistory.loading')} />
      ) : (
        <PriceHistoryChart points={history.data.map((point) => ({ ...point, rentFrequency: point.rentFrequency ?? null }))} />
      )}
    </Section>
  );
}

export interface FinancialTabProps {
  /** The stored listing's id: its price history is shown. None for a new listing. */
  propertyId?: number | undefined;
}

/** The monthly maintenance fee and the annual property tax; a stored listing's price history. */
export function FinancialTab({ propertyId }: FinancialTabProps) {
  const { t } = useTranslation('propertyForm');
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField name="maintenanceFee" reading="decimal" label={t('fields.maintenanceFee')} />
        <NumberField name="propertyTax" reading="decimal" label={t('fields.propertyTax')} />
      </div>
      {propertyId !== undefined && <PriceHistory propertyId={propertyId} />}
    </div>
  );
}
