import { getInputProps } from '@conform-to/react'
import { Link } from '@remix-run/react'
import { formatMoney } from '../../utils/misc'
import { ConfirmSubmit } from '../confirm-submit'
import { ConformForm, ErrorList, useConformForm, type FormSchema } from '../forms'
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
  schema,
}: {
  /** The page's form schema (ClawbackInitiateFormSchema), the one its action parses with. */
  schema: FormSchema
  d: {
    ref: string
    premium: number
    commission_rate: number
    commission_amount: number
    can_initiate: boolean
    reason: string | null
  }
}) {
  const [form, fields] = useConformForm(schema, { id: 'clawback-initiate' })
  const amount = fields.clawback_premium_amount
  const document = fields.clawback_document
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
          <ConformForm form={form} encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor={amount.id}>Premium to claw back (AUD)</Label>
              <Input {...getInputProps(amount, { type: 'text' })} inputMode="decimal" />
              <ErrorList id={amount.errorId} errors={amount.errors} />
            </div>
            <div className="space-y-1">
              <Label htmlFor={document.id}>Supporting document (optional)</Label>
              <Input
                {...getInputProps(document, { type: 'file' })}
                accept="application/pdf,image/png,image/jpeg"
              />
              <ErrorList id={document.errorId} errors={document.errors} />
            </div>
            <ErrorList id={form.errorId} errors={form.errors} className="sm:col-span-2" />
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
          </ConformForm>
        ) : (
          <p className="text-sm text-muted-foreground">{d.reason}</p>
        )}
      </CardContent>
    </Card>
  )
}
