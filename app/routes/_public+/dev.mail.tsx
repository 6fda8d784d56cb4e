import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { findOutbox } from '../../../domain/mail/mailer'
import { isDemo } from '../../../domain/shared/config'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { formatDateTime } from '../../utils/misc'

export const meta: MetaFunction = () => [{ title: 'Mail outbox · OSHC Back Office' }]

/** Development only: the mails the outbox transport stored (one-time codes, temporary passwords). */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!isDemo()) throw new Response('Not found', { status: 404 })
  const to = new URL(request.url).searchParams.get('to')?.trim() ?? ''
  const mails = await findOutbox(to || undefined)
  return {
    to,
    mails: mails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      created_at: m.created_at.toISOString(),
      // Not sent: the last attempt failed (SMTP), or it is being sent right now.
      failure: m.sent_at
        ? null
        : {
            attempts: m.attempts,
            last_error: m.last_error,
            failed_at: m.failed_at?.toISOString() ?? null,
          },
    })),
  }
}

export default function MailOutboxPage() {
  const { to, mails } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-4xl space-y-6 p-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Mail outbox</h1>
        <p className="text-sm text-muted-foreground">
          Mails the application sent in development, newest first. Production sends them by SMTP instead.
        </p>
      </header>

      <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter mails">
        <div className="min-w-64 flex-1 space-y-2">
          <Label htmlFor="outbox-to">Recipient</Label>
          <Input
            id="outbox-to"
            name="to"
            type="email"
            defaultValue={to}
            placeholder="name@example.com"
            autoComplete="off"
          />
        </div>
        <Button type="submit">Filter</Button>
        {to ? (
          <Link to="/dev/mail" className="text-sm text-primary underline-offset-4 hover:underline">
            Show all
          </Link>
        ) : null}
      </Form>

      {mails.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          {to ? `No mails to ${to}.` : 'No mails yet.'}
        </p>
      ) : (
        <ol className="space-y-4" aria-label="Mails">
          {mails.map((mail) => (
            <li key={mail.id}>
              <article
                className="rounded-lg border bg-card p-4 shadow-sm"
                aria-labelledby={`mail-${mail.id}`}
              >
                <header className="mb-3 space-y-1">
                  <h2 id={`mail-${mail.id}`} className="text-base font-semibold">
                    {mail.subject}
                  </h2>
                  <p className="text-sm text-muted-foreground">
                    To <span className="font-medium text-foreground">{mail.to}</span> ·{' '}
                    <time dateTime={mail.created_at}>{formatDateTime(mail.created_at)}</time>
                  </p>
                  {mail.failure ? <NotSent failure={mail.failure} /> : null}
                </header>
                <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">
                  {mail.text}
                </pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  )
}

/** A mail not sent: failed (how often, when, why) or still being sent. */
function NotSent({
  failure,
}: {
  failure: { attempts: number; last_error: string | null; failed_at: string | null }
}) {
  const tries = failure.attempts === 1 ? '1 attempt' : `${failure.attempts} attempts`
  if (!failure.failed_at)
    return (
      <p className="text-sm">
        <Badge variant="warning">Sending</Badge> {tries}
      </p>
    )
  return (
    <p className="text-sm">
      <Badge variant="destructive">Not sent</Badge> Failed after {tries}, last on{' '}
      <time dateTime={failure.failed_at}>{formatDateTime(failure.failed_at)}</time>
      {failure.last_error ? `: ${failure.last_error}` : ''}
    </p>
  )
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <GeneralErrorBoundary />
    </main>
  )
}
