import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { formatDate, formatDayMonth, formatMoney } from '../../utils/misc'
import { useHydrated } from '../../utils/use-hydrated'

// Charts draw in the browser only (they measure their box); the server renders the same figures
// as a table, which stays below each chart for screen readers and for reading without colour.

/** Whole Australian dollars with thousands separators, for an axis. */
const axisMoney = (v: number) => `A$${Math.round(v).toLocaleString('en-AU')}`
/** A name cut to what the axis has room for (the table below the chart has it whole). */
const fits = (name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name)

function ChartBox({
  label,
  empty,
  children,
}: {
  label: string
  /** What the chart says instead when there is nothing to draw. */
  empty?: string | false
  children: React.ReactElement
}) {
  const mounted = useHydrated()
  if (empty)
    return (
      <figure className="flex h-64 w-full items-center justify-center rounded-md border border-dashed">
        <p className="text-sm text-muted-foreground">{empty}</p>
      </figure>
    )
  return (
    <figure className="space-y-2">
      <div className="h-64 w-full" role="img" aria-label={label}>
        {mounted ? (
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        ) : (
          <div className="h-full animate-pulse rounded-md bg-muted" />
        )}
      </div>
    </figure>
  )
}

export type SalesPoint = { bucket: string; sold: number; premium: number }

/** This period's sales beside the previous period's, bucket by bucket (the previous line dashed). */
export function SalesChart({ sales, previous }: { sales: SalesPoint[]; previous: SalesPoint[] }) {
  const length = Math.max(sales.length, previous.length)
  const data = Array.from({ length }, (_, i) => ({
    label: sales[i] ? formatDayMonth(sales[i].bucket) : `#${i + 1}`,
    date: sales[i] ? formatDate(sales[i].bucket) : `#${i + 1}`,
    current: sales[i]?.premium ?? 0,
    previous: previous[i]?.premium ?? 0,
  }))
  return (
    <ChartBox
      label="Premium sold per period, this period against the previous one"
      empty={
        data.every((d) => d.current === 0 && d.previous === 0) && 'No sales in this period or the one before.'
      }
    >
      <LineChart data={data} margin={{ top: 8, right: 16, left: 8, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" fontSize={12} minTickGap={8} />
        <YAxis fontSize={12} width={80} tickFormatter={axisMoney} />
        <Tooltip
          formatter={(v) => formatMoney(Number(v))}
          labelFormatter={(_, items) => items?.[0]?.payload?.date ?? ''}
        />
        <Legend />
        <Line
          type="monotone"
          dataKey="current"
          name="This period"
          stroke="hsl(var(--primary))"
          strokeWidth={2}
          dot
        />
        <Line
          type="monotone"
          dataKey="previous"
          name="Previous period (dashed)"
          stroke="#64748b"
          strokeDasharray="6 4"
          strokeWidth={2}
          dot={false}
        />
      </LineChart>
    </ChartBox>
  )
}

/** Bars with their value written on them (no colour needed to read them). */
export function LabelledBars({
  label,
  data,
  money = false,
}: {
  label: string
  data: { name: string; value: number }[]
  money?: boolean
}) {
  const show = (v: unknown) => (money ? formatMoney(Number(v)) : String(v))
  return (
    <ChartBox label={label} empty={data.every((d) => d.value === 0) && 'Nothing in this period.'}>
      <BarChart
        data={data}
        layout="vertical"
        margin={{ top: 8, right: money ? 104 : 48, left: 8, bottom: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" fontSize={12} hide />
        <YAxis type="category" dataKey="name" width={160} fontSize={12} tickFormatter={fits} />
        <Tooltip formatter={(v) => show(v)} />
        <Bar dataKey="value" name={label} fill="hsl(var(--primary))">
          <LabelList dataKey="value" position="right" formatter={(v) => show(v)} fontSize={12} />
        </Bar>
      </BarChart>
    </ChartBox>
  )
}
