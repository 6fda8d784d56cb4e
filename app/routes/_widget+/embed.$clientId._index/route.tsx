import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { QuoteAndBuy } from './quote-and-buy'
import type { WidgetSession } from '../../../components/widget/widget-api'
import { embedState } from '../../../utils/embed.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Health cover quote${data?.agencyName ? ` · ${data.agencyName}` : ''}` },
  { name: 'robots', content: 'noindex' },
]

/**
 * /embed/<clientId>: the quote-and-buy widget of a public client, without the portal's chrome,
 * framed only by the client's origins (server/security-headers.ts sets frame-ancestors).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ip = (context as { clientIp?: string }).clientIp ?? 'unknown'
  return embedState(request, params.clientId ?? '', ip)
}

export default function Embed() {
  const data = useLoaderData<typeof loader>()
  const [session] = useState<WidgetSession | null>(() =>
    data.state === 'ready'
      ? { clientId: data.clientId, parentOrigin: data.parentOrigin, token: data.token }
      : null,
  )
  return (
    <main className="mx-auto max-w-3xl" style={data.state === 'ready' ? data.theme : undefined}>
      {data.state === 'ready' && session ? (
        <>
          <header className="flex items-center gap-3 border-b px-4 py-3">
            {data.logo ? <img src={data.logo} alt="" className="h-8 w-auto" /> : null}
            <h1 className="text-base font-semibold">
              Overseas student health cover{data.agencyName ? ` with ${data.agencyName}` : ''}
            </h1>
          </header>
          <QuoteAndBuy session={session} countries={data.countries} agencyName={data.agencyName} />
        </>
      ) : (
        <section className="space-y-2 p-6" role="status">
          <h1 className="text-lg font-semibold">Quotes are not available here</h1>
          <p className="text-sm">
            {data.state === 'unavailable'
              ? `This quote service is not available at the moment.${data.agencyName ? ` Please contact ${data.agencyName}.` : ''}`
              : `Open this page from ${data.agencyName ?? 'the agency'}'s website to get a quote.`}
          </p>
        </section>
      )}
    </main>
  )
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <GeneralErrorBoundary statusTitles={{ 404: 'This widget does not exist' }} />
    </main>
  )
}
