import { cn } from '../../../utils/cn'

/** Payout details as the server sends them to a screen: the account number already masked. */
export type ShownPayoutDetails = {
  bank: string
  bank_account_name: string
  account_number_masked: string
  bsb: string | null
  swift_code: string | null
  abn: string | null
  is_gst_registered: boolean
}

const ROWS: Array<{ key: string; label: string; value: (d: ShownPayoutDetails) => string }> = [
  { key: 'bank_account_name', label: 'Account name', value: (d) => d.bank_account_name || '—' },
  { key: 'bank', label: 'Bank', value: (d) => d.bank || '—' },
  { key: 'bsb', label: 'BSB', value: (d) => d.bsb ?? '—' },
  { key: 'account_number', label: 'Account number', value: (d) => d.account_number_masked },
  { key: 'swift_code', label: 'SWIFT code', value: (d) => d.swift_code ?? '—' },
  { key: 'is_gst_registered', label: 'GST registered', value: (d) => (d.is_gst_registered ? 'Yes' : 'No') },
  { key: 'abn', label: 'ABN', value: (d) => d.abn ?? '—' },
]

/** One set of payout details as a definition list; `changed` fields are marked (a pending change). */
export function PayoutDetailsList({
  details,
  changed = [],
  className,
}: {
  details: ShownPayoutDetails
  changed?: readonly string[]
  className?: string
}) {
  return (
    <dl className={cn('grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]', className)}>
      {ROWS.map((r) => {
        const isChanged = changed.includes(r.key)
        return (
          <div key={r.key} className="contents">
            <dt className="text-muted-foreground">{r.label}</dt>
            <dd className={cn(isChanged && 'font-semibold')}>
              {r.value(details)}
              {isChanged ? <span className="ml-2 text-xs font-normal">(changed)</span> : null}
            </dd>
          </div>
        )
      })}
    </dl>
  )
}
