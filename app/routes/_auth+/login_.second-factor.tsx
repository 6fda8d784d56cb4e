import { getInputProps } from '@conform-to/react'
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { readCookie, SESSION_COOKIE } from '../../../api/auth.server'
import { SecondFactorSchema } from '../../../domain/access/access.schemas'
import { actorForToken } from '../../../domain/access/sessions'
import { verifySecondFactor } from '../../../domain/access/verify-second-factor'
import { AuthCard } from '../../components/auth-card'
import { ConformForm, ErrorList, Field, SubmitButton, useConformForm } from '../../components/forms'
import { readForm, retryAfterHeaders, submitForm } from '../../utils/forms.server'
import { homeFor, requireSameOrigin } from '../../utils/session.server'
import { safeRedirect } from '../../utils/safe-redirect.server'

export const meta: MetaFunction = () => [{ title: 'Your second factor · OSHC Back Office' }]
export const headers = retryAfterHeaders

/** Where the sign-in goes when the person has a second factor, keeping where they were going. */
export const secondFactorPage = (redirectTo: FormDataEntryValue | null) =>
  `/login/second-factor${typeof redirectTo === 'string' && redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`

export async function loader({ request }: LoaderFunctionArgs) {
  if (!readCookie(request, SESSION_COOKIE)) throw redirect('/login')
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request)
  const formData = await readForm(request)
  return submitForm(formData, SecondFactorSchema, async ({ code }) => {
    const token = readCookie(request, SESSION_COOKIE) ?? ''
    await verifySecondFactor({
      token,
      code,
      clientIp: (context as { clientIp?: string }).clientIp ?? 'unknown',
    })
    const actor = await actorForToken(token)
    const home = actor ? await homeFor(actor, false) : '/'
    return redirect(safeRedirect(request, new URL(request.url).searchParams.get('redirectTo'), home))
  })
}

export default function SecondFactorPage() {
  const [form, fields] = useConformForm(SecondFactorSchema, { id: 'second-factor' })
  return (
    <AuthCard
      title="Your second factor"
      description="Enter the six digits your authenticator app shows, or one of your recovery codes."
    >
      <ConformForm form={form} className="space-y-4">
        <Field
          labelProps={{ children: 'Code' }}
          inputProps={{
            ...getInputProps(fields.code, { type: 'text' }),
            autoComplete: 'one-time-code',
            inputMode: 'text',
            autoFocus: true,
          }}
          errors={fields.code.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="w-full">Continue</SubmitButton>
      </ConformForm>
    </AuthCard>
  )
}
