import { getInputProps } from '@conform-to/react'
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { z } from 'zod'
import { confirmTotpEnrolment } from '../../../domain/access/confirm-totp-enrolment'
import { findPasskeys } from '../../../domain/access/find-passkeys'
import { finishPasskeyRegistration } from '../../../domain/access/finish-passkey-registration'
import { removePasskey } from '../../../domain/access/remove-passkey'
import { startPasskeyRegistration } from '../../../domain/access/start-passkey-registration'
import { factorOf, pendingTotpSetup } from '../../../domain/access/second-factors'
import { startTotpEnrolment } from '../../../domain/access/start-totp-enrolment'
import type { Actor } from '../../../domain/shared/actor'
import { AuthCard } from '../../components/auth-card'
import { ConformForm, ErrorList, Field, SubmitButton, useConformForm } from '../../components/forms'
import { AddPasskeySchema, PasskeysSection, RemovePasskeyFormSchema } from '../../components/passkeys-section'
import { readForm, submitForm } from '../../utils/forms.server'
import { clientOf, jsonOrNull, SavePasskeySchema } from '../../utils/passkeys.server'
import { redirectWithToast } from '../../utils/toast.server'
import { homeFor, requireSameOrigin, requireUser } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Sign-in security · OSHC Back Office' }]

const StartSchema = z.object({ intent: z.literal('start') })
const ConfirmSchema = z.object({
  intent: z.literal('confirm'),
  code: z
    .string({ error: 'Enter the code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the six digits your app shows'),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor, mustChangePassword } = await requireUser(request)
  const person = actor as Extract<typeof actor, { identityId: number }>
  const factor = await factorOf(person.identityId)
  return {
    home: await homeFor(actor, mustChangePassword),
    enrolled: !!factor?.confirmed_at,
    // While unconfirmed, the owner sees the secret again (to scan it or type it).
    setup: factor && !factor.confirmed_at ? await pendingTotpSetup(factor, person.email) : null,
    passkeys: await findPasskeys({ actor }),
  }
}

/** The passkey forms (PasskeysSection): its options, the browser's passkey, a removal. */
async function passkeyAction(request: Request, formData: FormData, actor: Actor, context: unknown) {
  const intent = formData.get('intent')
  const client = clientOf(request, context)
  const done = (title: string) => redirectWithToast('/account/security', { type: 'success', title })
  if (intent === 'add-passkey')
    return submitForm(formData, AddPasskeySchema, async ({ name }) => ({
      passkeyCreation: await startPasskeyRegistration({ actor }),
      name,
    }))
  if (intent === 'save-passkey')
    return submitForm(formData, SavePasskeySchema, async ({ name, response }) => {
      await finishPasskeyRegistration({ actor, name, response: jsonOrNull(response), client })
      return done('Passkey added')
    })
  return submitForm(formData, RemovePasskeyFormSchema, async ({ id }) => {
    await removePasskey({ actor, id, client })
    return done('Passkey removed')
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request)
  const { actor } = await requireUser(request)
  const formData = await readForm(request)
  if (String(formData.get('intent')).endsWith('-passkey'))
    return passkeyAction(request, formData, actor, context)
  if (formData.get('intent') === 'start')
    return submitForm(formData, StartSchema, async () => {
      await startTotpEnrolment({ actor })
      throw redirect('/account/security')
    })
  const client = {
    ip: (context as { clientIp?: string }).clientIp ?? 'unknown',
    userAgent: request.headers.get('user-agent'),
  }
  return submitForm(formData, ConfirmSchema, async ({ code }) =>
    confirmTotpEnrolment({ actor, code, client }),
  )
}

export default function SecurityPage() {
  const { home, enrolled, setup, passkeys } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const recoveryCodes = answer && 'recoveryCodes' in answer ? (answer.recoveryCodes as string[]) : null
  const [start] = useConformForm(StartSchema, { intent: 'start' })
  const [confirm, fields] = useConformForm(ConfirmSchema, { intent: 'confirm' })
  // Sent here because their role or their agency requires a second factor (session.server.ts).
  const required = useSearchParams()[0].get('required') === '1' && !enrolled && !recoveryCodes
  return (
    <AuthCard
      title="Sign-in security"
      description="A second factor: a code from an authenticator app, or a passkey."
      wide
    >
      {required ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          A second factor is required for your account: set one up to continue.
        </p>
      ) : null}
      {recoveryCodes ? (
        <section aria-labelledby="recovery" className="space-y-3">
          <h2 id="recovery" className="font-semibold">
            Your authenticator app is set up
          </h2>
          <p className="text-sm">
            Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are
            shown only now.
          </p>
          <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Recovery codes">
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>
      ) : enrolled ? (
        <p className="text-sm">An authenticator app is set up: signing in asks for its code.</p>
      ) : setup ? (
        <div className="space-y-4">
          <p className="text-sm">
            Scan this code with your authenticator app, or type the key, then enter the code it shows.
          </p>
          <img src={setup.qr} alt="QR code of your authenticator key" width={200} height={200} />
          <p className="text-sm">
            Key: <code className="font-mono">{setup.key}</code>
          </p>
          <ConformForm form={confirm} intent="confirm" className="space-y-4">
            <Field
              labelProps={{ children: 'Code from the app' }}
              inputProps={{
                ...getInputProps(fields.code, { type: 'text' }),
                autoComplete: 'one-time-code',
                inputMode: 'numeric',
              }}
              errors={fields.code.errors}
            />
            <ErrorList id={confirm.errorId} errors={confirm.errors} />
            <SubmitButton>Confirm</SubmitButton>
          </ConformForm>
        </div>
      ) : (
        <ConformForm form={start} intent="start" className="space-y-4">
          <p className="text-sm">Signing in will also ask for a code from an app on your phone.</p>
          <ErrorList id={start.errorId} errors={start.errors} />
          <SubmitButton>Set up an authenticator app</SubmitButton>
        </ConformForm>
      )}
      <PasskeysSection passkeys={passkeys} />
      <p className="mt-6 flex gap-4 text-sm">
        <Link to="/account/devices" className="text-primary underline-offset-4 hover:underline">
          Signed-in devices
        </Link>
        <Link to={home} className="text-primary underline-offset-4 hover:underline">
          Back
        </Link>
      </p>
    </AuthCard>
  )
}
