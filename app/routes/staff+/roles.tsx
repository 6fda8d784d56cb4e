import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { assignPermissionToRole } from '../../../domain/users/assign-permission-to-role'
import { createOshcRole } from '../../../domain/users/create-oshc-role'
import { findOshcPermissions } from '../../../domain/users/find-oshc-permissions'
import { findOshcRoles } from '../../../domain/users/find-oshc-roles'
import { getOshcUser } from '../../../domain/users/get-oshc-user'
import { CreateRoleSchema, RolePermissionsSchema } from '../../utils/user-forms.schemas'
import { readForm, submitForm } from '../../utils/forms.server'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { RolesPage } from '../../components/role-permissions'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Staff roles · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findOshcRoles.access)
  const [roles, permissions, me] = await Promise.all([
    findOshcRoles({ actor }),
    findOshcPermissions({ actor }),
    getOshcUser({ actor, id: actor.userId }),
  ])
  return { roles, permissions, myRoleId: me.role_id }
}

/** Two kinds of form: a new role, and each role's permissions (its `roleId` says which). */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, createOshcRole.access)
  const formData = await readForm(request)
  if (formData.get('intent') === 'permissions') {
    return submitForm(formData, RolePermissionsSchema, async (v) => {
      const role = await assignPermissionToRole({ actor, roleId: v.roleId, Permissions: v.permissions })
      return redirectWithToast('/staff/roles', {
        title: `Permissions of ${role.name} saved`,
        type: 'success',
      })
    })
  }
  return submitForm(formData, CreateRoleSchema, async (v) => {
    const role = await createOshcRole({ actor, name: v.name })
    return redirectWithToast('/staff/roles', {
      title: `Role ${role.name} created`,
      description: 'Tick its permissions below and save.',
      type: 'success',
    })
  })
}

export default function StaffRoles() {
  const { roles, permissions, myRoleId } = useLoaderData<typeof loader>()
  return (
    <RolesPage
      title="Staff roles"
      description="A role is a named set of permissions; each staff user holds one role."
      idPrefix="staff"
      roles={roles}
      permissions={permissions}
      myRoleId={myRoleId}
      createRoleSchema={CreateRoleSchema}
      rolePermissionsSchema={RolePermissionsSchema}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff" homeLabel="Back to the back office" />
}
