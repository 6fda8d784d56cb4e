import { getTextareaProps } from '@conform-to/react'
import {
  ConformForm,
  ErrorList,
  SubmitButton,
  useConformForm,
  type FormSchema,
} from '../../../components/forms'
import { Badge } from '../../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Label } from '../../../components/ui/label'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { formatCents, formatDateTime } from '../../../utils/misc'

/** The page's schemas, the route's: a decision by intent, and a reopening request with its reason. */
export type PeriodSchemas = { decision: FormSchema; reopen: FormSchema }

type Figures = {
  month_debits: number
  month_credits: number
  closing_debits: number
  closing_credits: number
  pending_debits: number
  pending_credits: number
}
type Trial = { kinds: (Figures & { kind: string; label: string })[]; total: Figures; balanced: boolean }
type Props = {
  month: string
  label: string
  status: string
  status_label: string
  closed: boolean
  proposed_by: string | null
  proposed_at: string | null
  closed_by: string | null
  closed_at: string | null
  reopen_requested_by: string | null
  reopen_reason: string | null
  snapshot: Trial | null
  trial: Trial
  events: { kind: string; label: string; by: string | null; reason: string | null; at: string }[]
  reports: { key: string; label: string }[]
  can_close: boolean
  can_confirm_reopen: boolean
  schemas: PeriodSchemas
}

const NEXT: Record<string, string> = {
  OPEN: 'Propose the month for closing once its figures are final: its trial balance below is kept with the proposal.',
  PROPOSED: 'Another person with finance checks the trial balance and closes the month.',
  CLOSED:
    'Closed: no transfer dated in this month can change. A correction is a new transfer in the open month.',
  REOPEN_REQUESTED: 'Still closed: another person with finance confirms the reopening.',
}

function Decision({ schema, intent, label }: { schema: FormSchema; intent: string; label: string }) {
  const [form] = useConformForm(schema, { intent })
  return (
    <ConformForm form={form} intent={intent}>
      <SubmitButton>{label}</SubmitButton>
      <ErrorList id={`${intent}-errors`} errors={form.errors} />
    </ConformForm>
  )
}

function RequestReopen({ schema }: { schema: FormSchema }) {
  const [form, fields] = useConformForm<{ reason: string }>(schema, { intent: 'reopen-request' })
  return (
    <ConformForm form={form} intent="reopen-request" className="space-y-2">
      <Label htmlFor="reopen-reason">Why the month must be reopened</Label>
      <textarea
        {...getTextareaProps(fields.reason)}
        id="reopen-reason"
        rows={2}
        className="block w-full max-w-xl rounded-md border border-input bg-background px-3 py-2 text-sm"
      />
      <ErrorList id="reason-errors" errors={fields.reason.errors} />
      <SubmitButton variant="outline">Request reopening</SubmitButton>
      <ErrorList id="reopen-request-errors" errors={form.errors} />
    </ConformForm>
  )
}

const money = (n: number) => formatCents(n)

function TrialTable({ trial, caption }: { trial: Trial; caption: string }) {
  const cells = (f: Figures) => (
    <>
      <TableCell className="text-right">{money(f.month_debits)}</TableCell>
      <TableCell className="text-right">{money(f.month_credits)}</TableCell>
      <TableCell className="text-right">{money(f.closing_debits)}</TableCell>
      <TableCell className="text-right">{money(f.closing_credits)}</TableCell>
      <TableCell className="text-right">{money(f.pending_debits)}</TableCell>
      <TableCell className="text-right">{money(f.pending_credits)}</TableCell>
    </>
  )
  return (
    <Table aria-label={caption}>
      <TableHeader>
        <TableRow>
          <TableHead>Account kind</TableHead>
          <TableHead className="text-right">Debits in month</TableHead>
          <TableHead className="text-right">Credits in month</TableHead>
          <TableHead className="text-right">Debits to month end</TableHead>
          <TableHead className="text-right">Credits to month end</TableHead>
          <TableHead className="text-right">Pending debits at end</TableHead>
          <TableHead className="text-right">Pending credits at end</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {trial.kinds.map((k) => (
          <TableRow key={k.kind}>
            <TableCell>{k.label}</TableCell>
            {cells(k)}
          </TableRow>
        ))}
        <TableRow className="font-semibold">
          <TableCell>Total {trial.balanced ? '(balanced)' : '(NOT balanced)'}</TableCell>
          {cells(trial.total)}
        </TableRow>
      </TableBody>
    </Table>
  )
}

function Actions({ p }: { p: Props }) {
  const { status, schemas } = p
  if (status === 'OPEN')
    return <Decision schema={schemas.decision} intent="propose" label="Propose for closing" />
  if (status === 'PROPOSED')
    return (
      <div className="flex flex-wrap items-center gap-3">
        {p.can_close ? (
          <Decision schema={schemas.decision} intent="close" label="Close the month" />
        ) : (
          <p className="text-sm">You proposed this month: another person with finance closes it.</p>
        )}
        <Decision schema={schemas.decision} intent="propose" label="Propose again (fresh trial balance)" />
      </div>
    )
  if (status === 'CLOSED') return <RequestReopen schema={schemas.reopen} />
  return p.can_confirm_reopen ? (
    <Decision schema={schemas.decision} intent="reopen" label="Confirm reopening" />
  ) : (
    <p className="text-sm">You asked to reopen this month: another person with finance confirms it.</p>
  )
}

function Downloads({ month, reports }: { month: string; reports: Props['reports'] }) {
  return (
    <ul className="space-y-1 text-sm">
      {reports.map((r) => (
        <li key={r.key}>
          {r.label}:{' '}
          {(['csv', 'xlsx'] as const).map((f) => (
            <a
              key={f}
              className="mr-3 underline"
              href={`/staff/finance/periods/${month}/pack?report=${r.key}&format=${f}`}
              download
            >
              {f.toUpperCase()}
            </a>
          ))}
        </li>
      ))}
    </ul>
  )
}

export function PeriodPage(p: Props) {
  const shown = p.snapshot ?? p.trial
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h3">
            {p.label} <Badge variant={p.closed ? 'secondary' : 'outline'}>{p.status_label}</Badge>
          </CardTitle>
          <CardDescription>{NEXT[p.status]}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">Proposed by</dt>
              <dd>{p.proposed_by ? `${p.proposed_by}, ${formatDateTime(p.proposed_at)}` : '—'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Closed by</dt>
              <dd>{p.closed_by ? `${p.closed_by}, ${formatDateTime(p.closed_at)}` : '—'}</dd>
            </div>
            {p.reopen_reason ? (
              <div className="col-span-2">
                <dt className="text-muted-foreground">Reopening asked by {p.reopen_requested_by}</dt>
                <dd>{p.reopen_reason}</dd>
              </div>
            ) : null}
          </dl>
          <Actions p={p} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Trial balance of {p.label}</CardTitle>
          <CardDescription>
            {p.snapshot
              ? `As ${p.closed ? 'closed' : 'proposed'}. A transfer counts on the day it was posted (Australia/Sydney).`
              : 'From the journal now. A transfer counts on the day it was posted (Australia/Sydney).'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TrialTable trial={shown} caption={`Trial balance of ${p.label}`} />
        </CardContent>
      </Card>
      {p.closed ? (
        <Card>
          <CardHeader>
            <CardTitle as="h3">Month-end pack</CardTitle>
            <CardDescription>From the journal, for the closed month.</CardDescription>
          </CardHeader>
          <CardContent>
            <Downloads month={p.month} reports={p.reports} />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h3">History</CardTitle>
        </CardHeader>
        <CardContent>
          {p.events.length ? (
            <ul className="space-y-1 text-sm">
              {p.events.map((e, i) => (
                <li key={i}>
                  {formatDateTime(e.at)} · {e.label} by {e.by ?? 'unknown'}
                  {e.reason ? ` · ${e.reason}` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm">Nothing yet.</p>
          )}
        </CardContent>
      </Card>
    </>
  )
}
