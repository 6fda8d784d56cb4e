import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { createOshcUser } from '../../../domain/users/create-oshc-user'
import { findOshcRoles } from '../../../domain/users/find-oshc-roles'
import { NewStaffUserSchema } from '../../utils/user-forms.schemas'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { NewUserPage } from '../../components/user-form'
import { readForm, submitForm } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'New staff user · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findOshcRoles.access)
  const roles = await findOshcRoles({ actor })
  return { roles: roles.map((r) => ({ value: String(r.id), label: r.name })) }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, createOshcUser.access)
  return submitForm(await readForm(request), NewStaffUserSchema, async (v) => {
    const user = await createOshcUser({ actor, ...v })
    return redirectWithToast(`/staff/users/${user.id}`, {
      title: 'User created',
      description: `A temporary password has been e-mailed to ${user.email}.`,
      type: 'success',
    })
  })
}

export default function NewStaffUser() {
  const { roles } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <NewUserPage
      title="New staff user"
      description="They receive an e-mail with a temporary password and choose their own at first sign-in."
      backHref="/staff/users"
      backLabel="Back to staff users"
      id="new-staff-user"
      schema={NewStaffUserSchema}
      lastResult={lastResult}
      roleField="role_id"
      roles={roles}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/users" homeLabel="Back to staff users" />
}
