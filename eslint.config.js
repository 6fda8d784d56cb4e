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

const WORKFLOW_ONLY =
  'Workflow code imports only @temporalio/workflow, contracts and the shared workflow modules.'
const CONTRACT_ONLY =
  'A contract imports only @temporalio/workflow, other contracts and pure domain *.rules files (no server code).'

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
      // The domain reaches Temporal only through the port each area declares (ADR 0014).
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
      // Business time is read through the clock seam (domain/shared/clock.ts), so a test that sets
      // the clock reaches every leaf (ADR 0014); process-local timers use performance.now().
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the time with clock.now() (domain/shared/clock.ts).',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read the time with clock.now() (domain/shared/clock.ts).',
        },
        // Pages and workflow ids are named once (ADR 0016): a moved route or a renamed key
        // changes one module, not a string somewhere in the domain.
        {
          selector: 'Literal[value=/^\\/(staff|agency|onboarding)(\\/|$|\\?)/]',
          message: 'Link to a page through domain/shared/links.ts.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/(staff|agency|onboarding)(\\/|$|\\?)/]',
          message: 'Link to a page through domain/shared/links.ts.',
        },
        {
          selector:
            'TemplateLiteral[expressions.length=1] > TemplateElement:first-child[value.raw=/^(payout|clawback|amendment|full-refund|agency-onboarding|payment-link)-$/]',
          message: 'Name a workflow id through domain/shared/process-keys.rules.ts.',
        },
      ],
    },
  },
  {
    // The modules that name the clock, the pages, the workflow ids and the onboarding steps' pages.
    files: [
      'domain/shared/clock.ts',
      'domain/shared/links.ts',
      'domain/shared/process-keys.rules.ts',
      'domain/agencies/agencies.rules.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tests assert on loosely typed JSON answers.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // The process folders (ADR 0014): the rules follow the file suffixes.
  {
    // Workflow code must stay deterministic: each process's *.workflow.ts and the shared
    // workflow-sandbox modules at the root of workflows/ (await-decision, duration,
    // step-activities, index) import only @temporalio/workflow, contracts and each other.
    files: ['workflows/*/*.workflow.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.|@temporalio/workflow$)', message: WORKFLOW_ONLY },
            { regex: '\\.(activities|port)$', message: WORKFLOW_ONLY },
            // Out of workflows/.
            { regex: '^\\.\\./\\.\\./', message: WORKFLOW_ONLY },
          ],
        },
      ],
    },
  },
  {
    // The shared workflow-sandbox modules, one level higher.
    files: ['workflows/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.|@temporalio/workflow$)', message: WORKFLOW_ONLY },
            { regex: '\\.(activities|port)$', message: WORKFLOW_ONLY },
            { regex: '^\\.\\./', message: WORKFLOW_ONLY },
          ],
        },
      ],
    },
  },
  {
    // A contract is read by the workflow bundle and by the client side: names, types, message
    // definitions, pure refusal rules. Nothing server-side: from domain/ only pure *.rules files.
    files: ['workflows/*/*.contract.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.|@temporalio/workflow$)', message: CONTRACT_ONLY },
            { regex: '(^|/)(db|api|app|server|scripts|temporal|workers)/', message: CONTRACT_ONLY },
            { regex: '(^|/)domain/(?!.*\\.rules$)', message: CONTRACT_ONLY },
            { regex: '\\.(activities|port|workflow)$', message: CONTRACT_ONLY },
          ],
        },
      ],
    },
  },
  {
    // Activities run in the worker over domain/; they neither start workflows nor run in one.
    files: ['workflows/*/*.activities.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@temporalio/workflow', '@temporalio/client', '**/temporal/**', '*.workflow', '*.port'],
              message: 'Activities call domain/; the process ports reach them as arguments.',
            },
          ],
        },
      ],
    },
  },
  {
    // A port is the client side of its process: the domain's port over the Temporal client.
    files: ['workflows/*/*.port.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@temporalio/worker',
                '@temporalio/activity',
                '**/db/**',
                '**/workers/**',
                '*.workflow',
                '*.activities',
              ],
              message: 'A port starts, signals and updates its process through temporal/ and its contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser code: components, the portals' shared pages and the modules beside a route in its
    // folder (not route.tsx, whose loader and action Remix splits off, nor *.server.ts) must not
    // pull server trees (ADR 0015).
    files: ['app/components/**/*.{ts,tsx}', 'app/portals/**/*.{ts,tsx}', 'app/routes/*/*/*.{ts,tsx}'],
    ignores: ['**/route.tsx', '**/*.server.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: SERVER_ONLY, message: 'Server-only code in a component.' }] },
      ],
    },
  },
)
