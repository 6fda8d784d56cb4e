import { cn } from '../utils/cn'
import {
  AGENCY_STATUS_LABELS,
  CARD_PAYMENT_STATUS_LABELS,
  COMMISSION_STATUS_LABELS,
  INVOICE_PAYMENT_STATUS_LABELS,
  INVOICE_STATUS_LABELS,
  labelOf,
  PAYMENT_DOCUMENT_STATUS_LABELS,
  PAYMENT_LINK_STATUS_LABELS,
  POLICY_STATUS_LABELS,
  PREMIUM_PAYMENT_STATUS_LABELS,
  REQUEST_STATUS_LABELS,
  USER_DEFINED_STATUS_LABELS,
  USER_STATUS_LABELS,
} from '../utils/labels'
import { Badge, type BadgeProps } from './ui/badge'

type StatusTone = NonNullable<BadgeProps['variant']>

const WARNING = /(^|_)(PENDING|REQUESTED|SUBMITTED|AWAITING|DRAFT|IN_REVIEW|WAITING|ON_HOLD)($|_)/
const SUCCESS =
  /(_DONE$|^DONE$|(^|_)(APPROVED|ACTIVATED|ACTIVE|ENABLED|COMPLETED|COMPLETE|VERIFIED|PAID|SUCCESS|SUCCEEDED|BANKED)$)/
const DANGER =
  /(^|_)(REJECTED|DEACTIVATED|DISABLED|FAILED|CANCELLED|CANCELED|DECLINED|EXPIRED|BLOCKED|ERROR|OVERDUE)$/

/** Rough meaning of a status enum -> badge colour. */
export function statusTone(status: string): StatusTone {
  const value = status.toUpperCase()
  if (DANGER.test(value)) return 'danger'
  if (SUCCESS.test(value)) return 'success'
  if (WARNING.test(value)) return 'warning'
  return 'info'
}

/** Which label map a badge reads its words from. */
const MAPS = {
  agency: AGENCY_STATUS_LABELS,
  policy: POLICY_STATUS_LABELS,
  workingStatus: USER_DEFINED_STATUS_LABELS,
  payment: PREMIUM_PAYMENT_STATUS_LABELS,
  commission: COMMISSION_STATUS_LABELS,
  request: REQUEST_STATUS_LABELS,
  invoice: INVOICE_STATUS_LABELS,
  invoicePayment: INVOICE_PAYMENT_STATUS_LABELS,
  paymentLink: PAYMENT_LINK_STATUS_LABELS,
  paymentDocument: PAYMENT_DOCUMENT_STATUS_LABELS,
  card: CARD_PAYMENT_STATUS_LABELS,
  user: USER_STATUS_LABELS,
} as const

export type StatusKind = keyof typeof MAPS

/**
 * A status as a coloured badge with its label: `kind` names the enum (the same code reads
 * differently per enum: a policy's PURCHASED is "Payment verification pending"); `label`
 * overrides it. The code stays in `data-status` for tests.
 */
export function StatusBadge({
  status,
  kind,
  label,
  className,
}: {
  status: string | null | undefined
  kind: StatusKind
  label?: string | null
  className?: string
}) {
  if (!status) {
    return (
      <Badge variant="neutral" className={className}>
        Unknown
      </Badge>
    )
  }
  return (
    <Badge variant={statusTone(status)} className={cn(className)} data-status={status}>
      {label || labelOf(MAPS[kind], status)}
    </Badge>
  )
}
