import { getInputProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { VerifyAgencySchema } from '../../../domain/agencies/agencies.schemas'
import { createAgencyLogin } from '../../../domain/agencies/onboarding/create-agency-login'
import { agencyIdFromVerifyToken } from '../../../domain/agencies/onboarding/one-time-codes'
import { resendOtp } from '../../../domain/agencies/onboarding/resend-otp'
import { verifyAgency } from '../../../domain/agencies/onboarding/verify-agency'
import { AuthCard } from '../../components/auth-card'
import {
  ConformForm,
  ErrorList,
  Field,
  SubmitButton,
  useConformForm,
  useResultFor,
} from '../../components/forms'
import { Alert, AlertDescription } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { readForm, retryAfterHeaders, submitForm } from '../../utils/forms.server'
import { requireSameOrigin } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Verify your e-mail · OSHC Back Office' }]
export const headers = retryAfterHeaders

/** The page's form: the signed link's token names the agency, never a bare id. */
const VerifyPageSchema = VerifyAgencySchema.omit({ agencyId: true }).extend({ token: z.string() })

const notFound = () => new Response('Not found', { status: 404 })

/** The agency the signed link names (a wrong or missing token is a plain 404). */
async function agencyOf(token: string | null | undefined) {
  const agencyId = agencyIdFromVerifyToken(token)
  if (!agencyId) throw notFound()
  const [a] = await getDb()
    .select({
      id: agencies.id,
      email: agencies.email,
      verified: agencies.is_email_verified,
      hasLogin: agencies.identity_id,
    })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
  if (!a) throw notFound()
  return a
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const a = await agencyOf(token)
  return { token: token ?? '', email: a.email, verified: a.verified, hasLogin: !!a.hasLogin }
}

/** Sign-in says the address is verified and where the temporary password went. */
const loginCreated = (email: string) =>
  redirectWithToast('/login', {
    title: 'Your e-mail address is verified',
    description: `We sent your temporary password to ${email}. Sign in with it to continue.`,
    type: 'success',
  })

const ResendSchema = z.object({ token: z.string() })

/**
 * Three forms: resend the code, create the login (when the code was verified but the login not
 * made), and verify the code, then create the login (createAgencyInCognito) in the same step.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request)
  const formData = await readForm(request)
  const intent = formData.get('intent')
  const agency = await agencyOf(formData.get('token')?.toString())
  if (intent === 'resend') {
    return submitForm(formData, ResendSchema, async (_, submission) => {
      await resendOtp({ agencyId: agency.id })
      return data({ ...submission.reply(), resent: true })
    })
  }
  if (intent === 'create-login') {
    return submitForm(formData, ResendSchema, async () => {
      await createAgencyLogin({ email: agency.email })
      return loginCreated(agency.email)
    })
  }
  return submitForm(formData, VerifyPageSchema, async (v) => {
    const clientIp = (context as { clientIp?: string }).clientIp ?? 'unknown'
    const verified = await verifyAgency({ agencyId: agency.id, otp: v.otp, clientIp })
    await createAgencyLogin({ email: verified.email })
    return loginCreated(verified.email)
  })
}

export default function Verify() {
  const { token, email, verified, hasLogin } = useLoaderData<typeof loader>()
  // Three forms, one reply: each takes the reply to its own intent.
  const [form, fields] = useConformForm(VerifyPageSchema, { intent: 'verify', defaultValue: { token } })
  const [loginForm] = useConformForm(ResendSchema, { intent: 'create-login' })
  const [resendForm] = useConformForm(ResendSchema, { intent: 'resend' })
  const resendResult = useResultFor('resend')
  const resent = !!resendResult && 'resent' in resendResult
  if (hasLogin) {
    return (
      <AuthCard
        title="E-mail verified"
        description="Your login exists. Sign in with the temporary password we e-mailed you."
      >
        <Button asChild className="w-full">
          <a href="/login">Sign in</a>
        </Button>
      </AuthCard>
    )
  }
  if (verified) {
    return (
      <AuthCard title="E-mail verified" description={`${email} is verified. Create your login to continue.`}>
        <ConformForm form={loginForm} intent="create-login" className="space-y-4">
          <input type="hidden" name="token" value={token} />
          <ErrorList id={loginForm.errorId} errors={loginForm.errors} />
          <SubmitButton className="w-full">Create my login</SubmitButton>
        </ConformForm>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Verify your e-mail"
      description={`We sent a 6-digit code to ${email}. It expires in 10 minutes.`}
    >
      {resent ? (
        <Alert variant="success" className="mb-4">
          <AlertDescription>A new code is on its way.</AlertDescription>
        </Alert>
      ) : null}
      <ConformForm form={form} intent="verify" className="space-y-4">
        <input {...getInputProps(fields.token, { type: 'hidden' })} />
        <Field
          labelProps={{ children: 'Verification code' }}
          inputProps={{
            ...getInputProps(fields.otp, { type: 'text' }),
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            maxLength: 6,
          }}
          errors={fields.otp.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="w-full">Verify</SubmitButton>
      </ConformForm>
      <ConformForm form={resendForm} intent="resend" className="mt-4">
        <input type="hidden" name="token" value={token} />
        <ErrorList id={resendForm.errorId} errors={resendForm.errors} />
        <Button type="submit" variant="link" className="px-0">
          Send me a new code
        </Button>
      </ConformForm>
    </AuthCard>
  )
}
