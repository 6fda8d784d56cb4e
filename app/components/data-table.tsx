import { Form, Link, useLocation, useSearchParams } from '@remix-run/react'
import { ChevronLeft, ChevronRight, Download } from 'lucide-react'
import * as React from 'react'

import { cn } from '../utils/cn'
import { useHiddenColumns, visibleColumns } from './column-visibility'
import {
  ColumnChooser,
  PagerLink,
  SortableHead,
  type DataTableColumn,
  type SortDirection,
} from './data-table-parts'
import { Button, buttonVariants } from './ui/button'
import { Table, TableBody, TableCell, TableHeader, TableRow, type StickySide } from './ui/table'

export const SORT_KEY_PARAM = 'sort_key'
export const SORT_DIRECTION_PARAM = 'sort_direction'
export const PAGE_PARAM = 'page'

export type { DataTableColumn, SortDirection }

export interface PageInfo {
  page: number
  perPage: number
  total: number
  totalPages: number
  totalCapped?: boolean
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[]
  rows: T[]
  pageInfo: PageInfo
  sortKey?: string
  sortDirection?: SortDirection
  emptyText?: string
  getRowKey: (row: T) => string | number
  /** Accessible caption (visually hidden); describes what the table lists. */
  caption?: string
  className?: string
  /**
   * Names the table for its column chooser (e.g. 'staff-policies'): with it, a "Columns" menu lets
   * the user hide columns, remembered in this browser. The first column and the action column stay.
   */
  tableId?: string
  /**
   * Rows as cards on a phone-sized screen (below `md`), where the columns do not fit: each row is a
   * box listing its cells, each under its column's name (the same markup, so still a table).
   */
  cards?: boolean
}

/** Which side a column sticks to: the first column (the record's name) and the action column. */
function stickySide<T>(column: DataTableColumn<T>, index: number): StickySide | undefined {
  if (column.action) return 'end'
  return index === 0 ? 'start' : undefined
}

/** A table whose rows are cards below `md`: block boxes, each cell a line under its column's name. */
const CARD_CLASSES = {
  box: 'max-md:border-0 max-md:bg-transparent',
  table: 'max-md:block [&>tbody]:max-md:block [&>tbody]:max-md:space-y-3',
  row: 'max-md:block max-md:rounded-md max-md:border max-md:bg-card max-md:p-3 max-md:hover:bg-card',
  cell: 'max-md:static max-md:flex max-md:min-w-0 max-md:gap-3 max-md:bg-transparent max-md:p-0 max-md:py-1 max-md:text-left max-md:before:w-20 max-md:before:shrink-0 max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
}

function hrefWith(pathname: string, params: URLSearchParams): string {
  const search = params.toString()
  return search ? `${pathname}?${search}` : pathname
}

/**
 * Server-driven table: sorting and paging are plain links that rewrite the URL search params
 * (`sort_key`, `sort_direction` = 'true' ascending / 'false' descending, `page`), so the route
 * loader does the work and everything works without JavaScript.
 */
export function DataTable<T>({
  columns,
  rows,
  pageInfo,
  sortKey,
  sortDirection,
  emptyText = 'No results.',
  getRowKey,
  caption,
  className,
  tableId,
  cards,
}: DataTableProps<T>) {
  const [searchParams] = useSearchParams()
  const { pathname } = useLocation()
  const hideable = columns.filter((c, i) => !stickySide(c, i))
  const [hidden, setVisible, hydrated] = useHiddenColumns(
    tableId,
    hideable.map((c) => c.key),
  )
  const shown = visibleColumns(columns, hidden)

  function sortHref(key: string): string {
    const next = new URLSearchParams(searchParams)
    const ascending = !(sortKey === key && sortDirection !== 'desc')
    next.set(SORT_KEY_PARAM, key)
    next.set(SORT_DIRECTION_PARAM, ascending ? 'true' : 'false')
    next.delete(PAGE_PARAM)
    return hrefWith(pathname, next)
  }

  function pageHref(page: number): string {
    const next = new URLSearchParams(searchParams)
    if (page <= 1) next.delete(PAGE_PARAM)
    else next.set(PAGE_PARAM, String(page))
    return hrefWith(pathname, next)
  }

  const totalPages = Math.max(1, pageInfo.totalPages)
  const page = Math.min(Math.max(1, pageInfo.page), totalPages)
  const hasPrevious = page > 1
  const hasNext = page < totalPages

  return (
    <div className={cn('flex min-w-0 flex-col gap-3', className)}>
      {tableId && hydrated && hideable.length > 0 ? (
        <ColumnChooser
          columns={hideable}
          hidden={hidden}
          onChange={setVisible}
          label={caption ? `Columns of ${caption.toLowerCase()}` : 'Columns'}
        />
      ) : null}
      <div className={cn('min-w-0 rounded-md border bg-card', cards && CARD_CLASSES.box)}>
        <Table className={cn(cards && CARD_CLASSES.table)}>
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <TableHeader className={cn(cards && 'max-md:hidden')}>
            <TableRow className="hover:bg-transparent">
              {shown.map((column) => (
                <SortableHead
                  key={column.key}
                  column={column}
                  sticky={stickySide(column, columns.indexOf(column))}
                  direction={sortKey === column.key ? (sortDirection ?? 'asc') : undefined}
                  href={sortHref(column.key)}
                />
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={shown.length} className="h-24 text-center text-muted-foreground">
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={getRowKey(row)} className={cn(cards && CARD_CLASSES.row)}>
                  {shown.map((column) => (
                    <TableCell
                      key={column.key}
                      sticky={stickySide(column, columns.indexOf(column))}
                      className={cn(column.className, cards && CARD_CLASSES.cell)}
                      data-label={cards ? column.header : undefined}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-muted-foreground">
          {pageInfo.totalCapped
            ? `Page ${page} of ${totalPages.toLocaleString('en-AU')}+ · ${pageInfo.total.toLocaleString('en-AU')}+ results`
            : `Page ${page} of ${totalPages} · ${pageInfo.total} ${pageInfo.total === 1 ? 'result' : 'results'}`}
        </p>
        <div className="flex items-center gap-2">
          <PagerLink href={hasPrevious ? pageHref(page - 1) : undefined} rel="prev">
            <ChevronLeft aria-hidden="true" />
            Previous
          </PagerLink>
          <PagerLink href={hasNext ? pageHref(page + 1) : undefined} rel="next">
            Next
            <ChevronRight aria-hidden="true" />
          </PagerLink>
        </div>
      </nav>
    </div>
  )
}

export interface FilterBarProps {
  children: React.ReactNode
  className?: string
  /** Where "Reset" goes; defaults to the current path with no search params. */
  resetTo?: string
  /** Current search params to carry over as hidden inputs (default: sort params). */
  preserveParams?: string[]
  /** Accessible name of the search landmark. */
  label?: string
}

/**
 * GET filter form: children are the filter inputs. Submitting resets paging; sorting is kept via
 * hidden inputs. Works without JavaScript.
 */
export function FilterBar({
  children,
  className,
  resetTo,
  preserveParams = [SORT_KEY_PARAM, SORT_DIRECTION_PARAM],
  label = 'Filters',
}: FilterBarProps) {
  const [searchParams] = useSearchParams()
  const { pathname } = useLocation()
  const hidden = preserveParams.flatMap((name) => searchParams.getAll(name).map((value) => ({ name, value })))
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className={cn('flex flex-wrap items-end gap-3 rounded-md border bg-card p-4', className)}
    >
      {hidden.map(({ name, value }, i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      {children}
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm">
          Apply
        </Button>
        <Link to={resetTo ?? pathname} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          Reset
        </Link>
      </div>
    </Form>
  )
}

function exportHref(href: string, current: URLSearchParams, format: 'csv' | 'xlsx'): string {
  const [path, query = ''] = href.split('?', 2)
  const params = new URLSearchParams(query)
  for (const [key, value] of current) {
    if (key === PAGE_PARAM || key === 'format') continue
    if (!params.has(key)) params.append(key, value)
  }
  params.set('format', format)
  return `${path}?${params.toString()}`
}

/** "Export CSV" / "Export XLSX" download links carrying the current filters and sort (not the page). */
export function ExportLinks({ href, className }: { href: string; className?: string }) {
  const [searchParams] = useSearchParams()
  const linkClass = buttonVariants({ variant: 'outline', size: 'sm' })
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <a href={exportHref(href, searchParams, 'csv')} download className={linkClass}>
        <Download aria-hidden="true" />
        Export CSV
      </a>
      <a href={exportHref(href, searchParams, 'xlsx')} download className={linkClass}>
        <Download aria-hidden="true" />
        Export XLSX
      </a>
    </div>
  )
}
