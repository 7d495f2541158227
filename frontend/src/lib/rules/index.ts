// Typed access to the rules crate compiled to WASM: every validation message, constant and
// default the panel uses comes from here, never from strings or numbers written in the
// frontend. Messages come in the interface's current language (i18next's), as the server
// answers a user of that language.
import i18next from 'i18next';
import type { Draft } from '@/lib/form';
import type {
  AboutSectionInput,
  AccountInput,
  CompanyValueInput,
  Constants as GeneratedConstants,
  NewForms,
  CategoryInput,
  CityInput,
  CountryInput,
  FeatureCategory,
  FieldErrors,
  HeroImageInput,
  LeadNoteInput,
  ManualLeadInput,
  QuickPropertyInput,
  Location,
  LocationParts,
  PropertyFeatureInput,
  PropertyInput,
  ProcessStepInput,
  PropertyTypeInput,
  RegionInput,
  ServiceInput,
  SettingsInput,
  SignIn,
  TeamMemberInput,
  Term,
  TestimonialInput,
  TooLarge,
  UrlVerdict,
  UserCreateInput,
  UserUpdateInput,
  ValuesSectionForm,
  ValuesSectionSettingsInput,
} from '@/generated/types';
import { callIn, learnArabic, localise } from '@/generated/wasm/rules';

/** The payloads the rules can validate, by the name of their `validate.<name>` operation. */
export interface Payloads {
  signIn: SignIn;
  /** The quick form's; checked in the current year, which bounds yearBuilt. */
  quickProperty: QuickPropertyInput;
  category: CategoryInput;
  propertyType: PropertyTypeInput;
  country: CountryInput;
  city: CityInput;
  region: RegionInput;
  propertyFeature: PropertyFeatureInput;
  property: PropertyInput;
  aboutSection: AboutSectionInput;
  valuesSectionForm: ValuesSectionForm;
  companyValue: CompanyValueInput;
  valuesSectionSettings: ValuesSectionSettingsInput;
  userCreate: UserCreateInput;
  userUpdate: UserUpdateInput;
  account: AccountInput;
  settings: SettingsInput;
  teamMember: TeamMemberInput;
  service: ServiceInput;
  processStep: ProcessStepInput;
  testimonial: TestimonialInput;
  heroImage: HeroImageInput;
  /** A lead taken by hand (issue 26). */
  manualLead: ManualLeadInput;
  leadNote: LeadNoteInput;
}

export type Entity = keyof Payloads;

let arabicLearned = false;

/** The language the rules answer messages in: the interface's ('ar' or 'en'; English until i18next has one). */
export function rulesLanguage(): string {
  // Before i18next is set up (a unit test, the first module load) it has no language yet.
  const language = i18next.isInitialized ? (i18next.resolvedLanguage ?? i18next.language) : 'en';
  // The WASM leaves the messages' Arabic out for English's sake; i18next switches to Arabic
  // only once its namespaces are loaded, the rules' Arabic among them (i18n).
  if (language === 'ar' && !arabicLearned && i18next.hasResourceBundle('ar', 'rules')) {
    learnArabic(JSON.stringify(i18next.getResourceBundle('ar', 'rules')));
    arabicLearned = true;
  }
  return language;
}

/**
 * Runs one rules operation on JSON-serialisable input and parses its JSON answer; its
 * messages (failing fields, toasts, the export's file name) are in the interface's language.
 */
export function runRule(op: string, input: unknown): unknown {
  return JSON.parse(callIn(op, JSON.stringify(input), rulesLanguage()));
}

/** A message the rules spell, in English as they answer it, in the interface's language. */
export function localiseMessage(message: string): string {
  return localise(message, rulesLanguage());
}

/** The forms whose rules need the current year: it bounds yearBuilt (core §9). */
const CHECKED_IN_A_YEAR: ReadonlySet<Entity> = new Set(['property', 'quickProperty']);

/** The year on the browser's clock; the rules read none in the browser, so it is passed in. */
export function currentYear(): number {
  return new Date().getFullYear();
}

/** The years a building can have been built in, as both property forms show and check them. */
export function yearBuiltBounds(): { min: number; max: number } {
  return { min: constants().yearBuiltMin, max: currentYear() };
}

/** The failing fields of `payload` and their messages; `{}` when it is valid. */
export function validate<E extends Entity>(entity: E, payload: Draft<Payloads[E]>): FieldErrors {
  const input = CHECKED_IN_A_YEAR.has(entity) ? { ...payload, currentYear: currentYear() } : payload;
  return runRule(`validate.${entity}`, input) as FieldErrors;
}

/**
 * The rules' `constants` answer. Every create form's starting values come complete, so
 * their fields are required here although the payload types let a caller leave them out.
 */
export type Constants = Omit<GeneratedConstants, 'newForms'> & {
  newForms: { [Form in keyof NewForms]: Required<NewForms[Form]> };
};

let cachedConstants: Constants | undefined;

/** Every constant and default of both §9 sections, read once from the rules. */
export function constants(): Constants {
  cachedConstants ??= runRule('constants', null) as Constants;
  return cachedConstants;
}

/** The toast for a category image file over the rules' limit, or null when its size is allowed. */
export function checkCategoryUpload(bytes: number): TooLarge | null {
  return runRule('image.checkCategoryUpload', bytes) as TooLarge | null;
}

/** The toast for a company logo file over the rules' 5 MB, or null when its size is allowed. */
export function checkLogoUpload(bytes: number): TooLarge | null {
  return runRule('image.checkLogoUpload', bytes) as TooLarge | null;
}

/** The toast for an about or values section image over the rules' 5 MB, or null when allowed. */
export function checkSectionUpload(bytes: number): TooLarge | null {
  return runRule('image.checkSectionUpload', bytes) as TooLarge | null;
}

/** A table cell's text cut at the rules' length and followed by '...' when longer. */
export function truncate(text: string): string {
  return runRule('text.truncate', text) as string;
}

/** Text as every search compares it: case, Arabic letter forms, marks and digits folded. */
export function fold(text: string): string {
  return runRule('text.fold', text) as string;
}

/** A typed display order as the rules read it: unreadable becomes 0. */
export function coerceDisplayOrder(entry: unknown): number {
  return runRule('coerce.displayOrder', entry) as number;
}

/** A typed step number as the rules read it: unreadable becomes 1. */
export function coerceStepNumber(entry: unknown): number {
  return runRule('coerce.stepNumber', entry) as number;
}

/** A typed optional number (price, area, fees) as the rules read it: empty or unreadable is none. */
export function coerceOptionalNumber(entry: unknown): number | null {
  return runRule('coerce.optionalNumber', entry) as number | null;
}

/** A typed optional whole number (year, floors) as the rules read it: empty or unreadable is none. */
export function coerceOptionalInteger(entry: unknown): number | null {
  return runRule('coerce.optionalInteger', entry) as number | null;
}

/** A typed room count as the rules read it: empty or unreadable is 0. */
export function coerceRoomCount(entry: unknown): number {
  return runRule('coerce.roomCount', entry) as number;
}

/** The names of the rules' vocabularies (`vocabulary` operation). */
export type VocabularyName =
  | 'continents'
  | 'currencies'
  | 'buildingTypes'
  | 'buildingConditions'
  | 'orientations'
  | 'propertyStatuses'
  | 'offeringTypes'
  | 'advertisingAuthorities'
  | 'displayTypes'
  | 'featureCategories'
  | 'heroPages'
  | 'aboutSectionTypes'
  | 'contactStatuses'
  | 'leadSources'
  | 'roles'
  | 'exportPeriods'
  | 'portals'
  | 'feedPortals'
  | 'mappingPortals'
  | 'mappingKinds'
  | 'completionStatuses'
  | 'propertyFinderTypes'
  | 'bayutTypes';

/** A vocabulary's terms (stored value and English label) in display order. */
export function vocabulary(name: VocabularyName): Term[] {
  return runRule('vocabulary', name) as Term[];
}

/** The feature groups in the rules' order: luxury, amenities, general. */
export function featureCategories(): FeatureCategory[] {
  return vocabulary('featureCategories').map((term) => term.value as FeatureCategory);
}

/** A property's English and Arabic location lines, joined from the places chosen. */
export function composeLocation(parts: LocationParts): Location {
  return runRule('text.location', parts) as Location;
}

/** What becomes of a URL typed into "add image by URL": ignored, accepted or rejected with its toast. */
export function judgeImageUrl(text: string): UrlVerdict {
  return runRule('image.judgeUrl', text) as UrlVerdict;
}
