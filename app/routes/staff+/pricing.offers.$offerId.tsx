import { getInputProps, getSelectProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { getOffer } from '../../../domain/offers/get-offer'
import { UpdateOfferSchema } from '../../../domain/offers/offers.schemas'
import { updateOffer } from '../../../domain/offers/update-offer'
import { findInsuranceProviders } from '../../../domain/reference/find-insurance-providers'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
} from '../../components/forms'
import { buttonVariants } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { formatDateTime } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Edit offer · OSHC Back Office' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getOffer.access)
  const id = idFromParam(params.offerId, 'Offer')
  const [offer, providers] = await Promise.all([
    getOffer({ actor, id }).catch(throwAsResponse),
    findInsuranceProviders(),
  ])
  return { offer, providers: providers.map((p) => ({ id: p.id, name: p.name })) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, updateOffer.access)
  const id = idFromParam(params.offerId, 'Offer')
  return submitForm(await readForm(request), UpdateOfferSchema, async (v) => {
    await updateOffer({ actor, id, input: v })
    return redirectWithToast('/staff/pricing/offers', { type: 'success', title: 'Offer updated' })
  })
}

type OfferForm = {
  insurance_provider_id: string
  rate: string
  start_date: string
  end_date: string
  is_active: string
}

export default function EditOffer() {
  const { offer, providers } = useLoaderData<typeof loader>()
  const [form, fields] = useConformForm<OfferForm>(UpdateOfferSchema, {
    id: `offer-${offer.id}`,
    defaultValue: {
      insurance_provider_id: String(offer.insurance_provider_id),
      rate: String(offer.rate),
      start_date: offer.start_date,
      end_date: offer.end_date,
      is_active: String(offer.is_active),
    },
  })
  return (
    <div className="space-y-4">
      <Link
        to="/staff/pricing/offers"
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All offers
      </Link>
      <Card className="max-w-4xl">
        <CardHeader>
          <CardTitle as="h3">
            Edit the {offer.rate}% offer of {offer.provider.name}
          </CardTitle>
          <CardDescription>
            {offer.is_current ? 'Running now. ' : ''}Created {formatDateTime(offer.created_at)}, last changed{' '}
            {formatDateTime(offer.updated_at)}. Policies already bought keep the offer they were bought under.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ConformForm form={form} className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
              <SelectField
                labelProps={{ children: 'Insurer' }}
                selectProps={getSelectProps(fields.insurance_provider_id)}
                options={providers.map((p) => ({ value: String(p.id), label: p.name }))}
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
            <ErrorList id={form.errorId} errors={form.errors} />
            <div className="flex items-center gap-2">
              <SubmitButton>Save offer</SubmitButton>
              <Link to="/staff/pricing/offers" className={buttonVariants({ variant: 'ghost' })}>
                Cancel
              </Link>
            </div>
          </ConformForm>
        </CardContent>
      </Card>
    </div>
  )
}
