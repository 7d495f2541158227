import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface RecordActionsProps {
  onEdit: () => void;
  onDelete: () => void;
  /** The buttons' words, and their accessible names, which name the record: 'Edit Jane Haddad'. */
  labels: { edit: string; delete: string; editRecord: string; deleteRecord: string };
  className?: string;
}

/** A card's Edit and Delete buttons. */
export function RecordActions({ onEdit, onDelete, labels, className }: RecordActionsProps) {
  return (
    <div className={cn('flex gap-2', className)}>
      <Button type="button" variant="outline" size="sm" onClick={onEdit} aria-label={labels.editRecord}>
        <Pencil aria-hidden />
        {labels.edit}
      </Button>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="text-destructive"
        onClick={onDelete}
        aria-label={labels.deleteRecord}
      >
        <Trash2 aria-hidden />
        {labels.delete}
      </Button>
    </div>
  );
}
