import { Form, Link } from '@remix-run/react'
import { formatMoney } from '../../utils/misc'
import { ConfirmSubmit } from '../confirm-submit'
import { ErrorList } from '../forms'
import { buttonVariants } from '../ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card'
import { Input } from '../ui/input'
import { Label } from '../ui/label'

/** The link from the staff policy page to its clawback page. */
export function ClawbackSectionLink({ policyId }: { policyId: number }) {
  return (
    <Link
      to={`/staff/policies/${policyId}/clawback`}
      className={buttonVariants({ size: 'sm', variant: 'outline' })}
    >
      Commission clawback
    </Link>
  )
}

/**
 * Staff open a clawback: the premium amount to claw back (the server computes the commission at the
 * policy's rate) and an optional supporting document.
 */
export function ClawbackInitiateForm({
  d,
  errors,
}: {
  d: {
    ref: string
    premium: number
    commission_rate: number
    commission_amount: number
    can_initiate: boolean
    reason: string | null
  }
  errors?: Record<string, string[]>
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Initiate a clawback</CardTitle>
        <CardDescription>
          Premium {formatMoney(d.premium)}; commission paid {formatMoney(d.commission_amount)} at{' '}
          {d.commission_rate}%. The commission clawed back is the premium amount x {d.commission_rate}%,
          rounded to the cent.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {d.can_initiate ? (
          <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor="clawback_premium_amount">Premium to claw back (AUD)</Label>
              <Input
                id="clawback_premium_amount"
                name="clawback_premium_amount"
                inputMode="decimal"
                required
                aria-invalid={errors?.clawback_premium_amount ? true : undefined}
                aria-describedby="clawback_premium_amount-errors"
              />
              <ErrorList id="clawback_premium_amount-errors" errors={errors?.clawback_premium_amount} />
            </div>
            <div className="space-y-1">
              <Label htmlFor="clawback_document">Supporting document (optional)</Label>
              <Input
                id="clawback_document"
                name="clawback_document"
                type="file"
                accept="application/pdf,image/png,image/jpeg"
              />
              <ErrorList errors={errors?.clawback_document} />
            </div>
            <ErrorList errors={errors?.form} className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <ConfirmSubmit
                variant="default"
                title={`Initiate a clawback on policy ${d.ref}?`}
                description={`The agency is asked to pay back the commission on the premium amount entered, at ${d.commission_rate}% (at most ${formatMoney(d.commission_amount)}).`}
                confirmLabel="Initiate clawback"
              >
                Initiate clawback
              </ConfirmSubmit>
            </div>
          </Form>
        ) : (
          <p className="text-sm text-muted-foreground">{d.reason}</p>
        )}
      </CardContent>
    </Card>
  )
}
