import { getFormProps, getInputProps, useForm, type Submission } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { DomainError, HTTP_STATUS } from '../../domain/shared/errors'
import { assignAgencyRolePermissions } from '../../domain/users/assign-agency-role-permissions'
import { createAgencyRole } from '../../domain/users/create-agency-role'
import { findAgencyPermissions } from '../../domain/users/find-agency-permissions'
import { findAgencyRoles } from '../../domain/users/find-agency-roles'
import { PageHeader } from '../components/app-shell'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { CheckboxField, ErrorList, Field, SubmitButton } from '../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card'
import { requireAgency } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Roles · Agency portal' }]

// The browser cannot import domain/ (vite denies it), so the form schemas live here with the
// spec's messages; the use cases validate again with domain/users/users.schemas.ts.
const CreateRoleSchema = z.object({
  name: z
    .string({ error: 'must be at least 2 characters' })
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(256, 'must be at most 256 characters'),
})
const RolePermissionsSchema = z.object({
  roleId: z.number({ error: 'Not a number' }).int().positive(),
  permissions: z.array(z.number({ error: 'Not a number' }).int().positive()),
})

type Intent = 'create' | 'permissions'

function reply<T>(intent: Intent, roleId: number | null, submission: Submission<T>, err?: unknown) {
  if (err === undefined) return data({ intent, roleId, result: submission.reply() }, { status: 400 })
  if (!(err instanceof DomainError)) throw err
  return data(
    {
      intent,
      roleId,
      result: submission.reply({ formErrors: [err.message], fieldErrors: err.errors ?? {} }),
    },
    { status: HTTP_STATUS[err.code] },
  )
}

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
  const formData = await request.formData()

  if (formData.get('intent') === 'permissions') {
    const submission = parseWithZod(formData, { schema: RolePermissionsSchema })
    const roleId = Number(formData.get('roleId')) || null
    if (submission.status !== 'success') return reply('permissions', roleId, submission)
    let role: Awaited<ReturnType<typeof assignAgencyRolePermissions>>
    try {
      role = await assignAgencyRolePermissions({
        actor,
        roleId: submission.value.roleId,
        agency_permission_id: submission.value.permissions,
      })
    } catch (err) {
      return reply('permissions', roleId, submission, err)
    }
    return redirectWithToast('/agency/roles', { title: `Permissions of ${role.name} saved`, type: 'success' })
  }

  const submission = parseWithZod(formData, { schema: CreateRoleSchema })
  if (submission.status !== 'success') return reply('create', null, submission)
  let role: Awaited<ReturnType<typeof createAgencyRole>>
  try {
    role = await createAgencyRole({ actor, name: submission.value.name })
  } catch (err) {
    return reply('create', null, submission, err)
  }
  return redirectWithToast('/agency/roles', {
    title: `Role ${role.name} created`,
    description: 'Tick its permissions below and save.',
    type: 'success',
  })
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
type ActionData = ReturnType<typeof useActionData<typeof action>>

export default function AgencyRoles() {
  const { roles, permissions } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader
        title="Roles"
        description="A role is a named set of permissions; each of your users holds one role."
      />
      {/* Keyed by the role count so the form starts empty again once a role is created. */}
      <CreateRole key={roles.length} actionData={actionData} />
      {roles.length === 0 ? <p className="text-muted-foreground">No roles yet.</p> : null}
      {roles.map((role) => (
        <RolePermissions key={role.id} role={role} permissions={permissions} actionData={actionData} />
      ))}
    </div>
  )
}

function CreateRole({ actionData }: { actionData: ActionData }) {
  const [form, fields] = useForm({
    id: 'create-agency-role',
    lastResult: actionData?.intent === 'create' ? actionData.result : undefined,
    constraint: getZodConstraint(CreateRoleSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateRoleSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle>New role</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-3">
          <input type="hidden" name="intent" value="create" />
          <Field
            className="min-w-64 flex-1"
            labelProps={{ children: 'Role name' }}
            inputProps={getInputProps(fields.name, { type: 'text' })}
            errors={fields.name.errors}
          />
          <SubmitButton className="mt-7">Create role</SubmitButton>
          <ErrorList id={form.errorId} errors={form.errors} className="w-full" />
        </Form>
      </CardContent>
    </Card>
  )
}

function RolePermissions({
  role,
  permissions,
  actionData,
}: {
  role: LoaderData['roles'][number]
  permissions: LoaderData['permissions']
  actionData: ActionData
}) {
  const [form, fields] = useForm({
    id: `agency-role-${role.id}`,
    lastResult:
      actionData?.intent === 'permissions' && actionData.roleId === role.id ? actionData.result : undefined,
    constraint: getZodConstraint(RolePermissionsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RolePermissionsSchema }),
  })
  const held = new Set(role.permissions.map((p) => p.id))
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{role.name}</CardTitle>
        <CardDescription>
          {role.permissions.length
            ? `${role.permissions.length} of ${permissions.length} permissions`
            : 'No permissions: its users can sign in but do nothing.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="permissions" />
          <input type="hidden" name="roleId" value={role.id} />
          <fieldset className="space-y-3">
            <legend className="sr-only">Permissions of {role.name}</legend>
            <div className="grid gap-x-6 sm:grid-cols-2">
              {permissions.map((p) => (
                <CheckboxField
                  key={p.id}
                  labelProps={{ children: p.display_name }}
                  inputProps={{
                    id: `${form.id}-permission-${p.id}`,
                    name: fields.permissions.name,
                    value: String(p.id),
                    defaultChecked: held.has(p.id),
                  }}
                />
              ))}
            </div>
          </fieldset>
          <ErrorList
            id={form.errorId}
            errors={[...(form.errors ?? []), ...(fields.permissions.errors ?? [])]}
          />
          <SubmitButton className="mt-2" variant="outline">
            Save permissions
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency" homeLabel="Back to the portal" />
}
