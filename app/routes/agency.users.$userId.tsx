import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { DomainError, HTTP_STATUS } from '../../domain/shared/errors'
import { enableAgencyUser } from '../../domain/users/enable-agency-user'
import { findAgencyRoles } from '../../domain/users/find-agency-roles'
import { getAgencyUser } from '../../domain/users/get-agency-user'
import { updateAgencyUser } from '../../domain/users/update-agency-user'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { EditUserPage } from '../components/user-form'
import { requireAgency } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'User · Agency portal' }]

// The browser cannot import domain/ (vite denies it), so the form schemas live here with the
// spec's messages; the use cases validate again with domain/users/users.schemas.ts.
const MIN = 'must be at least 2 characters'
const MAX = 'must be at most 256 characters'
const required = () => z.string({ error: MIN }).trim().min(2, MIN).max(256, MAX)
const optional = () => z.string().trim().min(2, MIN).max(256, MAX).optional()

const EditAgencyUserSchema = z.object({
  first_name: required(),
  middle_name: optional(),
  last_name: required(),
  phone_number: optional(),
  agency_role_id: z.number({ error: 'Not a number' }).int().positive('Not a number').optional(),
})
const StatusSchema = z.object({
  status: z.enum(['ENABLED', 'DISABLED'], { error: 'Status must be ENABLED or DISABLED' }),
})

type Intent = 'update' | 'status'

/** Ids in the URL that are not numbers name nothing: 404. */
function userIdFrom(params: { userId?: string }) {
  const id = Number(params.userId)
  if (!Number.isInteger(id) || id <= 0) throw new Response('User not found', { status: 404 })
  return id
}

function asResponse(err: unknown): never {
  if (err instanceof DomainError) throw new Response(err.message, { status: HTTP_STATUS[err.code] })
  throw err
}

/** Answers one of the page's two forms; `intent` tells the page which form the errors belong to. */
function reply<T>(intent: Intent, submission: Submission<T>, err?: unknown) {
  if (err === undefined) return data({ intent, result: submission.reply() }, { status: 400 })
  if (!(err instanceof DomainError)) throw err
  return data(
    { intent, result: submission.reply({ formErrors: [err.message], fieldErrors: err.errors ?? {} }) },
    { status: HTTP_STATUS[err.code] },
  )
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, 'user_management')
  const id = userIdFrom(params)
  const [user, roles] = await Promise.all([getAgencyUser({ actor, id }), findAgencyRoles({ actor })]).catch(
    asResponse,
  )
  return {
    user,
    roles: roles.map((r) => ({ value: String(r.id), label: r.name })),
    isSelf: actor.kind === 'agency_user' && user.id === actor.userId,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAgency(request, 'user_management')
  const userId = userIdFrom(params)
  const formData = await request.formData()
  const url = `/agency/users/${userId}`

  if (formData.get('intent') === 'status') {
    const submission = parseWithZod(formData, { schema: StatusSchema })
    if (submission.status !== 'success') return reply('status', submission)
    try {
      await enableAgencyUser({ actor, agencyUserId: userId, status: submission.value.status })
    } catch (err) {
      return reply('status', submission, err)
    }
    const enabled = submission.value.status === 'ENABLED'
    return redirectWithToast(url, {
      title: enabled ? 'User enabled' : 'User disabled',
      description: enabled
        ? 'They can sign in again.'
        : 'They have been signed out and can no longer sign in.',
      type: 'success',
    })
  }

  const submission = parseWithZod(formData, { schema: EditAgencyUserSchema })
  if (submission.status !== 'success') return reply('update', submission)
  const v = submission.value
  try {
    // A blank optional field clears the stored value.
    await updateAgencyUser({
      actor,
      agencyUserId: userId,
      first_name: v.first_name,
      middle_name: v.middle_name ?? null,
      last_name: v.last_name,
      phone_number: v.phone_number ?? null,
      agency_role_id: v.agency_role_id ?? null,
    })
  } catch (err) {
    return reply('update', submission, err)
  }
  return redirectWithToast(url, { title: 'User updated', type: 'success' })
}

export default function AgencyUser() {
  const { user, roles, isSelf } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <EditUserPage
      idPrefix="agency"
      backHref="/agency/users"
      backLabel="Back to users"
      user={user}
      roleField="agency_role_id"
      roleId={user.agency_role_id}
      roles={roles}
      schema={EditAgencyUserSchema}
      actionData={actionData}
      isSelf={isSelf}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/users" homeLabel="Back to users" />
}
