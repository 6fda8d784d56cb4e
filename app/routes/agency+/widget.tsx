import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { appOrigin } from '../../../api/auth.server'
import { addPublicClient } from '../../../domain/public-clients/add-public-client'
import { findAgencyClients } from '../../../domain/public-clients/find-agency-clients'
import { findWidgetSales } from '../../../domain/public-clients/find-widget-sales'
import { PublicClientSchema } from '../../../domain/public-clients/public-clients.schemas'
import { updatePublicClientByAgency } from '../../../domain/public-clients/update-public-client-by-agency'
import { id } from '../../../domain/shared/fields'
import { DataTable } from '../../components/data-table'
import { IntentForm, SubmitButton, useResultFor } from '../../components/forms'
import { StatusBadge } from '../../components/status-badge'
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { CLIENT_TYPE_LABELS, NewClientForm, widgetSnippet } from '../../components/widget-clients'
import { readForm, submitForm } from '../../utils/forms.server'
import { formatDate, formatDateTime, formatMoney } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { PageHeader } from '../../components/app-shell'

export const meta: MetaFunction = () => [{ title: 'Website widget · Agency portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findAgencyClients.access, 'agency')
  const [clients, sales] = await Promise.all([
    findAgencyClients({ actor, agencyId: actor.agencyId, input: { page: 1, perPage: 50 } }),
    findWidgetSales({ actor, agencyId: actor.agencyId, limit: 10 }),
  ])
  return { clients: clients.items, sales, origin: appOrigin(request) ?? new URL(request.url).origin }
}

const ClientActionSchema = z.object({ id: id(), intent: z.enum(['rotate', 'deactivate', 'activate']) })

/**
 * Two kinds of form: a new client (`intent=create`; its secret shown once, in this answer only,
 * and the form emptied) and each client's buttons (`intent` rotate, deactivate or activate).
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, updatePublicClientByAgency.access)
  const form = await readForm(request)
  if (form.get('intent') === 'create') {
    return submitForm(form, PublicClientSchema, async (v, submission) => {
      const c = await addPublicClient({ actor, agencyId: actor.agencyId, input: v })
      const secret = { name: c.name, client_id: c.client_id, client_secret: c.client_secret }
      return { secret, reset: submission.reply({ resetForm: true }) }
    })
  }
  return submitForm(form, ClientActionSchema, async ({ id: clientId, intent }) => {
    const c = await updatePublicClientByAgency({
      actor,
      id: clientId,
      input: intent === 'rotate' ? { rotate_secret: true } : { is_active: intent === 'activate' },
    })
    const secret = c.client_secret
      ? { name: c.name, client_id: c.client_id, client_secret: c.client_secret }
      : null
    return { secret, reset: null }
  })
}

export default function WebsiteWidget() {
  const { clients, sales, origin } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const secret = answer && 'secret' in answer ? answer.secret : null
  const clientError = useResultFor('rotate', 'deactivate', 'activate')?.error?.['']
  const created = answer && 'reset' in answer ? answer.reset : null
  const createResult = useResultFor('create') ?? created
  return (
    <div className="space-y-6">
      <PageHeader
        title="Website widget"
        description="Put “get a quote and buy cover” on your own website. Sales through it appear in your policies like any other, marked as website sales."
      />
      {secret ? (
        <Alert variant="warning" role="status">
          <AlertTitle>Client secret of “{secret.name}”: copy it now</AlertTitle>
          <AlertDescription className="space-y-1">
            <p>
              It is shown only this once. Your server uses it with the client id to get tokens for the API.
            </p>
            <p>
              Client id <code className="break-all">{secret.client_id}</code>
            </p>
            <p>
              Secret{' '}
              <code className="break-all" data-testid="client-secret">
                {secret.client_secret}
              </code>
            </p>
          </AlertDescription>
        </Alert>
      ) : null}
      {clientError ? (
        <Alert variant="destructive">
          <AlertDescription>{clientError.join(' ')}</AlertDescription>
        </Alert>
      ) : null}
      <section aria-labelledby="clients" className="space-y-3">
        <h2 id="clients" className="text-lg font-semibold">
          Your website clients
        </h2>
        {clients.length ? null : <p className="text-sm">No website client yet: create one below.</p>}
        {clients.map((c) => (
          <Card key={c.id}>
            <CardHeader>
              <CardTitle as="h3" className="flex flex-wrap items-center gap-2">
                {c.name}
                <Badge variant={c.is_active ? 'success' : 'neutral'}>{c.is_active ? 'Active' : 'Off'}</Badge>
              </CardTitle>
              <CardDescription>
                {CLIENT_TYPE_LABELS[c.type]} · {c.whitelist_url.join(', ')} ·{' '}
                {c.last_used_at ? `last used ${formatDateTime(c.last_used_at)}` : 'not used yet'} ·{' '}
                {c.widget_sales} sale{c.widget_sales === 1 ? '' : 's'}
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-3">
              <label className="block text-sm font-medium" htmlFor={`snippet-${c.id}`}>
                Paste this into your page
              </label>
              <textarea
                id={`snippet-${c.id}`}
                readOnly
                rows={2}
                className="w-full rounded-md border bg-muted p-2 font-mono text-xs"
                value={widgetSnippet(origin, c.client_id, c.type)}
              />
              <div className="flex flex-wrap gap-2">
                <IntentForm intent="rotate">
                  <input type="hidden" name="id" value={c.id} />
                  <SubmitButton variant="outline" size="sm">
                    New secret
                  </SubmitButton>
                </IntentForm>
                <IntentForm intent={c.is_active ? 'deactivate' : 'activate'}>
                  <input type="hidden" name="id" value={c.id} />
                  <SubmitButton variant="outline" size="sm">
                    {c.is_active ? 'Switch off' : 'Switch on'}
                  </SubmitButton>
                </IntentForm>
              </div>
            </CardContent>
          </Card>
        ))}
      </section>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Create a website client</CardTitle>
          <CardDescription>
            Only the origins you list may show the widget or call the API from a browser.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <NewClientForm lastResult={createResult} />
        </CardContent>
      </Card>
      <section aria-labelledby="sales" className="space-y-3">
        <h2 id="sales" className="text-lg font-semibold">
          Recent website sales
        </h2>
        <DataTable
          caption="Policies started through your website widget, newest first"
          rows={sales}
          pageInfo={{ page: 1, perPage: sales.length || 1, total: sales.length, totalPages: 1 }}
          getRowKey={(s) => s.id}
          emptyText="No website sales yet."
          columns={[
            {
              key: 'ref',
              header: 'Policy',
              cell: (s) => (
                <a className="underline" href={`/agency/policies/${s.id}`}>
                  {s.ref}
                </a>
              ),
            },
            { key: 'student', header: 'Student', cell: (s) => `${s.first_name} ${s.last_name}` },
            { key: 'provider', header: 'Insurer', cell: (s) => s.provider ?? '—' },
            {
              key: 'premium',
              header: 'Premium',
              className: 'text-right',
              cell: (s) => formatMoney(s.premium),
            },
            { key: 'status', header: 'Status', cell: (s) => <StatusBadge kind="policy" status={s.status} /> },
            { key: 'client', header: 'Through', cell: (s) => s.client },
            { key: 'created_at', header: 'Started', cell: (s) => formatDate(s.created_at) },
          ]}
        />
      </section>
    </div>
  )
}
