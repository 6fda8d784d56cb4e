import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { ProposeCapSchema } from '../../../../domain/finance/commission-cap/commission-cap.schemas'
import { confirmCommissionCap } from '../../../../domain/finance/commission-cap/confirm-commission-cap'
import { findAgenciesAboveCap } from '../../../../domain/finance/commission-cap/find-agencies-above-cap'
import { getCommissionCaps } from '../../../../domain/finance/commission-cap/get-commission-caps'
import { proposeCommissionCap } from '../../../../domain/finance/commission-cap/propose-commission-cap'
import { withdrawCommissionCap } from '../../../../domain/finance/commission-cap/withdraw-commission-cap'
import { id, optionalText } from '../../../../domain/shared/fields'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { readForm, submitForm } from '../../../utils/forms.server'
import { requireAccess } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { CapPage } from './cap-page'

const ProposeFormSchema = ProposeCapSchema.extend({ intent: z.literal('propose') })
/** Confirming or withdrawing a proposal (its id), with an optional reason for a withdrawal. */
const DecisionFormSchema = z.object({
  intent: z.enum(['confirm', 'withdraw'], { error: 'Unknown action' }),
  id: id(),
  reason: optionalText(1000),
})

const PAGE = '/staff/finance/commission-cap'
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getCommissionCaps.access, 'staff')
  const [caps, above] = await Promise.all([getCommissionCaps({ actor }), findAgenciesAboveCap({ actor })])
  const view = <T extends { proposed_at: Date; confirmed_at: Date | null }>(c: T) => ({
    ...c,
    proposed_at: iso(c.proposed_at)!,
    confirmed_at: iso(c.confirmed_at),
  })
  return {
    today: caps.today,
    lines: caps.lines.map((l) => ({
      ...l,
      settings: l.settings.map(view),
      proposal: l.proposal ? view(l.proposal) : null,
    })),
    history: caps.history.map((h) => ({ ...h, at: iso(h.at)! })),
    above: above.rows,
  }
}

/** `propose` a setting; `confirm` or `withdraw` a proposal. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, getCommissionCaps.access, 'staff')
  const formData = await readForm(request)
  if (formData.get('intent') === 'propose')
    return submitForm(formData, ProposeFormSchema, async ({ intent: _intent, ...input }) => {
      await proposeCommissionCap({ actor, input })
      return redirectWithToast(PAGE, {
        type: 'success',
        title: 'Commission cap proposed: another person with finance confirms it',
      })
    })
  return submitForm(formData, DecisionFormSchema, async ({ intent, id, reason }) => {
    if (intent === 'confirm') {
      await confirmCommissionCap({ actor, id })
      return redirectWithToast(PAGE, { type: 'success', title: 'Commission cap confirmed' })
    }
    await withdrawCommissionCap({ actor, id, input: { reason } })
    return redirectWithToast(PAGE, { type: 'success', title: 'Proposal withdrawn' })
  })
}

export default function StaffCommissionCap() {
  const data = useLoaderData<typeof loader>()
  return <CapPage {...data} schemas={{ propose: ProposeFormSchema, decision: DecisionFormSchema }} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
