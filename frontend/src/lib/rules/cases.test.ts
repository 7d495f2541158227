// @vitest-environment node
// WASM parity: the case files the native rules tests run are run again through the
// browser build, and must give the same answers.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { call } from '@/generated/wasm/rules';

interface Case {
  name: string;
  op: string;
  input: unknown;
  output?: unknown;
  error?: boolean;
}

const casesDir = fileURLToPath(new URL('../../../../rules/tests/cases', import.meta.url));
const files = readdirSync(casesDir).filter((file) => file.endsWith('.json')).sort();

describe('rules case files through WASM', () => {
  it('finds case files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const file of files) {
    const cases = JSON.parse(readFileSync(`${casesDir}/${file}`, 'utf8')) as Case[];
    describe(file, () => {
      for (const testCase of cases) {
        it(testCase.name, () => {
          const run = () => JSON.parse(call(testCase.op, JSON.stringify(testCase.input))) as unknown;
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
