import { useFetcher } from '@remix-run/react'
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from './ui/button'

/** What an action of a passkey ceremony answers: the options, a success, or Conform's reply. */
export type PasskeyAnswer =
  | { passkeyOptions: PublicKeyCredentialRequestOptionsJSON }
  | { confirmed: true }
  | { error?: Record<string, string[] | null> | null }

/** What the browser says when the person closes its passkey dialog, or it times out. */
export const ceremonyMessage = (err: unknown) =>
  err instanceof Error && err.name === 'NotAllowedError'
    ? 'The passkey was not used. Try again, or enter a code.'
    : 'This browser could not use a passkey. Enter a code instead.'

const errorsOf = (answer: PasskeyAnswer | undefined) =>
  answer && 'error' in answer ? [...new Set(Object.values(answer.error ?? {}).flatMap((e) => e ?? []))] : []

/**
 * Asks for one of the person's passkeys (issue 24) through `action` (default: this page's), in two
 * posts of a fetcher: `intent=passkey-options` answers the options, the browser asks the
 * authenticator (@simplewebauthn/browser), then `intent=passkey` sends its answer. The action
 * redirects (a sign-in) or answers `{ confirmed: true }` (a step-up: `onConfirmed` runs).
 */
export function UsePasskeyButton({
  action,
  onConfirmed,
  className,
  children = 'Use a passkey',
}: {
  action?: string
  onConfirmed?: () => void
  className?: string
  children?: React.ReactNode
}) {
  const fetcher = useFetcher<PasskeyAnswer>()
  const [browserError, setBrowserError] = useState<string | null>(null)
  const handled = useRef<unknown>(null)
  const id = useId()
  const answer = fetcher.data
  const idle = fetcher.state === 'idle'
  useEffect(() => {
    // Once per answer (a new answer is a new object), after the page's data is read again.
    if (!idle || !answer || handled.current === answer) return
    handled.current = answer
    if ('confirmed' in answer) onConfirmed?.()
    if (!('passkeyOptions' in answer)) return
    startAuthentication({ optionsJSON: answer.passkeyOptions })
      .then((response) =>
        fetcher.submit({ intent: 'passkey', response: JSON.stringify(response) }, { method: 'post', action }),
      )
      .catch((err: unknown) => setBrowserError(ceremonyMessage(err)))
  }, [answer, idle]) // eslint-disable-line react-hooks/exhaustive-deps
  const errors = browserError ? [browserError] : errorsOf(answer)
  return (
    <div className="space-y-2">
      <Button
        type="button"
        variant="outline"
        className={className}
        disabled={fetcher.state !== 'idle'}
        aria-describedby={errors.length ? `${id}-errors` : undefined}
        onClick={() => {
          setBrowserError(null)
          fetcher.submit({ intent: 'passkey-options' }, { method: 'post', action })
        }}
      >
        {children}
      </Button>
      {errors.length ? (
        <ul id={`${id}-errors`} role="alert" className="text-sm text-destructive">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
