// ESLint flat config: typescript-eslint, React hooks and jsx-a11y over the whole workspace;
// formatting is Prettier's (eslint-config-prettier turns off the rules it owns).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '.data/', '.sst/', 'packages/web/src/routeTree.gen.ts', 'sst-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
      // `import { z }` makes zod's whole namespace an object, which no bundler can tree-shake: it put
      // every locale (264 KB) into the API Lambda; `import * as z` keeps only what is used.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "Use `import * as z from 'zod'`: the named `z` keeps all of zod in a bundle.",
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs['recommended-latest'].rules },
  },
  { files: ['packages/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  // Tests read JSON answers whose shape their assertions check: typing each one would restate the API.
  { files: ['tests/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // Plain browser scripts served as they are (the theme is set before the app's first paint).
  { files: ['packages/web/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['packages/web/public/sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  // A modal dialog moves focus to its first control, as the WAI-ARIA dialog pattern asks.
  // A table wider than the screen scrolls in a named region a keyboard can focus (axe's scrollable-region-focusable).
  {
    files: ['packages/web/**/*.tsx'],
    rules: {
      'jsx-a11y/no-autofocus': 'off',
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  // SST's own convention for its generated platform types.
  { files: ['sst.config.ts'], rules: { '@typescript-eslint/triple-slash-reference': 'off' } },
  prettier,
);
