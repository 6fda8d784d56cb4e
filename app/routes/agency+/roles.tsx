import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { assignAgencyRolePermissions } from '../../../domain/users/assign-agency-role-permissions'
import { createAgencyRole } from '../../../domain/users/create-agency-role'
import { findAgencyPermissions } from '../../../domain/users/find-agency-permissions'
import { findAgencyRoles } from '../../../domain/users/find-agency-roles'
import { CreateRoleSchema, RolePermissionsSchema } from '../../utils/user-forms.schemas'
import { readForm, submitForm } from '../../utils/forms.server'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { RolesPage } from '../../components/role-permissions'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Roles · Agency portal' }]

/** The page manages roles: it takes its guard from createAgencyRole (user management). */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, createAgencyRole.access)
  const [roles, permissions] = await Promise.all([
    findAgencyRoles({ actor }),
    findAgencyPermissions({ actor }),
  ])
  return { roles, permissions }
}

/** Two kinds of form: a new role, and each role's permissions (its `roleId` says which). */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, createAgencyRole.access)
  const formData = await readForm(request)
  if (formData.get('intent') === 'permissions') {
    return submitForm(formData, RolePermissionsSchema, async (v) => {
      const role = await assignAgencyRolePermissions({
        actor,
        roleId: v.roleId,
        agency_permission_id: v.permissions,
      })
      return redirectWithToast('/agency/roles', {
        title: `Permissions of ${role.name} saved`,
        type: 'success',
      })
    })
  }
  return submitForm(formData, CreateRoleSchema, async (v) => {
    const role = await createAgencyRole({ actor, name: v.name })
    return redirectWithToast('/agency/roles', {
      title: `Role ${role.name} created`,
      description: 'Tick its permissions below and save.',
      type: 'success',
    })
  })
}

export default function AgencyRoles() {
  const { roles, permissions } = useLoaderData<typeof loader>()
  return (
    <RolesPage
      title="Roles"
      description="A role is a named set of permissions; each of your users holds one role."
      idPrefix="agency"
      roles={roles}
      permissions={permissions}
      createRoleSchema={CreateRoleSchema}
      rolePermissionsSchema={RolePermissionsSchema}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency" homeLabel="Back to the portal" />
}
