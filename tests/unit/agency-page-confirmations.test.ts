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
  useActionData: () => undefined,
  useNavigation: () => ({ state: 'idle' }),
  useFormAction: () => '/staff/agencies/7',
}))

const { PortalButtons } = await import('../../app/components/agency/agency-parts')
const { AgencyOverview } = await import('../../app/routes/staff+/agencies.$agencyId._index/agency-overview')
const { PurchaseRules } =
  await import('../../app/routes/staff+/agencies.$agencyId.configuration/purchase-rules')

/** The confirmation titles a rendering asks, by the label of the button that confirms. */
const questions = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/data-confirm="([^"]*)" data-confirm-label="([^"]*)"/g)].map((m) => [m[2], m[1]]),
  )

const agency = {
  id: 7,
  full_company_name: 'Wattle Education',
  email: 'hello@wattle.example',
  status: 'PORTAL_ACTIVATED',
  created_at: '2026-01-05T00:00:00.000Z',
  is_verfied: false,
  bank_detail: null,
} as unknown as Parameters<typeof AgencyOverview>[0]['agency']

describe('the staff agency page asks before destructive actions, naming the agency', () => {
  it('asks before deactivating, setting the status and sending a password reset', () => {
    const html = renderToString(
      createElement(AgencyOverview, { agency, waitingFor: 'The portal is active.', canFinance: false }),
    )
    expect(questions(html)).toEqual({
      'Deactivate portal': 'Deactivate the portal of Wattle Education?',
      'Set status': 'Change the status of Wattle Education?',
      'Send e-mail': 'Send a password reset e-mail to Wattle Education?',
    })
  })

  it('activates without a question', () => {
    const html = renderToString(
      createElement(PortalButtons, { status: 'PORTAL_DEACTIVATED', agencyName: 'Wattle Education' }),
    )
    expect(html).toContain('Activate portal')
    expect(html).not.toContain('data-confirm')
  })

  it('asks before deleting a purchase rule', () => {
    const configuration = {
      agency: { id: 7, name: 'Wattle Education', status: 'PORTAL_ACTIVATED' },
      providers: [],
      rules: [{ id: 3, text: 'Buy 2 single from nib OSHC to unlock couple from Bupa OSHC', progress: '' }],
    } as unknown as Parameters<typeof PurchaseRules>[0]['configuration']
    const html = renderToString(createElement(PurchaseRules, { configuration }))
    expect(questions(html)).toEqual({ 'Delete rule': 'Delete a purchase rule of Wattle Education?' })
  })
})
