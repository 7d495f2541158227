import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { useDiscardGuard } from '@/components/discard-changes';
import { Badge } from '@/components/ui/badge';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import type { FeatureCategory } from '@/generated/types';
import { deleteToasts } from '@/hooks/delete-toasts';
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
  const remove = useDeletePropertyFeature();
  const [card, setCard] = useState<FeatureCardState>(null);
  // Opening another record in the card replaces what it holds: ask first if that is unsaved.
  const discard = useDiscardGuard();

  const columns: DataTableColumn<PropertyFeature>[] = [
    {
      id: 'icon',
      header: t('fields.icon'),
      cell: (feature) => <code className="text-xs">{feature.icon}</code>,
    },
    { id: 'nameEn', header: t('fields.nameEn'), cell: (feature) => <span className="font-medium">{feature.nameEn}</span> },
    { id: 'nameAr', header: t('fields.nameAr'), cell: (feature) => <span {...arabicText}>{feature.nameAr}</span> },
    { id: 'displayOrder', header: t('fields.displayOrder'), cell: (feature) => feature.displayOrder },
    {
      id: 'status',
      header: t('fields.status'),
      cell: (feature) =>
        feature.isActive ? (
          <Badge variant="success">{t('common.active')}</Badge>
        ) : (
          <Badge variant="secondary">{t('common.inactive')}</Badge>
        ),
    },
  ];

  const onDelete = (feature: PropertyFeature) => {
    remove.mutate(feature, deleteToasts(t('features.toast.deleted'), t('features.toast.deleteFailed')));
  };

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
      <DataTable
        label={t(`features.tabs.${category}`)}
        data={features}
        columns={columns}
        isLoading={isLoading}
        emptyText={t('features.empty')}
        onEdit={(feature) => {
          discard.guard(() => {
            setCard({ feature });
          });
        }}
        onDelete={onDelete}
        confirmDelete={(feature) => ({
          title: t('dataTable.confirmDeleteTitle'),
          description: <DeleteQuestion featureId={feature.id} />,
        })}
      />
      {discard.dialog}
    </div>
  );
}
