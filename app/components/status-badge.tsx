import { cn } from '../utils/cn'
import { titleCase } from '../utils/misc'
import { Badge, type BadgeProps } from './ui/badge'

type StatusTone = NonNullable<BadgeProps['variant']>

const WARNING = /(^|_)(PENDING|REQUESTED|SUBMITTED|AWAITING|DRAFT|IN_REVIEW|WAITING|ON_HOLD)($|_)/
const SUCCESS =
  /(_DONE$|^DONE$|(^|_)(APPROVED|ACTIVATED|ACTIVE|ENABLED|COMPLETED|COMPLETE|VERIFIED|PAID|SUCCESS|SUCCEEDED)$)/
const DANGER =
  /(^|_)(REJECTED|DEACTIVATED|DISABLED|FAILED|CANCELLED|CANCELED|DECLINED|EXPIRED|BLOCKED|ERROR)$/

/** Rough meaning of a status enum -> badge colour. */
export function statusTone(status: string): StatusTone {
  const value = status.toUpperCase()
  if (DANGER.test(value)) return 'danger'
  if (SUCCESS.test(value)) return 'success'
  if (WARNING.test(value)) return 'warning'
  return 'info'
}

/** `COMPANY_DETAIL_DONE` -> green "Company Detail Done". */
export function StatusBadge({
  status,
  className,
}: {
  status: string | null | undefined
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
      {titleCase(status)}
    </Badge>
  )
}
