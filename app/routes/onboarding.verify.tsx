import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '../../db/client'
import { agencies } from '../../db/schema'
import { VerifyAgencySchema } from '../../domain/agencies/agencies.schemas'
import { createAgencyLogin } from '../../domain/agencies/create-agency-login'
import { resendOtp, verifyAgency } from '../../domain/agencies/verify-agency'
import { DomainError } from '../../domain/shared/errors'
import { AuthCard } from '../components/auth-card'
import { ErrorList, Field, SubmitButton } from '../components/forms'
import { Alert, AlertDescription } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { replyInvalid, replyWithError } from '../utils/forms.server'
import { redirectWithToast } from '../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Verify your e-mail · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const agencyId = Number(new URL(request.url).searchParams.get('agencyId'))
  if (!Number.isInteger(agencyId) || agencyId < 1) throw new Response('Agency not found', { status: 404 })
  const [a] = await getDb()
    .select({
      id: agencies.id,
      email: agencies.email,
      verified: agencies.is_email_verified,
      hasLogin: agencies.identity_id,
    })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
  if (!a) throw new Response('Agency not found', { status: 404 })
  return { agencyId: a.id, email: a.email, verified: a.verified, hasLogin: !!a.hasLogin }
}

const loginCreated = () =>
  redirectWithToast('/login', {
    title: 'Your login is ready',
    description: 'We e-mailed you a temporary password. Sign in with it to continue.',
    type: 'success',
  })

/** Verifies the code, then creates the login (createAgencyInCognito) in the same step. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  const intent = formData.get('intent')
  const agencyId = Number(formData.get('agencyId'))
  if (intent === 'resend') {
    const submission = parseWithZod(formData, { schema: z.object({ agencyId: z.coerce.number() }) })
    try {
      await resendOtp({ agencyId })
      return data({ ...submission.reply(), resent: true })
    } catch (err) {
      return replyWithError(submission, err)
    }
  }
  const submission = parseWithZod(formData, { schema: VerifyAgencySchema })
  if (intent === 'create-login') {
    const [a] = await getDb()
      .select({ email: agencies.email })
      .from(agencies)
      .where(eq(agencies.id, agencyId))
    if (!a) throw new Response('Agency not found', { status: 404 })
    try {
      await createAgencyLogin({ email: a.email })
    } catch (err) {
      return replyWithError(submission, err)
    }
    return loginCreated()
  }
  if (submission.status !== 'success') return replyInvalid(submission)
  try {
    const verified = await verifyAgency({
      ...submission.value,
      clientIp: (context as { clientIp?: string }).clientIp ?? 'unknown',
    })
    await createAgencyLogin({ email: verified.email })
  } catch (err) {
    if (err instanceof DomainError) return replyWithError(submission, err)
    throw err
  }
  return loginCreated()
}

export default function Verify() {
  const { agencyId, email, verified, hasLogin } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const [form, fields] = useForm({
    id: 'verify',
    lastResult,
    defaultValue: { agencyId: String(agencyId) },
    constraint: getZodConstraint(VerifyAgencySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: VerifyAgencySchema }),
  })
  const resent = lastResult && 'resent' in lastResult
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
        <Form method="post" className="space-y-4">
          <input type="hidden" name="agencyId" value={agencyId} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton name="intent" value="create-login" className="w-full">
            Create my login
          </SubmitButton>
        </Form>
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
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input {...getInputProps(fields.agencyId, { type: 'hidden' })} />
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
        <SubmitButton name="intent" value="verify" className="w-full">
          Verify
        </SubmitButton>
      </Form>
      <Form method="post" className="mt-4">
        <input type="hidden" name="agencyId" value={agencyId} />
        <Button type="submit" name="intent" value="resend" variant="link" className="px-0">
          Send me a new code
        </Button>
      </Form>
    </AuthCard>
  )
}
