import { getInputProps } from '@conform-to/react'
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { readCookie, SESSION_COOKIE } from '../../../api/auth.server'
import { SecondFactorSchema } from '../../../domain/access/access.schemas'
import { signInTakesPasskey } from '../../../domain/access/passkey-sessions'
import { actorForToken } from '../../../domain/access/sessions'
import { startPasskeyAuthentication } from '../../../domain/access/start-passkey-authentication'
import { verifyPasskeySignIn } from '../../../domain/access/verify-passkey-sign-in'
import { verifySecondFactor } from '../../../domain/access/verify-second-factor'
import { AuthCard } from '../../components/auth-card'
import { UsePasskeyButton } from '../../components/passkey-button'
import { ConformForm, ErrorList, Field, SubmitButton, useConformForm } from '../../components/forms'
import { readForm, retryAfterHeaders, submitForm } from '../../utils/forms.server'
import { clientOf, jsonOrNull, PasskeyAnswerSchema, PasskeyOptionsSchema } from '../../utils/passkeys.server'
import { homeFor, requireSameOrigin } from '../../utils/session.server'
import { safeRedirect } from '../../utils/safe-redirect.server'

export const meta: MetaFunction = () => [{ title: 'Your second factor · OSHC Back Office' }]
export const headers = retryAfterHeaders

/** Where the sign-in goes when the person has a second factor, keeping where they were going. */
export const secondFactorPage = (redirectTo: FormDataEntryValue | null) =>
  `/login/second-factor${typeof redirectTo === 'string' && redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`

export async function loader({ request }: LoaderFunctionArgs) {
  const token = readCookie(request, SESSION_COOKIE)
  if (!token) throw redirect('/login')
  // A person with a passkey may give it instead of a code.
  return { passkey: await signInTakesPasskey(token) }
}

/** Once the second factor is given: where the person was going, else their home. */
async function signedIn(request: Request, token: string) {
  const actor = await actorForToken(token)
  const home = actor ? await homeFor(actor, false) : '/'
  return redirect(safeRedirect(request, new URL(request.url).searchParams.get('redirectTo'), home))
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request)
  const formData = await readForm(request)
  const intent = formData.get('intent')
  if (intent === 'passkey-options')
    return submitForm(formData, PasskeyOptionsSchema, async () => ({
      passkeyOptions: await startPasskeyAuthentication({ token: readCookie(request, SESSION_COOKIE) ?? '' }),
    }))
  if (intent === 'passkey')
    return submitForm(formData, PasskeyAnswerSchema, async ({ response }) => {
      const token = readCookie(request, SESSION_COOKIE) ?? ''
      const { ip, userAgent } = clientOf(request, context)
      await verifyPasskeySignIn({ token, response: jsonOrNull(response), clientIp: ip, userAgent })
      return signedIn(request, token)
    })
  return submitForm(formData, SecondFactorSchema, async ({ code }) => {
    const token = readCookie(request, SESSION_COOKIE) ?? ''
    await verifySecondFactor({
      token,
      code,
      clientIp: (context as { clientIp?: string }).clientIp ?? 'unknown',
    })
    return signedIn(request, token)
  })
}

export default function SecondFactorPage() {
  const { passkey } = useLoaderData<typeof loader>()
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
      {passkey ? (
        <div className="mt-4 space-y-2 border-t pt-4">
          <p className="text-sm text-muted-foreground">
            Or confirm with a passkey on this device or your phone.
          </p>
          <UsePasskeyButton className="w-full" />
        </div>
      ) : null}
    </AuthCard>
  )
}
