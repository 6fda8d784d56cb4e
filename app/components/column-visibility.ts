import * as React from 'react'

/**
 * Which columns of a wide table are hidden, remembered per table in localStorage. The server and
 * the first render show every column (so the page works, and hydrates, without JavaScript); the
 * saved choice applies once the page has hydrated.
 */

/** The localStorage key of one table's hidden columns. */
export function columnStorageKey(tableId: string): string {
  return `table-columns:${tableId}`
}

/**
 * The hidden column keys read back from storage: only keys of hideable columns survive (a column
 * renamed or made permanent since, or a tampered value, is dropped).
 */
export function parseHiddenColumns(stored: string | null, hideable: readonly string[]): string[] {
  if (!stored) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(stored)
  } catch {
    return []
  }
  if (!Array.isArray(parsed)) return []
  return hideable.filter((key) => parsed.includes(key))
}

/** The hidden keys after the user ticks or unticks a column. */
export function toggleHiddenColumn(hidden: readonly string[], key: string, visible: boolean): string[] {
  return visible ? hidden.filter((k) => k !== key) : hidden.includes(key) ? [...hidden] : [...hidden, key]
}

/** The table's columns for one render: the saved choice applied, in their own order. */
export function visibleColumns<C extends { key: string }>(
  columns: readonly C[],
  hidden: readonly string[],
): C[] {
  return columns.filter((c) => !hidden.includes(c.key))
}

/**
 * Hidden column keys of `tableId` (none until hydrated), a setter that saves them, and whether the
 * page has hydrated (the chooser only works with JavaScript, so it only shows then).
 */
export function useHiddenColumns(
  tableId: string | undefined,
  hideable: readonly string[],
): [string[], (key: string, visible: boolean) => void, boolean] {
  const [hidden, setHidden] = React.useState<string[]>([])
  const [hydrated, setHydrated] = React.useState(false)
  const hideableKey = hideable.join(',')
  React.useEffect(() => {
    setHydrated(true)
    if (!tableId) return
    setHidden(parseHiddenColumns(readStorage(columnStorageKey(tableId)), hideableKey.split(',')))
  }, [tableId, hideableKey])
  const toggle = React.useCallback(
    (key: string, visible: boolean) => {
      setHidden((current) => {
        const next = toggleHiddenColumn(current, key, visible)
        if (tableId) writeStorage(columnStorageKey(tableId), JSON.stringify(next))
        return next
      })
    },
    [tableId],
  )
  return [hidden, toggle, hydrated]
}

// Storage can be unavailable (private mode, blocked cookies): the table then shows every column.
function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Not remembered, still applied for this page view.
  }
}
