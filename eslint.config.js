import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noCrossApp = (what, instead) => ({ group: [what], message: instead });

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      'test-results/**',
      '.e2e-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read untyped JSON responses.
    files: ['**/test/**/*.ts', '**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noCrossApp(
              '**/apps/**',
              'Shared packages must not depend on apps; move the code into the package.',
            ),
            noCrossApp('@parley/server', 'Shared packages must not depend on apps.'),
            noCrossApp('@parley/web', 'Shared packages must not depend on apps.'),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noCrossApp('**/web/**', 'The server never imports the web app; share through @parley/protocol.'),
            noCrossApp(
              '@parley/web',
              'The server never imports the web app; share through @parley/protocol.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noCrossApp(
              '**/server/**',
              'The web app never imports the server; share through @parley/protocol.',
            ),
            noCrossApp(
              '@parley/server',
              'The web app never imports the server; share through @parley/protocol.',
            ),
          ],
        },
      ],
    },
  },
);
