import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { AlertTriangle } from 'lucide-react'
import * as React from 'react'

import { getErrorMessage } from '../utils/misc'
import { buttonVariants } from './ui/button'

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Please sign in',
  403: 'You do not have permission to see this page',
  404: 'We could not find that page',
}

const DEFAULT_TITLE = 'Something went wrong'

const PAGE_TITLES: Record<number, string> = { 403: 'Not allowed', 404: 'Page not found' }

/** The tab title of an error page: 'Page not found · OSHC Back Office'. */
export function errorPageTitle(error: unknown, suffix = 'OSHC Back Office') {
  const status = isRouteErrorResponse(error) ? error.status : 500
  return `${PAGE_TITLES[status] ?? DEFAULT_TITLE} · ${suffix}`
}

/** Message carried by a thrown response: a string body, or an object with a string `message`. */
function messageFromData(data: unknown): string | null {
  if (typeof data === 'string') return data.trim() ? data : null
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message: unknown }).message
    if (typeof message === 'string' && message.trim()) return message
  }
  return null
}

/**
 * A navigation's data request aborted by the browser or the router (the person went on before it
 * answered). The router should swallow it but sometimes hands it to the boundary under single
 * fetch (remix-run/react-router#14203): it is no failure of the page.
 */
const isAbort = (error: unknown) =>
  !!error && typeof error === 'object' && (error as { name?: unknown }).name === 'AbortError'

/** Shown for an aborted navigation, until the next one lands: a way to load the page again. */
function Interrupted() {
  return (
    <div className="mx-auto max-w-xl p-6" role="status">
      <p>
        Loading this page was interrupted.{' '}
        <a href="" className="font-medium text-primary underline">
          Load it again
        </a>
      </p>
    </div>
  )
}

export interface GeneralErrorBoundaryProps {
  /** Override the heading for particular statuses. */
  statusTitles?: Record<number, string>
  /** Where the "back" link points; defaults to "/". */
  homeHref?: string
  homeLabel?: string
}

/**
 * Use as a route's ErrorBoundary: `export function ErrorBoundary() { return <GeneralErrorBoundary /> }`.
 * 4xx responses are expected outcomes and are not logged; 5xx and thrown errors are.
 */
export function GeneralErrorBoundary({
  statusTitles,
  homeHref = '/',
  homeLabel = 'Back to home',
}: GeneralErrorBoundaryProps = {}) {
  const error = useRouteError()
  const isResponse = isRouteErrorResponse(error)
  const status = isResponse ? error.status : 500
  const aborted = isAbort(error)

  React.useEffect(() => {
    if ((isResponse && error.status < 500) || aborted) return
    console.error(error)
  }, [error, isResponse, aborted])

  if (aborted) return <Interrupted />

  const title = statusTitles?.[status] ?? STATUS_TITLES[status] ?? DEFAULT_TITLE
  let detail: string | null = null
  if (isResponse && status < 500) {
    // 4xx bodies are messages written for the user (not found, refused, invalid), except the
    // router's own ("No route matches URL ..."), written for developers.
    detail = (error as { internal?: boolean }).internal ? null : messageFromData(error.data)
  } else if (import.meta.env.DEV) {
    // Never show server failures (5xx bodies, thrown errors: SQL, stack traces) in production.
    detail = isResponse ? messageFromData(error.data) : getErrorMessage(error)
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 p-6" role="alert">
      <div className="flex items-center gap-3">
        <AlertTriangle className="h-6 w-6 text-destructive" aria-hidden="true" />
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      </div>
      {detail && detail !== title ? <p className="text-muted-foreground">{detail}</p> : null}
      {isResponse ? <p className="text-sm text-muted-foreground">Error {status}</p> : null}
      <Link to={homeHref} className={buttonVariants({ variant: 'outline' })}>
        {homeLabel}
      </Link>
    </div>
  )
}
