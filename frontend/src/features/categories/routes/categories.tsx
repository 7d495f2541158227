import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  NAME_KEYS,
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
  TableSearch,
  useClientRows,
} from '@/components/ui/table';
import { useDeleteToasts } from '@/hooks/delete-toasts';
import { bilingualOrder, englishText, pickText, useArabicFirst } from '@/lib/bilingual';
import { arabicText } from '@/lib/form';
import { scaledImage } from '@/lib/media';
import { truncate } from '@/lib/rules';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories, type Category } from '../api/get-categories';
import { CategoryDialog, type CategoryDialogState } from '../components/category-dialog';

/** Categories (core-panel §2): a searchable table of every category, edited in a dialog. */
export default function CategoriesRoute() {
  const { t } = useTranslation();
  const arabicFirst = useArabicFirst();
  const categories = useCategories();
  const remove = useDeleteCategory();
  const deleteToasts = useDeleteToasts();
  const [dialog, setDialog] = useState<CategoryDialogState>(null);
  const rows = categories.data ?? [];

  const table = useClientRows(rows, NAME_KEYS);

  const onDelete = (category: Category) => {
    remove.mutate(
      category,
      deleteToasts(t('categories.toast.deleted'), t('categories.toast.deleteFailed'), t('categories.toast.deleteFailed')),
    );
  };

  // The specification asks with the browser's confirm here, in its own words.
  const askDelete = (category: Category) => {
    if (window.confirm(t('categories.confirmDelete'))) onDelete(category);
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
            <div className="grid gap-4">
              <TableSearch label={t('categories.search')} value={table.query} onChange={table.search} />
              <Table aria-label={t('categories.title')} aria-busy={categories.isPending || undefined}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('fields.image')}</TableHead>
                    {bilingualOrder(
                      arabicFirst,
                      <TableHead key="nameEn">{t('fields.nameEn')}</TableHead>,
                      <TableHead key="nameAr">{t('fields.nameAr')}</TableHead>,
                    )}
                    {bilingualOrder(
                      arabicFirst,
                      <TableHead key="descriptionEn" className="max-w-xs">
                        {t('fields.descriptionEn')}
                      </TableHead>,
                      <TableHead key="descriptionAr" className="max-w-xs">
                        {t('fields.descriptionAr')}
                      </TableHead>,
                    )}
                    <RowActionsHead />
                  </TableRow>
                </TableHeader>
                <TableBody>
                  <TableRows rows={table.rows} columnCount={6} isLoading={categories.isPending}>
                    {(category) => (
                      <>
                        <TableCell>
                          {category.imageUrl === null || category.imageUrl === undefined ? (
                            <span className="flex size-12 items-center justify-center rounded-md bg-muted text-center text-[10px] text-muted-foreground">
                              {t('common.noImage')}
                            </span>
                          ) : (
                            <img
                              src={scaledImage(category.imageUrl, 160)}
                              alt={pickText(arabicFirst, category.nameEn, category.nameAr)}
                              className="size-12 rounded-md object-cover"
                            />
                          )}
                        </TableCell>
                        {bilingualOrder(
                          arabicFirst,
                          <TableCell key="nameEn">
                            <span className={arabicFirst ? undefined : 'font-medium'} {...englishText}>
                              {category.nameEn}
                            </span>
                          </TableCell>,
                          <TableCell key="nameAr">
                            <span className={arabicFirst ? 'font-medium' : undefined} {...arabicText}>
                              {category.nameAr}
                            </span>
                          </TableCell>,
                        )}
                        {bilingualOrder(
                          arabicFirst,
                          <TableCell key="descriptionEn" className="max-w-xs text-muted-foreground">
                            <span {...englishText}>{truncate(category.descriptionEn ?? '')}</span>
                          </TableCell>,
                          <TableCell key="descriptionAr" className="max-w-xs text-muted-foreground">
                            <span {...arabicText}>{truncate(category.descriptionAr ?? '')}</span>
                          </TableCell>,
                        )}
                        <RowActions
                          onEdit={() => {
                            setDialog({ category });
                          }}
                          onDelete={() => {
                            askDelete(category);
                          }}
                        />
                      </>
                    )}
                  </TableRows>
                </TableBody>
              </Table>
              <TablePagination {...table.pages} />
            </div>
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
