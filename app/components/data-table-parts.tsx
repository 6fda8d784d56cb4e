// The parts of the data table (data-table.tsx): its columns, sortable header cells, column
// chooser and pager links.
import { Link } from '@remix-run/react'
import { ArrowDown, ArrowUp, ArrowUpDown, Columns3 } from 'lucide-react'
import * as React from 'react'

import { cn } from '../utils/cn'
import { buttonVariants } from './ui/button'
import { TableHead, type StickySide } from './ui/table'

export type SortDirection = 'asc' | 'desc'

export interface DataTableColumn<T> {
  key: string
  header: string
  sortable?: boolean
  cell: (row: T) => React.ReactNode
  /** Extra classes for this column's <th> and <td> (e.g. 'text-right'). */
  className?: string
  /** The row's actions: kept in view at the right while the table scrolls, never hidden. */
  action?: boolean
}

/** A column's header: with `sortable`, a link that sorts by it (and says how it is sorted now). */
export function SortableHead<T>({
  column,
  sticky,
  direction,
  href,
}: {
  column: DataTableColumn<T>
  sticky: StickySide | undefined
  direction: SortDirection | undefined
  href: string
}) {
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
  const SortIcon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown
  return (
    <TableHead
      aria-sort={column.sortable ? ariaSort : undefined}
      sticky={sticky}
      className={column.className}
    >
      {column.sortable ? (
        <Link
          to={href}
          preventScrollReset
          className="-ml-2 inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {column.header}
          <SortIcon className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only">
            {direction === 'asc'
              ? ', sorted ascending. Activate to sort descending'
              : direction === 'desc'
                ? ', sorted descending. Activate to sort ascending'
                : ', activate to sort ascending'}
          </span>
        </Link>
      ) : (
        column.header
      )}
    </TableHead>
  )
}

/** The "Columns" menu: a checkbox per optional column (shown only once JavaScript runs). */
export function ColumnChooser<T>({
  columns,
  hidden,
  onChange,
  label,
}: {
  columns: DataTableColumn<T>[]
  hidden: string[]
  onChange: (key: string, visible: boolean) => void
  label: string
}) {
  return (
    <details className="relative self-end">
      <summary className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'cursor-pointer list-none')}>
        <Columns3 aria-hidden="true" />
        Columns
      </summary>
      <fieldset className="absolute right-0 z-20 mt-1 w-56 space-y-1 rounded-md border bg-card p-3 text-sm text-card-foreground shadow-md">
        <legend className="sr-only">{label}</legend>
        {columns.map((column) => (
          <label key={column.key} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={!hidden.includes(column.key)}
              onChange={(event) => onChange(column.key, event.target.checked)}
            />
            {column.header}
          </label>
        ))}
      </fieldset>
    </details>
  )
}

export function PagerLink({
  href,
  rel,
  children,
}: {
  href: string | undefined
  rel: string
  children: React.ReactNode
}) {
  const className = buttonVariants({ variant: 'outline', size: 'sm' })
  if (!href) {
    return (
      <span
        className={cn(
          className,
          'cursor-not-allowed text-muted-foreground hover:bg-background hover:text-muted-foreground',
        )}
      >
        {children}
      </span>
    )
  }
  return (
    <Link to={href} rel={rel} preventScrollReset className={className}>
      {children}
    </Link>
  )
}
