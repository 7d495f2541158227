import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useDownloadTemplate } from '../api/downloads';

/** 'Download template': the export of no listing, its header row only. */
export function TemplateButton() {
  const { t } = useTranslation('imports');
  const template = useDownloadTemplate();
  return (
    <span className="inline-grid gap-1">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={template.isPending}
        onClick={() => {
          template.mutate();
        }}
      >
        <Download aria-hidden />
        {t('check.template')}
      </Button>
      {template.isError && (
        <span role="alert" className="text-xs text-destructive">
          {t('check.downloadFailed')}: {errorMessage(template.error)}
        </span>
      )}
    </span>
  );
}
