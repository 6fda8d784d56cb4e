import { redirect } from '@remix-run/node'
import { ZodError } from 'zod'
import { findAllAgencies } from '../../domain/agencies/reads/find-all-agencies'
import { findPaymentPolicies } from '../../domain/finance/policy-payments/find-payment-policies'
import { type PaymentList } from '../../domain/finance/policy-payments/payment-policy-listing'
import type { OutstandingTab } from '../../domain/finance/finance.rules'
import { parseAgencyFinanceQuery, parseStaffFinanceQuery } from '../../domain/finance/finance-screens.schemas'
import { findInsuranceProviders } from '../../domain/reference/find-insurance-providers'
import type { Actor } from '../../domain/shared/actor'
import { listParams } from './forms.server'

/** Server helpers the finance tab routes share (list parsing, rows, the old ?tab= addresses). */

export const sortOf = (q: { sort_key: string; sort_direction: string }) => ({
  key: q.sort_key,
  direction: q.sort_direction === 'asc' ? ('asc' as const) : ('desc' as const),
})

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

/** Parses a list's query; a bad filter is a 400 page, not a crash. */
export function parseOr400<T>(parse: () => T): T {
  try {
    return parse()
  } catch (err) {
    if (err instanceof ZodError)
      throw new Response(err.issues[0]?.message ?? 'Invalid filter', { status: 400 })
    throw err
  }
}

/**
 * The finance pages were one page with `?tab=`; links in mails, inbox tasks and bookmarks still
 * carry it. This sends them to the tab's own address, keeping the other parameters.
 */
export function redirectToTab(request: Request, base: string, tabs: readonly string[], fallback: string) {
  const url = new URL(request.url)
  const asked = url.searchParams.get('tab') ?? ''
  const tab = tabs.includes(asked) ? asked : fallback
  url.searchParams.delete('tab')
  url.searchParams.delete('index')
  const query = url.searchParams.toString()
  return redirect(`${base}/${tab}${query ? `?${query}` : ''}`)
}

/** The agency and insurer choices of the staff finance filters. */
export async function staffFilterChoices(actor: Actor) {
  const [agencies, providers] = await Promise.all([findAllAgencies({ actor }), findInsuranceProviders()])
  return {
    agencies: agencies.map((a) => ({ id: a.id, name: a.full_company_name ?? a.email })),
    providers: providers.map((p) => ({ id: p.id, name: p.display_name })),
  }
}

/** One staff list of policies and their payments (verification, outstanding or purchased). */
export async function staffPaymentRows(
  actor: Actor,
  list: PaymentList,
  input: Parameters<typeof findPaymentPolicies>[0]['input'],
) {
  const r = await findPaymentPolicies({ actor, list, input })
  return {
    rows: r.items.map((p) => ({
      id: p.id,
      ref: p.ref,
      status: p.status,
      agency: p.agency.name ?? p.agency.email,
      agency_id: p.agency.id,
      customer: p.customer.name,
      provider: p.provider?.name ?? null,
      policy_type: p.policy_type,
      premium: p.premium,
      received: p.payment_received,
      payment_method: p.payment_method,
      payment_status: p.payment_status,
      bank_document_available: p.bank_document_available,
      requested_at: iso(p.requested_at),
      purchased_at: iso(p.purchased_at),
    })),
    pageInfo: r.pageInfo,
  }
}

type StaffQuery = ReturnType<typeof parseStaffFinanceQuery>

/** The query of one staff finance tab, parsed the way its export parses it (a bad filter is a 400). */
export function staffListInput<T extends StaffQuery['tab']>(request: Request, tab: T) {
  const parsed = parseOr400(() => parseStaffFinanceQuery({ ...listParams(request), tab }))
  // parseStaffFinanceQuery picks its schema by `tab`, so the input is that tab's.
  return parsed.input as Extract<StaffQuery, { tab: T }>['input']
}

/**
 * The loader data of a staff payment tab (verification, outstanding, purchased): the filter
 * choices, the page of rows, and the tab's sort and page size. Outstanding also has status tabs.
 */
export async function loadStaffPaymentTab(
  actor: Actor,
  request: Request,
  kind: 'verification' | 'outstanding' | 'purchased',
) {
  const input = staffListInput(request, kind)
  // Only outstanding has status tabs (its schema defaults one).
  const statusTab = 'tab' in input ? (input.tab as OutstandingTab) : null
  const list: PaymentList = statusTab
    ? { kind: 'outstanding', tab: statusTab }
    : { kind: kind as 'verification' | 'purchased' }
  const [choices, payments] = await Promise.all([
    staffFilterChoices(actor),
    staffPaymentRows(actor, list, input),
  ])
  return { ...choices, ...payments, statusTab, sort: sortOf(input), perPage: String(input.perPage) }
}

type AgencyQuery = ReturnType<typeof parseAgencyFinanceQuery>

/** The query of one agency finance tab (a bad filter is a 400). */
export function agencyListInput<T extends AgencyQuery['tab']>(request: Request, tab: T) {
  const parsed = parseOr400(() => parseAgencyFinanceQuery({ ...listParams(request), tab }))
  return parsed.input as Extract<AgencyQuery, { tab: T }>['input']
}
