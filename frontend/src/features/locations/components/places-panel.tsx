import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { Ltr } from '@/components/ltr';
import { QueryError } from '@/components/query-error';
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
  TableSearch,
  type TextKey,
  useClientRows,
  useDeleteConfirmation,
} from '@/components/ui/table';
import { useDeleteToasts, type DeleteToasts } from '@/hooks/delete-toasts';
import type { Versioned } from '@/lib/api-client';
import { englishText, pickText, useArabicFirst } from '@/lib/bilingual';
import { arabicText } from '@/lib/form';

interface Place extends Versioned {
  nameEn: string;
  nameAr: string;
}

export interface PlacesPanelProps<TPlace extends Place> {
  /** Which tab: it names the texts under `locations.<kind>`. */
  kind: 'countries' | 'cities' | 'regions';
  places: { data: readonly TPlace[] | undefined; isPending: boolean; isError: boolean; error: unknown };
  /** The two names, given where the place's type is known so that they typecheck as its text keys. */
  searchKeys: readonly TextKey<TPlace>[];
  remove: { mutate: (place: TPlace, answer: DeleteToasts) => void };
  /** The headers after the name, and each row's cells under them. */
  columns: readonly string[];
  cells: (place: TPlace) => ReactNode;
  onAdd: () => void;
  onEdit: (place: TPlace) => void;
  /** The add and edit dialog, whose state the tab keeps. */
  dialog: ReactNode;
}

/**
 * How a table names a place it refers to (a city's country): 'English / Arabic' in an English
 * interface, the Arabic name in an Arabic one.
 */
export function usePlaceName() {
  const { t } = useTranslation();
  const arabicFirst = useArabicFirst();
  return (english: string, arabic: string) =>
    arabicFirst ? pickText(true, english, arabic) : t('common.bilingual', { en: english, ar: arabic });
}

/**
 * Who regulates advertising in a place (issue 39), as stored: 'DLD', 'ADREC', 'REGA' or
 * another name, a dash for none (a place above it may still name one).
 */
export function AuthorityCell({ authority }: { authority: string | null | undefined }) {
  const { t } = useTranslation();
  const name = authority?.trim() ?? '';
  return (
    <TableCell>
      {name === '' ? (
        <span className="text-muted-foreground">
          <span aria-hidden>—</span>
          <span className="sr-only">{t('authority.none')}</span>
        </span>
      ) : (
        <Ltr>{name}</Ltr>
      )}
    </TableCell>
  );
}

/** A Locations tab: add, search, the places' 'English / Arabic' names with their other columns, edit and delete. */
export function PlacesPanel<TPlace extends Place>({
  kind,
  places,
  searchKeys,
  remove,
  columns,
  cells,
  onAdd,
  onEdit,
  dialog,
}: PlacesPanelProps<TPlace>) {
  const { t } = useTranslation();
  const arabicFirst = useArabicFirst();
  const table = useClientRows(places.data ?? [], searchKeys);
  const deleteToasts = useDeleteToasts();
  const confirm = useDeleteConfirmation((place: TPlace) => {
    remove.mutate(
      place,
      deleteToasts(
        t(`locations.${kind}.toast.deleted`),
        t(`locations.${kind}.toast.deleteFailed`),
        t(`locations.${kind}.toast.deleteFailed`),
      ),
    );
  });

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <AddButton label={t(`locations.${kind}.add`)} onClick={onAdd} />
      </div>
      {places.isError ? (
        <QueryError error={places.error} />
      ) : (
        <div className="grid gap-4">
          <TableSearch label={t('locations.search')} value={table.query} onChange={table.search} />
          <Table aria-label={t(`locations.${kind}.tab`)} aria-busy={places.isPending || undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('fields.name')}</TableHead>
                {columns.map((column) => (
                  <TableHead key={column}>{column}</TableHead>
                ))}
                <RowActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableRows rows={table.rows} columnCount={columns.length + 2} isLoading={places.isPending}>
                {(place) => (
                  <>
                    <TableCell className="font-medium">
                      {arabicFirst ? (
                        <>
                          <span {...arabicText}>{place.nameAr}</span>
                          {' / '}
                          <span {...englishText}>{place.nameEn}</span>
                        </>
                      ) : (
                        t('common.bilingual', { en: place.nameEn, ar: place.nameAr })
                      )}
                    </TableCell>
                    {cells(place)}
                    <RowActions
                      onEdit={() => {
                        onEdit(place);
                      }}
                      onDelete={() => {
                        confirm.ask(place);
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
      {confirm.dialog}
      {dialog}
    </div>
  );
}
