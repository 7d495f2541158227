// English-only values inside an Arabic page: e-mail addresses, links, phone numbers, the
// property number, prices with their currency code, icon codes. They keep reading left to
// right, isolated from the text around them, whatever the interface direction.
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Props for an element (an input included) holding an English-only value: left to right, isolated. */
export const ltrText = { dir: 'ltr' } as const;

/** Props for an element holding English text (the counterpart of `arabicText`): left to right, in English. */
export const englishText = { dir: 'ltr', lang: 'en' } as const;

/** An inline English-only value (`<Ltr>{email}</Ltr>`): left to right, isolated from the text around it. */
export function Ltr({ className, ...props }: ComponentProps<'span'>) {
  return <span {...ltrText} className={cn('[unicode-bidi:isolate]', className)} {...props} />;
}
