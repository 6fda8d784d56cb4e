import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { resetSecondFactor } from '../../../domain/access/reset-second-factor'
import { UserListQuerySchema } from '../../../domain/users/users.schemas'
import { findAgencyUsers } from '../../../domain/users/find-agency-users'
import { backToTab, requireAgencyPage } from '../../utils/agency-page.server'
import { ConfirmSubmit } from '../../components/confirm-submit'
import { DataTable } from '../../components/data-table'
import { ConformForm, ErrorList, useConformForm, useResultFor } from '../../components/forms'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { StatusBadge } from '../../components/status-badge'
import { listParams, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { formatDate } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'

const ResetSchema = z.object({
  intent: z.literal('reset-second-factor'),
  user_id: z.coerce.number().int().positive(),
})

/** The agency's portal users, read-only (the agency manages them itself) but for a second factor's reset. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, agencyId } = await requireAgencyPage(request, params)
  // The use case also wants user management: without it this is a 403 (the tab is then hidden).
  const parsed = UserListQuerySchema.safeParse(listParams(request))
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message ?? 'Bad filter', { status: 400 })
  const r = await findAgencyUsers({ actor, agencyId, ...parsed.data }).catch(throwAsResponse)
  return { users: r.items, pageInfo: r.pageInfo, query: parsed.data }
}

/** A user manager resets a user's second factor (a lost phone): audited, mailed, signed out. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { agencyId } = await requireAgencyPage(request, params)
  const actor = await requireAccess(request, resetSecondFactor.access)
  const formData = await readForm(request)
  return submitForm(formData, ResetSchema, async ({ user_id }) => {
    const client = {
      ip: (context as { clientIp?: string }).clientIp ?? 'unknown',
      userAgent: request.headers.get('user-agent'),
    }
    await resetSecondFactor({ actor, user_type: 'agency_user', user_id, client })
    return backToTab(agencyId, 'users', 'Second factor reset: the user was signed out and told by mail')
  })
}

export default function AgencyUsersTab() {
  const { users, pageInfo, query } = useLoaderData<typeof loader>()
  return (
    <DataTable
      tableId="staff-agency-users"
      caption="Users of the agency"
      rows={users}
      pageInfo={pageInfo}
      sortKey={query.sort_key}
      sortDirection={query.sort_direction}
      getRowKey={(u) => u.id}
      emptyText="The agency has no portal users yet."
      columns={[
        { key: 'first_name', header: 'First name', sortable: true, cell: (u) => u.first_name },
        { key: 'last_name', header: 'Last name', sortable: true, cell: (u) => u.last_name },
        { key: 'email', header: 'E-mail', sortable: true, cell: (u) => u.email },
        { key: 'role', header: 'Role', cell: (u) => u.role?.name ?? '—' },
        {
          key: 'status',
          header: 'Status',
          sortable: true,
          cell: (u) => <StatusBadge kind="user" status={u.status} />,
        },
        { key: 'created_at', header: 'Created', sortable: true, cell: (u) => formatDate(u.created_at) },
        {
          key: 'actions',
          header: 'Second factor',
          action: true,
          cell: (u) => <ResetFactorForm userId={u.id} name={`${u.first_name} ${u.last_name}`} />,
        },
      ]}
    />
  )
}

function ResetFactorForm({ userId, name }: { userId: number; name: string }) {
  const result = useResultFor('reset-second-factor')
  const [form] = useConformForm(ResetSchema, {
    id: `reset-factor-${userId}`,
    lastResult: result?.initialValue?.user_id === String(userId) ? result : null,
  })
  return (
    <ConformForm form={form} intent="reset-second-factor">
      <input type="hidden" name="user_id" value={userId} />
      <ConfirmSubmit
        title={`Reset the second factor of ${name}?`}
        description="Their authenticator app, passkeys and recovery codes stop working and they are signed out everywhere. This is written to the security log and they are told by mail."
        confirmLabel="Reset second factor"
        variant="outline"
        size="sm"
      >
        Reset
      </ConfirmSubmit>
      <ErrorList id={form.errorId} errors={form.errors} />
    </ConformForm>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/agencies" homeLabel="Back to agencies" />
}
