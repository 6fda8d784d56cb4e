import { getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Link } from '@remix-run/react'

import { formatDateTime, type DateInput } from '../utils/misc'
import { PageHeader } from './app-shell'
import { ConfirmSubmit } from './confirm-submit'
import { UserStatusFormSchema } from '../utils/user-forms.schemas'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
  useResultFor,
  type FormSchema,
  type SelectOption,
} from './forms'
import { StatusBadge } from './status-badge'
import { buttonVariants } from './ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card'

type LastResult = SubmissionResult<string[]> | null | undefined

export interface UserFormProps {
  /** Conform form id. */
  id: string
  schema: FormSchema
  lastResult: LastResult
  defaultValue?: Record<string, string>
  /**
   * `create`: with the e-mail field (the sign-in name, fixed afterwards) and browser autofill off.
   * `edit`: posts `intent=update` next to the page's other form.
   */
  mode: 'create' | 'edit'
  /** Name of the role select: `role_id` (staff) or `agency_role_id` (agency). */
  roleField: string
  roles: SelectOption[]
  roleDescription?: string
}

/** The user's details form: names, (e-mail), phone and role. Posts to the current route; works without JS. */
export function UserForm({
  id,
  schema,
  lastResult,
  defaultValue,
  mode,
  roleField,
  roles,
  roleDescription,
}: UserFormProps) {
  const [form, fields] = useConformForm(schema, { id, lastResult: lastResult ?? null, defaultValue })
  const creating = mode === 'create'
  // New users' details are someone else's: keep the browser from filling in the signed-in user's.
  const autoComplete = creating ? 'off' : undefined
  const role = fields[roleField]
  return (
    <ConformForm form={form} intent={creating ? undefined : 'update'} className="grid gap-4 sm:grid-cols-2">
      <Field
        labelProps={{ children: 'First name' }}
        inputProps={{ ...getInputProps(fields.first_name, { type: 'text' }), autoComplete }}
        errors={fields.first_name.errors}
      />
      <Field
        labelProps={{ children: 'Middle name (optional)' }}
        inputProps={{ ...getInputProps(fields.middle_name, { type: 'text' }), autoComplete }}
        errors={fields.middle_name.errors}
      />
      <Field
        labelProps={{ children: 'Last name' }}
        inputProps={{ ...getInputProps(fields.last_name, { type: 'text' }), autoComplete }}
        errors={fields.last_name.errors}
      />
      {creating ? (
        <Field
          labelProps={{ children: 'E-mail' }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete }}
          errors={fields.email.errors}
        />
      ) : null}
      <Field
        labelProps={{ children: 'Phone number (optional)' }}
        inputProps={getInputProps(fields.phone_number, { type: 'tel' })}
        errors={fields.phone_number.errors}
      />
      <SelectField
        labelProps={{ children: 'Role' }}
        selectProps={getSelectProps(role)}
        placeholder="No role (no permissions)"
        options={roles}
        errors={role.errors}
        description={roleDescription}
      />
      <ErrorList id={form.errorId} errors={form.errors} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <SubmitButton>{creating ? 'Create user' : 'Save changes'}</SubmitButton>
      </div>
    </ConformForm>
  )
}

function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className={buttonVariants({ variant: 'outline' })}>
      {children}
    </Link>
  )
}

export interface NewUserPageProps extends Omit<UserFormProps, 'mode' | 'defaultValue'> {
  title: string
  description: string
  backHref: string
  backLabel: string
}

/** The "new user" screen: header with a way back, and the create form. */
export function NewUserPage({ title, description, backHref, backLabel, ...form }: NewUserPageProps) {
  return (
    <div className="max-w-3xl space-y-4">
      <PageHeader
        title={title}
        description={description}
        actions={<BackLink to={backHref}>{backLabel}</BackLink>}
      />
      <Card>
        <CardContent className="pt-6">
          <UserForm mode="create" {...form} />
        </CardContent>
      </Card>
    </div>
  )
}

/** The sign-in access card: enables or disables the user (`intent=status`); one cannot disable oneself. */
export function UserStatusControl({
  id,
  lastResult,
  status,
  isSelf,
  userName,
}: {
  id: string
  lastResult: LastResult
  status: string
  isSelf: boolean
  /** Named in the confirmation of "Disable user". */
  userName: string
}) {
  const [statusForm] = useConformForm(UserStatusFormSchema, { id, lastResult: lastResult ?? null })
  const nextStatus = status === 'ENABLED' ? 'DISABLED' : 'ENABLED'
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in access</CardTitle>
        <CardDescription>
          {status === 'ENABLED'
            ? 'Disabling signs this user out everywhere and stops them signing in.'
            : 'This user cannot sign in. Enable them to restore access.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        <ConformForm form={statusForm} intent="status">
          <input type="hidden" name="status" value={nextStatus} />
          {isSelf && nextStatus === 'DISABLED' ? (
            <p className="text-sm text-muted-foreground">You cannot disable your own account.</p>
          ) : nextStatus === 'DISABLED' ? (
            <ConfirmSubmit
              title={`Disable ${userName}?`}
              description="They are signed out everywhere and can no longer sign in until a user manager enables them again."
              confirmLabel="Disable user"
            >
              Disable user
            </ConfirmSubmit>
          ) : (
            <SubmitButton>Enable user</SubmitButton>
          )}
          <ErrorList id={statusForm.errorId} errors={statusForm.errors} className="mt-2" />
        </ConformForm>
      </CardContent>
    </Card>
  )
}

export interface EditableUser {
  id: number
  first_name: string
  middle_name: string | null
  last_name: string
  email: string
  phone_number: string | null
  status: string
  created_at: DateInput
}

export interface EditUserPageProps {
  user: EditableUser
  /** The user's current role id (`role_id` or `agency_role_id`). */
  roleId: number | null
  roleField: string
  roles: SelectOption[]
  schema: FormSchema
  isSelf: boolean
  roleDescription?: string
  /** Prefix of the form ids (`staff` -> `staff-user-1`, `staff-user-status-1`). */
  idPrefix: string
  backHref: string
  backLabel: string
}

/** One user's screen: the details form and the enable/disable control (each finds its answer by intent). */
export function EditUserPage({
  user,
  roleId,
  roleField,
  roles,
  schema,
  isSelf,
  roleDescription,
  idPrefix,
  backHref,
  backLabel,
}: EditUserPageProps) {
  const fullName = [user.first_name, user.middle_name, user.last_name].filter(Boolean).join(' ')
  return (
    <div className="max-w-3xl space-y-4">
      <PageHeader
        title={fullName}
        description={user.email}
        actions={
          <>
            <StatusBadge kind="user" status={user.status} />
            <BackLink to={backHref}>{backLabel}</BackLink>
          </>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
          <CardDescription>
            Created {formatDateTime(user.created_at)}. The e-mail address is the sign-in name and cannot be
            changed here.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <UserForm
            mode="edit"
            id={`${idPrefix}-user-${user.id}`}
            schema={schema}
            lastResult={useResultFor('update')}
            defaultValue={{
              first_name: user.first_name,
              middle_name: user.middle_name ?? '',
              last_name: user.last_name,
              phone_number: user.phone_number ?? '',
              [roleField]: roleId ? String(roleId) : '',
            }}
            roleField={roleField}
            roles={roles}
            roleDescription={roleDescription}
          />
        </CardContent>
      </Card>
      <UserStatusControl
        id={`${idPrefix}-user-status-${user.id}`}
        lastResult={useResultFor('status')}
        status={user.status}
        isSelf={isSelf}
        userName={`${user.first_name} ${user.last_name}`}
      />
    </div>
  )
}
