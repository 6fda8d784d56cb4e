import { getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ResetPasswordSchema } from '../../../domain/access/access.schemas'
import { resetPassword } from '../../../domain/access/change-password'
import { AuthCard } from '../../components/auth-card'
import { ErrorList, Field, ConformForm, SubmitButton, useConformForm } from '../../components/forms'
import { readForm, retryAfterHeaders, submitForm } from '../../utils/forms.server'
import { requireSameOrigin } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Reset password · OSHC Back Office' }]
export const headers = retryAfterHeaders

export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' }
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request)
  return submitForm(await readForm(request), ResetPasswordSchema, async (v) => {
    await resetPassword({ ...v, clientIp: (context as { clientIp?: string }).clientIp ?? 'unknown' })
    return redirectWithToast('/login', {
      title: 'Password changed',
      description: 'Sign in with your new password.',
      type: 'success',
    })
  })
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>()
  const [form, fields] = useConformForm(ResetPasswordSchema, { id: 'reset', defaultValue: { token } })
  return (
    <AuthCard title="Choose a new password" description="At least 10 characters, not your e-mail address.">
      <ConformForm form={form} className="space-y-4">
        <input {...getInputProps(fields.token, { type: 'hidden' })} />
        <ErrorList errors={fields.token.errors} />
        <Field
          labelProps={{ children: 'New password' }}
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'new-password',
          }}
          errors={fields.password.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="w-full">Save password</SubmitButton>
      </ConformForm>
    </AuthCard>
  )
}
