import { getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData } from '@remix-run/react'
import { ForgotPasswordSchema } from '../../../domain/access/access.schemas'
import { forgotPassword } from '../../../domain/access/change-password'
import { AuthCard } from '../../components/auth-card'
import { ErrorList, Field, ConformForm, SubmitButton, useConformForm } from '../../components/forms'
import { Alert, AlertDescription } from '../../components/ui/alert'
import { readForm, retryAfterHeaders, submitForm } from '../../utils/forms.server'
import { requireSameOrigin } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Forgot password · OSHC Back Office' }]
export const headers = retryAfterHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request)
  return submitForm(await readForm(request), ForgotPasswordSchema, async (v, submission) => {
    const r = await forgotPassword({
      ...v,
      clientIp: (context as { clientIp?: string }).clientIp ?? 'unknown',
    })
    return { ...submission.reply({ resetForm: true }), sent: r.message }
  })
}

export default function ForgotPassword() {
  const lastResult = useActionData<typeof action>()
  const [form, fields] = useConformForm(ForgotPasswordSchema, { id: 'forgot' })
  const sent = lastResult && 'sent' in lastResult ? lastResult.sent : null
  return (
    <AuthCard title="Forgot your password?" description="We will e-mail you a link to choose a new one.">
      {sent ? (
        <Alert variant="success" className="mb-4">
          <AlertDescription>{sent}</AlertDescription>
        </Alert>
      ) : null}
      <ConformForm form={form} className="space-y-4">
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={getInputProps(fields.email, { type: 'email' })}
          errors={fields.email.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="w-full">Send reset link</SubmitButton>
      </ConformForm>
      <p className="mt-6 text-sm">
        <Link to="/login" className="text-primary underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  )
}
