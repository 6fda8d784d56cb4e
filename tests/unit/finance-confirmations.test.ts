import { describe, expect, it, vi } from 'vitest'
import { createElement, type ReactNode } from 'react'
import type * as RemixReact from '@remix-run/react'
import { renderToString } from 'react-dom/server'

// The question a ConfirmSubmit asks only renders once JavaScript runs; here it is written out so the
// test can read which record and amount it names.
vi.mock('../../app/components/confirm-submit', () => ({
  ConfirmSubmit: (props: {
    title: string
    description: ReactNode
    confirmLabel: string
    children: ReactNode
  }) =>
    createElement(
      'button',
      {
        'data-confirm': props.title,
        'data-confirm-label': props.confirmLabel,
        'data-description': String(props.description),
      },
      props.children,
    ),
}))
vi.mock('@remix-run/react', async (importOriginal) => ({
  ...(await importOriginal<typeof RemixReact>()),
  Form: ({ children }: { children?: ReactNode }) => createElement('form', null, children),
  Link: ({ children }: { children?: ReactNode }) => createElement('a', null, children),
  useActionData: () => undefined,
  useNavigation: () => ({ state: 'idle' }),
  useSearchParams: () => [new URLSearchParams()],
  useLocation: () => ({ pathname: '/staff/finance/verification' }),
}))

const { StaffPaymentList } = await import('../../app/components/finance/staff-payment-list')
const { TopupDecision } = await import('../../app/routes/staff+/finance.topups/topup-decision')
const { BalanceMethod, BnplMethod } =
  await import('../../app/routes/agency+/policies.$policyId.pay/pay-methods')

/** The questions a rendering asks, by the label of the button that confirms: [title, description]. */
const questions = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/data-confirm="([^"]*)" data-confirm-label="([^"]*)" data-description="([^"]*)"/g)].map(
      (m) => [m[2], [m[1], m[3]]],
    ),
  )

describe('money actions on the finance pages ask first, naming the record and the amount', () => {
  it('approving a bank payment names the policy and its premium; rejecting asks too', () => {
    const html = renderToString(
      createElement(StaffPaymentList, {
        list: 'verification',
        caption: 'Payment verification',
        rows: [
          {
            id: 42,
            ref: 'POL-0042',
            status: 'PURCHASED',
            agency: 'Wattle Education',
            customer: 'Ana Silva',
            provider: null,
            policy_type: null,
            premium: 512.4,
            received: 200,
            payment_method: 'BANK',
            payment_status: 'REQUESTED',
            bank_document_available: true,
            requested_at: null,
            purchased_at: null,
          },
        ],
        pageInfo: { page: 1, perPage: 10, total: 1, totalPages: 1 },
        sort: { key: 'requested_at', direction: 'desc' },
        statusTab: null,
        agencies: [],
        providers: [],
        perPage: '10',
        methods: ['BANK'],
        outstandingTabs: [],
      }),
    )
    const q = questions(html)
    expect(q['Approve payment'][0]).toBe('Approve the payment of POL-0042?')
    expect(q['Approve payment'][1]).toContain('A$512.40')
    // A part already received by transfer is named, and shown under the premium.
    expect(q['Approve payment'][1]).toContain('(A$200.00 of it already received by transfer)')
    expect(html).toContain('A$200.00<!-- --> received')
    expect(q['Reject payments']).toBeDefined()
  })

  it('approving or rejecting a top-up names the top-up, the agency and the amount', () => {
    const q = questions(
      renderToString(
        createElement(TopupDecision, {
          t: { id: 9, agency: 'Wattle Education', amount: 1500, status: 'REQUESTED', rejection_reason: null },
        }),
      ),
    )
    expect(q['Approve top-up']).toEqual([
      'Approve top-up #9 of Wattle Education?',
      'A$1,500.00 is credited to the balance of Wattle Education.',
    ])
    expect(q['Reject top-up'][0]).toBe('Reject top-up #9 of Wattle Education?')
    expect(q['Reject top-up'][1]).toContain('A$1,500.00')
  })

  it('paying from the balance or with buy now, pay later names the policy and the premium', () => {
    const o = {
      ref: 'POL-0042',
      premium: 512.4,
      currency: 'AUD',
      agencyBalance: 2000,
      buyNowPayLaterRemainingAmount: 1000,
      cardAmount: 520,
      isCardSurchargeEnabled: false,
      cardSurchargeRate: null,
      nexpayReference: 'NX-1',
      bankTransfer: { account: null, reference: 'POL-0042' },
      Bank: true,
      AgencyBalance: true,
      BuyNowPayLater: true,
      Nexpay: true,
      Card: true,
    }
    const balance = questions(renderToString(createElement(BalanceMethod, { o })))['Pay from balance']
    expect(balance[0]).toBe('Pay policy POL-0042 from your balance?')
    expect(balance[1]).toContain('A$512.40')
    const bnpl = questions(renderToString(createElement(BnplMethod, { o })))['Use buy now, pay later']
    expect(bnpl[0]).toBe('Pay policy POL-0042 with buy now, pay later?')
    expect(bnpl[1]).toContain('A$512.40')
  })
})
