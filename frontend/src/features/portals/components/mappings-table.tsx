import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { RowActionsHead, Table, TableBody, TableHead, TableHeader, TableRow, TableRows } from '@/components/ui/table';
import { bilingualOrder, useArabicFirst } from '@/lib/bilingual';
import { useMappings } from '../api/mappings';
import type { MappingPortal, PortalMappingRow } from '@/generated/types';
import { MappingRow } from './mapping-row';
import { useMappingDrafts } from './use-mapping-drafts';

const COLUMN_COUNT = 6;

/** A table row's key: the record it maps, stable however the list is sorted. */
function rowId(row: PortalMappingRow) {
  return { ...row, id: `${row.kind}:${String(row.recordId)}` };
}

/**
 * The portal's word for each category, property type and place, in the server's order
 * (unmapped first). Typing is kept per record until it is saved, through saves of other rows
 * and fresh reads of the list.
 */
export function MappingsTable({ portal }: { portal: MappingPortal }) {
  const { t } = useTranslation('portals');
  const arabicFirst = useArabicFirst();
  const mappings = useMappings(portal);
  const drafts = useMappingDrafts();
  const [unmappedOnly, setUnmappedOnly] = useState(false);
  const filterId = useId();
  const rows = mappings.data ?? [];
  const unmapped = rows.filter((row) => row.value == null).length;
  // A row being edited stays in view even once it is mapped elsewhere, until it is saved.
  const shown = unmappedOnly ? rows.filter((row) => row.value == null || drafts.isEdited(row)) : rows;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t('mappings.title')}
          {mappings.isSuccess && (
            <Badge variant={unmapped === 0 ? 'success' : 'destructive'}>{t('mappings.unmappedCount', { count: unmapped })}</Badge>
          )}
        </CardTitle>
        <CardDescription>{t('mappings.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <label htmlFor={filterId} className="flex items-center gap-2 text-sm font-medium">
          <Checkbox
            id={filterId}
            checked={unmappedOnly}
            onCheckedChange={(checked) => {
              setUnmappedOnly(checked === true);
            }}
          />
          {t('mappings.unmappedOnly')}
        </label>
        {mappings.isError ? (
          <QueryError error={mappings.error} />
        ) : (
          <Table aria-label={t('mappings.tableLabel', { portal: t(`portalNames.${portal}`) })} aria-busy={mappings.isPending || undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('mappings.columns.kind')}</TableHead>
                {bilingualOrder(
                  arabicFirst,
                  <TableHead key="en">{t('mappings.columns.nameEn')}</TableHead>,
                  <TableHead key="ar">{t('mappings.columns.nameAr')}</TableHead>,
                )}
                <TableHead>{t('mappings.columns.parent')}</TableHead>
                <TableHead>{t('mappings.columns.value')}</TableHead>
                <RowActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableRows
                rows={shown.map(rowId)}
                columnCount={COLUMN_COUNT}
                isLoading={mappings.isPending}
                emptyText={unmappedOnly ? t('mappings.allMapped') : t('mappings.empty')}
              >
                {(row) => <MappingRow portal={portal} row={row} drafts={drafts} />}
              </TableRows>
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
