import { getInputProps } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { findBankedCommission } from '../../../domain/finance/payouts/find-banked-commission'
import { getPayoutGstTerms } from '../../../domain/finance/payouts/get-payout-gst-terms'
import { PayoutRequestSchema } from '../../../domain/finance/payouts/payouts.schemas'
import { requestCommissionPayout } from '../../../domain/finance/payouts/request-commission-payout'
import { ConfirmSubmit } from '../../components/confirm-submit'
import { ConformForm, ErrorList, Field, useConformForm } from '../../components/forms'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { agencyListInput } from '../../utils/finance-lists.server'
import { readForm, submitForm } from '../../utils/forms.server'
import { formatMoney } from '../../utils/misc'
import { FINANCE_PAGES, requireAccess, requireAgency } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { PolicyRefLink } from '../../components/policies/policy-ref-link'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const input = agencyListInput(request, 'commission')
  // One long page by default: lines are chosen on one screen.
  const perPage = new URL(request.url).searchParams.has('perPage') ? input.perPage : 100
  const [r, gst] = await Promise.all([
    findBankedCommission({ actor, agencyId: actor.agencyId, input: { ...input, perPage } }),
    getPayoutGstTerms({ actor, agencyId: actor.agencyId }),
  ])
  return {
    canRequest: actor.permissions.has('finance'),
    gst,
    rows: r.items.map((c) => ({
      line: c.invoice_line_item_id,
      policy_id: c.policy_id,
      policy_ref: c.policy_ref,
      customer: c.customer_name,
      provider: c.provider_name,
      premium: c.premium,
      rate: c.commission_rate,
      amount: c.amount,
      cents: Math.round(c.amount * 100),
    })),
    pageInfo: r.pageInfo,
  }
}

/** Request the payout of the chosen lines under the agency's own invoice number. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, requestCommissionPayout.access, 'agency')
  const formData = await readForm(request)
  return submitForm(formData, PayoutRequestSchema, async (value) => {
    const p = await requestCommissionPayout({
      actor,
      externalInvoiceId: value.external_invoice_id,
      lineItemIds: value.invoice_line_item_ids,
    })
    return redirectWithToast('/agency/finance/payouts', {
      type: 'success',
      title: `Payout #${p.id} requested`,
      description: `${formatMoney(p.total_amount)} waits for our finance team.`,
    })
  })
}

/** round(cents x basis points / 10000), half-up: the payout's GST as the server computes it. */
const gstOf = (cents: number, bp: number) => Math.floor((2 * cents * bp + 10_000) / 20_000)

export default function AgencyBankedCommission() {
  const data = useLoaderData<typeof loader>()
  const [chosen, setChosen] = useState<Set<number>>(new Set())
  const [form, fields] = useConformForm(PayoutRequestSchema, { id: 'payout-request' })
  const commission = data.rows
    .filter((r) => r.line !== null && chosen.has(r.line))
    .reduce((s, r) => s + r.cents, 0)
  const gst = data.gst.gst_registered ? gstOf(commission, data.gst.gst_basis_points) : 0
  const total = commission + gst
  const toggle = (line: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev)
      if (on) next.add(line)
      else next.delete(line)
      return next
    })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Banked commission</CardTitle>
        <CardDescription>
          Commission on paid policies, not yet requested. Choose the lines, enter your own invoice number and
          request the payout.{' '}
          {data.gst.gst_registered
            ? `You are GST registered: ${data.gst.gst_rate.toFixed(2)}% GST is added to the total.`
            : 'You are not GST registered: no GST is added.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No banked commission to request right now.</p>
        ) : (
          <ConformForm form={form} className="space-y-4">
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Banked commission lines</caption>
                <thead>
                  <tr className="border-b text-left">
                    <th className="py-2 pr-4">
                      <span className="sr-only">Request</span>
                    </th>
                    <th className="py-2 pr-4">Policy</th>
                    <th className="py-2 pr-4">Student</th>
                    <th className="py-2 pr-4">Insurer</th>
                    <th className="py-2 pr-4 text-right">Premium</th>
                    <th className="py-2 pr-4">Rate</th>
                    <th className="py-2 text-right">Commission</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((r) => (
                    <tr key={r.policy_ref} className="border-b last:border-0">
                      <td className="py-2 pr-4">
                        {r.line !== null ? (
                          <input
                            type="checkbox"
                            name={fields.invoice_line_item_ids.name}
                            value={r.line}
                            aria-label={`Request the commission of ${r.policy_ref}`}
                            disabled={!data.canRequest}
                            onChange={(e) => toggle(r.line!, e.currentTarget.checked)}
                            className="h-4 w-4"
                          />
                        ) : null}
                      </td>
                      <td className="py-2 pr-4">
                        <PolicyRefLink portal="agency" id={r.policy_id} policyRef={r.policy_ref} />
                      </td>
                      <td className="py-2 pr-4">{r.customer}</td>
                      <td className="py-2 pr-4">{r.provider ?? '—'}</td>
                      <td className="py-2 pr-4 text-right">
                        {r.premium === null ? '—' : formatMoney(r.premium)}
                      </td>
                      <td className="py-2 pr-4">{r.rate}%</td>
                      <td className="py-2 text-right">{formatMoney(r.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ErrorList
              id={fields.invoice_line_item_ids.errorId}
              errors={fields.invoice_line_item_ids.errors}
            />
            <dl className="grid gap-2 rounded-md border p-3 text-sm sm:grid-cols-4" aria-live="polite">
              <div>
                <dt className="text-muted-foreground">Lines chosen</dt>
                <dd className="font-medium">{chosen.size}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Commission</dt>
                <dd className="font-medium">{formatMoney(commission / 100)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">GST</dt>
                <dd className="font-medium">{formatMoney(gst / 100)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Total to be paid</dt>
                <dd className="font-semibold">{formatMoney(total / 100)}</dd>
              </div>
            </dl>
            {data.canRequest ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  labelProps={{ children: 'Your invoice number' }}
                  inputProps={getInputProps(fields.external_invoice_id, { type: 'text' })}
                  errors={fields.external_invoice_id.errors}
                />
                <div className="flex items-end">
                  <ConfirmSubmit
                    variant="default"
                    title="Request this commission payout?"
                    description={`${chosen.size} line${chosen.size === 1 ? '' : 's'}: ${formatMoney(commission / 100)} commission${
                      gst ? ` + ${formatMoney(gst / 100)} GST` : ''
                    } = ${formatMoney(total / 100)}. Our finance team reviews it.`}
                    confirmLabel="Request payout"
                  >
                    Request payout
                  </ConfirmSubmit>
                </div>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">
                Requesting a payout needs the finance permission.
              </p>
            )}
            <ErrorList id={form.errorId} errors={form.errors} />
          </ConformForm>
        )}
      </CardContent>
    </Card>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
