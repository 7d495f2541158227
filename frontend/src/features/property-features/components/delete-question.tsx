import { useTranslation } from 'react-i18next';
import { useFeatureUsage } from '../api/get-feature-usage';

/**
 * The delete confirmation's words for a feature: the question, then how many listings
 * will lose the feature with it (site §3: assignments go with the feature).
 */
export function DeleteQuestion({ featureId }: { featureId: number }) {
  const { t } = useTranslation();
  const usage = useFeatureUsage(featureId);
  return (
    <>
      {t('features.confirmDelete')}{' '}
      <span aria-live="polite">
        {usage.isPending
          ? t('features.usage.counting')
          : usage.isError
            ? t('features.usage.unknown')
            : t('features.usage.usedBy', { count: usage.data.listings })}
      </span>
    </>
  );
}
