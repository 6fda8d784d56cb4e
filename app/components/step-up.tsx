import { Link, useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useId, useState } from 'react'
import { UsePasskeyButton } from './passkey-button'
import { Button } from './ui/button'
import { Input } from './ui/input'
import { Label } from './ui/label'

type StepUpAnswer = { confirmed: true } | { error?: Record<string, string[] | null> | null }

/**
 * Asks, inside a money decision's form, for a code of the person's second factor when the action
 * answered that one is needed lately (issue 24; the house form renders it). The code goes to
 * /account/step-up on its own (a form cannot hold another form), and once accepted the decision
 * is sent again as the person sent it (`onConfirmed`). `enrol`: the person has no second factor
 * yet and is sent to set one up.
 */
export function StepUpPrompt({ kind, onConfirmed }: { kind: 'code' | 'enrol'; onConfirmed: () => void }) {
  const fetcher = useFetcher<StepUpAnswer>()
  const [code, setCode] = useState('')
  const id = useId()
  const location = useLocation()
  const answer = fetcher.data
  useEffect(() => {
    if (answer && 'confirmed' in answer) onConfirmed()
    // Once per answer: a new answer is a new object.
  }, [answer]) // eslint-disable-line react-hooks/exhaustive-deps
  if (kind === 'enrol')
    return (
      <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
        Money decisions need a second factor.{' '}
        <Link to="/account/security" className="font-medium underline">
          Set up your second factor
        </Link>
        , then come back.
      </p>
    )
  const errors =
    answer && 'error' in answer ? [...new Set(Object.values(answer.error ?? {}).flatMap((e) => e ?? []))] : []
  const confirm = () => {
    if (code.trim()) fetcher.submit({ code }, { method: 'post', action: '/account/step-up' })
  }
  const back = encodeURIComponent(`${location.pathname}${location.search}`)
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="space-y-2 rounded-md border bg-muted/40 p-3">
      <p id={`${id}-title`} className="text-sm font-medium">
        Confirm it is you
      </p>
      <Label htmlFor={`${id}-code`}>Code from your authenticator app (or a recovery code)</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-code`}
          value={code}
          autoFocus
          autoComplete="one-time-code"
          maxLength={20}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length ? `${id}-errors` : undefined}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            // Enter confirms the code; it must not send the decision without it.
            if (e.key === 'Enter') {
              e.preventDefault()
              confirm()
            }
          }}
          className="max-w-40"
        />
        <Button type="button" onClick={confirm} disabled={fetcher.state !== 'idle'}>
          Confirm and continue
        </Button>
      </div>
      <UsePasskeyButton action="/account/passkey-step-up" onConfirmed={onConfirmed}>
        Use a passkey instead
      </UsePasskeyButton>
      {errors.length ? (
        <ul id={`${id}-errors`} className="text-sm text-destructive">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <noscript>
        <a href={`/account/step-up?redirectTo=${back}`} className="text-sm underline">
          Enter your code on its own page
        </a>
      </noscript>
    </div>
  )
}
