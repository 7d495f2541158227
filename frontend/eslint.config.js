import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Entry points a feature offers beside its `index.ts`: auth's sign-in dialog for the shell is
 * kept apart so that the sign-in screen's first download does not carry a dialog it never shows.
 */
const PUBLIC_ENTRIES = ['index', 'session-expired'];

/**
 * A feature is used by others through its public entries only: from inside `feature`, an
 * import of another feature's file (`@/features/other/api/...`, or a relative path into it)
 * fails. Tests may reach further, to mock a module where it is defined or share fixtures.
 */
function featureBoundary(feature) {
  const others = features.filter((name) => name !== feature).join('|');
  const entries = PUBLIC_ENTRIES.join('|');
  return {
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(@/features/|(\\.\\./)+(features/)?)(${others})/(?!(${entries})$)`,
              message: 'Import another feature through its index.ts (`@/features/<name>`), not its files.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist', '.vite-build', 'src/generated', 'node_modules'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    languageOptions: {
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  ...features.map(featureBoundary),
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
