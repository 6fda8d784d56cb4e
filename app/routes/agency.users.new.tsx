import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { createAgencyUser } from '../../domain/users/create-agency-user'
import { findAgencyRoles } from '../../domain/users/find-agency-roles'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { NewUserPage } from '../components/user-form'
import { replyInvalid, replyWithError } from '../utils/forms.server'
import { requireAgency } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'New user · Agency portal' }]

// The browser cannot import domain/ (vite denies it), so the form schema lives here with the
// spec's messages; the use case validates again with domain/users/users.schemas.ts.
const MIN = 'must be at least 2 characters'
const MAX = 'must be at most 256 characters'
const required = () => z.string({ error: MIN }).trim().min(2, MIN).max(256, MAX)
const optional = () => z.string().trim().min(2, MIN).max(256, MAX).optional()

const NewAgencyUserSchema = z.object({
  first_name: required(),
  middle_name: optional(),
  last_name: required(),
  email: z.string({ error: 'Invalid email' }).trim().max(256, MAX).email('Invalid email'),
  phone_number: optional(),
  agency_role_id: z.number({ error: 'Not a number' }).int().positive('Not a number').optional(),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, 'user_management')
  const roles = await findAgencyRoles({ actor })
  return { roles: roles.map((r) => ({ value: String(r.id), label: r.name })) }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAgency(request, 'user_management')
  const submission = parseWithZod(await request.formData(), { schema: NewAgencyUserSchema })
  if (submission.status !== 'success') return replyInvalid(submission)
  let user: Awaited<ReturnType<typeof createAgencyUser>>
  try {
    user = await createAgencyUser({ actor, ...submission.value })
  } catch (err) {
    return replyWithError(submission, err)
  }
  return redirectWithToast(`/agency/users/${user.id}`, {
    title: 'User created',
    description: `A temporary password has been e-mailed to ${user.email}.`,
    type: 'success',
  })
}

export default function NewAgencyUser() {
  const { roles } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <NewUserPage
      title="New user"
      description="They receive an e-mail with a temporary password and choose their own at first sign-in. Their role decides what they can do."
      backHref="/agency/users"
      backLabel="Back to users"
      id="new-agency-user"
      schema={NewAgencyUserSchema}
      lastResult={lastResult}
      roleField="agency_role_id"
      roles={roles}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/users" homeLabel="Back to users" />
}
