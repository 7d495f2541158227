import type { ComponentType } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import type { Draft } from '@/lib/form';
import type { OrderedArea, OrderedRecord } from '@/lib/ordered-area';
import type { Payloads } from '@/lib/rules';
import type { Section } from '../sections';

/** The rules' payload names of the three tabs, which are also their history entities. */
export type AreaEntity = 'service' | 'processStep' | 'testimonial';

export type AreaForm<E extends AreaEntity> = UseFormReturn<Draft<Payloads[E]>, unknown, Payloads[E]>;

/** A record of one of the tabs: ordered, and shown on the public site while active. */
export interface AreaRecord extends OrderedRecord {
  isActive: boolean;
}

/**
 * What the shared list and the shared form page need to know about one tab's records;
 * everything else about the tabs is the same.
 */
export interface AreaView<E extends AreaEntity, TRecord extends AreaRecord> {
  section: Section;
  /** The rules' validate operation, and the entity the history records the changes under. */
  entity: E;
  area: OrderedArea<TRecord, Payloads[E]>;
  /** The record's name inside the accessible names of its buttons: 'Edit Buying' (Arabic when `arabicFirst`). */
  nameOf: (record: TRecord, arabicFirst: boolean) => string;
  /** What the form starts from: the record, or the rules' defaults of a new one. */
  formValues: (record: TRecord | null) => Draft<Payloads[E]>;
  /** The payload to send for form values the rules accepted. */
  toInput: (values: Payloads[E]) => Payloads[E];
  /** The form fields a 422's `errors` map may name. */
  fields: readonly Path<Draft<Payloads[E]>>[];
  /** A record's row in the list, beside its buttons. */
  Summary: ComponentType<{ record: TRecord }>;
  /** The form's fields. */
  Fields: ComponentType<{ form: AreaForm<E> }>;
}
