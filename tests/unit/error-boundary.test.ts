import { afterEach, describe, expect, it, vi } from 'vitest'
import { createElement, type ReactNode } from 'react'
import type * as RemixReact from '@remix-run/react'
import { renderToString } from 'react-dom/server'

// The boundary reads the route error through Remix; here it is whatever the test sets.
let routeError: unknown
vi.mock('@remix-run/react', async (importOriginal) => ({
  ...(await importOriginal<typeof RemixReact>()),
  useRouteError: () => routeError,
  Link: ({ children }: { children?: ReactNode }) => createElement('a', null, children),
}))

const { GeneralErrorBoundary } = await import('../../app/components/error-boundary')
/** What Remix hands the boundary for a thrown Response (isRouteErrorResponse's shape). */
const responseError = (status: number, data: string) => ({ status, statusText: '', internal: false, data })

const SQL = 'Failed query: select "password_hash" from "identities" where id = $1'
const render = (error: unknown) => {
  routeError = error
  return renderToString(createElement(GeneralErrorBoundary))
}

describe('GeneralErrorBoundary in production', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('shows a generic page for server failures, never their text', () => {
    vi.stubEnv('DEV', false)
    const thrown = render(new Error(SQL))
    expect(thrown).toContain('Something went wrong')
    expect(thrown).not.toContain('select')
    const response = render(responseError(500, SQL))
    expect(response).toContain('Something went wrong')
    expect(response).not.toContain('select')
  })

  it('takes an aborted navigation for no failure: nothing logged, a way to load the page again', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const abort = new DOMException('signal is aborted without reason', 'AbortError')
    const page = render(abort)
    expect(page).toContain('Loading this page was interrupted')
    expect(page).not.toContain('Something went wrong')
    expect(logged).not.toHaveBeenCalled()
    logged.mockRestore()
  })

  it('still shows the message of a 4xx written for the user', () => {
    vi.stubEnv('DEV', false)
    expect(render(responseError(404, 'Policy not found'))).toContain('Policy not found')
  })
})
