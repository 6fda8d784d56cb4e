import { getInputProps } from '@conform-to/react'
import { Link } from '@remix-run/react'
import {
  ConformForm,
  ErrorList,
  SubmitButton,
  useConformForm,
  type FormSchema,
} from '../../../components/forms'
import { Field } from '../../../components/form-fields'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { formatCents, formatDate, formatDateTime } from '../../../utils/misc'

/** The page's two schemas, the route's (one with the use case's own field rules). */
export type BatchSchemas = { decision: FormSchema; returnLine: FormSchema }

type Batch = {
  id: number
  status: string
  status_label: string
  processing_date: string
  total_cents: number
  item_count: number
  created_by: string
  created_at: string
  approved_by: string | null
  approved_at: string | null
  sent_at: string | null
  paid_at: string | null
  statement_line_id: number | null
}
type Item = {
  id: number
  payout_id: number | null
  remittance_id: number | null
  refund_id: number | null
  refund_policy_id: number | null
  payee_name: string | null
  amount_cents: number
  bsb: string
  account_name: string
  account_number_masked: string
  lodgement_reference: string
  state: string
  state_label: string
  return_reason: string | null
  payout_status: string | null
  remittance_status: string | null
  refund_status: string | null
}

function Decision({
  schema,
  intent,
  label,
  variant,
}: {
  schema: FormSchema
  intent: 'approve' | 'cancel'
  label: string
  variant?: 'outline'
}) {
  const [form] = useConformForm(schema, { intent })
  return (
    <ConformForm form={form} intent={intent}>
      <SubmitButton variant={variant}>{label}</SubmitButton>
      <ErrorList id={`${intent}-errors`} errors={form.errors} />
    </ConformForm>
  )
}

function ReturnLine({ schema, item }: { schema: FormSchema; item: Item }) {
  const intent = `return:${item.id}`
  const [form, fields] = useConformForm<{ return_reason: string }>(schema, { intent })
  return (
    <ConformForm form={form} intent={intent} className="flex flex-wrap items-end gap-2">
      <Field
        labelProps={{ children: 'Why the bank returned it' }}
        inputProps={{
          ...getInputProps(fields.return_reason, { type: 'text' }),
          id: `return-reason-${item.id}`,
        }}
        errors={fields.return_reason.errors}
      />
      <SubmitButton size="sm" variant="outline">
        Returned by the bank
      </SubmitButton>
      <ErrorList id={`${intent}-errors`} errors={form.errors} />
    </ConformForm>
  )
}

/** What happens next, in words, by status. */
const NEXT: Record<string, string> = {
  DRAFT: 'Another person with finance approves the batch; then its bank file can be downloaded.',
  APPROVED: 'Download the bank file and upload it to the bank. The first download marks the batch sent.',
  SENT: 'Waiting for its debit on a bank statement: upload the statement and confirm the line matched to this batch. A line the bank returns can be taken out here before that.',
  PAID: 'Paid: each payout was approved by bank transfer when the debit was confirmed.',
  CANCELLED: 'Cancelled: its payouts were released.',
}

export function BatchPage({
  batch,
  items,
  can_approve,
  schemas,
}: {
  batch: Batch
  items: Item[]
  can_approve: boolean
  schemas: BatchSchemas
}) {
  const fileReady = batch.status === 'APPROVED' || batch.status === 'SENT' || batch.status === 'PAID'
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h3">
            Payout batch #{batch.id} <Badge variant="outline">{batch.status_label}</Badge>
          </CardTitle>
          <CardDescription>{NEXT[batch.status]}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <div>
              <dt className="text-sm text-muted-foreground">Total</dt>
              <dd className="font-semibold">{formatCents(batch.total_cents)}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Payouts</dt>
              <dd className="font-semibold">{batch.item_count}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Processing date</dt>
              <dd>{formatDate(batch.processing_date)}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Statement reference</dt>
              <dd>PB-{batch.id}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Built</dt>
              <dd>
                {formatDateTime(batch.created_at)} by {batch.created_by}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Approved</dt>
              <dd>
                {batch.approved_at ? `${formatDateTime(batch.approved_at)} by ${batch.approved_by}` : '—'}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Sent</dt>
              <dd>{batch.sent_at ? formatDateTime(batch.sent_at) : '—'}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Paid</dt>
              <dd>{batch.paid_at ? formatDateTime(batch.paid_at) : '—'}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap items-start gap-2">
            {can_approve ? (
              <Decision schema={schemas.decision} intent="approve" label="Approve batch" />
            ) : null}
            {batch.status === 'DRAFT' && !can_approve ? (
              <p className="text-sm text-muted-foreground">
                You built this batch: another person approves it.
              </p>
            ) : null}
            {fileReady ? (
              // A native form: the answer is the file itself, downloaded by the browser.
              <form method="post" action={`/staff/finance/payout-batches/${batch.id}/aba`}>
                <Button type="submit">Download bank file (ABA)</Button>
              </form>
            ) : null}
            {batch.status === 'DRAFT' || batch.status === 'APPROVED' ? (
              <Decision schema={schemas.decision} intent="cancel" label="Cancel batch" variant="outline" />
            ) : null}
          </div>
        </CardContent>
      </Card>
      <Table aria-label="Batch lines">
        <TableHeader>
          <TableRow>
            <TableHead>Payout</TableHead>
            <TableHead>Payee</TableHead>
            <TableHead>Account</TableHead>
            <TableHead>Reference</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>Line</TableHead>
            <TableHead>Status</TableHead>
            {batch.status === 'SENT' ? <TableHead>Returned?</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((i) => (
            <TableRow key={i.id}>
              <TableCell>
                {i.payout_id ? (
                  <Link className="underline" to={`/staff/finance/payouts/${i.payout_id}`}>
                    Payout #{i.payout_id}
                  </Link>
                ) : i.refund_policy_id ? (
                  <Link className="underline" to={`/staff/policies/${i.refund_policy_id}`}>
                    Full refund #{i.refund_id}
                  </Link>
                ) : (
                  <Link className="underline" to={`/staff/finance/remittances/${i.remittance_id}`}>
                    Remittance #{i.remittance_id}
                  </Link>
                )}
              </TableCell>
              <TableCell>{i.payee_name}</TableCell>
              <TableCell>
                {i.account_name} · BSB {i.bsb} · {i.account_number_masked}
              </TableCell>
              <TableCell>{i.lodgement_reference}</TableCell>
              <TableCell className="text-right">{formatCents(i.amount_cents)}</TableCell>
              <TableCell>
                {i.state_label}
                {i.return_reason ? `: ${i.return_reason}` : ''}
              </TableCell>
              <TableCell>{i.payout_status ?? i.refund_status ?? i.remittance_status}</TableCell>
              {batch.status === 'SENT' ? (
                <TableCell>
                  {i.state === 'INCLUDED' ? <ReturnLine schema={schemas.returnLine} item={i} /> : null}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  )
}
