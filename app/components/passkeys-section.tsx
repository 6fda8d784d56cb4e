import { getInputProps } from '@conform-to/react'
import { useActionData, useNavigation, useSubmit } from '@remix-run/react'
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { useEffect, useRef, useState } from 'react'
import { z } from 'zod'
import { formatDateTime, toIsoString } from '../utils/misc'
import { ConformForm, ErrorList, Field, SubmitButton, useConformForm, useResultFor } from './forms'

// Passkeys on the sign-in security page (issue 24): add one under a name, list them, remove one.
// Adding is two posts: `add-passkey` (the name) answers the browser's options; the browser makes
// the passkey (@simplewebauthn/browser) and `save-passkey` sends it; the page reloads with it.

export const AddPasskeySchema = z.object({
  intent: z.literal('add-passkey'),
  name: z
    .string({ error: 'Give the passkey a name' })
    .trim()
    .min(1, 'Give the passkey a name')
    .max(60, 'must be at most 60 characters'),
})

export const RemovePasskeyFormSchema = z.object({
  intent: z.literal('remove-passkey'),
  id: z.coerce.number().int().positive(),
})

/** The action's answer to `add-passkey`: what the browser needs to make the passkey. */
export type PasskeyCreation = { passkeyCreation: PublicKeyCredentialCreationOptionsJSON; name: string }

type Passkey = { id: number; name: string; createdAt: string | Date; lastUsedAt: string | Date | null }

const registrationMessage = (err: unknown) => {
  const name = err instanceof Error ? err.name : ''
  if (name === 'InvalidStateError') return 'This device already holds one of your passkeys.'
  if (name === 'NotAllowedError') return 'The passkey was not made. Try again.'
  return 'This browser could not make a passkey.'
}

/** Runs the browser's part of adding a passkey once the action answered its options. */
function useRegistrationCeremony() {
  const answer = useActionData() as Partial<PasskeyCreation> | undefined
  const submit = useSubmit()
  const idle = useNavigation().state === 'idle'
  const [error, setError] = useState<string | null>(null)
  const handled = useRef<unknown>(null)
  useEffect(() => {
    // After the page's data is read again: a post now would cut that reading short.
    if (!idle || !answer?.passkeyCreation || handled.current === answer) return
    handled.current = answer
    setError(null)
    startRegistration({ optionsJSON: answer.passkeyCreation })
      .then((response) =>
        submit(
          { intent: 'save-passkey', name: answer.name ?? '', response: JSON.stringify(response) },
          { method: 'post' },
        ),
      )
      .catch((err: unknown) => setError(registrationMessage(err)))
  }, [answer, submit, idle])
  return error
}

function RemovePasskeyForm({ passkey }: { passkey: Passkey }) {
  const result = useResultFor('remove-passkey')
  const mine = result?.initialValue?.id === String(passkey.id) ? result : undefined
  const [form] = useConformForm(RemovePasskeyFormSchema, {
    intent: 'remove-passkey',
    id: `remove-passkey-${passkey.id}`,
    lastResult: mine ?? null,
  })
  return (
    <ConformForm form={form} intent="remove-passkey" className="flex items-center gap-2">
      <input type="hidden" name="id" value={passkey.id} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton variant="outline" size="sm" aria-label={`Remove passkey ${passkey.name}`}>
        Remove
      </SubmitButton>
    </ConformForm>
  )
}

export function PasskeysSection({ passkeys }: { passkeys: Passkey[] }) {
  const [form, fields] = useConformForm(AddPasskeySchema, { intent: 'add-passkey' })
  const saved = useResultFor('save-passkey')
  const browserError = useRegistrationCeremony()
  const saveErrors = [...new Set(Object.values(saved?.error ?? {}).flatMap((e) => e ?? []))]
  const errors = [...(form.errors ?? []), ...saveErrors, ...(browserError ? [browserError] : [])]
  return (
    <section aria-labelledby="passkeys" className="mt-8 space-y-4 border-t pt-6">
      <h2 id="passkeys" className="font-semibold">
        Passkeys
      </h2>
      <p className="text-sm">
        A passkey on this device (fingerprint, face or PIN) or on your phone can be given instead of a code
        when you sign in.
      </p>
      {passkeys.length ? (
        <ul aria-label="Your passkeys" className="divide-y rounded-md border">
          {passkeys.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-4 p-3 text-sm">
              <div>
                <p className="font-medium">{p.name}</p>
                <p className="text-muted-foreground">
                  Added <time dateTime={toIsoString(p.createdAt)}>{formatDateTime(p.createdAt)}</time>
                  {p.lastUsedAt ? (
                    <>
                      {' · last used '}
                      <time dateTime={toIsoString(p.lastUsedAt)}>{formatDateTime(p.lastUsedAt)}</time>
                    </>
                  ) : null}
                </p>
              </div>
              <RemovePasskeyForm passkey={p} />
            </li>
          ))}
        </ul>
      ) : null}
      <ConformForm form={form} intent="add-passkey" className="space-y-4">
        <Field
          labelProps={{ children: 'Passkey name' }}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), placeholder: 'Work laptop' }}
          errors={fields.name.errors}
        />
        <ErrorList id={form.errorId} errors={errors} />
        <SubmitButton>Add a passkey</SubmitButton>
      </ConformForm>
    </section>
  )
}
