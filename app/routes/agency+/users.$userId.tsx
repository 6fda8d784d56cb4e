import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { enableAgencyUser } from '../../../domain/users/enable-agency-user'
import { findAgencyRoles } from '../../../domain/users/find-agency-roles'
import { getAgencyUser } from '../../../domain/users/get-agency-user'
import { updateAgencyUser } from '../../../domain/users/update-agency-user'
import { EditAgencyUserSchema, UserStatusFormSchema } from '../../utils/user-forms.schemas'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { EditUserPage } from '../../components/user-form'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'User · Agency portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, updateAgencyUser.access)
  const id = idFromParam(params.userId, 'User')
  const [user, roles] = await Promise.all([getAgencyUser({ actor, id }), findAgencyRoles({ actor })]).catch(
    throwAsResponse,
  )
  return {
    user,
    roles: roles.map((r) => ({ value: String(r.id), label: r.name })),
    isSelf: actor.kind === 'agency_user' && user.id === actor.userId,
  }
}

/** Two forms: the user's details (`intent=update`) and sign-in access (`intent=status`). */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, updateAgencyUser.access)
  const userId = idFromParam(params.userId, 'User')
  const formData = await readForm(request)
  const url = `/agency/users/${userId}`
  if (formData.get('intent') === 'status') {
    return submitForm(formData, UserStatusFormSchema, async (v) => {
      await enableAgencyUser({ actor, agencyUserId: userId, status: v.status })
      const enabled = v.status === 'ENABLED'
      return redirectWithToast(url, {
        title: enabled ? 'User enabled' : 'User disabled',
        description: enabled
          ? 'They can sign in again.'
          : 'They have been signed out and can no longer sign in.',
        type: 'success',
      })
    })
  }
  return submitForm(formData, EditAgencyUserSchema, async (v) => {
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
    return redirectWithToast(url, { title: 'User updated', type: 'success' })
  })
}

export default function AgencyUser() {
  const { user, roles, isSelf } = useLoaderData<typeof loader>()
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
      isSelf={isSelf}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/users" homeLabel="Back to users" />
}
