// The property form's field kinds, each wired to the form through its context: text, the
// three number readings of the rules, check boxes and selects.
import type { ReactNode } from 'react';
import { Controller, useFormContext, useFormState, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField as TypedCheckboxField,
  NumberField as TypedNumberField,
  TextareaField as TypedTextareaField,
  TextField as TypedTextField,
} from '@/components/form';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
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
  | 'virtualTourUrl';

export interface TextFieldProps {
  name: TextFieldName;
  label: string;
  /** Arabic text: written right to left. */
  arabic?: boolean;
  multiline?: boolean;
  type?: 'text' | 'url';
  className?: string;
}

export function TextField({ name, label, arabic = false, multiline = false, type = 'text', className }: TextFieldProps) {
  const { control } = usePropertyForm();
  return multiline ? (
    <TypedTextareaField control={control} name={name} label={label} arabic={arabic} className={className} />
  ) : (
    <TypedTextField control={control} name={name} label={label} arabic={arabic} type={type} className={className} />
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
  | { name: DecimalName; reading: 'decimal' }
  | { name: IntegerName; reading: 'integer' }
  | { name: CountName; reading: 'count' }
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

type VocabularyFieldName = 'currency' | 'continent' | 'status' | 'displayType' | 'facing' | 'buildingTypeNew' | 'buildingCondition';

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
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} error={fieldState.error?.message}>
          <Select
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={field.value ?? ''}
            onChange={(event) => {
              const chosen = event.target.value;
              field.onChange(chosen === '' && OPTIONAL_TERMS.has(name) ? null : chosen);
            }}
          >
            {empty !== undefined && <option value="">{empty}</option>}
            {vocabulary(vocabularyName).map((term) => (
              <option key={term.value} value={term.value}>
                {term.label}
              </option>
            ))}
          </Select>
        </FormField>
      )}
    />
  );
}

export interface Choice {
  id: number;
  nameEn: string;
  nameAr: string;
}

export interface ChoiceSelectProps {
  label: string;
  placeholder: string;
  value: number | null | undefined;
  choices: readonly Choice[];
  onChange: (id: number | null) => void;
  error?: string | undefined;
  name?: string;
  selectRef?: (element: HTMLSelectElement | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
}

/** A select of records by id, each read 'English name / Arabic name' (core §2). */
export function ChoiceSelect({ label, placeholder, value, choices, onChange, error, name, selectRef, onBlur, disabled }: ChoiceSelectProps) {
  const { t } = useTranslation();
  const selected = value ?? null;
  return (
    <FormField label={label} error={error}>
      <Select
        name={name}
        ref={selectRef}
        onBlur={onBlur}
        disabled={disabled}
        value={selected === null ? '' : String(selected)}
        onChange={(event) => {
          onChange(event.target.value === '' ? null : Number(event.target.value));
        }}
      >
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {t('common.bilingual', { en: choice.nameEn, ar: choice.nameAr })}
          </option>
        ))}
      </Select>
    </FormField>
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
