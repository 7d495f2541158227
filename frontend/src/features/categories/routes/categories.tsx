import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, NAME_KEYS, type DataTableColumn } from '@/components/ui/data-table';
import { deleteToasts } from '@/hooks/delete-toasts';
import { arabicText } from '@/lib/form';
import { scaledImage } from '@/lib/media';
import { truncate } from '@/lib/rules';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories, type Category } from '../api/get-categories';
import { CategoryDialog, type CategoryDialogState } from '../components/category-dialog';

/** Categories (core-panel §2): a searchable table of every category, edited in a dialog. */
export default function CategoriesRoute() {
  const { t } = useTranslation();
  const categories = useCategories();
  const remove = useDeleteCategory();
  const [dialog, setDialog] = useState<CategoryDialogState>(null);
  const rows = categories.data ?? [];

  const columns: DataTableColumn<Category>[] = [
    {
      id: 'image',
      header: t('fields.image'),
      cell: (category) =>
        category.imageUrl === null || category.imageUrl === undefined ? (
          <span className="flex size-12 items-center justify-center rounded-md bg-muted text-center text-[10px] text-muted-foreground">
            {t('common.noImage')}
          </span>
        ) : (
          <img
            src={scaledImage(category.imageUrl, 160)}
            alt={category.nameEn}
            className="size-12 rounded-md object-cover"
          />
        ),
    },
    { id: 'nameEn', header: t('fields.nameEn'), cell: (category) => <span className="font-medium">{category.nameEn}</span> },
    { id: 'nameAr', header: t('fields.nameAr'), cell: (category) => <span {...arabicText}>{category.nameAr}</span> },
    {
      id: 'descriptionEn',
      header: t('fields.descriptionEn'),
      cell: (category) => truncate(category.descriptionEn ?? ''),
      className: 'max-w-xs text-muted-foreground',
    },
    {
      id: 'descriptionAr',
      header: t('fields.descriptionAr'),
      cell: (category) => <span {...arabicText}>{truncate(category.descriptionAr ?? '')}</span>,
      className: 'max-w-xs text-muted-foreground',
    },
  ];

  const onDelete = (category: Category) => {
    remove.mutate(
      category,
      deleteToasts(t('categories.toast.deleted'), t('categories.toast.deleteFailed'), t('categories.toast.deleteFailed')),
    );
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <PageHeader
        title={t('categories.title')}
        subtitle={t('categories.subtitle')}
        actions={
          <AddButton
            label={t('categories.add')}
            onClick={() => {
              setDialog({ category: null });
            }}
          />
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>{t('categories.heading', { count: rows.length })}</CardTitle>
        </CardHeader>
        <CardContent>
          {categories.isError ? (
            <QueryError error={categories.error} />
          ) : (
            <DataTable
              label={t('categories.title')}
              data={rows}
              columns={columns}
              isLoading={categories.isPending}
              searchKeys={NAME_KEYS}
              searchPlaceholder={t('categories.search')}
              onEdit={(category) => {
                setDialog({ category });
              }}
              onDelete={onDelete}
              browserConfirm={t('categories.confirmDelete')}
            />
          )}
        </CardContent>
      </Card>
      <CategoryDialog
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}
