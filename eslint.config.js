import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const SERVER_ONLY = [
  '**/db/**',
  '**/domain/**',
  '**/api/**',
  '**/temporal/client*',
  '**/workers/**',
  '**/workflows/**',
]

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'node_modules/**',
      '.tools/**',
      '.data/**',
      'db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // The domain reaches Temporal only through the WorkflowPort (domain/shared/ports.ts).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/temporal/**', '@temporalio/*'], message: 'The domain does not import Temporal.' },
            {
              group: ['**/workers/**', '**/workflows/**', '**/api/**', '**/app/**'],
              message: 'The domain imports no edge.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests assert on loosely typed JSON answers.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Workflow code must stay deterministic: only @temporalio/workflow and contracts.
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/db/**',
                '**/api/**',
                '**/workers/**',
                '**/temporal/client*',
                'node:*',
                'fs',
                'fs/*',
                'path',
                'crypto',
                'child_process',
                'net',
                'os',
                'pg',
                'drizzle-orm',
              ],
              message: 'Workflows may import only @temporalio/workflow and contracts.',
            },
            {
              // domain/: only the onboarding machine's pure rules (no runtime imports of their own).
              regex: '(^|/)domain/(?!agencies/onboarding\\.rules$)',
              message: 'Workflows may import only @temporalio/workflow, contracts and pure *.rules files.',
            },
            {
              group: ['@temporalio/client', '@temporalio/worker', '@temporalio/activity'],
              message: 'Workflows may import only @temporalio/workflow.',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser code: route modules' default components and components must not pull server trees.
    files: ['app/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: SERVER_ONLY, message: 'Server-only code in a component.' }] },
      ],
    },
  },
)
