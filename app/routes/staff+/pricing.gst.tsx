import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { findExchangeRates } from '../../../domain/quotes/find-exchange-rates'
import { getGstRate } from '../../../domain/quotes/get-gst-rate'
import { ExchangeRateSchema, GstRateSchema } from '../../../domain/quotes/quotes.schemas'
import { updateExchangeRate } from '../../../domain/quotes/update-exchange-rate'
import { updateGstRate } from '../../../domain/quotes/update-gst-rate'
import { ErrorList, Field, SubmitButton } from '../../components/forms'
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

type Result = SubmissionResult<string[]>

function useResultFor(intent: string, currency?: string): Result | undefined {
  const result = useActionData<typeof action>() as Result | undefined
  if (result?.initialValue?.intent !== intent) return undefined
  if (currency !== undefined && result.initialValue?.currency !== currency) return undefined
  return result
}

function GstForm({ gst }: { gst: { gst_rate: number; card_surcharge_rate: number } }) {
  const [form, fields] = useForm({
    id: 'gst',
    lastResult: useResultFor('gst'),
    defaultValue: {
      gst_rate: gst.gst_rate.toFixed(2),
      card_surcharge_rate: gst.card_surcharge_rate.toFixed(2),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GstRateSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onBlur',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="gst" />
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
    </Form>
  )
}

function ExchangeRateForm({ currency, rate }: { currency: string; rate: number }) {
  const [form, fields] = useForm({
    id: `exchange-${currency}`,
    lastResult: useResultFor('exchange', currency),
    defaultValue: { currency, rate: String(rate) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ExchangeRateSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onBlur',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-3">
      <input type="hidden" name="intent" value="exchange" />
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
    </Form>
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
