import { useTranslation } from 'react-i18next';
import type { Entity } from '@/generated/types';
import { termLabel, textLanguage, useArabicFirst } from '@/lib/bilingual';
import { vocabulary, type VocabularyName } from '@/lib/rules';
import { fieldName, valueText, type ValueWords } from './change-text';

/** The vocabulary a recorded field's coded values come from, by the record's kind. */
function vocabularyOf(entity: Entity, field: string): VocabularyName | undefined {
  if (field === 'status') {
    if (entity === 'property') return 'propertyStatuses';
    if (entity === 'contactRequest') return 'contactStatuses';
    return undefined;
  }
  if (field === 'category' && entity === 'propertyFeature') return 'featureCategories';
  return FIELD_VOCABULARIES[field];
}

const FIELD_VOCABULARIES: Partial<Record<string, VocabularyName>> = {
  role: 'roles',
  pageName: 'heroPages',
  sectionType: 'aboutSectionTypes',
  displayType: 'displayTypes',
  continent: 'continents',
  facing: 'orientations',
  buildingTypeNew: 'buildingTypes',
  buildingCondition: 'buildingConditions',
};

/**
 * How one change's values read: as recorded in an English interface; in an Arabic one with
 * yes/no, the server's placeholders and coded values (statuses, roles...) in Arabic.
 */
function useValueWords(entity: Entity): (field: string) => ValueWords | undefined {
  const { t } = useTranslation('history');
  const arabicFirst = useArabicFirst();
  return (field) => {
    if (!arabicFirst) return undefined;
    const name = vocabularyOf(entity, field);
    return {
      yes: t('values.yes'),
      no: t('values.no'),
      notRecorded: t('values.notRecorded'),
      inlineFile: (length) => t('values.inlineFile', { length }),
      term:
        name === undefined
          ? undefined
          : (value) => {
              const term = vocabulary(name).find((known) => known.value === value);
              return term === undefined ? value : termLabel(true, name, term);
            },
    };
  };
}

/**
 * How a record's recorded fields read in the interface language: a field's label, and a
 * value as an element (empty shown as such, its text's own direction kept).
 */
export function useChangeText(entity: Entity) {
  const { t, i18n } = useTranslation('history');
  const languages = { En: t('english'), Ar: t('arabic') };
  const wordsOf = useValueWords(entity);
  const names = (base: string) =>
    i18n.exists(`fields.${base}`, { ns: 'history' }) ? t(`fields.${base}` as 'fields.name') : undefined;
  return {
    fieldLabel: (field: string) => fieldName(field, languages, names),
    shown: (value: unknown, field: string) => {
      const text = valueText(value, wordsOf(field));
      return text === '' ? <>{t('empty')}</> : <span {...textLanguage(text)}>{text}</span>;
    },
  };
}
