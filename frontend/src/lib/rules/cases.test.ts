// @vitest-environment node
// WASM parity: the case files the native rules tests run are run again through the
// browser build, and must give the same answers, in each language a case names (the
// server's tests check its answers against the same native rules). The browser build learns
// the messages' Arabic from the generated table, as the panel gives it in Arabic (lib/rules).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, callIn, learnArabic } from '@/generated/wasm/rules';

interface Case {
  name: string;
  op: string;
  input: unknown;
  output?: unknown;
  error?: boolean;
  /** The language of the answer's messages; absent: `call`'s English. */
  language?: string;
}

const casesDir = fileURLToPath(new URL('../../../../rules/tests/cases', import.meta.url));
const files = readdirSync(casesDir).filter((file) => file.endsWith('.json')).sort();

describe('rules case files through WASM', () => {
  beforeAll(() => {
    learnArabic(readFileSync(fileURLToPath(new URL('../../generated/messages.ar.json', import.meta.url)), 'utf8'));
  });

  it('finds case files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const file of files) {
    const cases = JSON.parse(readFileSync(`${casesDir}/${file}`, 'utf8')) as Case[];
    describe(file, () => {
      for (const testCase of cases) {
        it(testCase.name, () => {
          const input = JSON.stringify(testCase.input);
          const run = () =>
            JSON.parse(
              testCase.language === undefined ? call(testCase.op, input) : callIn(testCase.op, input, testCase.language),
            ) as unknown;
          if (testCase.error === true) {
            expect(run).toThrow();
          } else {
            expect(run()).toEqual(testCase.output);
          }
        });
      }
    });
  }
});
