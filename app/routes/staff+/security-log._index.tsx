import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { Download } from 'lucide-react'
import { findSecurityEvents } from '../../../domain/access/find-security-events'
import { SECURITY_EVENT_KINDS, SECURITY_EVENT_LABELS } from '../../../domain/access/security-log'
import { SecurityLogQuerySchema } from '../../../domain/access/security-log.schemas'
import { PageHeader } from '../../components/app-shell'
import { DataTable, FilterBar } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { Badge } from '../../components/ui/badge'
import { buttonVariants } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select } from '../../components/ui/select'
import { listParams, throwAsResponse } from '../../utils/forms.server'
import { formatDateTime, toIsoString } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Security log · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findSecurityEvents.access)
  const parsed = SecurityLogQuerySchema.safeParse(listParams(request))
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message ?? 'Bad filter', { status: 400 })
  const r = await findSecurityEvents({ actor, query: parsed.data }).catch(throwAsResponse)
  // The kinds come from the loader: domain modules stay out of the browser bundle.
  const kinds = SECURITY_EVENT_KINDS.map((k) => ({ value: k, label: SECURITY_EVENT_LABELS[k] }))
  return { events: r.items, pageInfo: r.pageInfo, query: parsed.data, kinds }
}

const FAILED = new Set(['sign_in_failed', 'sso_refused', 'second_factor_failed'])

/** The security log: who signed in, failed, changed or reset a factor, or was signed out. */
export default function SecurityLog() {
  const { events, pageInfo, query, kinds } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const exportParams = new URLSearchParams(searchParams)
  exportParams.delete('page')
  return (
    <div className="space-y-6">
      <PageHeader
        title="Security log"
        description="Sign-ins and their refusals, second-factor changes, recovery codes and signed-out devices, newest first."
        actions={
          <a
            href={`/staff/security-log/export?${exportParams.toString()}`}
            download
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden="true" />
            Export CSV
          </a>
        }
      />
      <FilterBar label="Filter the security log" preserveParams={[]}>
        <div className="space-y-1">
          <Label htmlFor="email">Person (e-mail)</Label>
          <Input id="email" name="email" type="search" defaultValue={query.email ?? ''} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="kind">Event</Label>
          <Select id="kind" name="kind" defaultValue={query.kind ?? ''}>
            <option value="">Any event</option>
            {kinds.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="from">From</Label>
          <Input id="from" name="from" type="date" defaultValue={query.from ?? ''} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="to">To</Label>
          <Input id="to" name="to" type="date" defaultValue={query.to ?? ''} />
        </div>
      </FilterBar>
      <DataTable
        tableId="staff-security-log"
        caption="Security log"
        rows={events}
        pageInfo={pageInfo}
        getRowKey={(e) => e.id}
        emptyText="No events match."
        columns={[
          {
            key: 'created_at',
            header: 'Time',
            cell: (e) => <time dateTime={toIsoString(e.createdAt)}>{formatDateTime(e.createdAt)}</time>,
          },
          {
            key: 'kind',
            header: 'Event',
            cell: (e) => <Badge variant={FAILED.has(e.kind) ? 'danger' : 'neutral'}>{e.kindLabel}</Badge>,
          },
          { key: 'email', header: 'Person', cell: (e) => e.email ?? '—' },
          { key: 'method', header: 'Method', cell: (e) => e.method ?? '—' },
          { key: 'ip', header: 'IP', cell: (e) => e.ip ?? '—' },
          { key: 'device', header: 'Device', cell: (e) => e.device ?? '—' },
          { key: 'detail', header: 'Detail', cell: (e) => <DetailText detail={e.detail} /> },
        ]}
      />
    </div>
  )
}

/** A few facts of the event ("reason: wrong_password · by: admin@…"), never a secret. */
function DetailText({ detail }: { detail: Record<string, unknown> | null }) {
  if (!detail) return <>—</>
  const parts = Object.entries(detail).map(
    ([k, v]) => `${k.replace(/_/g, ' ')}: ${Array.isArray(v) ? v.join(', ') : String(v)}`,
  )
  return <span className="text-xs text-muted-foreground">{parts.join(' · ')}</span>
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff" homeLabel="Back to the back office" />
}
