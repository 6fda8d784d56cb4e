import { getInputProps, getSelectProps } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { findPeriods } from '../../../domain/finance/periods/find-periods'
import { monthLabel } from '../../../domain/finance/periods/periods.rules'
import { findInsurerRemittances } from '../../../domain/finance/remittances/find-insurer-remittances'
import { proposeInsurerRemittances } from '../../../domain/finance/remittances/propose-insurer-remittances'
import { REMITTANCE_STATUS_LABELS } from '../../../domain/finance/remittances/remittances.rules'
import {
  InsurerBankAccountSchema,
  ProposeRemittancesSchema,
} from '../../../domain/finance/remittances/remittances.schemas'
import { saveInsurerBankAccount } from '../../../domain/finance/remittances/save-insurer-bank-account'
import { parseId } from '../../../domain/shared/fields'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
} from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { readForm, submitForm } from '../../utils/forms.server'
import { formatCents, formatDateTime } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

const PAGE = '/staff/finance/remittances'

/** Proposing a closed month's remittances: the use case's month field. */
const ProposeFormSchema = ProposeRemittancesSchema.extend({ intent: z.literal('propose') })

/** An insurer's bank account: `account:<insurer id>` and the use case's fields. */
const AccountFormSchema = InsurerBankAccountSchema.extend({
  intent: z.string().regex(/^account:\d+$/, 'Unknown action'),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findInsurerRemittances.access, 'staff')
  const [found, periods] = await Promise.all([findInsurerRemittances({ actor }), findPeriods({ actor })])
  return {
    // Closed months only: a month's remittances are proposed once its figures can no longer change.
    months: periods.months.filter((m) => m.closed).map((m) => ({ value: m.month, label: m.label })),
    remittances: found.remittances.map((r) => ({
      id: r.id,
      month_label: monthLabel(r.month),
      insurer: r.insurer,
      status_label: REMITTANCE_STATUS_LABELS[r.status],
      amount_cents: r.amount_cents,
      proposed_by: r.proposed_by,
      proposed_at: r.proposed_at.toISOString(),
      batch_id: r.batch_id,
    })),
    insurers: found.insurers.map((i) => ({
      id: i.insurance_provider_id,
      name: i.name,
      account: i.bank_account && {
        bsb: i.bank_account.bsb,
        account_name: i.bank_account.account_name,
        account_number_masked: i.bank_account.account_number_masked,
        updated_at: i.bank_account.updated_at.toISOString(),
      },
    })),
  }
}

/** `propose` a closed month, or `account:<insurer id>` with the insurer's bank account. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, findInsurerRemittances.access, 'staff')
  const formData = await readForm(request)
  const intent = String(formData.get('intent') ?? '')
  if (intent.startsWith('account:'))
    return submitForm(formData, AccountFormSchema, async (input) => {
      const insuranceProviderId = parseId(intent.slice('account:'.length)) ?? 0
      await saveInsurerBankAccount({ actor, insuranceProviderId, input })
      return redirectWithToast(PAGE, {
        type: 'success',
        title: 'Bank account saved: remittances proposed from now on pay it',
      })
    })
  return submitForm(formData, ProposeFormSchema, async (input) => {
    const { month, created, skipped } = await proposeInsurerRemittances({ actor, input })
    const count = `${created.length} ${created.length === 1 ? 'remittance' : 'remittances'}`
    return redirectWithToast(PAGE, {
      type: created.length ? 'success' : 'info',
      title: `${count} proposed for ${monthLabel(month)}${created.length ? ': another person with finance approves each' : ''}`,
      description: skipped.length
        ? `Not proposed: ${skipped.map((s) => `${s.insurer} (${s.reason})`).join('; ')}`
        : undefined,
    })
  })
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>

function Propose({ months }: { months: Data['months'] }) {
  const [form, fields] = useConformForm<{ month: string }>(ProposeFormSchema, { intent: 'propose' })
  if (!months.length)
    return (
      <p className="text-sm">
        No month is closed yet: remittances are proposed once a month is closed (
        <Link className="underline" to="/staff/finance/periods">
          Closed periods
        </Link>
        ).
      </p>
    )
  return (
    <ConformForm form={form} intent="propose" className="flex flex-wrap items-end gap-3">
      <SelectField
        labelProps={{ children: 'Closed month' }}
        selectProps={getSelectProps(fields.month)}
        options={months}
        placeholder="Choose a month"
        errors={fields.month.errors}
      />
      <SubmitButton>Propose remittances</SubmitButton>
      <ErrorList id="propose-errors" errors={form.errors} />
    </ConformForm>
  )
}

type AccountFields = { bsb: string; account_number: string; account_name: string }

function AccountForm({ insurer }: { insurer: Data['insurers'][number] }) {
  const intent = `account:${insurer.id}`
  const { bsb = '', account_name = '' } = insurer.account ?? {}
  const [form, fields] = useConformForm<AccountFields>(AccountFormSchema, {
    intent,
    defaultValue: { bsb, account_name },
  })
  const id = (name: string) => `${name}-${insurer.id}`
  return (
    <ConformForm form={form} intent={intent} className="flex flex-wrap items-end gap-2">
      <Field
        className="w-28"
        labelProps={{ children: 'BSB' }}
        inputProps={{ ...getInputProps(fields.bsb, { type: 'text' }), id: id('bsb'), inputMode: 'numeric' }}
        errors={fields.bsb.errors}
      />
      <Field
        className="w-36"
        labelProps={{ children: 'Account number' }}
        inputProps={{
          ...getInputProps(fields.account_number, { type: 'text' }),
          id: id('account-number'),
          inputMode: 'numeric',
          autoComplete: 'off',
        }}
        errors={fields.account_number.errors}
      />
      <Field
        className="w-48"
        labelProps={{ children: 'Account name' }}
        inputProps={{ ...getInputProps(fields.account_name, { type: 'text' }), id: id('account-name') }}
        errors={fields.account_name.errors}
      />
      <SubmitButton size="sm" variant="outline" aria-label={`Save account of ${insurer.name}`}>
        Save account
      </SubmitButton>
      <ErrorList id={`${intent}-errors`} errors={form.errors} />
    </ConformForm>
  )
}

function Remittances({ remittances }: { remittances: Data['remittances'] }) {
  return (
    <Table aria-label="Insurer remittances">
      <TableHeader>
        <TableRow>
          <TableHead>Remittance</TableHead>
          <TableHead>Month</TableHead>
          <TableHead>Insurer</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Proposed</TableHead>
          <TableHead>Batch</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {remittances.length ? (
          remittances.map((r) => (
            <TableRow key={r.id}>
              <TableCell>
                <Link className="underline" to={`${PAGE}/${r.id}`}>
                  Remittance #{r.id}
                </Link>
              </TableCell>
              <TableCell>{r.month_label}</TableCell>
              <TableCell>{r.insurer}</TableCell>
              <TableCell className="text-right">{formatCents(r.amount_cents)}</TableCell>
              <TableCell>
                <Badge variant="outline">{r.status_label}</Badge>
              </TableCell>
              <TableCell>
                {formatDateTime(r.proposed_at)} by {r.proposed_by}
              </TableCell>
              <TableCell>
                {r.batch_id ? (
                  <Link className="underline" to={`/staff/finance/payout-batches/${r.batch_id}`}>
                    Batch #{r.batch_id}
                  </Link>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))
        ) : (
          <TableRow>
            <TableCell colSpan={7}>No remittance proposed yet.</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  )
}

function Accounts({ insurers }: { insurers: Data['insurers'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Insurers&apos; bank accounts</CardTitle>
        <CardDescription>
          Where each insurer&apos;s remittances are paid. A remittance keeps the account it was proposed with,
          and the person approving it checks that account; a change here pays nothing until a remittance
          proposed with it is approved.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Table aria-label="Insurers' bank accounts">
          <TableHeader>
            <TableRow>
              <TableHead>Insurer</TableHead>
              <TableHead>Account</TableHead>
              <TableHead>Set the account</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {insurers.map((i) => (
              <TableRow key={i.id}>
                <TableCell>{i.name}</TableCell>
                <TableCell>
                  {i.account ? (
                    <>
                      {i.account.account_name} · BSB {i.account.bsb} · {i.account.account_number_masked}
                      <span className="block text-xs text-muted-foreground">
                        Set {formatDateTime(i.account.updated_at)}
                      </span>
                    </>
                  ) : (
                    'Not set: its remittances are not proposed'
                  )}
                </TableCell>
                <TableCell>
                  <AccountForm insurer={i} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}

export default function StaffRemittances() {
  const { months, remittances, insurers } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle as="h3">Insurer remittances</CardTitle>
          <CardDescription>
            Once a month is closed, the premium received for each insurer&apos;s policies, less the commission
            retained for agencies, is remitted to that insurer. One person proposes a month&apos;s remittances
            from its figures; another person with finance approves each; an approved remittance is paid as a
            line of a payout batch&apos;s bank file and turns paid when the batch&apos;s debit is confirmed on
            a bank statement.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Propose months={months} />
        </CardContent>
      </Card>
      <Remittances remittances={remittances} />
      <Accounts insurers={insurers} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
