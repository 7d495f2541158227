import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { useDiscardGuard } from '@/components/discard-changes';
import { Badge } from '@/components/ui/badge';
import {
  RowActions,
  RowActionsHead,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TablePagination,
  TableRow,
  TableRows,
  useClientRows,
  useDeleteConfirmation,
} from '@/components/ui/table';
import type { FeatureCategory } from '@/generated/types';
import { useDeleteToasts } from '@/hooks/delete-toasts';
import { bilingualOrder, englishText, latinValue, useArabicFirst } from '@/lib/bilingual';
import { arabicText } from '@/lib/form';
import { useDeletePropertyFeature } from '../api/delete-property-feature';
import type { PropertyFeature } from '../api/get-property-features';
import { DeleteQuestion } from './delete-question';
import { FeatureCard, type FeatureCardState } from './feature-card';

export interface FeatureGroupProps {
  category: FeatureCategory;
  /** This group's features, in display order. */
  features: readonly PropertyFeature[];
  isLoading: boolean;
}

/** One tab of Features Management: Add Feature, the inline card, and the group's table. */
export function FeatureGroup({ category, features, isLoading }: FeatureGroupProps) {
  const { t } = useTranslation();
  const arabicFirst = useArabicFirst();
  const remove = useDeletePropertyFeature();
  const deleteToasts = useDeleteToasts();
  const [card, setCard] = useState<FeatureCardState>(null);
  // Opening another record in the card replaces what it holds: ask first if that is unsaved.
  const discard = useDiscardGuard();

  const table = useClientRows(features);
  const confirm = useDeleteConfirmation(
    (feature: PropertyFeature) => {
      remove.mutate(feature, deleteToasts(t('features.toast.deleted'), t('features.toast.deleteFailed')));
    },
    (feature) => ({
      title: t('dataTable.confirmDeleteTitle'),
      description: <DeleteQuestion featureId={feature.id} />,
    }),
  );

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <AddButton
          label={t('features.add')}
          onClick={() => {
            discard.guard(() => {
              setCard({ feature: null });
            });
          }}
        />
      </div>
      {card !== null && (
        <FeatureCard
          key={card.feature?.id ?? 'new'}
          feature={card.feature}
          category={category}
          onDone={() => {
            setCard(null);
          }}
        />
      )}
      <div className="grid gap-4">
        <Table aria-label={t(`features.tabs.${category}`)} aria-busy={isLoading || undefined}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('fields.icon')}</TableHead>
              {bilingualOrder(
                arabicFirst,
                <TableHead key="nameEn">{t('fields.nameEn')}</TableHead>,
                <TableHead key="nameAr">{t('fields.nameAr')}</TableHead>,
              )}
              <TableHead>{t('fields.displayOrder')}</TableHead>
              <TableHead>{t('fields.status')}</TableHead>
              <RowActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableRows rows={table.rows} columnCount={6} isLoading={isLoading} emptyText={t('features.empty')}>
              {(feature) => (
                <>
                  <TableCell>
                    <code className="text-xs" {...latinValue}>
                      {feature.icon}
                    </code>
                  </TableCell>
                  {bilingualOrder(
                    arabicFirst,
                    <TableCell key="nameEn">
                      <span className={arabicFirst ? undefined : 'font-medium'} {...englishText}>
                        {feature.nameEn}
                      </span>
                    </TableCell>,
                    <TableCell key="nameAr">
                      <span className={arabicFirst ? 'font-medium' : undefined} {...arabicText}>
                        {feature.nameAr}
                      </span>
                    </TableCell>,
                  )}
                  <TableCell>{feature.displayOrder}</TableCell>
                  <TableCell>
                    {feature.isActive ? (
                      <Badge variant="success">{t('common.active')}</Badge>
                    ) : (
                      <Badge variant="secondary">{t('common.inactive')}</Badge>
                    )}
                  </TableCell>
                  <RowActions
                    onEdit={() => {
                      discard.guard(() => {
                        setCard({ feature });
                      });
                    }}
                    onDelete={() => {
                      confirm.ask(feature);
                    }}
                  />
                </>
              )}
            </TableRows>
          </TableBody>
        </Table>
        <TablePagination {...table.pages} />
      </div>
      {confirm.dialog}
      {discard.dialog}
    </div>
  );
}
