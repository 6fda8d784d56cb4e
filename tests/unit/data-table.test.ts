import { describe, expect, it, vi } from 'vitest'
import { createElement, type ReactNode } from 'react'
import type * as RemixReact from '@remix-run/react'
import { renderToString } from 'react-dom/server'

import {
  columnStorageKey,
  parseHiddenColumns,
  toggleHiddenColumn,
  visibleColumns,
} from '../../app/components/column-visibility'

// The table reads the URL through Remix; here it renders outside a router.
vi.mock('@remix-run/react', async (importOriginal) => ({
  ...(await importOriginal<typeof RemixReact>()),
  useSearchParams: () => [new URLSearchParams()],
  useLocation: () => ({ pathname: '/staff/policies' }),
  Link: ({ children }: { children?: ReactNode }) => createElement('a', null, children),
}))

const { DataTable } = await import('../../app/components/data-table')

const HIDEABLE = ['customer', 'provider', 'premium']

describe('column visibility', () => {
  it('remembers each table under its own key', () => {
    expect(columnStorageKey('/staff/policies')).not.toBe(columnStorageKey('/agency/policies'))
  })

  it('reads back the hidden columns, dropping unknown or permanent ones and bad values', () => {
    expect(parseHiddenColumns(JSON.stringify(['premium', 'provider']), HIDEABLE)).toEqual([
      'provider',
      'premium',
    ])
    expect(parseHiddenColumns(JSON.stringify(['ref', 'gone', 'premium']), HIDEABLE)).toEqual(['premium'])
    expect(parseHiddenColumns(null, HIDEABLE)).toEqual([])
    expect(parseHiddenColumns('not json', HIDEABLE)).toEqual([])
    expect(parseHiddenColumns('{"premium":true}', HIDEABLE)).toEqual([])
  })

  it('hides and shows a column once, keeping the others', () => {
    const hidden = toggleHiddenColumn([], 'premium', false)
    expect(hidden).toEqual(['premium'])
    expect(toggleHiddenColumn(hidden, 'premium', false)).toEqual(['premium'])
    expect(toggleHiddenColumn(['provider', 'premium'], 'provider', true)).toEqual(['premium'])
  })

  it('keeps the remaining columns in their order', () => {
    const columns = ['ref', 'customer', 'provider', 'premium', 'actions'].map((key) => ({ key }))
    expect(visibleColumns(columns, ['customer', 'premium']).map((c) => c.key)).toEqual([
      'ref',
      'provider',
      'actions',
    ])
  })
})

describe('DataTable before hydration', () => {
  type Row = { id: number; ref: string; premium: string }
  const html = renderToString(
    createElement(DataTable<Row>, {
      tableId: '/staff/policies',
      caption: 'Policies',
      rows: [{ id: 1, ref: 'POL-0001', premium: 'A$512.40' }],
      pageInfo: { page: 1, perPage: 10, total: 1, totalPages: 1 },
      getRowKey: (r) => r.id,
      columns: [
        { key: 'ref', header: 'Policy', cell: (r) => r.ref },
        { key: 'premium', header: 'Premium', cell: (r) => r.premium },
        { key: 'actions', header: 'Actions', action: true, cell: () => 'Open' },
      ],
    }),
  )

  it('shows every column and no column chooser (it needs JavaScript)', () => {
    expect(html).toContain('POL-0001')
    expect(html).toContain('A$512.40')
    expect(html).not.toContain('Columns')
  })

  it('keeps the first and the action column in view, on an opaque background', () => {
    const cells = [...html.matchAll(/<(?:th|td)\b[^>]*class="([^"]*)"[^>]*>(?:<[^>]+>)*([^<]*)/g)].map(
      ([, className, text]) => ({ className, text }),
    )
    const classOf = (text: string) => cells.find((c) => c.text === text)?.className ?? ''
    for (const text of ['Policy', 'POL-0001']) expect(classOf(text)).toMatch(/\bsticky left-0\b.*bg-card/)
    for (const text of ['Actions', 'Open']) expect(classOf(text)).toMatch(/\bsticky right-0\b.*bg-card/)
    for (const text of ['Premium', 'A$512.40']) expect(classOf(text)).not.toContain('sticky')
  })

  it('scrolls sideways inside its own box, not the page', () => {
    expect(html).toMatch(/<div[^>]*class="[^"]*min-w-0[^"]*overflow-auto[^"]*"[^>]*><table/)
  })
})
