import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { searchAgencyOptions } from '../../../../domain/agencies/reads/search-agency-options'
import { DashboardQuerySchema } from '../../../../domain/dashboard/dashboard.schemas'
import { getOshcDashboard } from '../../../../domain/dashboard/get-oshc-dashboard'
import { AgencyPicker } from '../../../components/agency-picker'
import { LabelledBars, SalesChart } from '../../../components/dashboard/charts'
import { KpiCard } from './kpi'
import { FiguresTable, AgencyPerformanceTable } from './tables'
import { TabLinks, useListHref } from '../../../components/tab-links'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Select } from '../../../components/ui/select'
import { POLICY_STATUS_LABELS } from '../../../utils/labels'
import { providerOptions } from '../../../utils/policy-list.server'
import { requireAccess } from '../../../utils/session.server'
import { PageHeader } from '../../../components/app-shell'

export const meta: MetaFunction = () => [{ title: 'Dashboard · OSHC Back Office' }]

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'policy', label: 'Policies' },
  { value: 'finance', label: 'Finance' },
] as const
type Tab = (typeof TABS)[number]['value']
const LIST_KEYS = ['agency_id', 'policy_status', 'provider_id'] as const
const GROUP_LABELS: Record<string, string> = {
  draft: 'Draft',
  requested: 'Requested',
  certificate_issued: 'Certificate issued',
  cancelled: 'Cancelled',
  amended: 'Amended',
}
const METRIC_LABELS: Record<string, string> = {
  purchased_premium: 'Premium purchased',
  banked_commission: 'Commission banked',
  requested_commission: 'Commission requested',
  paid_commission: 'Commission paid',
  paid_clawback: 'Clawbacks paid',
  pending_clawback: 'Clawbacks pending',
  refunded_premium: 'Premium refunded',
}

/** Filters live in the URL (a view can be shared): dates, one agency, insurer, status; `tab` picks the section. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getOshcDashboard.access)
  const url = new URL(request.url)
  const raw: Record<string, string | string[]> = {}
  for (const [k, v] of url.searchParams) if (v.trim() !== '' && k !== 'tab') raw[k] = v
  for (const k of LIST_KEYS) raw[k] = url.searchParams.getAll(k).filter((v) => v.trim() !== '')
  const parsed = DashboardQuerySchema.safeParse(raw)
  if (!parsed.success)
    throw new Response(parsed.error.issues[0]?.message ?? 'Invalid filters', { status: 400 })
  const tab: Tab = TABS.some((t) => t.value === url.searchParams.get('tab'))
    ? (url.searchParams.get('tab') as Tab)
    : 'overview'
  const [dashboard, providers, agency] = await Promise.all([
    getOshcDashboard({
      actor,
      query: { ...parsed.data, dashboard_type: [tab], export_agency_performance: 'false' },
    }),
    providerOptions(),
    parsed.data.agency_id.length
      ? searchAgencyOptions({ actor, ids: parsed.data.agency_id })
          .then((a) => a[0] ?? null)
          .catch(() => null)
      : null,
  ])
  const exportQuery = new URLSearchParams(url.searchParams)
  exportQuery.delete('tab')
  exportQuery.set('export_agency_performance', 'true')
  const filters = {
    provider_id: parsed.data.provider_id[0] ? String(parsed.data.provider_id[0]) : '',
    policy_status: parsed.data.policy_status[0] ?? '',
  }
  return {
    tab,
    dashboard,
    providers,
    agency,
    filters,
    exportHref: `/api/dashboard/getOshcDashboard?${exportQuery}`,
  }
}

export default function Dashboard() {
  const { tab, dashboard: d, providers, agency, filters, exportHref } = useLoaderData<typeof loader>()
  const href = useListHref('/staff/dashboard')
  const performance = d.overviewDashboard?.agencyPerformance ?? d.policyDashboard?.agencyPerformance ?? []
  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" description={`${d.currentLabel}, compared with ${d.vsLabel}`} />
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filters">
        <input type="hidden" name="tab" value={tab} />
        <div className="space-y-1">
          <Label htmlFor="start_date">From</Label>
          <Input id="start_date" name="start_date" type="date" defaultValue={d.range.start_date} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="end_date">To</Label>
          <Input id="end_date" name="end_date" type="date" defaultValue={d.range.end_date} />
        </div>
        <div className="min-w-56 space-y-1">
          <Label htmlFor="agency_id">Agency</Label>
          <AgencyPicker id="agency_id" name="agency_id" selected={agency} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="provider_id">Insurer</Label>
          <Select id="provider_id" name="provider_id" defaultValue={filters.provider_id}>
            <option value="">Any insurer</option>
            {providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="policy_status">Policy status</Label>
          <Select id="policy_status" name="policy_status" defaultValue={filters.policy_status}>
            <option value="">Any status</option>
            {Object.entries(POLICY_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit">Show</Button>
      </Form>
      <TabLinks label="Dashboard sections" items={TABS} current={tab} href={(t) => href({ tab: t })} />

      {d.overviewDashboard ? (
        <section aria-label="Overview" className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <KpiCard label="Policies sold" value={d.overviewDashboard.policies_sold} />
            <KpiCard label="Premium sold" value={d.overviewDashboard.purchased_premium} money />
            <KpiCard label="Agencies selling" value={d.overviewDashboard.selling_agencies} />
            <KpiCard label="Certificates issued" value={d.overviewDashboard.certificates_issued} />
          </div>
          <h2 className="text-lg font-semibold">Top agencies by premium</h2>
          <LabelledBars
            label="Premium by agency, top 10"
            data={performance.map((a) => ({ name: a.agency, value: a.premium }))}
            money
          />
          <AgencyPerformanceTable
            rows={performance}
            exportHref={exportHref}
            sortHref={(dir) => href({ sort_direction_agency_performance: dir })}
          />
        </section>
      ) : null}

      {d.policyDashboard ? (
        <section aria-label="Policies" className="space-y-6">
          <h2 className="text-lg font-semibold">Sales over time (by {d.policyDashboard.bucket})</h2>
          <SalesChart sales={d.policyDashboard.sales} previous={d.policyDashboard.previousSales} />
          <FiguresTable
            caption="Sales per period"
            rows={d.policyDashboard.sales
              .filter((s) => s.sold > 0)
              .map((s) => ({ name: s.bucket, count: s.sold, amount: s.premium }))}
            dateNames
          />
          <div className="grid gap-6 xl:grid-cols-2">
            <div className="space-y-2">
              <h2 className="text-lg font-semibold">Policy status mix</h2>
              <LabelledBars
                label="Policies created in the period by status"
                data={d.policyDashboard.statusMix.map((s) => ({
                  name: GROUP_LABELS[s.status],
                  value: s.count,
                }))}
              />
            </div>
            <div className="space-y-2">
              <h2 className="text-lg font-semibold">Insurers</h2>
              <LabelledBars
                label="Premium sold by insurer"
                data={d.policyDashboard.providers.map((p) => ({ name: p.name, value: p.premium }))}
                money
              />
              <FiguresTable
                caption="Sales by insurer"
                rows={d.policyDashboard.providers.map((p) => ({
                  name: p.name,
                  count: p.sold,
                  amount: p.premium,
                }))}
              />
            </div>
          </div>
          <AgencyPerformanceTable
            rows={performance}
            exportHref={exportHref}
            sortHref={(dir) => href({ sort_direction_agency_performance: dir })}
          />
        </section>
      ) : null}

      {d.financeDashboard ? (
        <section aria-label="Finance" className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {Object.entries(d.financeDashboard.metrics).map(([key, value]) =>
              value ? <KpiCard key={key} label={METRIC_LABELS[key] ?? key} value={value} money /> : null,
            )}
          </div>
          <h2 className="text-lg font-semibold">Commission funnel</h2>
          <LabelledBars
            label="Commission banked, requested, paid and clawed back in the period"
            money
            data={(
              ['banked_commission', 'requested_commission', 'paid_commission', 'paid_clawback'] as const
            ).map((k) => ({
              name: METRIC_LABELS[k],
              value: d.financeDashboard?.metrics[k]?.current ?? 0,
            }))}
          />
        </section>
      ) : null}
    </div>
  )
}
