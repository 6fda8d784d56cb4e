import { getInputProps } from '@conform-to/react'

import { PageHeader } from './app-shell'
import {
  CheckboxField,
  ConformForm,
  ErrorList,
  Field,
  type FormSchema,
  SubmitButton,
  useConformForm,
  useResultFor,
} from './forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card'

export interface Permission {
  id: number
  display_name: string
}

export interface RoleWithPermissions {
  id: number
  name: string
  permissions: { id: number }[]
}

/** The "new role" card: a role name (`intent=create`). */
export function CreateRole({ id, schema }: { id: string; schema: FormSchema }) {
  const [form, fields] = useConformForm(schema, { id, intent: 'create' })
  return (
    <Card>
      <CardHeader>
        <CardTitle>New role</CardTitle>
      </CardHeader>
      <CardContent>
        <ConformForm form={form} intent="create" className="flex flex-wrap items-start gap-3">
          <Field
            className="min-w-64 flex-1"
            labelProps={{ children: 'Role name' }}
            inputProps={getInputProps(fields.name, { type: 'text' })}
            errors={fields.name.errors}
          />
          <SubmitButton className="mt-7">Create role</SubmitButton>
          <ErrorList id={form.errorId} errors={form.errors} className="w-full" />
        </ConformForm>
      </CardContent>
    </Card>
  )
}

/** One role's card: a checkbox per permission (`intent=permissions`, `roleId`, `permissions`). */
export function RolePermissions({
  id,
  schema,
  role,
  permissions,
  isMine,
}: {
  id: string
  schema: FormSchema
  role: RoleWithPermissions
  permissions: Permission[]
  /** The viewer's own role: it must keep user management. */
  isMine: boolean
}) {
  const answer = useResultFor('permissions')
  const [form, fields] = useConformForm(schema, {
    id,
    lastResult: answer?.initialValue?.roleId === String(role.id) ? answer : null,
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
          {isMine ? ' This is your role; it must keep user management.' : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm form={form} intent="permissions">
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
        </ConformForm>
      </CardContent>
    </Card>
  )
}

export interface RolesPageProps {
  title: string
  description: string
  roles: RoleWithPermissions[]
  permissions: Permission[]
  /** The viewer's own role, if they hold one of these roles. */
  myRoleId?: number | null
  createRoleSchema: FormSchema
  rolePermissionsSchema: FormSchema
  /** Prefix of the form ids (`staff` -> `create-staff-role`, `staff-role-1`). */
  idPrefix: string
}

/** The roles screen: a "new role" form, then each role with its permissions to tick. */
export function RolesPage({
  title,
  description,
  roles,
  permissions,
  myRoleId,
  createRoleSchema,
  rolePermissionsSchema,
  idPrefix,
}: RolesPageProps) {
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader title={title} description={description} />
      {/* Keyed by the role count so the form starts empty again once a role is created. */}
      <CreateRole key={roles.length} id={`create-${idPrefix}-role`} schema={createRoleSchema} />
      {roles.length === 0 ? <p className="text-muted-foreground">No roles yet.</p> : null}
      {roles.map((role) => (
        <RolePermissions
          key={role.id}
          id={`${idPrefix}-role-${role.id}`}
          schema={rolePermissionsSchema}
          role={role}
          permissions={permissions}
          isMine={myRoleId != null && role.id === myRoleId}
        />
      ))}
    </div>
  )
}
