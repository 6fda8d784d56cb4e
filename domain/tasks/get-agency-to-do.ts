import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policies, policyCertificates, tasks } from '../../db/schema'
import type { PolicyStatus } from '../policies/policies.rules'
import { UNPRICED_STATUSES } from '../policies/policies.rules'
import { type Actor, isAgencySide } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { clock } from '../shared/clock'
import { notFound } from '../shared/errors'
import { agencyLinks } from '../shared/links'

/** How long an issued certificate stays on the home page as "ready to download". */
export const NEW_CERTIFICATE_DAYS = 30

export type ToDoItem = {
  key: 'drafts' | 'unpaid' | 'rejected' | 'certificates' | 'refunds'
  count: number
  text: string
  href: string
}

/** Refunds asked for and not yet paid or refused: the agency follows them (staff decide). */
const REFUNDING: readonly PolicyStatus[] = [
  'FULL_REFUND_REQUESTED',
  'FULL_REFUND_INITIATED',
  'FULL_REFUND_APPROVED',
]

const listOf = (statuses: readonly PolicyStatus[]) => agencyLinks.policies(statuses)
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * What waits for the agency, for its home page: policies to finish, to pay, whose payment was
 * rejected, certificates issued in the last NEW_CERTIFICATE_DAYS days, full refunds in progress,
 * and its open inbox tasks (agreement to sign, a clawback or an amendment to pay or accept...). Archived policies are left out. Any user of the agency, for its own.
 */
export const getAgencyToDo = defineUseCase(
  { agency: true },
  async function getAgencyToDo(opts: { actor: Actor }) {
    if (!isAgencySide(opts.actor)) throw notFound('Agency')
    const agencyId = opts.actor.agencyId
    const [byStatus, certificates, open] = await Promise.all([
      policiesByStatus(agencyId),
      certificatesIssuedSince(agencyId, new Date(clock.now().getTime() - NEW_CERTIFICATE_DAYS * 86_400_000)),
      getDb()
        .select({ id: tasks.id, subject: tasks.subject, link: tasks.link, due_at: tasks.due_at })
        .from(tasks)
        .where(and(eq(tasks.audience, 'agency'), eq(tasks.agency_id, agencyId), isNull(tasks.closed_at)))
        .orderBy(tasks.due_at),
    ])
    return {
      items: toDoItems(byStatus, certificates).filter((i) => i.count > 0),
      tasks: open,
    }
  },
)

/** How many of the agency's policies (not archived) are in each status the to-do counts. */
function policiesByStatus(agencyId: number) {
  return getDb()
    .select({ status: policies.status, n: count() })
    .from(policies)
    .where(
      and(
        eq(policies.agency_id, agencyId),
        eq(policies.is_archived, false),
        inArray(policies.status, [...UNPRICED_STATUSES, 'INITIATED', 'PAYMENT_REJECTED', ...REFUNDING]),
      ),
    )
    .groupBy(policies.status)
}

/** How many of the agency's issued policies (not archived) got their certificate since `since`. */
async function certificatesIssuedSince(agencyId: number, since: Date) {
  const [row] = await getDb()
    .select({ n: sql<number>`count(distinct ${policies.id})::int` })
    .from(policyCertificates)
    .innerJoin(policies, eq(policies.id, policyCertificates.policy_id))
    .where(
      and(
        eq(policies.agency_id, agencyId),
        eq(policies.is_archived, false),
        eq(policies.status, 'CERTIFICATE_ISSUED'),
        eq(policyCertificates.certificate_type, 'new'),
        gte(policyCertificates.issued_at, since),
      ),
    )
  return row?.n ?? 0
}

/** The home page's items, in the order shown (empty ones included). */
function toDoItems(byStatus: { status: PolicyStatus; n: number }[], certificates: number): ToDoItem[] {
  const n = (statuses: readonly PolicyStatus[]) =>
    byStatus.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + r.n, 0)
  return [
    {
      key: 'unpaid',
      count: n(['INITIATED']),
      text: `${plural(n(['INITIATED']), 'policy', 'policies')} to pay`,
      href: listOf(['INITIATED']),
    },
    {
      key: 'rejected',
      count: n(['PAYMENT_REJECTED']),
      text: `${plural(n(['PAYMENT_REJECTED']), 'payment', 'payments')} rejected: pay again`,
      href: listOf(['PAYMENT_REJECTED']),
    },
    {
      key: 'certificates',
      count: certificates,
      text: `${plural(certificates, 'certificate', 'certificates')} ready to download`,
      href: listOf(['CERTIFICATE_ISSUED']),
    },
    {
      key: 'refunds',
      count: n(REFUNDING),
      text: `${plural(n(REFUNDING), 'full refund', 'full refunds')} in progress`,
      href: listOf(REFUNDING),
    },
    {
      key: 'drafts',
      count: n(UNPRICED_STATUSES),
      text: `${plural(n(UNPRICED_STATUSES), 'draft policy', 'draft policies')} to finish`,
      href: listOf(UNPRICED_STATUSES),
    },
  ]
}
