import { getInputProps } from '@conform-to/react'
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import {
  ConformForm,
  ErrorList,
  Field,
  SubmitButton,
  useConformForm,
  type FormSchema,
} from '../../../components/forms'
import { Badge } from '../../../components/ui/badge'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { formatCents, formatDateTime } from '../../../utils/misc'

/** The page's two schemas, the route's: approve (no field) and cancel (the use case's reason). */
export type RemittanceSchemas = { approve: FormSchema; cancel: FormSchema }

type Remittance = {
  id: number
  month: string
  month_label: string
  insurer: string
  status: string
  status_label: string
  policy_count: number
  premium_cents: number
  commission_cents: number
  amount_cents: number
  bsb: string
  account_name: string
  account_number_masked: string
  proposed_by: string
  proposed_at: string
  approved_by: string | null
  approved_at: string | null
  paid_at: string | null
  cancelled_at: string | null
  cancel_reason: string | null
  batch_id: number | null
}
type Line = {
  policy_id: number
  policy_ref: string
  student: string
  agency: string
  premium_cents: number
  commission_cents: number
  net_cents: number
}

/** What happens next, in words, by status. */
const NEXT: Record<string, string> = {
  PROPOSED:
    'Another person with finance checks the figures and the account below and approves it; then a payout batch pays it.',
  APPROVED:
    'Approved: add it to a payout batch (Payout batches); it turns paid when the batch’s debit is confirmed on a bank statement.',
  PAID: 'Paid: its line of a payout batch’s bank file left the bank.',
  CANCELLED: 'Cancelled: its month can be proposed again for this insurer.',
}

/** The statement's formats, served by the API with the person's session. */
const FORMATS = ['csv', 'xlsx', 'pdf'] as const

function Approve({ schema }: { schema: FormSchema }) {
  const [form] = useConformForm(schema, { intent: 'approve' })
  return (
    <ConformForm form={form} intent="approve">
      <SubmitButton>Approve remittance</SubmitButton>
      <ErrorList id="approve-errors" errors={form.errors} />
    </ConformForm>
  )
}

function Cancel({ schema, id }: { schema: FormSchema; id: number }) {
  const [form, fields] = useConformForm<{ reason: string }>(schema, { intent: 'cancel' })
  return (
    <ConformForm form={form} intent="cancel" className="flex flex-wrap items-end gap-2">
      <Field
        className="w-72"
        labelProps={{ children: 'Why it is cancelled (optional)' }}
        inputProps={{ ...getInputProps(fields.reason, { type: 'text' }), id: `cancel-reason-${id}` }}
        errors={fields.reason.errors}
      />
      <SubmitButton variant="outline">Cancel remittance</SubmitButton>
      <ErrorList id="cancel-errors" errors={form.errors} />
    </ConformForm>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

const when = (at: string | null, by?: string | null) =>
  at ? `${formatDateTime(at)}${by ? ` by ${by}` : ''}` : '—'

function Facts({ r }: { r: Remittance }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Fact term="Premium received">{formatCents(r.premium_cents)}</Fact>
      <Fact term="Commission retained">{formatCents(r.commission_cents)}</Fact>
      <Fact term="Amount to remit">
        <span className="font-semibold">{formatCents(r.amount_cents)}</span>
      </Fact>
      <Fact term="Policies">{r.policy_count}</Fact>
      <Fact term="Paid to">
        {r.account_name} · BSB {r.bsb} · {r.account_number_masked}
      </Fact>
      <Fact term="Proposed">{when(r.proposed_at, r.proposed_by)}</Fact>
      <Fact term="Approved">{when(r.approved_at, r.approved_by)}</Fact>
      <Fact term="Paid">{when(r.paid_at)}</Fact>
      <Fact term="Payout batch">
        {r.batch_id ? (
          <Link className="underline" to={`/staff/finance/payout-batches/${r.batch_id}`}>
            Batch #{r.batch_id}
          </Link>
        ) : (
          '—'
        )}
      </Fact>
      {r.cancelled_at ? (
        <Fact term="Cancelled">
          {when(r.cancelled_at)}
          {r.cancel_reason ? `: ${r.cancel_reason}` : ''}
        </Fact>
      ) : null}
    </dl>
  )
}

function Lines({ lines }: { lines: Line[] }) {
  return (
    <Table aria-label="Policies in this remittance">
      <TableHeader>
        <TableRow>
          <TableHead>Policy</TableHead>
          <TableHead>Student</TableHead>
          <TableHead>Agency</TableHead>
          <TableHead className="text-right">Premium received</TableHead>
          <TableHead className="text-right">Commission retained</TableHead>
          <TableHead className="text-right">Net to insurer</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.length ? (
          lines.map((l) => (
            <TableRow key={l.policy_id}>
              <TableCell>
                <Link className="underline" to={`/staff/policies/${l.policy_id}`}>
                  {l.policy_ref}
                </Link>
              </TableCell>
              <TableCell>{l.student}</TableCell>
              <TableCell>{l.agency}</TableCell>
              <TableCell className="text-right">{formatCents(l.premium_cents)}</TableCell>
              <TableCell className="text-right">{formatCents(l.commission_cents)}</TableCell>
              <TableCell className="text-right">{formatCents(l.net_cents)}</TableCell>
            </TableRow>
          ))
        ) : (
          <TableRow>
            <TableCell colSpan={6}>No policy of this insurer moved money in this month.</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  )
}

export function RemittancePage({
  remittance: r,
  lines,
  can_approve,
  you_proposed,
  schemas,
}: {
  remittance: Remittance
  lines: Line[]
  can_approve: boolean
  you_proposed: boolean
  schemas: RemittanceSchemas
}) {
  const cancellable = (r.status === 'PROPOSED' || r.status === 'APPROVED') && !r.batch_id
  const statement = `/api/oshc/finance-management/insurer-remittances/${r.id}/statement`
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h3">
            Remittance #{r.id}: {r.insurer}, {r.month_label} <Badge variant="outline">{r.status_label}</Badge>
          </CardTitle>
          <CardDescription>{NEXT[r.status]}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <Facts r={r} />
          <div className="flex flex-wrap items-start gap-2">
            {can_approve ? <Approve schema={schemas.approve} /> : null}
            {r.status === 'PROPOSED' && you_proposed ? (
              <p className="text-sm text-muted-foreground">
                You proposed this remittance: another person with finance approves it.
              </p>
            ) : null}
            {r.batch_id && r.status !== 'PAID' ? (
              <p className="text-sm text-muted-foreground">
                It is in payout batch #{r.batch_id}: cancel the batch or return its line to cancel it.
              </p>
            ) : null}
          </div>
          {cancellable ? <Cancel schema={schemas.cancel} id={r.id} /> : null}
          <p className="flex flex-wrap gap-2 text-sm">
            {FORMATS.map((f) => (
              <a
                key={f}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
                href={`${statement}?format=${f}`}
                download
              >
                Statement {f.toUpperCase()}
              </a>
            ))}
          </p>
        </CardContent>
      </Card>
      <Lines lines={lines} />
    </>
  )
}
