import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react'
import { formatMoney } from '../../../utils/misc'

export type Compared = { current: number; previous: number; change: number | null }

/** A figure with the previous period's and the change, said in words and arrows, not colour alone. */
export function KpiCard({
  label,
  value,
  money = false,
}: {
  label: string
  value: Compared
  money?: boolean
}) {
  const show = (v: number) => (money ? formatMoney(v) : v.toLocaleString('en-AU'))
  const change = value.change
  const Icon = change === null || change === 0 ? Minus : change > 0 ? ArrowUpRight : ArrowDownRight
  const words =
    change === null
      ? 'new this period'
      : change === 0
        ? 'no change'
        : `${change > 0 ? 'up' : 'down'} ${Math.abs(change)}%`
  return (
    <div className="rounded-lg border p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold">{show(value.current)}</p>
      <p className="flex items-center gap-1 text-sm">
        <Icon aria-hidden="true" className="size-4" />
        <span>
          {words} (previous {show(value.previous)})
        </span>
      </p>
    </div>
  )
}
