// npm run lint: ESLint over the TypeScript (typescript-eslint's recommended
// rules) and the peggy grammars (@peggyjs/eslint-plugin's recommended rules).
// generated/ is written by npm run generate and checked by `generate --check`,
// not linted; dist/ is build output.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const peggy = require('@peggyjs/eslint-plugin/lib/flat/recommended.js');

module.exports = tseslint.config(
  { ignores: ['dist/**', 'generated/**', 'node_modules/**', 'coverage/**'] },
  // An exception that no longer excepts anything is an error too, so none outlives its reason.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    rules: {
      // Unused names are errors, as tsc's noUnusedLocals makes them; `_x` marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A URI toolkit matches control characters on purpose: they are what it must find and reject.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
  },
  peggy,
  {
    files: ['**/*.peggy'],
    rules: {
      // The rule names are the RFC's ABNF names ("-" written "_"): IPv6address, dec_octet, URI_reference.
      '@peggyjs/camelCase': 'off',
      // Every rule is a start rule (allowedStartRules: ['*']): isValid and matches take any of them.
      '@peggyjs/no-unused-rules': 'off',
      // Layout: each PEG rule is written under its ABNF line, alternatives and operators laid out
      // like the ABNF's so the two can be compared by eye; these rules would lay them out otherwise.
      '@peggyjs/equal-next-line': 'off',
      '@peggyjs/separate-choices': 'off',
      '@peggyjs/space-ops': 'off',
    },
  },
);
