import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { adminUpdatePublicClient } from '../../../domain/public-clients/admin-update-public-client'
import { findAllAgencyClients } from '../../../domain/public-clients/find-all-agency-clients'
import { ClientListQuerySchema } from '../../../domain/public-clients/public-clients.schemas'
import { id } from '../../../domain/shared/fields'
import { DataTable } from '../../components/data-table'
import { IntentForm } from '../../components/forms'
import { Alert, AlertDescription } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { CLIENT_TYPE_LABELS } from '../../components/widget-clients'
import { listParams, readForm, submitForm } from '../../utils/forms.server'
import { formatDateTime } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { PageHeader } from '../../components/app-shell'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Website clients · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findAllAgencyClients.access)
  const query = ClientListQuerySchema.safeParse(listParams(request))
  if (!query.success) throw new Response('Invalid page', { status: 400 })
  const list = await findAllAgencyClients({ actor, input: query.data })
  return { clients: list.items, pageInfo: list.pageInfo, q: query.data.global_filter ?? '' }
}

const SwitchSchema = z.object({
  intent: z.literal('switch'),
  id: id(),
  is_active: z.enum(['true', 'false']),
})

/** Switches a client off (its tokens stop within a second) or on again. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, adminUpdatePublicClient.access)
  return submitForm(await readForm(request), SwitchSchema, async (v) => {
    const c = await adminUpdatePublicClient({ actor, id: v.id, input: { is_active: v.is_active === 'true' } })
    return redirectWithToast(new URL(request.url).pathname + new URL(request.url).search, {
      type: 'success',
      title: c.is_active ? 'Client switched on' : 'Client switched off',
      description: `${c.name} of ${c.agency_name ?? 'the agency'}.`,
    })
  })
}

export default function WidgetClients() {
  const { clients, pageInfo, q } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const error = answer && 'error' in answer ? answer.error?.[''] : undefined
  return (
    <div className="space-y-4">
      <PageHeader
        title="Website clients"
        description="Agencies' quote-and-buy widgets and API clients. Switching one off stops its tokens within a second."
      />
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error.join(' ')}</AlertDescription>
        </Alert>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor="global_filter">Search</Label>
          <Input
            id="global_filter"
            name="global_filter"
            defaultValue={q}
            placeholder="Agency, client, origin"
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>
      <DataTable
        caption="Website clients, newest first"
        rows={clients}
        pageInfo={pageInfo}
        getRowKey={(c) => c.id}
        emptyText="No website clients."
        columns={[
          { key: 'name', header: 'Client', cell: (c) => c.name },
          { key: 'agency', header: 'Agency', cell: (c) => c.agency_name ?? '—' },
          { key: 'type', header: 'Embedded as', cell: (c) => CLIENT_TYPE_LABELS[c.type] },
          { key: 'origins', header: 'Origins', cell: (c) => c.whitelist_url.join(', ') },
          {
            key: 'last_used_at',
            header: 'Last used',
            cell: (c) => (c.last_used_at ? formatDateTime(c.last_used_at) : 'Never'),
          },
          { key: 'sales', header: 'Sales', className: 'text-right', cell: (c) => c.widget_sales },
          {
            key: 'status',
            header: 'Status',
            cell: (c) => (
              <Badge variant={c.is_active ? 'success' : 'neutral'}>{c.is_active ? 'Active' : 'Off'}</Badge>
            ),
          },
          {
            key: 'actions',
            header: 'Actions',
            action: true,
            cell: (c) => (
              <IntentForm intent="switch">
                <input type="hidden" name="id" value={c.id} />
                <input type="hidden" name="is_active" value={c.is_active ? 'false' : 'true'} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  aria-label={`${c.is_active ? 'Switch off' : 'Switch on'} ${c.name} of ${c.agency_name ?? 'the agency'}`}
                >
                  {c.is_active ? 'Switch off' : 'Switch on'}
                </Button>
              </IntentForm>
            ),
          },
        ]}
      />
    </div>
  )
}
