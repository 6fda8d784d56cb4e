import { getInputProps } from '@conform-to/react'
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useSearchParams } from '@remix-run/react'
import { readCookie, SESSION_COOKIE } from '../../../api/auth.server'
import { StepUpSchema } from '../../../domain/access/access.schemas'
import { verifySecondFactor } from '../../../domain/access/verify-second-factor'
import { AuthCard } from '../../components/auth-card'
import { ConformForm, ErrorList, Field, SubmitButton, useConformForm } from '../../components/forms'
import { readForm, retryAfterHeaders, submitForm } from '../../utils/forms.server'
import { safeRedirect } from '../../utils/safe-redirect.server'
import { requireUser } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Confirm it is you · OSHC Back Office' }]
export const headers = retryAfterHeaders

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return null
}

/**
 * A step-up (issue 24): a code of the person's second factor given in their open session, before a
 * money decision. The house form posts here in place (StepUpPrompt) and then repeats the decision;
 * without JavaScript this page takes the code and goes back (`redirectTo`) to press it again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request)
  const formData = await readForm(request)
  return submitForm(formData, StepUpSchema, async ({ code, redirectTo }) => {
    await verifySecondFactor({
      token: readCookie(request, SESSION_COOKIE) ?? '',
      code,
      clientIp: (context as { clientIp?: string }).clientIp ?? 'unknown',
      userAgent: request.headers.get('user-agent'),
    })
    if (redirectTo !== undefined) throw redirect(safeRedirect(request, redirectTo, '/'))
    return { confirmed: true as const }
  })
}

export default function StepUpPage() {
  const [params] = useSearchParams()
  const [form, fields] = useConformForm(StepUpSchema, { id: 'step-up' })
  return (
    <AuthCard
      title="Confirm it is you"
      description="Enter the six digits your authenticator app shows, or one of your recovery codes; then make your decision again."
    >
      <ConformForm form={form} className="space-y-4">
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? '/'} />
        <Field
          labelProps={{ children: 'Code' }}
          inputProps={{
            ...getInputProps(fields.code, { type: 'text' }),
            autoComplete: 'one-time-code',
            autoFocus: true,
          }}
          errors={fields.code.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="w-full">Confirm</SubmitButton>
      </ConformForm>
    </AuthCard>
  )
}
