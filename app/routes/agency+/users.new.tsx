import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { createAgencyUser } from '../../../domain/users/create-agency-user'
import { findAgencyRoles } from '../../../domain/users/find-agency-roles'
import { NewAgencyUserSchema } from '../../utils/user-forms.schemas'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { NewUserPage } from '../../components/user-form'
import { readForm, submitForm } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'New user · Agency portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findAgencyRoles.access)
  const roles = await findAgencyRoles({ actor })
  return { roles: roles.map((r) => ({ value: String(r.id), label: r.name })) }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, createAgencyUser.access)
  return submitForm(await readForm(request), NewAgencyUserSchema, async (v) => {
    const user = await createAgencyUser({ actor, ...v })
    return redirectWithToast(`/agency/users/${user.id}`, {
      title: 'User created',
      description: `A temporary password has been e-mailed to ${user.email}.`,
      type: 'success',
    })
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
