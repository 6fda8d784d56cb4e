import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { createAgencyUser } from '../../domain/users/create-agency-user'
import { findAgencyRoles } from '../../domain/users/find-agency-roles'
import { PageHeader } from '../components/app-shell'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { ErrorList, Field, SelectField, SubmitButton } from '../components/forms'
import { buttonVariants } from '../components/ui/button'
import { Card, CardContent } from '../components/ui/card'
import { replyInvalid, replyWithError } from '../utils/forms.server'
import { requireAgency } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'New user · Agency portal' }]

// The browser cannot import domain/ (vite denies it), so the form schema lives here with the
// spec's messages; the use case validates again with domain/users/users.schemas.ts.
const MIN = 'must be at least 2 characters'
const MAX = 'must be at most 256 characters'
const required = () => z.string({ error: MIN }).trim().min(2, MIN).max(256, MAX)
const optional = () => z.string().trim().min(2, MIN).max(256, MAX).optional()

const NewAgencyUserSchema = z.object({
  first_name: required(),
  middle_name: optional(),
  last_name: required(),
  email: z.string({ error: 'Invalid email' }).trim().max(256, MAX).email('Invalid email'),
  phone_number: optional(),
  agency_role_id: z.number({ error: 'Not a number' }).int().positive('Not a number').optional(),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, 'user_management')
  const roles = await findAgencyRoles({ actor })
  return { roles: roles.map((r) => ({ value: String(r.id), label: r.name })) }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAgency(request, 'user_management')
  const submission = parseWithZod(await request.formData(), { schema: NewAgencyUserSchema })
  if (submission.status !== 'success') return replyInvalid(submission)
  let user: Awaited<ReturnType<typeof createAgencyUser>>
  try {
    user = await createAgencyUser({ actor, ...submission.value })
  } catch (err) {
    return replyWithError(submission, err)
  }
  return redirectWithToast(`/agency/users/${user.id}`, {
    title: 'User created',
    description: `A temporary password has been e-mailed to ${user.email}.`,
    type: 'success',
  })
}

export default function NewAgencyUser() {
  const { roles } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const [form, fields] = useForm({
    id: 'new-agency-user',
    lastResult,
    constraint: getZodConstraint(NewAgencyUserSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewAgencyUserSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <div className="max-w-3xl space-y-4">
      <PageHeader
        title="New user"
        description="They receive an e-mail with a temporary password and choose their own at first sign-in. Their role decides what they can do."
        actions={
          <Link to="/agency/users" className={buttonVariants({ variant: 'outline' })}>
            Back to users
          </Link>
        }
      />
      <Card>
        <CardContent className="pt-6">
          <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
            <Field
              labelProps={{ children: 'First name' }}
              inputProps={{ ...getInputProps(fields.first_name, { type: 'text' }), autoComplete: 'off' }}
              errors={fields.first_name.errors}
            />
            <Field
              labelProps={{ children: 'Middle name (optional)' }}
              inputProps={{ ...getInputProps(fields.middle_name, { type: 'text' }), autoComplete: 'off' }}
              errors={fields.middle_name.errors}
            />
            <Field
              labelProps={{ children: 'Last name' }}
              inputProps={{ ...getInputProps(fields.last_name, { type: 'text' }), autoComplete: 'off' }}
              errors={fields.last_name.errors}
            />
            <Field
              labelProps={{ children: 'E-mail' }}
              inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
              errors={fields.email.errors}
            />
            <Field
              labelProps={{ children: 'Phone number (optional)' }}
              inputProps={getInputProps(fields.phone_number, { type: 'tel' })}
              errors={fields.phone_number.errors}
            />
            <SelectField
              labelProps={{ children: 'Role' }}
              selectProps={getSelectProps(fields.agency_role_id)}
              placeholder="No role (no permissions)"
              options={roles}
              errors={fields.agency_role_id.errors}
            />
            <ErrorList id={form.errorId} errors={form.errors} className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <SubmitButton>Create user</SubmitButton>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/users" homeLabel="Back to users" />
}
