import './utils/zod-config'
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
} from '@remix-run/react'
import tailwind from './tailwind.css?url'
import { getToast } from './utils/toast.server'
import { ShowToast, Toaster } from './components/toaster'
import { errorPageTitle, GeneralErrorBoundary } from './components/error-boundary'
import { BrandedPage } from './components/portal-shell'
import { useNonce } from './utils/nonce'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: tailwind },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]
export const meta: MetaFunction = ({ error }) => [
  { title: error ? errorPageTitle(error) : 'OSHC Back Office' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request)
  return data({ toast }, { headers: headers ?? undefined })
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  // A widget framed by another site may not touch storage (browsers partition or deny it to
  // third-party frames), and scroll restoration keeps its positions in sessionStorage.
  const embedded = useLocation().pathname.startsWith('/embed/')
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        {embedded ? null : <ScrollRestoration nonce={nonce} />}
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>()
  return (
    <>
      <Outlet />
      {toast ? <ShowToast toast={toast} /> : null}
      <Toaster position="top-right" />
    </>
  )
}

/** Errors no route handled (the root loader failed): the brand and a way back, no navigation. */
export function ErrorBoundary() {
  return (
    <BrandedPage>
      <GeneralErrorBoundary />
    </BrandedPage>
  )
}
