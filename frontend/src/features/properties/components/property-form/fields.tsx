// The property form's field kinds, each wired to the form through its context: text, the
// three number readings of the rules, check boxes and selects.
import type { ReactNode } from 'react';
import { useFormContext, useFormState, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField as TypedCheckboxField,
  NumberField as TypedNumberField,
  SelectField as TypedSelectField,
  TextareaField as TypedTextareaField,
  TextField as TypedTextField,
} from '@/components/form';
import { pickText, useArabicFirst, useTermLabel } from '@/lib/bilingual';
import { coerceOptionalInteger, coerceOptionalNumber, coerceRoomCount, vocabulary, type VocabularyName } from '@/lib/rules';
import type { ParsedPropertyForm, PropertyField, PropertyFormValues } from './form-values';

/** The property form's methods, read from the context the form provides. */
export function usePropertyForm() {
  return useFormContext<PropertyFormValues, unknown, ParsedPropertyForm>();
}

/** The message under a field, from the rules or the server. */
export function errorOf(errors: FieldErrors<PropertyFormValues>, name: PropertyField | 'featureIds'): string | undefined {
  const message: unknown = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The current message of one field. */
export function useFieldError(name: PropertyField | 'featureIds'): string | undefined {
  const { errors } = useFormState<PropertyFormValues>({ name });
  return errorOf(errors, name);
}

type TextFieldName =
  | 'propertyNumber'
  | 'titleEn'
  | 'titleAr'
  | 'descriptionEn'
  | 'descriptionAr'
  | 'locationEn'
  | 'locationAr'
  | 'videoUrl'
  | 'virtualTourUrl'
  | 'permitNumber'
  | 'permitQrImage';

export interface TextFieldProps {
  name: TextFieldName;
  label: string;
  /** Arabic text: written right to left. */
  arabic?: boolean;
  /** A code in any interface (a permit number): written left to right. */
  ltr?: boolean;
  multiline?: boolean;
  type?: 'text' | 'url';
  hint?: string;
  className?: string;
}

export function TextField({
  name,
  label,
  arabic = false,
  ltr = false,
  multiline = false,
  type = 'text',
  hint,
  className,
}: TextFieldProps) {
  const { control } = usePropertyForm();
  // The English half of each bilingual pair (titleEn, descriptionEn, locationEn) reads left
  // to right on an Arabic page too.
  const english = !arabic && name.endsWith('En');
  return multiline ? (
    <TypedTextareaField
      control={control}
      name={name}
      label={label}
      arabic={arabic}
      english={english}
      hint={hint}
      className={className}
    />
  ) : (
    <TypedTextField
      control={control}
      name={name}
      label={label}
      arabic={arabic}
      english={english}
      ltr={ltr}
      type={type}
      hint={hint}
      className={className}
    />
  );
}

type DecimalName = 'price' | 'area' | 'plotArea' | 'builtArea' | 'maintenanceFee' | 'propertyTax';
type IntegerName = 'yearBuilt' | 'numberOfFloorsInBuilding' | 'floorNumberUnit' | 'apartmentsPerFloor' | 'parkingSpacesAvailable';
type CountName =
  | 'bedroom'
  | 'masterBedroom'
  | 'maidsRoom'
  | 'livingRoom'
  | 'kitchen'
  | 'openKitchen'
  | 'serviceKitchen'
  | 'laundryRoom'
  | 'bathroom'
  | 'balcony'
  | 'terrace'
  | 'guestRoom'
  | 'storage';

/**
 * How a number field's entry is read (core §5, by the rules): an optional decimal or whole
 * number is none when empty, a room count 0.
 */
export type NumberFieldProps = (
  { name: DecimalName; reading: 'decimal' } | { name: IntegerName; reading: 'integer' } | { name: CountName; reading: 'count' }
) & {
  label: string;
  /** The range the rules accept, set on the input and said under it. */
  bounds?: { min: number; max: number; hint: string };
};

const READINGS = {
  decimal: coerceOptionalNumber,
  integer: coerceOptionalInteger,
  count: coerceRoomCount,
} as const;

export function NumberField({ name, reading, label, bounds }: NumberFieldProps) {
  const { control } = usePropertyForm();
  return (
    <TypedNumberField
      control={control}
      name={name}
      label={label}
      read={READINGS[reading]}
      inputMode={reading === 'decimal' ? 'decimal' : 'numeric'}
      step={reading === 'decimal' ? 'any' : 1}
      bounds={bounds}
    />
  );
}

export type CheckboxName =
  | 'isFeatured'
  | 'elevatorsAvailable'
  | 'fireSafetySystem'
  | 'hotelStyleEntrance'
  | 'parkingSpace'
  | 'furnished'
  | 'fittedKitchen'
  | 'kitchenWithAppliances'
  | 'gasCentralHeating'
  | 'dieselCentralHeating'
  | 'airConditioningUnit'
  | 'doubleGlazedAluminumWindows'
  | 'electricShutters'
  | 'gasFireplace'
  | 'dieselFireplace'
  | 'hasIntercom'
  | 'decoration'
  | 'smartHomeSystem'
  | 'hasUnderfloorHeating'
  | 'hasCentralAC'
  | 'panoramicView'
  | 'securitySystemCCTVAlarm'
  | 'swimmingPoolSharedOrPrivate'
  | 'gymFitnessCenter'
  | 'saunaJacuzzi'
  | 'bbqArea'
  | 'kidsPlayArea'
  | 'lobby'
  | 'privateElevator';

export function CheckboxField({ name, label }: { name: CheckboxName; label: string }) {
  const { control } = usePropertyForm();
  return <TypedCheckboxField control={control} name={name} label={label} />;
}

type VocabularyFieldName =
  | 'currency'
  | 'continent'
  | 'status'
  | 'displayType'
  | 'facing'
  | 'buildingTypeNew'
  | 'buildingCondition'
  | 'completionStatus';

export interface VocabularySelectProps {
  name: VocabularyFieldName;
  label: string;
  vocabulary: VocabularyName;
  /**
   * The empty choice's text: a required field's 'Select ...' (left empty, the rules refuse
   * it), or "not specified" for an optional one, which is then sent as none. Without it
   * every value is a term.
   */
  empty?: string;
}

/** The vocabulary fields the payload may leave out (none); the others hold text, '' when empty. */
const OPTIONAL_TERMS: ReadonlySet<VocabularyFieldName> = new Set(['continent', 'facing', 'buildingCondition']);

/** A select over one of the rules' vocabularies, in their order and with their labels. */
export function VocabularySelect({ name, label, vocabulary: vocabularyName, empty }: VocabularySelectProps) {
  const { control } = usePropertyForm();
  const termLabel = useTermLabel();
  const options = vocabulary(vocabularyName).map((term) => ({
    value: term.value,
    label: termLabel(vocabularyName, term),
  }));
  return (
    <TypedSelectField
      control={control}
      name={name}
      label={label}
      options={options}
      empty={empty}
      read={OPTIONAL_TERMS.has(name) ? readOptionalTerm : undefined}
    />
  );
}

function readOptionalTerm(value: string): string | null {
  return value === '' ? null : value;
}

export interface Choice {
  id: number;
  nameEn: string;
  nameAr: string;
}

export type ChoiceName = 'countryId' | 'cityId' | 'regionId' | 'categoryId' | 'typeId';

export interface ChoiceSelectProps {
  name: ChoiceName;
  label: string;
  placeholder: string;
  /** The records to choose from; none while they load. */
  choices: readonly Choice[] | undefined;
  /** Told the id chosen (none for the placeholder) once the form holds it. */
  onChosen?: (id: number | null) => void;
  disabled?: boolean;
}

function readId(value: string): number | null {
  return value === '' ? null : Number(value);
}

/**
 * A select of records by id, each read 'English name / Arabic name' (core §2); in an Arabic
 * interface by its Arabic name.
 */
export function ChoiceSelect({ name, label, placeholder, choices, onChosen, disabled }: ChoiceSelectProps) {
  const { t } = useTranslation();
  const arabicFirst = useArabicFirst();
  const { control } = usePropertyForm();
  const options = (choices ?? []).map((choice) => ({
    value: String(choice.id),
    label: arabicFirst
      ? pickText(true, choice.nameEn, choice.nameAr)
      : t('common.bilingual', { en: choice.nameEn, ar: choice.nameAr }),
  }));
  return (
    <TypedSelectField
      control={control}
      name={name}
      label={label}
      options={options}
      empty={placeholder}
      read={readId}
      onChosen={(value) => onChosen?.(readId(value))}
      disabled={disabled}
    />
  );
}

/** A titled group of fields. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4">
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}
