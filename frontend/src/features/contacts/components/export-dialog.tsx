import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import type { ExportPeriod } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { useTermLabel } from '@/lib/bilingual';
import { vocabulary } from '@/lib/rules';
import { contactRequestsQueryKey, getContactPage } from '../api/contact-requests';
import { localNow, periodInstants, useExportPeriod } from '../api/export';

/** How many requests a period holds, counted by the server. */
function usePeriodCount(period: ExportPeriod, startDate: string, endDate: string, enabled: boolean) {
  const instants = periodInstants({ period, startDate: startDate || null, endDate: endDate || null, now: localNow() });
  return useQuery({
    queryKey: [...contactRequestsQueryKey, 'period-count', period, startDate, endDate] as const,
    queryFn: async () => (await getContactPage({ page: 1, pageSize: 1, ...instants })).total,
    enabled: enabled && instants !== null,
  });
}

/** 'Export Excel' (core §2, §7): a period, or a custom range whose end day counts whole. */
export function ExportDialog({ open, total, onClose }: { open: boolean; total: number; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const label = useTermLabel();
  const id = useId();
  const [period, setPeriod] = useState<ExportPeriod>('all');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const custom = period === 'custom';
  const complete = !custom || (startDate !== '' && endDate !== '' && endDate >= startDate);
  const count = usePeriodCount(period, startDate, endDate, open && complete);
  const exporting = useExportPeriod();

  const onExport = () => {
    exporting.mutate(
      { period, startDate: custom ? startDate : undefined, endDate: custom ? endDate : undefined },
      {
        onSuccess: () => {
          toast({ title: t('toast.exported') });
          onClose();
        },
        onError: () => {
          toast({ title: t('toast.exportFailed'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <DialogContent closeLabel={t('close')} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('export.title')}</DialogTitle>
          <DialogDescription>{t('export.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-period`}>{t('export.period')}</Label>
            <Select
              id={`${id}-period`}
              value={period}
              onChange={(event) => {
                setPeriod(event.currentTarget.value as ExportPeriod);
              }}
            >
              {vocabulary('exportPeriods').map((term) => (
                <option key={term.value} value={term.value}>
                  {label('exportPeriods', term)}
                </option>
              ))}
            </Select>
          </div>
          {custom && (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-start`}>{t('export.startDate')}</Label>
                <Input
                  id={`${id}-start`}
                  type="date"
                  value={startDate}
                  max={endDate || undefined}
                  onChange={(event) => {
                    setStartDate(event.currentTarget.value);
                  }}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-end`}>{t('export.endDate')}</Label>
                <Input
                  id={`${id}-end`}
                  type="date"
                  value={endDate}
                  min={startDate || undefined}
                  onChange={(event) => {
                    setEndDate(event.currentTarget.value);
                  }}
                />
              </div>
            </div>
          )}
          <div className="grid gap-1 rounded-md bg-muted p-3 text-sm" role="status">
            <p>{t('export.available', { count: total })}</p>
            <p className="font-medium">
              {complete && count.data !== undefined ? t('export.willExport', { count: count.data }) : t('export.chooseRange')}
            </p>
          </div>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="button" disabled={!complete || exporting.isPending} onClick={onExport}>
            {exporting.isPending && <Spinner label={t('export.exporting')} className="size-4 text-current" />}
            {t('export.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
