// ESLint for the wiki gadget (sidebot/web/gadget): plain ES2017 in the browser, as ResourceLoader takes it,
// and its tests under Node (tests/gadget).
'use strict';

const js = require('@eslint/js');
const globals = require('globals');

module.exports = [
  js.configs.recommended,
  {
    files: ['sidebot/web/gadget/**/*.js'],
    languageOptions: {
      ecmaVersion: 2017,
      sourceType: 'script',
      globals: { ...globals.browser, module: 'readonly' }
    },
    rules: { strict: ['error', 'function'], 'no-var': 'error', eqeqeq: 'error' }
  },
  {
    files: ['tests/gadget/**/*.js', 'eslint.config.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'commonjs', globals: globals.node }
  }
];
