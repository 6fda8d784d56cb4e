import {
  ConformForm,
  ErrorList,
  SubmitButton,
  useConformForm,
  type FormSchema,
} from '../../../components/forms'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { formatMoney } from '../../../utils/misc'

/** What the return from the card gateway showed: credited, not (yet) paid, or cancelled. */
export type CardTopupResult =
  | { ok: true; amount: number; topupId: number; alreadyConfirmed: boolean }
  | { ok: false; message: string }
  | { cancelled: true }

/** The result of a card top-up after the gateway sent the agency back. */
export function CardTopupResultAlert({ result }: { result: CardTopupResult | null }) {
  if (!result) return null
  if ('cancelled' in result)
    return (
      <Alert variant="info">
        <AlertDescription>The card payment was cancelled; nothing was charged or credited.</AlertDescription>
      </Alert>
    )
  if (!result.ok)
    return (
      <Alert variant="destructive">
        <AlertTitle>The card top-up is not confirmed</AlertTitle>
        <AlertDescription>{result.message}</AlertDescription>
      </Alert>
    )
  return (
    <Alert variant="success">
      <AlertTitle>Card top-up credited</AlertTitle>
      <AlertDescription>
        Top-up #{result.topupId} of {formatMoney(result.amount)} has been credited to your balance.
      </AlertDescription>
    </Alert>
  )
}

/**
 * Top up by card: the amount, then the card gateway's hosted checkout (intent=card). The schema
 * is the action's (route.tsx: this module may not import domain/).
 */
export function CardTopupForm({ schema }: { schema: FormSchema }) {
  const [form, fields] = useConformForm(schema, { intent: 'card' })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Top up by card</CardTitle>
        <CardDescription>
          Pay by card on the secure checkout page; your balance is credited as soon as the payment is
          confirmed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm form={form} intent="card" className="flex flex-wrap items-end gap-4">
          <div className="space-y-1">
            <Label htmlFor="card_amount">Amount (AUD)</Label>
            <Input
              id="card_amount"
              name="amount"
              inputMode="decimal"
              aria-describedby="card-amount-error"
              aria-invalid={fields.amount.errors?.length ? true : undefined}
            />
            <ErrorList id="card-amount-error" errors={fields.amount.errors} />
          </div>
          <SubmitButton>Pay by card</SubmitButton>
          <ErrorList errors={form.errors} className="w-full" />
        </ConformForm>
      </CardContent>
    </Card>
  )
}
