import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { createElement, type ReactNode } from 'react'
import type * as RemixReact from '@remix-run/react'
import { renderToString } from 'react-dom/server'

// The question a ConfirmSubmit asks only renders once JavaScript runs; here it is written out so the
// test can read which record it names.
vi.mock('../../app/components/confirm-submit', () => ({
  ConfirmSubmit: (props: { title: string; confirmLabel: string; children: ReactNode }) =>
    createElement(
      'button',
      { 'data-confirm': props.title, 'data-confirm-label': props.confirmLabel },
      props.children,
    ),
}))
vi.mock('@remix-run/react', async (importOriginal) => ({
  ...(await importOriginal<typeof RemixReact>()),
  Form: ({ children }: { children?: ReactNode }) => createElement('form', null, children),
  useNavigation: () => ({ state: 'idle' }),
  useFormAction: () => '/staff/users/1',
  // The house form reads the page's reply; this test renders outside a router.
  useActionData: () => undefined,
}))

const { UserStatusControl } = await import('../../app/components/user-form')

const statusControl = (status: string, isSelf = false) =>
  renderToString(
    createElement(UserStatusControl, {
      id: 'u-1',
      lastResult: undefined,
      status,
      isSelf,
      userName: 'Pat Smith',
    }),
  )

describe('destructive actions ask first', () => {
  it('"Disable user" asks, naming the user; "Enable user" does not', () => {
    expect(statusControl('ENABLED')).toContain('data-confirm="Disable Pat Smith?"')
    expect(statusControl('DISABLED')).toContain('Enable user')
    expect(statusControl('DISABLED')).not.toContain('data-confirm')
    expect(statusControl('ENABLED', true)).not.toContain('Disable user')
  })

  // Route screens need their loader data to render; their source shows which buttons ask.
  const routes: [file: string, confirmLabel: string, title: RegExp][] = [
    [
      '../components/policies/archive-policy-form.tsx',
      'Archive policy',
      /title=\{`Archive policy \$\{policy\.ref\}\?`\}/,
    ],
    [
      'staff+/policies.$policyId._index/staff-policy-forms.tsx',
      'Delete certificate',
      /title=\{`Delete \$\{c\.certificate_name\} of policy \$\{policy\.ref\}\?`\}/,
    ],
    ['staff+/pricing._index.tsx', 'Delete rate card', /title=\{`Delete \$\{name\}\?`\}/],
  ]
  it.each(routes)('%s: "%s" is a ConfirmSubmit naming the record', (file, confirmLabel, title) => {
    const source = readFileSync(new URL(`../../app/routes/${file}`, import.meta.url), 'utf8')
    const button = source.match(new RegExp(`<ConfirmSubmit[^<]*confirmLabel="${confirmLabel}"`))?.[0]
    expect(button, `${confirmLabel} without confirmation`).toBeDefined()
    expect(button).toMatch(title)
  })

  it('both policy pages archive through the one form that asks', () => {
    for (const file of [
      'staff+/policies.$policyId._index/staff-policy-forms.tsx',
      'agency+/policies.$policyId._index/route.tsx',
    ]) {
      const source = readFileSync(new URL(`../../app/routes/${file}`, import.meta.url), 'utf8')
      expect(source, file).toMatch(/<ArchivePolicyForm policy=\{policy\}/)
    }
  })

  it('the rate card question states its monthly rate', () => {
    const source = readFileSync(
      new URL('../../app/routes/staff+/pricing._index.tsx', import.meta.url),
      'utf8',
    )
    expect(source).toMatch(
      /description=\{`Its monthly rate of \$\{formatMoney\(card\.monthly_rate, card\.currency\)\}/,
    )
  })
})
