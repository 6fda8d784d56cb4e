import { getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { findExchangeRates } from '../../../domain/quotes/find-exchange-rates'
import { getGstRate } from '../../../domain/quotes/get-gst-rate'
import { ExchangeRateSchema, GstRateSchema } from '../../../domain/quotes/quotes.schemas'
import { updateExchangeRate } from '../../../domain/quotes/update-exchange-rate'
import { updateGstRate } from '../../../domain/quotes/update-gst-rate'
import {
  ConformForm,
  ErrorList,
  Field,
  SubmitButton,
  useConformForm,
  useResultFor,
} from '../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { readForm, submitForm } from '../../utils/forms.server'
import { formatDateTime } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'GST and exchange rates · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getGstRate.access, 'staff')
  const [gst, rates] = await Promise.all([getGstRate({ actor }), findExchangeRates({ actor })])
  return { gst, rates }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, updateGstRate.access, 'staff')
  const formData = await readForm(request)
  const intent = formData.get('intent')
  if (intent === 'gst') {
    return submitForm(formData, GstRateSchema, async (value) => {
      await updateGstRate({ actor, input: value })
      return redirectWithToast('/staff/pricing/gst', {
        type: 'success',
        title: 'GST and card surcharge saved',
      })
    })
  }
  if (intent === 'exchange') {
    return submitForm(formData, ExchangeRateSchema, async (value) => {
      await updateExchangeRate({ actor, input: value })
      return redirectWithToast('/staff/pricing/gst', {
        type: 'success',
        title: `Exchange rate for ${value.currency} saved`,
      })
    })
  }
  throw new Response('Unknown action', { status: 400 })
}

/** The exchange form of `currency`: the reply to the form that posted its currency. */
function useExchangeResult(currency: string) {
  const result = useResultFor('exchange')
  return result?.initialValue?.currency === currency ? result : null
}

function GstForm({ gst }: { gst: { gst_rate: number; card_surcharge_rate: number } }) {
  const [form, fields] = useConformForm(GstRateSchema, {
    intent: 'gst',
    defaultValue: {
      gst_rate: gst.gst_rate.toFixed(2),
      card_surcharge_rate: gst.card_surcharge_rate.toFixed(2),
    },
  })
  return (
    <ConformForm form={form} intent="gst" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'GST rate (%)' }}
          inputProps={{ ...getInputProps(fields.gst_rate, { type: 'text' }), inputMode: 'decimal' }}
          errors={fields.gst_rate.errors}
          description="Premiums include GST; commission is paid on the premium without it."
        />
        <Field
          labelProps={{ children: 'Card surcharge rate (%)' }}
          inputProps={{
            ...getInputProps(fields.card_surcharge_rate, { type: 'text' }),
            inputMode: 'decimal',
          }}
          errors={fields.card_surcharge_rate.errors}
          description="Added to card payments of agencies that have the surcharge turned on."
        />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>Save GST and surcharge</SubmitButton>
    </ConformForm>
  )
}

function ExchangeRateForm({ currency, rate }: { currency: string; rate: number }) {
  const [form, fields] = useConformForm(ExchangeRateSchema, {
    id: `exchange-${currency}`,
    lastResult: useExchangeResult(currency),
    defaultValue: { currency, rate: String(rate) },
  })
  return (
    <ConformForm form={form} intent="exchange" className="flex flex-wrap items-start gap-3">
      <input type="hidden" name="currency" value={currency} />
      <Field
        className="w-48"
        labelProps={{ children: `1 AUD in ${currency}` }}
        inputProps={{ ...getInputProps(fields.rate, { type: 'text' }), inputMode: 'decimal' }}
        errors={[...(fields.rate.errors ?? []), ...(fields.currency.errors ?? [])]}
      />
      <div className="pt-8">
        <SubmitButton variant="outline" aria-label={`Save the ${currency} exchange rate`}>
          Save
        </SubmitButton>
      </div>
      <ErrorList id={form.errorId} errors={form.errors} className="basis-full" />
    </ConformForm>
  )
}

export default function GstAndExchangeRates() {
  const { gst, rates } = useLoaderData<typeof loader>()
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h3">GST and card surcharge</CardTitle>
          <CardDescription>
            Both between 0 and 100 percent.
            {gst.updated_at ? ` Last changed ${formatDateTime(gst.updated_at)}.` : ''}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <GstForm gst={gst} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Exchange rates</CardTitle>
          <CardDescription>
            Used to quote a premium in another currency (valid 15 minutes per quote). Rates must be more than
            0.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {rates.map((r) => (
            <div key={r.currency}>
              <ExchangeRateForm currency={r.currency} rate={r.rate} />
              <p className="text-sm text-muted-foreground">Last changed {formatDateTime(r.updated_at)}</p>
            </div>
          ))}
        </CardContent>
      </Card>
    </div>
  )
}
