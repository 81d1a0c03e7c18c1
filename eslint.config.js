import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';

const web = (dir) => `./apps/web/src/${dir}`;
// Every folder under features/, so a new feature is held to the same rule without being listed.
const FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// The web's layers, bottom up: lib; crypto (the encryption engine); realtime (the data layer);
// components; features, which never import each other; app, which composes them.
const webZones = [
  {
    target: web('lib'),
    from: [web('crypto'), web('realtime'), web('components'), web('features'), web('app')],
    message: 'lib/ is the bottom layer: pass what it needs in as arguments.',
  },
  {
    target: web('crypto'),
    from: [web('realtime'), web('components'), web('features'), web('app')],
    message: 'The encryption engine sits beside the data layer: the data layer calls it, never the reverse.',
  },
  {
    target: web('realtime'),
    from: [web('components'), web('features'), web('app')],
    message: 'The data layer knows no UI: move the shared piece down into realtime/ or lib/.',
  },
  {
    target: web('components'),
    from: [web('features'), web('app')],
    message: 'components/ are shared UI: take what a feature adds as props (slots) from app/.',
  },
  ...FEATURES.map((name) => ({
    target: web(`features/${name}`),
    from: [web('features'), web('app')],
    except: [`./${name}`],
    message:
      'Features never import each other or app/: move what two features need down (components/, realtime/, crypto/) or compose them in app/.',
  })),
];

const noCrossApp = (what, instead) => ({ group: [what], message: instead });
const noServerInWeb = [
  noCrossApp('**/server/**', 'The web app never imports the server; share through @parley/protocol.'),
  noCrossApp('@parley/server', 'The web app never imports the server; share through @parley/protocol.'),
];
const zodFreeProtocol = {
  name: '@parley/protocol',
  allowTypeImports: true,
  message:
    "Import values from '@parley/protocol/client': the whole package brings zod (about 40 KB gzipped) into the chat screen's first load.",
};

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
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': ['error', { patterns: noServerInWeb, paths: [zodFreeProtocol] }],
    },
  },
  {
    // Tests are not bundled: they may use the protocol's schemas.
    files: ['apps/web/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: noServerInWeb }] },
  },
);
