// The signed-in user's interface preferences (issue 23): language and digits. Every user
// record that arrives (the session's read, a sign-in, a change of preferences) applies them
// before it is shown, so a screen never flashes in the other language.
import type { User } from '@/generated/types';
import { isInterfaceLanguage, isNumerals, setInterfaceLanguage, setNumerals } from '@/i18n';

export type Preferences = Pick<User, 'language' | 'numerals'>;

/**
 * Shows the interface in the user's language and digits; resolves once it does. A value the
 * interface does not know (an answer from an older server) leaves the current one.
 */
export async function applyPreferences({ language, numerals }: Preferences): Promise<void> {
  if (isNumerals(numerals)) setNumerals(numerals);
  if (isInterfaceLanguage(language)) await setInterfaceLanguage(language);
}

/** `user`, once its preferences are applied: what a user read or answer resolves to. */
export async function withPreferences<T extends Preferences | null>(user: T): Promise<T> {
  if (user !== null) await applyPreferences(user);
  return user;
}
