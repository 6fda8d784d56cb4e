import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { AGENCY_PERMISSIONS, STAFF_PERMISSIONS, type Actor, type StaffActor } from '../../domain/shared/actor'
import { defineUseCase, type Access } from '../../domain/shared/authorize'
import { DomainError } from '../../domain/shared/errors'
import {
  amendmentDecisionRefusal,
  MAKER_CHECKER_MSG,
  SET_AND_CONFIRM_MSG,
  type AmendmentDecision,
  type AmendmentState,
} from '../../domain/amendments/amendments.rules'
import { deciderOf } from '../../domain/amendments/amendment-loading'
import { assertNotMaker } from '../../domain/finance/finance-guards'
import { MAKER_CHECKER_MSG as FINANCE_MAKER_CHECKER_MSG } from '../../domain/finance/finance.rules'
import { account } from '../../domain/money/accounts'
import { assertMoneyAuthority } from '../../domain/money/journal'

/**
 * Every use case is the one authority on who may call it: each exported function of domain/ that
 * takes an actor is declared with `defineUseCase(access, fn)` (a streamed list with
 * `defineStream`), and refuses a wrong actor before anything else runs. The calls below pass
 * no input at all: a use case that got past its check would fail on the missing input or the
 * database instead of answering UNAUTHENTICATED / FORBIDDEN.
 */

const root = path.resolve(__dirname, '../../domain')
const files = (function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f)
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : []
  })
})(root)

/**
 * Helpers that take an actor from a use case that has already checked it: `assert*` guards, tenant
 * loaders, writers and presenters. They are not reachable from an edge on their own.
 */
const INTERNAL = new Set([
  'hold',
  'reserveClawbackPayment',
  'postClawbackBankPayment',
  'postClawbackOffsetByPayout',
  'giveBackClawbackPayment',
  'actorLabel',
  'hasPermission',
  'isStaff',
  'isAgencySide',
  'authorize',
  'defineUseCase',
  'defineStream',
  'actingAgencyId',
  'loadCustomer',
  'loadPolicy',
  'loadPolicyFor',
  'loadVisiblePolicy',
  // A waiting premium's verification, inside approvePolicyPayment and confirmStatementMatch (both checked).
  'verifyWaitingPayment',
  // The movement an approved suspense decision posts, inside decideSuspenseClearing (checked).
  'postClearing',
  'allocateToPremium',
  'allocateToTopup',
  // A top-up's approval in the caller's transaction: approveTopup and the suspense decision (both checked).
  'creditTopup',
  'loadReferral',
  // Public clients: the tenant 404s inside checked use cases, and the widget caller's narrowing.
  'loadClientAgency',
  'loadClientFor',
  'loadWidgetPolicy',
  'changePublicClient',
  // Feedback and promotions: the tenant 404s and the author's kind inside checked use cases.
  'loadTicketFor',
  'loadCommentFor',
  'personType',
  'identityOf',
  'tellOtherSide',
  'loadPromotionFor',
  'asWidget',
  'invoiceScope',
  'getProfile',
  'settleCardPayment',
  'settlePremiumPayment',
  // Money writers (domain/finance/invoices/invoice-payments.ts), called inside a use case that checked.
  'settleInvoice',
  'completeInvoicePayment',
  // Journal postings of the processes (domain/money/money-postings.ts), in a checked use case's tx.
  'postPremiumSettled',
  'postCommissionBanked',
  // Invoice loaders (domain/finance/invoices/invoice-loading.ts): the use case checked the actor; they add the tenant 404.
  'lockInvoiceFor',
  'lockInvoicePaymentFor',
  'lockPaymentDocumentFor',
  'transitionPolicy',
  'storeCertificate',
  // Amendment helpers (domain/amendments), called by use cases that checked the actor: the tenant
  // 404 (loadAmendment), list scoping, the decider carried into the workflow, and the money and
  // certificate steps inside the checked transaction.
  'applyAmendmentOnCertificate',
  'amendmentWhere',
  'loadAmendment',
  'deciderOf',
  'adjustCommission',
  'creditReceivable',
  'decideAndPresent',
  'identityOf',
  'quoteAgencyId',
  'presentReferral',
  'agencyReadScope',
  'applyOnboardingDecision',
  // Shared steps of one sub-area's use cases, each called only after its use case checked the actor.
  'runStep',
  'moveStatus',
  'completeConfigurationStep',
  // Helpers of one area's reads (listing modules), called only inside a use case that checked.
  'maySee',
  'agencyFor',
  'scope',
  'filters',
  'checkScope',
])

type Fn = ((...args: unknown[]) => unknown) & { access?: Access }

const everyone = (perms: readonly string[]) => new Set(perms)
const staff = (perms: readonly string[]): Actor => ({
  kind: 'Oshc',
  identityId: 1,
  userId: 1,
  email: 'staff@example.test',
  permissions: everyone(perms),
})
const agency = (perms: readonly string[]): Actor => ({
  kind: 'agency_user',
  identityId: 2,
  agencyId: 1,
  userId: 2,
  email: 'user@example.test',
  permissions: everyone(perms),
})

/** The actors `access` must refuse, each with the code it must answer. */
function wrongActors(access: Exclude<Access, { public: true }>) {
  const out: { who: string; actor: Actor; code: 'UNAUTHENTICATED' | 'FORBIDDEN' }[] = [
    { who: 'the public', actor: { kind: 'public' }, code: 'UNAUTHENTICATED' },
    { who: 'a workflow', actor: { kind: 'system', name: 'workflow:x' }, code: 'FORBIDDEN' },
  ]
  if (!access.widget)
    out.push({
      who: "a public client's widget",
      actor: { kind: 'widget', clientId: 'pc_x', publicClientId: 1, agencyId: 1 },
      code: 'FORBIDDEN',
    })
  const { staff: staffRule = [], agency: agencyRule = [] } = access
  if (staffRule !== true) {
    const other = STAFF_PERMISSIONS.filter((p) => !staffRule.includes(p))
    out.push({
      who: `staff holding only ${other.join(', ') || 'nothing'}`,
      actor: staff(other),
      code: 'FORBIDDEN',
    })
  }
  if (agencyRule !== true) {
    const other = AGENCY_PERMISSIONS.filter((p) => !agencyRule.includes(p))
    out.push({
      who: `an agency user holding only ${other.join(', ') || 'nothing'}`,
      actor: agency(other),
      code: 'FORBIDDEN',
    })
  }
  return out
}

async function refusal(call: () => unknown) {
  try {
    const r = call()
    // Streamed lists are async generators: the check runs at the first pull.
    if (r && typeof (r as AsyncGenerator).next === 'function') await (r as AsyncGenerator).next()
    else await r
  } catch (err) {
    return err
  }
  return undefined
}

const modules = await Promise.all(
  files.map(async (f) => ({
    file: path.relative(root, f),
    exports: (await import(f)) as Record<string, unknown>,
  })),
)

const useCases: { name: string; file: string; fn: Fn }[] = []
const unchecked: string[] = []
for (const m of modules) {
  for (const [name, value] of Object.entries(m.exports)) {
    if (typeof value !== 'function' || INTERNAL.has(name) || name.startsWith('assert')) continue
    const fn = value as Fn
    const src = fn.toString()
    const head = src.slice(0, src.indexOf(')') + 1)
    const takesActor = /\bactor\b/.test(head) || /\b(opts|input)\.actor\b/.test(src)
    if (fn.access) useCases.push({ name, file: m.file, fn })
    else if (takesActor) unchecked.push(`${m.file}: ${name}`)
  }
}

describe('every use case checks its caller itself', () => {
  it('finds the use cases', () => {
    expect(useCases.length).toBeGreaterThan(140)
  })

  it('leaves no exported function that takes an actor without a check', () => {
    expect(unchecked).toEqual([])
  })

  for (const { name, file, fn } of useCases) {
    const access = fn.access!
    if ('public' in access) continue
    for (const { who, actor, code } of wrongActors(access)) {
      it(`${file} ${name} refuses ${who}`, async () => {
        const err = await refusal(() => fn({ actor }))
        expect(err).toBeInstanceOf(DomainError)
        expect((err as DomainError).code).toBe(code)
      })
    }
  }
})

describe('the declared access is the one check (issue 26 item 4)', () => {
  it('a body may assume a staff actor only behind an access that admits staff alone', async () => {
    const mixed = { staff: ['finance'], agency: ['finance'] } as const
    // @ts-expect-error: this access admits agencies too, so its body may not assume a staff actor.
    defineUseCase(mixed, async (o: { actor: StaffActor }) => o.actor.userId)
    const staffOnly = defineUseCase(
      { staff: ['finance'] },
      async (o: { actor: StaffActor }) => o.actor.userId,
    )
    // Callers pass any actor; the declared access refuses all but staff holding finance.
    const err = await refusal(() => staffOnly({ actor: agency(['finance']) }))
    expect((err as DomainError).code).toBe('FORBIDDEN')
    expect(await staffOnly({ actor: staff(['finance']) })).toBe(1)
  })
})

/**
 * Maker = checker (issue 22): the money decisions whose maker is known without a database. The
 * decisions that read their maker from a row (markAsPaid after updateInvoiceLineItem, a refund's
 * approval) are covered against PostgreSQL in tests/integration/invoices.test.ts and refunds.test.ts.
 */
describe('a money decision refuses its maker', () => {
  const state: AmendmentState = {
    amendmentId: 1,
    policyId: 1,
    agencyId: 1,
    phase: 'CONFIRM_PREMIUM_BY_ADMIN',
    status: 'INITIATED',
    nextStep: 'CONFIRM_PREMIUM_BY_ADMIN',
    newPremium: 30_000,
    payableAmount: 32_520,
    payer: 'OSHC',
    prevPremium: 62_520,
    repricedPremium: 62_520,
    staffMade: true,
    makers: [1],
  }
  const confirm = (actor: Actor, newPremium: number | null = null): AmendmentDecision => ({
    kind: 'confirmPremium',
    new_premium: newPremium,
    by: deciderOf(actor),
  })
  const other = (perms: readonly string[]): Actor => ({ ...staff(perms), identityId: 3, userId: 3 }) as Actor

  it('confirming an amendment premium set by staff: its maker is refused, even holding finance', () => {
    expect(amendmentDecisionRefusal(state, false, confirm(staff(STAFF_PERMISSIONS)))).toBe(MAKER_CHECKER_MSG)
  })
  it('confirming an amendment premium set by staff: someone without finance is refused', () => {
    expect(amendmentDecisionRefusal(state, false, confirm(other(['policy_management'])))).toMatch(
      /holding finance/,
    )
  })
  it('confirming an amendment premium set by staff: the checker may not set a new figure at once', () => {
    expect(
      amendmentDecisionRefusal(state, false, confirm(other(['policy_management', 'finance']), 31_000)),
    ).toBe(SET_AND_CONFIRM_MSG)
  })
  it('confirming an amendment premium set by staff: another finance staff member may', () => {
    expect(
      amendmentDecisionRefusal(state, false, confirm(other(['policy_management', 'finance']))),
    ).toBeNull()
  })
  it('a repriced premium the agency asked for needs no second person', () => {
    const repriced = { ...state, staffMade: false, makers: [], newPremium: 62_000, repricedPremium: 62_000 }
    expect(amendmentDecisionRefusal(repriced, false, confirm(other(['policy_management'])))).toBeNull()
  })
  it('marking an invoice paid: whoever last changed its amounts is refused (403)', () => {
    let err: unknown
    try {
      assertNotMaker(1, { created_by: 2, updated_by: 1 })
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(DomainError)
    expect((err as DomainError).code).toBe('FORBIDDEN')
    expect((err as DomainError).message).toBe(FINANCE_MAKER_CHECKER_MSG)
    expect(MAKER_CHECKER_MSG).toBe(FINANCE_MAKER_CHECKER_MSG)
  })
})

/**
 * One authority for money (issue 22): the journal's writer refuses any transfer carrying a staff
 * decision that credits an agency unless the decider holds `finance` and made nothing of the
 * record. One case per money use case that passes its decision to the writer, as that use case
 * builds the transfer; the same transfers against PostgreSQL are in money-authority.test.ts.
 */
describe("the journal's writer refuses a money decision by its maker", () => {
  const maker = staff(['finance', 'policy_management'])
  const other = (perms: readonly string[]): Actor => ({ ...staff(perms), identityId: 3, userId: 3 }) as Actor
  const refusedWith = (t: Parameters<typeof assertMoneyAuthority>[0]) => {
    try {
      assertMoneyAuthority(t)
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError)
      expect((err as DomainError).code).toBe('FORBIDDEN')
      return (err as DomainError).message
    }
    return null
  }
  const NO_PERMISSION = 'You do not have permission to do this'
  const cases = [
    // approveTopup: the agency balance from bank clearing; the maker is the top-up's creator.
    { useCase: 'top-up approval', debit: account.clearing('bank'), credit: account.agencyBalance(1) },
    // updateInvoicePaymentDocumentStatus: an over-payment credited back from the invoice's payments.
    {
      useCase: 'bank part verification',
      debit: account.invoicePayments(1),
      credit: account.agencyBalance(1),
    },
    // approveBnplPaymentRequest: the allowance given back from the settlement account.
    { useCase: 'BNPL approval', debit: account.agencyBnplSettlement(1), credit: account.agencyBnplUsed(1) },
    // An amendment credit (acceptance of a staff-set premium): from the policy's premium received.
    {
      useCase: 'amendment credit',
      debit: account.policyPremiumReceived(1),
      credit: account.agencyBalance(1),
    },
    // A payout (threaded later): commission payable.
    {
      useCase: 'commission payable',
      debit: account.house('insurer'),
      credit: account.agencyCommissionPayable(1),
    },
  ]
  for (const c of cases) {
    it(`${c.useCase}: maker = checker refused (403 MAKER_CHECKER_MSG)`, () => {
      expect(refusedWith({ credit: c.credit, decision: { by: maker, makers: [null, 1] } })).toBe(
        FINANCE_MAKER_CHECKER_MSG,
      )
    })
    it(`${c.useCase}: staff without finance refused (403)`, () => {
      expect(
        refusedWith({ credit: c.credit, decision: { by: other(['policy_management']), makers: [1] } }),
      ).toBe(NO_PERMISSION)
    })
    it(`${c.useCase}: another finance staff member passes`, () => {
      expect(
        refusedWith({ credit: c.credit, decision: { by: other(['finance']), makers: [1, undefined] } }),
      ).toBeNull()
    })
  }
  it('the agency side, a workflow and the public never decide a credit', () => {
    for (const by of [
      agency(AGENCY_PERMISSIONS),
      { kind: 'system', name: 'workflow:x' } as Actor,
      { kind: 'public' } as Actor,
    ])
      expect(refusedWith({ credit: account.agencyBalance(1), decision: { by, makers: [] } })).toBe(
        NO_PERMISSION,
      )
  })
  it('a debit of an agency, a house account or a transfer without a decision is not a decided credit', () => {
    const by = staff([])
    expect(refusedWith({ credit: account.clearing('bank'), decision: { by, makers: [1] } })).toBeNull()
    expect(refusedWith({ credit: account.agencyBnplSettlement(1), decision: { by, makers: [1] } })).toBeNull()
    expect(refusedWith({ credit: account.agencyBalance(1) })).toBeNull()
  })
})
