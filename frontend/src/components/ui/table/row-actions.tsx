import { Copy, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { TableCell, TableHead } from './table';

/** The header of the row actions' column. */
export function RowActionsHead() {
  const { t } = useTranslation();
  return <TableHead className="text-end">{t('dataTable.actions')}</TableHead>;
}

export interface RowActionsProps {
  onEdit?: (() => void) | undefined;
  onDuplicate?: (() => void) | undefined;
  /** Asks to delete the row; no Delete button without it. */
  onDelete?: (() => void) | undefined;
}

/** A row's Edit, Duplicate and Delete buttons, each only where the screen handles it. */
export function RowActions({ onEdit, onDuplicate, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <TableCell className="text-end">
      <div className="flex justify-end gap-1">
        {onEdit !== undefined && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('dataTable.edit')}
            title={t('dataTable.edit')}
            onClick={onEdit}
          >
            <Pencil aria-hidden />
          </Button>
        )}
        {onDuplicate !== undefined && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('dataTable.duplicate')}
            title={t('dataTable.duplicate')}
            onClick={onDuplicate}
          >
            <Copy aria-hidden />
          </Button>
        )}
        {onDelete !== undefined && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('dataTable.delete')}
            title={t('dataTable.delete')}
            className="text-destructive hover:text-destructive"
            onClick={onDelete}
          >
            <Trash2 aria-hidden />
          </Button>
        )}
      </div>
    </TableCell>
  );
}
