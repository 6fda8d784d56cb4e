import { Link, useSearchParams } from '@remix-run/react'
import { cn } from '../utils/cn'

/**
 * A builder of links to the current list with some query parameters changed (null removes one);
 * the page number is reset, since the rows change.
 */
export function useListHref(pathname: string) {
  const [searchParams] = useSearchParams()
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams)
    next.delete('page')
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k)
      else next.set(k, v)
    }
    return `${pathname}?${next.toString()}`
  }
}

/** Tabs as links (they work without JavaScript); the current one is marked aria-current. */
export function TabLinks<T extends string>({
  label,
  items,
  current,
  href,
}: {
  label: string
  items: readonly { value: T; label: string }[]
  current: T | null
  href: (value: T) => string
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-1 border-b">
        {items.map((t) => (
          <li key={t.value}>
            <Link
              to={href(t.value)}
              aria-current={t.value === current ? 'page' : undefined}
              className={cn(
                '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium',
                t.value === current
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
