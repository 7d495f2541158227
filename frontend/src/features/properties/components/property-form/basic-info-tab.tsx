import { useTranslation } from 'react-i18next';
import { bilingualOrder, useArabicFirst } from '@/lib/bilingual';
import { useFormCategories, useFormPropertyTypes } from '../../api/form-catalogs';
import { CheckboxField, ChoiceSelect, type Choice, NumberField, TextField, VocabularySelect } from './fields';
import { AgentSelect } from './agent-select';
import { LocationPicker } from './location-picker';
import { LocationPin } from './location-pin';
import { OfferingSelects, StatusSelect, usePriceLabel } from './offering-fields';
import { PublishToField } from './publish-to-field';
import { useSettledChoice } from './use-settled-choice';

interface CatalogSelectProps {
  name: 'categoryId' | 'typeId';
  label: string;
  placeholder: string;
  catalog: readonly Choice[] | undefined;
}

/** A category or a property type, chosen from its catalog. */
function CatalogSelect({ name, label, placeholder, catalog }: CatalogSelectProps) {
  useSettledChoice(name, catalog);
  return <ChoiceSelect name={name} label={label} placeholder={placeholder} choices={catalog} />;
}

/**
 * Titles, descriptions, sale or rent, price and area, classification, the place and its pin,
 * and where the listing is published.
 */
export function BasicInfoTab() {
  const { t } = useTranslation('propertyForm');
  const arabicFirst = useArabicFirst();
  const priceLabel = usePriceLabel();
  const categories = useFormCategories();
  const types = useFormPropertyTypes();
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="propertyNumber" label={t('fields.propertyNumber')} />
        <div className="hidden sm:block" />
        {bilingualOrder(
          arabicFirst,
          <TextField key="titleEn" name="titleEn" label={t('fields.titleEn')} />,
          <TextField key="titleAr" name="titleAr" label={t('fields.titleAr')} arabic />,
        )}
        {bilingualOrder(
          arabicFirst,
          <TextField key="descriptionEn" name="descriptionEn" label={t('fields.descriptionEn')} multiline />,
          <TextField key="descriptionAr" name="descriptionAr" label={t('fields.descriptionAr')} arabic multiline />,
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <OfferingSelects />
        <NumberField name="price" reading="decimal" label={priceLabel} />
        <VocabularySelect name="currency" label={t('fields.currency')} vocabulary="currencies" />
        <NumberField name="area" reading="decimal" label={t('fields.area')} />
        <NumberField name="plotArea" reading="decimal" label={t('fields.plotArea')} />
        <NumberField name="builtArea" reading="decimal" label={t('fields.builtArea')} />
      </div>
      <LocationPicker />
      <LocationPin />
      <div className="grid gap-4 sm:grid-cols-3">
        <VocabularySelect name="continent" label={t('fields.continent')} vocabulary="continents" empty={t('notChosen')} />
        <CatalogSelect
          name="categoryId"
          label={t('fields.category')}
          placeholder={t('select.category')}
          catalog={categories.data}
        />
        <CatalogSelect
          name="typeId"
          label={t('fields.propertyType')}
          placeholder={t('select.propertyType')}
          catalog={types.data}
        />
        <StatusSelect />
        <VocabularySelect name="facing" label={t('fields.orientation')} vocabulary="orientations" empty={t('notChosen')} />
        <VocabularySelect name="displayType" label={t('fields.displayType')} vocabulary="displayTypes" />
        <VocabularySelect
          name="completionStatus"
          label={t('fields.completionStatus')}
          vocabulary="completionStatuses"
        />
      </div>
      <CheckboxField name="isFeatured" label={t('fields.isFeatured')} />
      <PublishToField />
      <div className="grid gap-4 sm:grid-cols-3">
        <AgentSelect />
      </div>
    </div>
  );
}
