import { getInputProps, getSelectProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Pencil } from 'lucide-react'
import { createOffer } from '../../../domain/offers/create-offer'
import { findOffers } from '../../../domain/offers/find-offers'
import { OfferListQuerySchema, OfferSchema } from '../../../domain/offers/offers.schemas'
import { findInsuranceProviders } from '../../../domain/reference/find-insurance-providers'
import { businessDate } from '../../../domain/shared/business-date'
import { DataTable } from '../../components/data-table'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
} from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { buttonVariants } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { listParams, readForm, submitForm } from '../../utils/forms.server'
import { formatDate } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Offers · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findOffers.access)
  const query = OfferListQuerySchema.safeParse(listParams(request))
  if (!query.success) throw new Response('Invalid page', { status: 400 })
  const [list, providers] = await Promise.all([
    findOffers({ actor, ...query.data }),
    findInsuranceProviders(),
  ])
  const today = businessDate()
  return {
    offers: list.items.map((o) => ({
      id: o.id,
      provider: o.provider.name,
      rate: o.rate,
      start_date: o.start_date,
      end_date: o.end_date,
      state: offerState(o, today),
    })),
    pageInfo: list.pageInfo,
    providers: providers.map((p) => ({ id: p.id, name: p.name })),
  }
}

type OfferState = 'Running' | 'Scheduled' | 'Ended' | 'Inactive'
function offerState(
  o: { is_active: boolean; is_current: boolean; start_date: string; end_date: string },
  today: string,
): OfferState {
  if (!o.is_active) return 'Inactive'
  if (o.is_current) return 'Running'
  return o.start_date > today ? 'Scheduled' : 'Ended'
}
const STATE_TONE = { Running: 'success', Scheduled: 'info', Ended: 'neutral', Inactive: 'neutral' } as const

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, createOffer.access)
  return submitForm(await readForm(request), OfferSchema, async (v) => {
    await createOffer({ actor, input: v })
    return redirectWithToast('/staff/pricing/offers', {
      type: 'success',
      title: 'Offer created',
      description: `${v.rate}% off from ${formatDate(v.start_date)} to ${formatDate(v.end_date)}.`,
    })
  })
}

export default function Offers() {
  const { offers, pageInfo, providers } = useLoaderData<typeof loader>()
  const [form, fields] = useConformForm<OfferForm>(OfferSchema, {
    id: 'create-offer',
    defaultValue: { is_active: 'true', type: 'DISCOUNT' },
  })
  return (
    <div className="space-y-6">
      <section aria-labelledby="offers" className="space-y-3">
        <h3 id="offers" className="text-lg font-semibold">
          Offers
        </h3>
        <p className="text-sm text-muted-foreground">
          A running offer takes its rate off every premium of the insurer; when several run, the highest rate
          applies. Commission is paid on what the agency actually pays.
        </p>
        <DataTable
          caption="Offers, newest first"
          rows={offers}
          pageInfo={pageInfo}
          getRowKey={(o) => o.id}
          emptyText="No offers yet."
          columns={[
            { key: 'provider', header: 'Insurer', cell: (o) => o.provider },
            { key: 'rate', header: 'Rate', className: 'text-right', cell: (o) => `${o.rate}%` },
            { key: 'start_date', header: 'From', cell: (o) => formatDate(o.start_date) },
            { key: 'end_date', header: 'To', cell: (o) => formatDate(o.end_date) },
            {
              key: 'state',
              header: 'Status',
              cell: (o) => <Badge variant={STATE_TONE[o.state]}>{o.state}</Badge>,
            },
            {
              key: 'actions',
              header: 'Actions',
              action: true,
              cell: (o) => (
                <Link
                  to={`/staff/pricing/offers/${o.id}`}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  aria-label={`Edit the ${o.rate}% offer of ${o.provider} from ${formatDate(o.start_date)}`}
                >
                  <Pencil aria-hidden="true" />
                  Edit
                </Link>
              ),
            },
          ]}
        />
      </section>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Create an offer</CardTitle>
          <CardDescription>A whole percentage from 1 to 50, both dates included.</CardDescription>
        </CardHeader>
        <CardContent>
          <ConformForm form={form} className="space-y-4">
            <input type="hidden" name="type" value="DISCOUNT" />
            <OfferFields fields={fields} providers={providers} />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SubmitButton>Create offer</SubmitButton>
          </ConformForm>
        </CardContent>
      </Card>
    </div>
  )
}

type OfferForm = {
  insurance_provider_id: string
  rate: string
  start_date: string
  end_date: string
  is_active: string
  type: string
}
type OfferFieldset = ReturnType<typeof useConformForm<OfferForm>>[1]

/** The offer inputs (the edit page has the same ones). */
function OfferFields({
  fields,
  providers,
}: {
  fields: OfferFieldset
  providers: { id: number; name: string }[]
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <SelectField
        labelProps={{ children: 'Insurer' }}
        selectProps={getSelectProps(fields.insurance_provider_id)}
        options={providers.map((p) => ({ value: String(p.id), label: p.name }))}
        placeholder="Choose"
        errors={fields.insurance_provider_id.errors}
      />
      <Field
        labelProps={{ children: 'Rate (% off)' }}
        inputProps={{ ...getInputProps(fields.rate, { type: 'text' }), inputMode: 'numeric' }}
        errors={fields.rate.errors}
      />
      <Field
        labelProps={{ children: 'Start date' }}
        inputProps={getInputProps(fields.start_date, { type: 'date' })}
        errors={fields.start_date.errors}
      />
      <Field
        labelProps={{ children: 'End date' }}
        inputProps={getInputProps(fields.end_date, { type: 'date' })}
        errors={fields.end_date.errors}
      />
      <SelectField
        labelProps={{ children: 'Active' }}
        selectProps={getSelectProps(fields.is_active)}
        options={[
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]}
        errors={fields.is_active.errors}
      />
    </div>
  )
}
