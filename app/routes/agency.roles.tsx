import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { assignAgencyRolePermissions } from '../../domain/users/assign-agency-role-permissions'
import { createAgencyRole } from '../../domain/users/create-agency-role'
import { findAgencyPermissions } from '../../domain/users/find-agency-permissions'
import { findAgencyRoles } from '../../domain/users/find-agency-roles'
import { CreateRoleSchema, RolePermissionsSchema } from '../utils/user-forms.schemas'
import { readForm, replyForIntent } from '../utils/forms.server'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { RolesPage } from '../components/role-permissions'
import { requireAgency } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Roles · Agency portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, 'user_management')
  const [roles, permissions] = await Promise.all([
    findAgencyRoles({ actor }),
    findAgencyPermissions({ actor }),
  ])
  return { roles, permissions }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAgency(request, 'user_management')
  const formData = await readForm(request)

  if (formData.get('intent') === 'permissions') {
    const submission = parseWithZod(formData, { schema: RolePermissionsSchema })
    const roleId = Number(formData.get('roleId')) || null
    if (submission.status !== 'success')
      return replyForIntent({ intent: 'permissions', roleId: roleId }, submission)
    let role: Awaited<ReturnType<typeof assignAgencyRolePermissions>>
    try {
      role = await assignAgencyRolePermissions({
        actor,
        roleId: submission.value.roleId,
        agency_permission_id: submission.value.permissions,
      })
    } catch (err) {
      return replyForIntent({ intent: 'permissions', roleId: roleId }, submission, err)
    }
    return redirectWithToast('/agency/roles', { title: `Permissions of ${role.name} saved`, type: 'success' })
  }

  const submission = parseWithZod(formData, { schema: CreateRoleSchema })
  if (submission.status !== 'success') return replyForIntent({ intent: 'create', roleId: null }, submission)
  let role: Awaited<ReturnType<typeof createAgencyRole>>
  try {
    role = await createAgencyRole({ actor, name: submission.value.name })
  } catch (err) {
    return replyForIntent({ intent: 'create', roleId: null }, submission, err)
  }
  return redirectWithToast('/agency/roles', {
    title: `Role ${role.name} created`,
    description: 'Tick its permissions below and save.',
    type: 'success',
  })
}

export default function AgencyRoles() {
  const { roles, permissions } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <RolesPage
      title="Roles"
      description="A role is a named set of permissions; each of your users holds one role."
      idPrefix="agency"
      roles={roles}
      permissions={permissions}
      actionData={actionData}
      createRoleSchema={CreateRoleSchema}
      rolePermissionsSchema={RolePermissionsSchema}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency" homeLabel="Back to the portal" />
}
