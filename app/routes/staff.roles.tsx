import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { assignPermissionToRole } from '../../domain/users/assign-permission-to-role'
import { createOshcRole } from '../../domain/users/create-oshc-role'
import { findOshcPermissions } from '../../domain/users/find-oshc-permissions'
import { findOshcRoles } from '../../domain/users/find-oshc-roles'
import { getOshcUser } from '../../domain/users/get-oshc-user'
import { CreateRoleSchema, RolePermissionsSchema } from '../utils/user-forms.schemas'
import { readForm, replyForIntent } from '../utils/forms.server'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { RolesPage } from '../components/role-permissions'
import { requireStaff } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Staff roles · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request, 'user_management')
  const [roles, permissions, me] = await Promise.all([
    findOshcRoles({ actor }),
    findOshcPermissions({ actor }),
    getOshcUser({ actor, id: actor.userId }),
  ])
  return { roles, permissions, myRoleId: me.role_id }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireStaff(request, 'user_management')
  const formData = await readForm(request)

  if (formData.get('intent') === 'permissions') {
    const submission = parseWithZod(formData, { schema: RolePermissionsSchema })
    const roleId = Number(formData.get('roleId')) || null
    if (submission.status !== 'success')
      return replyForIntent({ intent: 'permissions', roleId: roleId }, submission)
    let role: Awaited<ReturnType<typeof assignPermissionToRole>>
    try {
      role = await assignPermissionToRole({
        actor,
        roleId: submission.value.roleId,
        Permissions: submission.value.permissions,
      })
    } catch (err) {
      return replyForIntent({ intent: 'permissions', roleId: roleId }, submission, err)
    }
    return redirectWithToast('/staff/roles', { title: `Permissions of ${role.name} saved`, type: 'success' })
  }

  const submission = parseWithZod(formData, { schema: CreateRoleSchema })
  if (submission.status !== 'success') return replyForIntent({ intent: 'create', roleId: null }, submission)
  let role: Awaited<ReturnType<typeof createOshcRole>>
  try {
    role = await createOshcRole({ actor, name: submission.value.name })
  } catch (err) {
    return replyForIntent({ intent: 'create', roleId: null }, submission, err)
  }
  return redirectWithToast('/staff/roles', {
    title: `Role ${role.name} created`,
    description: 'Tick its permissions below and save.',
    type: 'success',
  })
}

export default function StaffRoles() {
  const { roles, permissions, myRoleId } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <RolesPage
      title="Staff roles"
      description="A role is a named set of permissions; each staff user holds one role."
      idPrefix="staff"
      roles={roles}
      permissions={permissions}
      myRoleId={myRoleId}
      actionData={actionData}
      createRoleSchema={CreateRoleSchema}
      rolePermissionsSchema={RolePermissionsSchema}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff" homeLabel="Back to the back office" />
}
