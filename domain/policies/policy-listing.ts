// Policy lists: the scope, filters, query and row shape of findPolicies, iteratePolicies and
// searchPolicies.
import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias, union } from 'drizzle-orm/pg-core'
import { getDb } from '../../db/client'
import { executePrepared } from '../../db/prepared'
import { agencies, customers, customerSearchText, insuranceProviders, policies } from '../../db/schema'
import { assertAgencyAccess } from '../agencies/agency-access'
import { escapeLike } from '../reference/search-text'
import { isStaff, type Actor } from '../shared/actor'
import { forbidden } from '../shared/errors'
import { fromCents } from '../shared/money'
import { STATUS_LABELS } from './policies.rules'
import {
  CANCELLATION_TABLE_STATUSES,
  CERTIFICATE_TABLE_STATUSES,
  type PolicySortKey,
} from './policy-lists.rules'
import type { PolicyListFilter } from './policies.schemas'
import { assertPolicyReader } from './policy-guards'

/**
 * Which policies a list covers: one agency (agency side, or staff looking at one) or all (staff);
 * archived ones, the others, or (null: the staff report) both.
 */
export type PolicyScope = { agencyId: number | null; archived: boolean | null }

const dayStart = (d: string) => new Date(`${d}T00:00:00Z`)

const dayEnd = (d: string) => new Date(`${d}T23:59:59.999Z`)

/** "My policies": created by the caller, or assigned to the caller (agency user or staff user). */
function mine(actor: Actor): SQL {
  if (actor.kind === 'agency_user')
    return or(eq(policies.created_by, actor.identityId), eq(policies.assigned_to_agency_user, actor.userId))!
  if (actor.kind === 'Oshc')
    return or(eq(policies.created_by, actor.identityId), eq(policies.assigned_to, actor.userId))!
  if (actor.kind === 'Agency') return eq(policies.created_by, actor.identityId)
  return sql`false`
}

/** The ids a text search matches, as a statement's CTE: its page and its count read them once. */
export type SearchHits = NonNullable<ReturnType<typeof searchHits>>

export function filters(
  actor: Actor,
  scope: PolicyScope,
  q: Partial<PolicyListFilter>,
  hits?: SearchHits | null,
): SQL {
  const where: SQL[] = scope.archived === null ? [] : [eq(policies.is_archived, scope.archived)]
  if (scope.agencyId !== null) where.push(eq(policies.agency_id, scope.agencyId))
  else if (q.agency_filter?.length) where.push(inArray(policies.agency_id, q.agency_filter))
  if (q.status?.length) where.push(inArray(policies.status, q.status))
  if (q.table === 'certificates') where.push(inArray(policies.status, [...CERTIFICATE_TABLE_STATUSES]))
  if (q.table === 'cancellations') {
    where.push(
      or(
        ne(policies.cancellation_request_status, 'NO_CANCELLATION'),
        inArray(policies.status, [...CANCELLATION_TABLE_STATUSES]),
      )!,
    )
  }
  if (q.table === 'my_policies') where.push(mine(actor))
  if (q.email) where.push(ilike(customers.email, `%${escapeLike(q.email)}%`))
  if (q.country_filter?.length) where.push(inArray(customers.country, q.country_filter))
  if (q.start_date_from) where.push(gte(policies.start_date, q.start_date_from))
  if (q.start_date_to) where.push(lte(policies.start_date, q.start_date_to))
  if (q.end_date_from) where.push(gte(policies.end_date, q.end_date_from))
  if (q.end_date_to) where.push(lte(policies.end_date, q.end_date_to))
  if (q.created_from) where.push(gte(policies.created_at, dayStart(q.created_from)))
  if (q.created_to) where.push(lte(policies.created_at, dayEnd(q.created_to)))
  if (q.provider_filter?.length) where.push(inArray(policies.insurance_provider_id, q.provider_filter))
  if (q.policy_type_filter?.length) where.push(inArray(policies.policy_type, q.policy_type_filter))
  if (q.global_filter)
    where.push(
      hits
        ? inArray(policies.id, getDb().select({ id: hits.id }).from(hits))
        : searchCondition(q.global_filter),
    )
  return and(...where)!
}

/**
 * Ref, student name, e-mail or passport: the ids from two trigram-indexed lookups (the customer
 * expression of db/schema/policies.ts, and the ref) in one UNION. An OR across the joined tables
 * can use neither index (1.5 s p50 over 100k policies in `npm run bench`; this: a few ms).
 */
export function searchCondition(text: string): SQL {
  return inArray(policies.id, searchUnion(text))
}

function searchUnion(text: string) {
  const like = `%${escapeLike(text)}%`
  const c = alias(customers, 'search_customers')
  const p = alias(policies, 'search_policies')
  const byStudent = getDb()
    .select({ id: sql<number>`${p.id}`.as('id') })
    .from(p)
    .innerJoin(c, eq(c.id, p.customer_id))
    .where(sql`${customerSearchText(c)} ilike ${like}`)
  const byRef = getDb()
    .select({ id: sql<number>`${p.id}`.as('id') })
    .from(p)
    .where(ilike(p.ref, like))
  return union(byStudent, byRef)
}

/** The search of `text` as a CTE (null without one), for `filters` and `pagedPolicies`. */
export function searchHits(text: string | undefined) {
  return text ? getDb().$with('search_hits').as(searchUnion(text)) : null
}

/** The student sort (customers_name_sort_idx holds it, so a page of it reads 25 students). */
const customerName = sql<string>`lower(${customers.first_name} || ' ' || ${customers.last_name})`

/** Whether `orderBy(q)` sorts by a customer column (and so the page's ids need the customers join). */
export const sortsByCustomer = (q: { sort_key: PolicySortKey; sortByExpiryDate?: string }) =>
  q.sort_key === 'customer_name' && q.sortByExpiryDate !== 'true'

export function orderBy(q: {
  sort_key: PolicySortKey
  sort_direction: 'asc' | 'desc'
  sortByExpiryDate?: string
}) {
  if (q.sortByExpiryDate === 'true') return [asc(policies.end_date), asc(policies.id)]
  const dir = q.sort_direction === 'asc' ? asc : desc
  const column = q.sort_key === 'customer_name' ? customerName : policies[q.sort_key]
  return [dir(column), dir(policies.id)]
}

const listColumns = {
  id: policies.id,
  ref: policies.ref,
  status: policies.status,
  policy_type: policies.policy_type,
  start_date: policies.start_date,
  end_date: policies.end_date,
  premium: policies.premium,
  payment_method: policies.payment_method,
  created_at: policies.created_at,
  purchased_at: policies.purchased_at,
  user_defined_status: policies.user_defined_status,
  provider_payment_status: policies.provider_payment_status,
  cancellation_request_status: policies.cancellation_request_status,
  assigned_to: policies.assigned_to,
  assigned_to_agency_user: policies.assigned_to_agency_user,
  is_archived: policies.is_archived,
  customer: {
    id: customers.id,
    first_name: customers.first_name,
    last_name: customers.last_name,
    email: customers.email,
    passport_number: customers.passport_number,
  },
  provider: {
    id: insuranceProviders.id,
    name: insuranceProviders.name,
    display_name: insuranceProviders.display_name,
  },
  agency: { id: agencies.id, name: agencies.full_company_name, email: agencies.email },
}

export function baseQuery() {
  return getDb()
    .select(listColumns)
    .from(policies)
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .innerJoin(agencies, eq(agencies.id, policies.agency_id))
    .leftJoin(insuranceProviders, eq(insuranceProviders.id, policies.insurance_provider_id))
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number]

/** The capped count of `where` as SQL (a scalar subquery, or a statement of its own). */
function countSql(where: SQL, opts: { limit: number; customers: boolean }) {
  const base = getDb()
    .select({ one: sql`1` })
    .from(policies)
  const matching = (opts.customers ? base.innerJoin(customers, eq(customers.id, policies.customer_id)) : base)
    .where(where)
    .limit(opts.limit)
  return sql<number>`(select count(*)::int from (${matching}) as matching)`
}

/**
 * A page of the list and its capped count in one statement (one round trip; a search's matches
 * computed once, as a CTE both read): every row carries the count (an InitPlan, run once). An
 * empty first page matches nothing; a page past the end has no row to carry the count, so only
 * then is it a statement of its own.
 */
export async function pagedPolicies(o: PageOptions) {
  const rows = await executePrepared(pageStatement(o), 'policy_page')
  // No row on the first page: nothing matches. Past the end: the count is asked for alone.
  const n = rows.length
    ? rows[0].total
    : o.offset === 0
      ? 0
      : (
          await (o.hits ? getDb().with(o.hits) : getDb())
            .select({ n: countSql(o.where, o.count).as('n') })
            .from(sql`(select 1) as one`)
        )[0].n
  return { rows: rows.map(({ total: _, ...r }) => r), total: n, capped: n >= o.count.limit }
}

type PageOptions = {
  where: SQL
  hits: SearchHits | null
  orderBy: SQL[]
  limit: number
  offset: number
  /** `customers`: a filter reads a customer column (the count joins customers). */
  count: { limit: number; customers: boolean }
  /** The sort reads a customer column (the page's ids join customers too). */
  sortsByCustomer?: boolean
}

/**
 * The one statement of `pagedPolicies` (its plan is printed by `npm run bench`): the page's ids
 * found on `policies` alone (customers joined only when a filter or the sort reads them), and
 * only those rows joined for the columns shown. A search matching a thousand students joins 25
 * of them, not a thousand; the outer sort orders the 25 as the inner one chose them.
 */
export function pageStatement(o: PageOptions) {
  // A search's matches are all sorted for the page anyway: counted as they are (capped as the
  // list's count is), not looked up a second time.
  const total = o.hits
    ? sql<number>`least(count(*) over (), ${o.count.limit})::int`
    : countSql(o.where, o.count)
  const ids = getDb()
    .select({ id: policies.id, total: total.as('total') })
    .from(policies)
  const page = (
    o.count.customers || o.sortsByCustomer
      ? ids.innerJoin(customers, eq(customers.id, policies.customer_id))
      : ids
  )
    .where(o.where)
    .orderBy(...o.orderBy)
    .limit(o.limit)
    .offset(o.offset)
    .as('page')
  return (o.hits ? getDb().with(o.hits) : getDb())
    .select({ ...listColumns, total: page.total })
    .from(page)
    .innerJoin(policies, eq(policies.id, page.id))
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .innerJoin(agencies, eq(agencies.id, policies.agency_id))
    .leftJoin(insuranceProviders, eq(insuranceProviders.id, policies.insurance_provider_id))
    .orderBy(...o.orderBy)
}

export function present(r: Row) {
  return {
    ...r,
    status_label: STATUS_LABELS[r.status],
    premium: r.premium === null ? null : fromCents(r.premium),
    customer: { ...r.customer, name: `${r.customer.first_name} ${r.customer.last_name}` },
    provider: r.provider?.id ? r.provider : null,
  }
}

export type PolicyListRow = ReturnType<typeof present>

/**
 * How many policies match, counting at most `limit` (then the caller shows "limit+"). The
 * customers join is made only when a filter reads a customer column.
 */
export async function countPolicies(where: SQL, opts: { limit: number; customers: boolean }) {
  const base = getDb()
    .select({ one: sql`1` })
    .from(policies)
  const matching = (opts.customers ? base.innerJoin(customers, eq(customers.id, policies.customer_id)) : base)
    .where(where)
    .limit(opts.limit)
    .as('matching')
  const [{ n }] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(matching)
  return { total: n, capped: n >= opts.limit }
}

/** Whether a list's filters read a customer column (and so need the customers join to count). */
export const filtersCustomers = (q: Partial<PolicyListFilter>) => !!(q.email || q.country_filter?.length)

/** Agency callers see only their agency (another id is a 404); staff see one agency or all. */
export async function checkScope(actor: Actor, agencyId: number | null) {
  assertPolicyReader(actor)
  if (agencyId !== null) await assertAgencyAccess(actor, agencyId)
  else if (!isStaff(actor)) throw forbidden()
}

export const SEARCH_PAGE_SIZE = 20
