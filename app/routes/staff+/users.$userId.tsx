import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { resetSecondFactor } from '../../../domain/access/reset-second-factor'
import { findOshcRoles } from '../../../domain/users/find-oshc-roles'
import { getOshcUser } from '../../../domain/users/get-oshc-user'
import { updateOshcUser } from '../../../domain/users/update-oshc-user'
import { updateOshcUserStatus } from '../../../domain/users/update-oshc-user-status'
import { EditStaffUserSchema, UserStatusFormSchema } from '../../utils/user-forms.schemas'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { EditUserPage } from '../../components/user-form'
import { SecondFactorResetControl } from '../../components/second-factor-reset'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Staff user · OSHC Back Office' }]

const ResetSecondFactorFormSchema = z.object({ intent: z.literal('reset-second-factor') })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getOshcUser.access)
  const id = idFromParam(params.userId, 'User')
  const [user, roles] = await Promise.all([getOshcUser({ actor, id }), findOshcRoles({ actor })]).catch(
    throwAsResponse,
  )
  return {
    user,
    roles: roles.map((r) => ({ value: String(r.id), label: r.name })),
    isSelf: user.id === actor.userId,
  }
}

/**
 * Three forms: the user's details (`intent=update`), sign-in access (`intent=status`) and the reset
 * of their second factor (`intent=reset-second-factor`).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireAccess(request, updateOshcUser.access)
  const userId = idFromParam(params.userId, 'User')
  const formData = await readForm(request)
  const url = `/staff/users/${userId}`
  if (formData.get('intent') === 'reset-second-factor') {
    const admin = await requireAccess(request, resetSecondFactor.access)
    return submitForm(formData, ResetSecondFactorFormSchema, async () => {
      const client = {
        ip: (context as { clientIp?: string }).clientIp ?? 'unknown',
        userAgent: request.headers.get('user-agent'),
      }
      await resetSecondFactor({ actor: admin, user_type: 'staff', user_id: userId, client })
      return redirectWithToast(url, {
        title: 'Second factor reset',
        description: 'They have been signed out everywhere and told by mail.',
        type: 'success',
      })
    })
  }
  if (formData.get('intent') === 'status') {
    return submitForm(formData, UserStatusFormSchema, async (v) => {
      await updateOshcUserStatus({ actor, userId, status: v.status })
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
  return submitForm(formData, EditStaffUserSchema, async (v) => {
    // A blank optional field clears the stored value.
    await updateOshcUser({
      actor,
      userId,
      first_name: v.first_name,
      middle_name: v.middle_name ?? null,
      last_name: v.last_name,
      phone_number: v.phone_number ?? null,
      role_id: v.role_id ?? null,
    })
    return redirectWithToast(url, { title: 'User updated', type: 'success' })
  })
}

export default function StaffUser() {
  const { user, roles, isSelf } = useLoaderData<typeof loader>()
  return (
    <>
      <EditUserPage
        idPrefix="staff"
        backHref="/staff/users"
        backLabel="Back to staff users"
        user={user}
        roleField="role_id"
        roleId={user.role_id}
        roles={roles}
        schema={EditStaffUserSchema}
        isSelf={isSelf}
        roleDescription={isSelf ? 'Your own role must keep user management.' : undefined}
      />
      <div className="mt-4 max-w-3xl">
        <SecondFactorResetControl
          schema={ResetSecondFactorFormSchema}
          userName={`${user.first_name} ${user.last_name}`}
          isSelf={isSelf}
        />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/users" homeLabel="Back to staff users" />
}
