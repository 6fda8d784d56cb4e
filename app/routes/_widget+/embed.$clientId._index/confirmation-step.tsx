import { CheckCircle2 } from 'lucide-react'
import { formatDate, formatMoney } from '../../../utils/misc'
import type { PublicPolicy } from '../../../components/widget/widget-types'

/** Step 4: paid, and the promise of the certificate. */
export function ConfirmationStep({
  policy,
  agencyName,
}: {
  policy: PublicPolicy
  agencyName: string | null
}) {
  return (
    <section aria-labelledby="done-heading" className="space-y-3" role="status">
      <h2 id="done-heading" className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2 aria-hidden="true" className="text-emerald-700" /> Payment received
      </h2>
      <p>
        Your {policy.provider?.display_name ?? ''} cover from {formatDate(policy.start_date)} to{' '}
        {formatDate(policy.end_date)} is paid ({formatMoney(policy.premium, policy.currency)}). Your reference
        is <strong>{policy.ref}</strong>.
      </p>
      <p>
        Your certificate of cover will be e-mailed to {policy.student?.email ?? 'you'} as soon as the insurer
        issues it{agencyName ? `; ${agencyName} will keep you informed` : ''}.
      </p>
      {policy.certificate ? (
        <p>
          <a href={policy.certificate.url} className="underline" target="_blank" rel="noreferrer">
            Download your certificate
          </a>
        </p>
      ) : null}
    </section>
  )
}
