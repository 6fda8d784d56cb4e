import { getInputProps, getSelectProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Pencil, Trash2 } from 'lucide-react'
import { z } from 'zod'
import { CURRENCIES } from '../../../db/schema/enums'
import { createRateCard } from '../../../domain/quotes/create-rate-card'
import { deleteRateCard } from '../../../domain/quotes/delete-rate-card'
import { findRateCards } from '../../../domain/quotes/find-rate-cards'
import { POLICY_TYPES, RateCardSchema } from '../../../domain/quotes/quotes.schemas'
import { updateRateCard } from '../../../domain/quotes/update-rate-card'
import { findInsuranceProviders } from '../../../domain/reference/find-insurance-providers'
import { ConfirmSubmit } from '../../components/confirm-submit'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
  useResultFor,
} from '../../components/forms'
import { buttonVariants } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { readForm, submitForm } from '../../utils/forms.server'
import { formatDate, formatMoney } from '../../utils/misc'
import { CURRENCY_LABELS, policyTypeLabel } from '../../utils/labels'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { id, parseId } from '../../../domain/shared/fields'

const IdSchema = z.object({ id: id() })

export const meta: MetaFunction = () => [{ title: 'Rate cards · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findRateCards.access, 'staff')
  const editId = parseId(new URL(request.url).searchParams.get('edit'))
  const [cards, providers] = await Promise.all([findRateCards({ actor }), findInsuranceProviders()])
  return {
    cards: cards.map((c) => ({
      id: c.id,
      provider_id: c.provider_id,
      provider: c.provider.name,
      policy_type: c.policy_type,
      monthly_rate: c.monthly_rate,
      currency: c.currency,
      valid_from: c.valid_from,
      valid_to: c.valid_to,
    })),
    providers: providers.map((p) => ({ id: p.id, name: p.name })),
    editing: cards.find((c) => c.id === editId)?.id ?? null,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, createRateCard.access, 'staff')
  const formData = await readForm(request)
  const intent = formData.get('intent')
  if (intent === 'delete') {
    return submitForm(formData, IdSchema, async (value) => {
      await deleteRateCard({ actor, id: value.id })
      return redirectWithToast('/staff/pricing', { type: 'success', title: 'Rate card deleted' })
    })
  }
  if (intent !== 'create' && intent !== 'update') throw new Response('Unknown action', { status: 400 })
  return submitForm(formData, RateCardSchema, async (value) => {
    if (intent === 'create') {
      await createRateCard({ actor, input: value })
    } else {
      const { id } = IdSchema.parse({ id: formData.get('id') })
      await updateRateCard({ actor, id, input: value })
    }
    return redirectWithToast('/staff/pricing', {
      type: 'success',
      title: intent === 'create' ? 'Rate card added' : 'Rate card updated',
    })
  })
}

type Card = ReturnType<typeof useLoaderData<typeof loader>>['cards'][number]

/** The delete form of one card: the reply to the form that posted its id. */
function useDeleteResult(id: number) {
  const result = useResultFor('delete')
  return result?.initialValue?.id === String(id) ? result : null
}

function RateCardForm({
  intent,
  card,
  providers,
}: {
  intent: 'create' | 'update'
  card?: Card
  providers: { id: number; name: string }[]
}) {
  const [form, fields] = useConformForm(RateCardSchema, {
    intent,
    id: intent === 'create' ? 'create-rate-card' : `update-rate-card-${card?.id}`,
    defaultValue: card
      ? {
          provider_id: String(card.provider_id),
          policy_type: card.policy_type,
          monthly_rate: card.monthly_rate.toFixed(2),
          currency: card.currency,
          valid_from: card.valid_from,
          valid_to: card.valid_to ?? '',
        }
      : { currency: 'AUD' },
  })
  return (
    <ConformForm form={form} intent={intent} className="space-y-4">
      {card ? <input type="hidden" name="id" value={card.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          labelProps={{ children: 'Insurer' }}
          selectProps={getSelectProps(fields.provider_id)}
          options={providers.map((p) => ({ value: String(p.id), label: p.name }))}
          placeholder="Choose"
          errors={fields.provider_id.errors}
        />
        <SelectField
          labelProps={{ children: 'Policy type' }}
          selectProps={getSelectProps(fields.policy_type)}
          options={POLICY_TYPES.map((t) => ({ value: t, label: policyTypeLabel(t) }))}
          placeholder="Choose"
          errors={fields.policy_type.errors}
        />
        <Field
          labelProps={{ children: 'Monthly rate' }}
          inputProps={{ ...getInputProps(fields.monthly_rate, { type: 'text' }), inputMode: 'decimal' }}
          errors={fields.monthly_rate.errors}
        />
        <SelectField
          labelProps={{ children: 'Currency' }}
          selectProps={getSelectProps(fields.currency)}
          options={CURRENCIES.map((c) => ({ value: c, label: CURRENCY_LABELS[c] }))}
          errors={fields.currency.errors}
        />
        <Field
          labelProps={{ children: 'Valid from' }}
          inputProps={getInputProps(fields.valid_from, { type: 'date' })}
          errors={fields.valid_from.errors}
        />
        <Field
          labelProps={{ children: 'Valid to (empty: open-ended)' }}
          inputProps={getInputProps(fields.valid_to, { type: 'date' })}
          errors={fields.valid_to.errors}
        />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex items-center gap-2">
        <SubmitButton>{intent === 'create' ? 'Add rate card' : 'Save rate card'}</SubmitButton>
        {intent === 'update' ? (
          <Link to="/staff/pricing" className={buttonVariants({ variant: 'ghost' })}>
            Cancel
          </Link>
        ) : null}
      </div>
    </ConformForm>
  )
}

function DeleteButton({ card }: { card: Card }) {
  const [form] = useConformForm(IdSchema, {
    id: `delete-rate-card-${card.id}`,
    lastResult: useDeleteResult(card.id),
  })
  const name = `the ${policyTypeLabel(card.policy_type).toLowerCase()} rate card of ${card.provider} from ${formatDate(card.valid_from)}`
  return (
    <ConformForm form={form} className="inline">
      <input type="hidden" name="id" value={card.id} />
      <ConfirmSubmit
        name="intent"
        value="delete"
        variant="outline"
        size="sm"
        title={`Delete ${name}?`}
        description={`Its monthly rate of ${formatMoney(card.monthly_rate, card.currency)} will no longer price quotes for cover starting from ${formatDate(card.valid_from)}${card.valid_to ? ` to ${formatDate(card.valid_to)}` : ''}.`}
        confirmLabel="Delete rate card"
      >
        <Trash2 aria-hidden="true" />
        Delete
        <span className="sr-only"> {name}</span>
      </ConfirmSubmit>
      <ErrorList id={form.errorId} errors={form.errors} />
    </ConformForm>
  )
}

export default function RateCards() {
  const { cards, providers, editing } = useLoaderData<typeof loader>()
  const editCard = cards.find((c) => c.id === editing)
  return (
    <div className="space-y-6">
      {editCard ? (
        <Card>
          <CardHeader>
            <CardTitle as="h3">Edit rate card</CardTitle>
            <CardDescription>
              {editCard.provider} · {policyTypeLabel(editCard.policy_type)}. Windows of one insurer and type
              may not overlap.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <RateCardForm key={editCard.id} intent="update" card={editCard} providers={providers} />
          </CardContent>
        </Card>
      ) : null}
      <section aria-labelledby="rate-cards" className="space-y-3">
        <h3 id="rate-cards" className="text-lg font-semibold">
          Rate cards
        </h3>
        <p className="text-sm text-muted-foreground">
          The card valid on a policy&apos;s start date prices the whole policy: premium = monthly rate × 12 ×
          days ÷ 365.
        </p>
        <div className="rounded-md border">
          <Table>
            <caption className="sr-only">Rate cards by insurer and policy type</caption>
            <TableHeader>
              <TableRow>
                <TableHead sticky="start">Insurer</TableHead>
                <TableHead>Policy type</TableHead>
                <TableHead className="text-right">Monthly rate</TableHead>
                <TableHead>Valid from</TableHead>
                <TableHead>Valid to</TableHead>
                <TableHead sticky="end">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {cards.length ? (
                cards.map((c) => (
                  <TableRow key={c.id} aria-current={c.id === editing ? 'true' : undefined}>
                    <TableCell sticky="start" className="font-medium">
                      {c.provider}
                    </TableCell>
                    <TableCell>{policyTypeLabel(c.policy_type)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatMoney(c.monthly_rate, c.currency)}
                    </TableCell>
                    <TableCell>{formatDate(c.valid_from)}</TableCell>
                    <TableCell>{c.valid_to ? formatDate(c.valid_to) : 'Open-ended'}</TableCell>
                    <TableCell sticky="end">
                      <div className="flex flex-wrap justify-end gap-2">
                        <Link
                          to={`?edit=${c.id}`}
                          className={buttonVariants({ variant: 'outline', size: 'sm' })}
                          aria-label={`Edit the ${policyTypeLabel(c.policy_type).toLowerCase()} rate card of ${c.provider} from ${formatDate(c.valid_from)}`}
                        >
                          <Pencil aria-hidden="true" />
                          Edit
                        </Link>
                        <DeleteButton card={c} />
                      </div>
                    </TableCell>
                  </TableRow>
                ))
              ) : (
                <TableRow>
                  <TableCell colSpan={6} className="text-muted-foreground">
                    No rate cards: no insurer can be quoted.
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </div>
      </section>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Add a rate card</CardTitle>
          <CardDescription>
            To change a rate from a date, first give the current card an end date, then add the new card from
            the next day.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RateCardForm intent="create" providers={providers} />
        </CardContent>
      </Card>
    </div>
  )
}
