// TEMPORARY: stands in for props-form's PropertyForm until that branch merges, so the list,
// the add page and their tests compile. It has exactly the brief's props and saves nothing.
import { createElement } from 'react';
import type { Property } from '@/generated/types';

export interface PropertyFormProps {
  property?: Property;
  defaultCategoryId?: number;
  defaultDisplayType?: 'public' | 'investment';
  onSaved: (property: Property) => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

export function PropertyForm({ onCancel }: PropertyFormProps) {
  return createElement('button', { type: 'button', onClick: onCancel }, 'Cancel');
}
