import { getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ChangePasswordSchema } from '../../../domain/access/access.schemas'
import { changePassword } from '../../../domain/access/change-password'
import { AuthCard } from '../../components/auth-card'
import { ErrorList, Field, ConformForm, SubmitButton, useConformForm } from '../../components/forms'
import { readForm, submitForm } from '../../utils/forms.server'
import { sessionTokenOf } from '../../../api/auth.server'
import { homeFor, requireUser } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Change password · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { mustChangePassword } = await requireUser(request)
  return { mustChangePassword }
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireUser(request)
  return submitForm(await readForm(request), ChangePasswordSchema, async (v) => {
    // This browser stays signed in; every other session of the person ends.
    await changePassword({ actor, ...v, currentSessionToken: sessionTokenOf(request) })
    return redirectWithToast(await homeFor(actor, false), { title: 'Password changed', type: 'success' })
  })
}

export default function ChangePassword() {
  const { mustChangePassword } = useLoaderData<typeof loader>()
  const [form, fields] = useConformForm(ChangePasswordSchema, { id: 'change-password' })
  return (
    <AuthCard
      title={mustChangePassword ? 'Choose your password' : 'Change password'}
      description={
        mustChangePassword
          ? 'You signed in with a temporary password. Choose your own to continue (at least 10 characters).'
          : 'At least 10 characters, not your e-mail address.'
      }
    >
      <ConformForm form={form} className="space-y-4">
        <Field
          labelProps={{ children: mustChangePassword ? 'Temporary password' : 'Current password' }}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: 'password' }),
            autoComplete: 'current-password',
          }}
          errors={fields.currentPassword.errors}
        />
        <Field
          labelProps={{ children: 'New password' }}
          inputProps={{
            ...getInputProps(fields.newPassword, { type: 'password' }),
            autoComplete: 'new-password',
          }}
          errors={fields.newPassword.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="w-full">Save password</SubmitButton>
      </ConformForm>
    </AuthCard>
  )
}
