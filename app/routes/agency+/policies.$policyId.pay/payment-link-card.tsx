import { useActionData } from '@remix-run/react'
import { CURRENCY_LABELS } from '../../../utils/labels'
import { formatDateTime, formatMoney } from '../../../utils/misc'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
} from '../../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { PaymentLinkSchema } from '../../../utils/policy-pay.schemas'

/** Create a link the student pays by card, and list the active ones. */
export function PaymentLinkCard({
  amount,
  currency,
  currencies,
  links,
}: {
  amount: number
  currency: string
  /** The currencies a student may see the amount in (the route passes the enum). */
  currencies: readonly (keyof typeof CURRENCY_LABELS)[]
  links: { id: number; url: string; expires_at: string | Date }[]
}) {
  const [form, fields] = useConformForm(PaymentLinkSchema, { intent: 'link' })
  const created = useActionData() as { link?: { url: string; expires_at: string | Date } } | undefined
  const link = created?.link
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment link</CardTitle>
        <CardDescription>
          Send the student a link to pay {formatMoney(amount, currency)} by card. You are reminded a day
          before it expires.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {link ? (
          <div className="space-y-2">
            <Label htmlFor="new-link">New payment link (copy and send it)</Label>
            <Input id="new-link" readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} />
            <p className="text-sm text-muted-foreground">Expires {formatDateTime(link.expires_at)}.</p>
          </div>
        ) : null}
        <ConformForm form={form} intent="link" className="flex flex-wrap items-start gap-4">
          <SelectField
            className="min-w-40"
            labelProps={{ children: 'Currency shown to the student' }}
            selectProps={{ id: 'link-currency', name: 'currency', defaultValue: 'AUD' }}
            options={currencies.map((c) => ({ value: c, label: CURRENCY_LABELS[c] }))}
            errors={fields.currency.errors}
          />
          <Field
            className="w-48"
            labelProps={{ children: 'Expires in (hours)' }}
            inputProps={{
              id: 'link-expires-in',
              name: 'expires_in',
              inputMode: 'decimal',
              defaultValue: '72',
            }}
            errors={fields.expires_in.errors}
          />
          <div className="pt-7">
            <SubmitButton>Create payment link</SubmitButton>
          </div>
        </ConformForm>
        <ErrorList errors={form.errors} />
        {links.length ? (
          <div className="space-y-2">
            <h3 className="text-sm font-medium">Active links</h3>
            <ul className="space-y-1 text-sm">
              {links.map((l) => (
                <li key={l.id} className="break-all">
                  <a className="text-primary underline" href={l.url}>
                    {l.url}
                  </a>{' '}
                  <span className="text-muted-foreground">(expires {formatDateTime(l.expires_at)})</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}
