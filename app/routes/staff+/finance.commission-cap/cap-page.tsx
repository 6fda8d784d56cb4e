import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
  type FormSchema,
} from '../../../components/forms'
import { Badge } from '../../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Label } from '../../../components/ui/label'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { formatDate, formatDateTime } from '../../../utils/misc'
import { AboveCap, type AboveRow } from './above-cap'

/** The page's schemas, the route's: a proposal, and a decision (confirm or withdraw) on one. */
export type CapSchemas = { propose: FormSchema; decision: FormSchema }

type Cap = { rate: string; effective_from: string } | null
type Setting = {
  id: number
  product_line: string
  summary: string
  status_label: string
  note: string | null
  proposed_by: string | null
  proposed_at: string
  confirmed_by: string | null
  confirmed_at: string | null
}
type Line = {
  product_line: string
  in_force: Cap
  for_configuration: Cap
  settings: Setting[]
  proposal: (Setting & { can_confirm: boolean }) | null
}
type Props = {
  today: string
  lines: Line[]
  history: {
    id: number
    product_line: string
    setting: string
    label: string
    by: string | null
    note: string | null
    at: string
  }[]
  above: AboveRow[]
  schemas: CapSchemas
}

const capText = (c: Cap) => (c ? `${c.rate}% from ${formatDate(c.effective_from)}` : 'No cap')

function Lines({ lines, today }: { lines: Line[]; today: string }) {
  return (
    <Table aria-label="Commission caps">
      <TableHeader>
        <TableRow>
          <TableHead>Product line</TableHead>
          <TableHead>For a sale purchased today ({formatDate(today)})</TableHead>
          <TableHead>Rates set now must keep</TableHead>
          <TableHead>Settings in force</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((l) => (
          <TableRow key={l.product_line}>
            <TableCell className="font-medium">{l.product_line}</TableCell>
            <TableCell>{capText(l.in_force)}</TableCell>
            <TableCell>
              {l.for_configuration ? `At most ${l.for_configuration.rate}%` : 'Any (0-100)'}
            </TableCell>
            <TableCell>
              {l.settings.length
                ? l.settings.map((s) => (
                    <div key={s.id}>
                      {s.summary} · confirmed by {s.confirmed_by ?? '—'}
                    </div>
                  ))
                : 'None: off'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function Decision({
  schema,
  proposal,
}: {
  schema: FormSchema
  proposal: Setting & { can_confirm: boolean }
}) {
  const [confirm] = useConformForm(schema, { intent: 'confirm', id: `confirm-${proposal.id}` })
  const [withdraw, fields] = useConformForm<{ reason: string }>(schema, {
    intent: 'withdraw',
    id: `withdraw-${proposal.id}`,
  })
  return (
    <div className="space-y-3">
      {proposal.can_confirm ? (
        <ConformForm form={confirm} intent="confirm">
          <input type="hidden" name="id" value={proposal.id} />
          <SubmitButton>Confirm {proposal.product_line} setting</SubmitButton>
          <ErrorList id={`confirm-${proposal.id}-errors`} errors={confirm.errors} />
        </ConformForm>
      ) : (
        <p className="text-sm">You proposed this setting: another person with finance confirms it.</p>
      )}
      <ConformForm form={withdraw} intent="withdraw" className="space-y-2">
        <input type="hidden" name="id" value={proposal.id} />
        <Label htmlFor={`withdraw-reason-${proposal.id}`}>Reason for withdrawing (optional)</Label>
        <textarea
          {...getTextareaProps(fields.reason)}
          id={`withdraw-reason-${proposal.id}`}
          rows={2}
          className="block w-full max-w-xl rounded-md border border-input bg-background px-3 py-2 text-sm"
        />
        <SubmitButton variant="outline">Withdraw {proposal.product_line} proposal</SubmitButton>
        <ErrorList id={`withdraw-${proposal.id}-errors`} errors={withdraw.errors} />
      </ConformForm>
    </div>
  )
}

function Proposals({ lines, schema }: { lines: Line[]; schema: FormSchema }) {
  const waiting = lines.flatMap((l) => (l.proposal ? [l.proposal] : []))
  if (!waiting.length) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Waiting for confirmation</CardTitle>
        <CardDescription>
          A setting changes nothing until a second person with finance confirms it.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {waiting.map((p) => (
          <section key={p.id} aria-label={`${p.product_line} proposal`} className="space-y-2">
            <p className="text-sm">
              <Badge variant="outline">{p.product_line}</Badge> {p.summary}, proposed by{' '}
              {p.proposed_by ?? '—'} on {formatDateTime(p.proposed_at)}
              {p.note ? ` · ${p.note}` : ''}
            </p>
            <Decision schema={schema} proposal={p} />
          </section>
        ))}
      </CardContent>
    </Card>
  )
}

function Propose({ schema }: { schema: FormSchema }) {
  const [form, fields] = useConformForm(schema, { intent: 'propose', defaultValue: { product_line: 'OSHC' } })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Propose a setting</CardTitle>
        <CardDescription>
          The most commission an agency may earn, as a percentage of the premium paid without GST, for sales
          purchased (Australia/Sydney) on or after the date. Leave the rate empty to turn the cap off from
          that date.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm form={form} intent="propose" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              labelProps={{ children: 'Product line' }}
              selectProps={getSelectProps(fields.product_line)}
              options={[
                { value: 'OSHC', label: 'OSHC' },
                { value: 'OVHC', label: 'OVHC' },
              ]}
              errors={fields.product_line.errors}
            />
            <Field
              labelProps={{ children: 'Maximum commission rate (%)' }}
              inputProps={{ ...getInputProps(fields.max_rate, { type: 'text' }), inputMode: 'decimal' }}
              errors={fields.max_rate.errors}
            />
            <Field
              labelProps={{ children: 'Effective from (purchase date)' }}
              inputProps={getInputProps(fields.effective_from, { type: 'date' })}
              errors={fields.effective_from.errors}
            />
          </div>
          <Field
            labelProps={{ children: 'Note (optional)' }}
            inputProps={getInputProps(fields.note, { type: 'text' })}
            errors={fields.note.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton>Propose setting</SubmitButton>
        </ConformForm>
      </CardContent>
    </Card>
  )
}

export function CapPage(p: Props) {
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle as="h3">Commission cap</CardTitle>
          <CardDescription>
            While a cap is set for a line, no agency rate may be set above it, and a sale purchased on or
            after its date earns at most the cap (quotes show the capped figure). The month-end pack of a
            closed month carries the evidence.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Lines lines={p.lines} today={p.today} />
        </CardContent>
      </Card>
      <Proposals lines={p.lines} schema={p.schemas.decision} />
      <AboveCap rows={p.above} />
      <Propose schema={p.schemas.propose} />
      <Card>
        <CardHeader>
          <CardTitle as="h3">History</CardTitle>
        </CardHeader>
        <CardContent>
          {p.history.length ? (
            <ul className="space-y-1 text-sm">
              {p.history.map((e) => (
                <li key={e.id}>
                  {formatDateTime(e.at)} · {e.product_line} · {e.setting} · {e.label} by {e.by ?? 'unknown'}
                  {e.note ? ` · ${e.note}` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm">Nothing yet.</p>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
