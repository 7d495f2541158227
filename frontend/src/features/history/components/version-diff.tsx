import { useTranslation } from 'react-i18next';
import type { Entity, FieldChange } from '@/generated/types';
import { useChangeText } from './use-change-text';

export interface VersionDiffProps {
  entity: Entity;
  /** Each field that differs: `old` as it is now, `new` as the version has it. */
  changes: FieldChange[];
  /** Fields the history does not hold (passwords, inline files), which keep their value. */
  kept: string[];
}

/** The difference between a record now and one of its earlier versions, field by field. */
export function VersionDiff({ entity, changes, kept }: VersionDiffProps) {
  const { t } = useTranslation('history');
  const { fieldLabel, shown } = useChangeText(entity);
  return (
    <div className="grid gap-3">
      {changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('restore.same')}</p>
      ) : (
        <div className="max-h-80 overflow-y-auto rounded-md border border-border">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('restore.caption')}</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                <th scope="col" className="p-2 text-start font-medium">
                  {t('restore.field')}
                </th>
                <th scope="col" className="p-2 text-start font-medium">
                  {t('restore.now')}
                </th>
                <th scope="col" className="p-2 text-start font-medium">
                  {t('restore.then')}
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.field} className="border-t border-border align-top">
                  <th scope="row" className="p-2 text-start font-normal text-muted-foreground">
                    {fieldLabel(change.field)}
                  </th>
                  <td className="break-words p-2">
                    <del className="text-muted-foreground">{shown(change.old, change.field)}</del>
                  </td>
                  <td className="break-words p-2">
                    <ins className="font-medium no-underline">{shown(change.new, change.field)}</ins>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {kept.length > 0 && (
        <p className="text-sm text-muted-foreground">
          {t('restore.kept', { fields: kept.map(fieldLabel).join(t('restore.separator')) })}
        </p>
      )}
    </div>
  );
}
