import { Link } from '@remix-run/react'
import { formatMoney } from '../../../utils/misc'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import {
  ConformForm,
  errorsOf,
  ErrorList,
  SubmitButton,
  useConformForm,
  useResultFor,
} from '../../../components/forms'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { MethodCard } from './pay-parts'
import { BankDetails, type BankAccount } from '../../../components/money/bank-details'
import { PayIntentSchema } from '../../../utils/policy-pay.schemas'

/** What the methods need to know of the policy and the agency's money (cents). */
export type PayOptions = {
  ref: string
  premium: number
  currency: string
  agencyBalance: number
  buyNowPayLaterRemainingAmount: number
  cardAmount: number
  isCardSurchargeEnabled: boolean
  cardSurchargeRate: number | string | null
  nexpayReference: string
  bankTransfer: { account: BankAccount | null; reference: string }
  Bank: boolean
  AgencyBalance: boolean
  BuyNowPayLater: boolean
  buyNowPayLaterUnavailableReason?: string | null
  Nexpay: boolean
  Card: boolean
}

export function BankMethod({ o }: { o: PayOptions }) {
  const [form] = useConformForm(PayIntentSchema, { intent: 'bank' })
  // The proof is checked by the use case only: its refusal (on the proof and on the form) stays
  // shown until the next submission. Conform's state would clear it as the file input loses focus,
  // moving the button away from under the click that blurred it.
  const answer = useResultFor('bank')
  const proofErrors = errorsOf(answer, 'bank_document', 'file_path')
  return (
    <MethodCard
      id="bank"
      title="Bank transfer"
      available={o.Bank}
      description="Transfer the premium and upload the proof. Our finance team verifies it."
    >
      <ConformForm form={form} className="space-y-3" intent="bank" encType="multipart/form-data">
        <BankDetails
          account={o.bankTransfer.account}
          reference={o.bankTransfer.reference}
          amount={formatMoney(o.premium, o.currency)}
        />
        <div className="space-y-2">
          <Label htmlFor="bank_document">Proof of transfer</Label>
          <Input
            id="bank_document"
            name="bank_document"
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
            aria-invalid={proofErrors.length ? true : undefined}
            aria-describedby="bank-document-hint bank-document-errors"
          />
          <p id="bank-document-hint" className="text-sm text-muted-foreground">
            PDF, JPEG, PNG, DOC or DOCX, up to 5 MB.
          </p>
          <ErrorList id="bank-document-errors" errors={proofErrors} />
        </div>
        <ErrorList errors={errorsOf(answer, '')} />
        <SubmitButton>Submit bank payment</SubmitButton>
      </ConformForm>
    </MethodCard>
  )
}

export function BalanceMethod({ o }: { o: PayOptions }) {
  const [form] = useConformForm(PayIntentSchema, { intent: 'balance' })
  const short = o.agencyBalance < o.premium
  const premium = formatMoney(o.premium, o.currency)
  return (
    <MethodCard
      id="balance"
      title="Agency balance"
      available={o.AgencyBalance}
      description={`Available: ${formatMoney(o.agencyBalance)}.`}
    >
      <ConformForm form={form} className="space-y-3" intent="balance">
        {short ? (
          <p id="balance-short" className="text-sm text-muted-foreground">
            Your balance {formatMoney(o.agencyBalance)} does not cover {premium}. Top up your balance from the{' '}
            <Link to="/agency/finance/topups" className="font-medium text-primary underline">
              finance page
            </Link>{' '}
            or choose another method.
          </p>
        ) : null}
        <ErrorList errors={form.errors} />
        <ConfirmSubmit
          variant="default"
          disabled={short}
          title={`Pay policy ${o.ref} from your balance?`}
          description={`${premium} is taken from your agency balance of ${formatMoney(o.agencyBalance)}; ${formatMoney(o.agencyBalance - o.premium)} remains.`}
          confirmLabel="Pay from balance"
        >
          Pay {premium} from balance
        </ConfirmSubmit>
      </ConformForm>
    </MethodCard>
  )
}

export function BnplMethod({ o }: { o: PayOptions }) {
  const [form] = useConformForm(PayIntentSchema, { intent: 'bnpl' })
  const short = o.buyNowPayLaterRemainingAmount < o.premium
  const premium = formatMoney(o.premium, o.currency)
  return (
    <MethodCard
      id="bnpl"
      title="Buy now, pay later"
      available={o.BuyNowPayLater}
      unavailableReason={o.buyNowPayLaterUnavailableReason}
      description={`Allowance left: ${formatMoney(o.buyNowPayLaterRemainingAmount)}.`}
    >
      <ConformForm form={form} className="space-y-3" intent="bnpl">
        {short ? (
          <p id="bnpl-short" className="text-sm text-muted-foreground">
            The allowance left, {formatMoney(o.buyNowPayLaterRemainingAmount)}, does not cover {premium}.
          </p>
        ) : null}
        <ErrorList errors={form.errors} />
        <ConfirmSubmit
          variant="default"
          disabled={short}
          title={`Pay policy ${o.ref} with buy now, pay later?`}
          description={`${premium} is drawn from your allowance of ${formatMoney(o.buyNowPayLaterRemainingAmount)}; ${formatMoney(o.buyNowPayLaterRemainingAmount - o.premium)} remains.`}
          confirmLabel="Use buy now, pay later"
        >
          Use buy now, pay later
        </ConfirmSubmit>
      </ConformForm>
    </MethodCard>
  )
}

export function NexpayMethod({ o }: { o: PayOptions }) {
  const [form] = useConformForm(PayIntentSchema, { intent: 'nexpay' })
  return (
    <MethodCard
      id="nexpay"
      title="NexPay"
      available={o.Nexpay}
      description={
        <>
          Pay through NexPay with the reference <strong>{o.nexpayReference}</strong>. The policy is paid when
          NexPay confirms.
        </>
      }
    >
      <ConformForm form={form} className="space-y-3" intent="nexpay">
        <ErrorList errors={form.errors} />
        <SubmitButton>Pay with NexPay</SubmitButton>
      </ConformForm>
    </MethodCard>
  )
}

export function CardMethod({ o }: { o: PayOptions }) {
  const [form] = useConformForm(PayIntentSchema, { intent: 'card' })
  const amount = formatMoney(o.cardAmount, o.currency)
  return (
    <MethodCard
      id="card"
      title="Card"
      available={o.Card}
      description={
        o.isCardSurchargeEnabled
          ? `A ${o.cardSurchargeRate}% card surcharge applies: ${amount} in total.`
          : 'Pay now on the secure card checkout.'
      }
    >
      <ConformForm form={form} className="space-y-3" intent="card">
        <ErrorList errors={form.errors} />
        <SubmitButton>Pay {amount} by card</SubmitButton>
      </ConformForm>
    </MethodCard>
  )
}
