import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { addAgencyLink } from '../../../domain/admission/add-agency-link'
import { AgencyLinkSchema, UpdateAgencyLinkSchema } from '../../../domain/admission/admission.schemas'
import { getAllAgencyLinks } from '../../../domain/admission/get-all-agency-links'
import { updateAgencyLink } from '../../../domain/admission/update-agency-link'
import { PageQuerySchema } from '../../../domain/shared/pagination'
import { formatDate } from '../../../domain/shared/format'
import { AgencyPicker } from '../../components/agency-picker'
import { DataTable } from '../../components/data-table'
import {
  ConformForm,
  ErrorList,
  errorsOf,
  SubmitButton,
  useConformForm,
  useResultFor,
} from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { listParams, readForm, submitForm } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { z } from 'zod'

export const meta: MetaFunction = () => [{ title: 'Agency links · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getAllAgencyLinks.access)
  const query = PageQuerySchema.safeParse(listParams(request))
  if (!query.success) throw new Response('Invalid page', { status: 400 })
  const list = await getAllAgencyLinks({ actor, ...query.data })
  return {
    links: list.items.map((l) => ({
      id: l.id,
      agency: l.agency_name ?? l.agency_email,
      is_active: l.is_active,
      since: l.created_at,
    })),
    pageInfo: list.pageInfo,
  }
}

const ToggleLinkSchema = UpdateAgencyLinkSchema.extend({ link_id: z.coerce.number().int().positive() })

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, addAgencyLink.access)
  const formData = await readForm(request)
  if (formData.get('intent') === 'toggle')
    return submitForm(formData, ToggleLinkSchema, async (v) => {
      await updateAgencyLink({ actor, id: v.link_id, input: { is_active: v.is_active } })
      return redirectWithToast('/staff/admission/links', {
        type: 'success',
        title: v.is_active ? 'Agency link switched on' : 'Agency link switched off',
      })
    })
  return submitForm(formData, AgencyLinkSchema, async (input) => {
    await addAgencyLink({ actor, input })
    return redirectWithToast('/staff/admission/links', { type: 'success', title: 'Agency linked' })
  })
}

export default function AgencyLinks() {
  const { links, pageInfo } = useLoaderData<typeof loader>()
  const toggleResult = useResultFor('toggle')
  const [add, addFields] = useConformForm(AgencyLinkSchema, { intent: 'add' })
  return (
    <div className="space-y-6">
      <DataTable
        caption="Agencies linked to the admission service"
        rows={links}
        pageInfo={pageInfo}
        getRowKey={(l) => l.id}
        emptyText="No agency is linked yet."
        columns={[
          { key: 'agency', header: 'Agency', cell: (l) => l.agency },
          { key: 'since', header: 'Linked since', cell: (l) => formatDate(l.since) },
          {
            key: 'state',
            header: 'Status',
            cell: (l) => (
              <Badge variant={l.is_active ? 'success' : 'neutral'}>
                {l.is_active ? 'Active' : 'Switched off'}
              </Badge>
            ),
          },
          {
            key: 'actions',
            header: 'Actions',
            action: true,
            cell: (l) => <ToggleLinkForm link={l} />,
          },
        ]}
      />
      {toggleResult ? <ErrorList errors={errorsOf(toggleResult, '')} /> : null}
      <Card>
        <CardHeader>
          <CardTitle as="h3">Link an agency</CardTitle>
          <CardDescription>
            A linked agency sees the catalogue and adds students and enrolments; switching it off hides new
            work and keeps its history.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ConformForm form={add} intent="add" className="space-y-4">
            <label htmlFor="link-agency" className="text-sm font-medium">
              Agency
            </label>
            <AgencyPicker
              id="link-agency"
              name="agency_id"
              selected={null}
              placeholder="Type an agency's name"
            />
            <ErrorList errors={[...(add.errors ?? []), ...(addFields.agency_id.errors ?? [])]} />
            <SubmitButton>Link agency</SubmitButton>
          </ConformForm>
        </CardContent>
      </Card>
    </div>
  )
}

/** A link's switch (on or off); the page shows a refusal under the table. */
function ToggleLinkForm({ link }: { link: { id: number; agency: string; is_active: boolean } }) {
  const [form] = useConformForm(ToggleLinkSchema, { id: `toggle-${link.id}`, lastResult: null })
  return (
    <ConformForm form={form} intent="toggle">
      <input type="hidden" name="link_id" value={link.id} />
      <input type="hidden" name="is_active" value={String(!link.is_active)} />
      <SubmitButton
        variant="outline"
        size="sm"
        aria-label={`${link.is_active ? 'Switch off' : 'Switch on'} ${link.agency}`}
      >
        {link.is_active ? 'Switch off' : 'Switch on'}
      </SubmitButton>
    </ConformForm>
  )
}
