// The quote chosen on the quote page, shown on every step of the new-policy wizard so it is never
// asked again: insurer, cover, dates and the price to pay, with a way back to the other quotes.
import { Link } from '@remix-run/react'
import { policyTypeLabel } from '../../utils/labels'
import { formatDate, formatMoney } from '../../utils/misc'

export type ChosenQuoteData = {
  insurer: string
  policy_type: string
  start_date: string
  end_date: string
  /** Dollars: what is paid (the offer premium when one applies). */
  payable: number
}

export function ChosenQuote({ chosen }: { chosen: ChosenQuoteData | null }) {
  if (!chosen) return null
  const back = new URLSearchParams({
    startDate: chosen.start_date,
    endDate: chosen.end_date,
    policyType: chosen.policy_type,
  })
  return (
    <section
      aria-label="Your quote"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted/40 px-4 py-3 text-sm"
    >
      <p>
        <span className="font-semibold">{chosen.insurer}</span> · {policyTypeLabel(chosen.policy_type)} ·{' '}
        {formatDate(chosen.start_date)} to {formatDate(chosen.end_date)} ·{' '}
        <span className="font-semibold">{formatMoney(chosen.payable)}</span> incl. GST
      </p>
      <Link to={`/agency/quotes?${back}`} className="font-medium text-primary underline">
        Change the quote
      </Link>
    </section>
  )
}
