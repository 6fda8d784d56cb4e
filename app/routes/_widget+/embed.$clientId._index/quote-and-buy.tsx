import { useCallback, useEffect, useRef, useState } from 'react'
import { ConfirmationStep } from './confirmation-step'
import { DetailsStep } from './details-step'
import { PayStep } from './pay-step'
import { QuoteStep } from './quote-step'
import { tellHost, type WidgetSession } from '../../../components/widget/widget-api'
import type { Country, PublicPolicy, PublicQuote } from '../../../components/widget/widget-types'

type Step =
  | { name: 'quote' }
  | { name: 'details'; quote: PublicQuote }
  /** The purchase's secret lives only here, in the iframe's memory (see widget-api.ts). */
  | { name: 'pay'; quote: PublicQuote; policyId: number; purchaseSecret: string }
  | { name: 'done'; policy: PublicPolicy }

const STEPS = ['Quote', 'Your details', 'Payment', 'Done']
const INDEX = { quote: 0, details: 1, pay: 2, done: 3 } as const

/**
 * Keeps the host page's iframe as tall as the frame's content at every step, and answers its hello
 * (origin-checked). The whole page is measured (its header too), from its top to the bottom of
 * its <main>, whenever that box changes size.
 */
function useHostBridge(parentOrigin: string) {
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = root.current
    if (!el) return
    const page = el.closest('main') ?? el
    const report = () =>
      tellHost(
        parentOrigin,
        'oshc:resize',
        undefined,
        Math.ceil(page.getBoundingClientRect().bottom + window.scrollY),
      )
    const observer = new ResizeObserver(report)
    observer.observe(page)
    observer.observe(el)
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== parentOrigin || e.source !== window.parent) return
      if ((e.data as { type?: string } | null)?.type === 'oshc:hello') report()
    }
    window.addEventListener('message', onMessage)
    report()
    return () => {
      observer.disconnect()
      window.removeEventListener('message', onMessage)
    }
  }, [parentOrigin])
  return root
}

/** The quote-and-buy flow of a public client's widget. */
export function QuoteAndBuy({
  session,
  countries,
  agencyName,
}: {
  session: WidgetSession
  countries: Country[]
  agencyName: string | null
}) {
  const [step, setStep] = useState<Step>({ name: 'quote' })
  const root = useHostBridge(session.parentOrigin)
  const onPaid = useCallback(
    (policy: PublicPolicy) => {
      setStep({ name: 'done', policy })
      tellHost(session.parentOrigin, 'oshc:purchased', { policyId: policy.id, ref: policy.ref })
    },
    [session.parentOrigin],
  )
  const current = INDEX[step.name]
  return (
    <div ref={root} className="space-y-4 p-4">
      <ol className="flex flex-wrap gap-2 text-sm" aria-label="Steps">
        {STEPS.map((label, i) => (
          <li
            key={label}
            aria-current={i === current ? 'step' : undefined}
            className={i === current ? 'font-semibold text-primary' : 'text-muted-foreground'}
          >
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      {step.name === 'quote' ? (
        <QuoteStep
          session={session}
          onChoose={(quote) => {
            tellHost(session.parentOrigin, 'oshc:quote', {
              provider: quote.provider.display_name,
              policyType: quote.policyType,
              startDate: quote.startDate,
              endDate: quote.endDate,
              amount: quote.payable,
              currency: quote.currency,
            })
            setStep({ name: 'details', quote })
          }}
        />
      ) : step.name === 'details' ? (
        <DetailsStep
          session={session}
          quote={step.quote}
          countries={countries}
          onBack={() => setStep({ name: 'quote' })}
          onCreated={({ policyId, purchaseSecret }) =>
            setStep({ name: 'pay', quote: step.quote, policyId, purchaseSecret })
          }
        />
      ) : step.name === 'pay' ? (
        <PayStep
          session={session}
          policyId={step.policyId}
          purchaseSecret={step.purchaseSecret}
          onPaid={onPaid}
        />
      ) : (
        <ConfirmationStep policy={step.policy} agencyName={agencyName} />
      )}
    </div>
  )
}
