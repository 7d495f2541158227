// @vitest-environment node
// The form resolver answers in the interface's language: with i18next in Arabic it gives the
// Arabic messages the rules' case files hold for the same payload, which are what the server
// answers an Arabic user (backend/tests/api/account_language.rs compares the server with the
// same rules).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import type { ResolverOptions } from 'react-hook-form';
import type { Draft } from '@/lib/form';
import type { SignIn } from '@/generated/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localiseMessage, validate } from './index';
import { rulesResolver } from './resolver';

interface Case {
  op: string;
  input: Record<string, unknown>;
  output: Record<string, string>;
  language?: string;
}

const cases = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../rules/tests/cases/languages.json', import.meta.url)), 'utf8'),
) as Case[];

function expected(op: string, language: string): Case {
  const found = cases.find((c) => c.op === op && c.language === language && Object.keys(c.output).length > 0);
  if (found === undefined) throw new Error(`no ${language} case for ${op}`);
  return found;
}

const options: ResolverOptions<Draft<SignIn>> = { fields: {}, shouldUseNativeValidation: false };

async function messagesOf(input: Record<string, unknown>): Promise<Record<string, string | undefined>> {
  const result = await rulesResolver('signIn')(input, undefined, options);
  return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error.message]));
}

describe('the rules resolver in the interface language', () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'en', resources: {} });
  });
  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it('answers in English by default, as the server does', async () => {
    await i18next.changeLanguage('en');
    const english = expected('validate.signIn', 'en');
    expect(await messagesOf(english.input)).toEqual(english.output);
  });

  it("answers in Arabic when the language is 'ar', as the server answers an Arabic user", async () => {
    await i18next.changeLanguage('ar');
    const arabic = expected('validate.signIn', 'ar');
    expect(await messagesOf(arabic.input)).toEqual(arabic.output);
    const user = expected('validate.userCreate', 'ar');
    expect(validate('userCreate', user.input)).toEqual(user.output);
    expect(localiseMessage('Invalid username or password')).toBe('اسم المستخدم أو كلمة المرور غير صحيحة');
    expect(localiseMessage('a text the rules do not spell')).toBe('a text the rules do not spell');
  });
});
