import { exportResponse, ExportFormatSchema } from '../../api/export.server'
import { queryObject } from '../../api/router.server'
import { findInsuranceProviders } from '../../domain/reference/find-insurance-providers'
import {
  iteratePolicies,
  POLICY_EXPORT_COLUMNS,
  type PolicyListRow,
  type PolicyScope,
} from '../../domain/policies/find-policies'
import { POLICY_STATUS_GROUPS } from '../../domain/policies/policies.rules'
import {
  PolicyListFilterSchema,
  PolicyListQuerySchema,
  type PolicyListQuery,
} from '../../domain/policies/policies.schemas'
import type { Actor } from '../../domain/shared/actor'
import type { PolicyListQueryView, PolicyTab } from '../components/policy-list'

/** A GET form sends untouched inputs as empty strings: they mean "no filter". */
function filterParams(request: Request) {
  const raw = queryObject(new URL(request.url))
  const archived = raw.archived === '1'
  delete raw.archived
  const query = Object.fromEntries(
    Object.entries(raw).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== '')),
  )
  return { query, archived }
}

const badRequest = (message: string | undefined) => new Response(message ?? 'Invalid filter', { status: 400 })

/** The list query of the policy screens, read from the page URL (as the API reads it). */
export function policyListQuery(request: Request): { query: PolicyListQuery; archived: boolean } {
  const { query, archived } = filterParams(request)
  const parsed = PolicyListQuerySchema.safeParse(query)
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message)
  return { query: parsed.data, archived }
}

/** Tabs: a status group each, All, and the archive. */
export function policyTabs(query: PolicyListQuery, archived: boolean): PolicyTab[] {
  const selected = [...query.status].sort().join(',')
  return [
    { label: 'All', href: '', active: !archived && selected === '' },
    ...Object.entries(POLICY_STATUS_GROUPS).map(([label, statuses]) => ({
      label,
      href: `status=${statuses.join(',')}`,
      active: !archived && selected !== '' && [...statuses].sort().join(',') === selected,
    })),
    { label: 'Archived', href: 'archived=1', active: archived },
  ]
}

export function policyRowsView(items: PolicyListRow[]) {
  return items.map((p) => ({
    id: p.id,
    ref: p.ref,
    status: p.status,
    status_label: p.status_label,
    policy_type: p.policy_type,
    start_date: p.start_date,
    end_date: p.end_date,
    premium: p.premium,
    created_at: p.created_at.toISOString(),
    user_defined_status: p.user_defined_status,
    customer: { name: p.customer.name, email: p.customer.email },
    provider: p.provider ? { id: p.provider.id, display_name: p.provider.display_name } : null,
    agency: p.agency,
  }))
}

export function policyQueryView(query: PolicyListQuery): PolicyListQueryView {
  return {
    sort_key: query.sort_key,
    sort_direction: query.sort_direction,
    global_filter: query.global_filter ?? '',
    provider_filter: query.provider_filter[0] ? String(query.provider_filter[0]) : '',
    policy_type_filter: query.policy_type_filter[0] ?? '',
    start_date_from: query.start_date_from ?? '',
    start_date_to: query.start_date_to ?? '',
    agency_filter: query.agency_filter[0] ? String(query.agency_filter[0]) : '',
    perPage: String(query.perPage),
  }
}

export async function providerOptions() {
  return (await findInsuranceProviders()).map((p) => ({ id: p.id, name: p.display_name }))
}

/** The list screen's filters as a streamed CSV / XLSX download (format=xlsx). */
export async function policyExportResponse(request: Request, actor: Actor, agencyId: number | null) {
  const { query, archived } = filterParams(request)
  const parsed = PolicyListFilterSchema.extend({ format: ExportFormatSchema }).safeParse(query)
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message)
  const scope: PolicyScope = { agencyId, archived }
  return exportResponse({
    filename: `policies-${new Date().toISOString().slice(0, 10)}`,
    format: parsed.data.format,
    columns: POLICY_EXPORT_COLUMNS,
    rows: await iteratePolicies({ actor, scope, query: parsed.data }),
  })
}
