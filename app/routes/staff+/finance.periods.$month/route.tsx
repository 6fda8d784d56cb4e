import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { closePeriod } from '../../../../domain/finance/periods/close-period'
import { confirmPeriodReopen } from '../../../../domain/finance/periods/confirm-period-reopen'
import { getPeriod } from '../../../../domain/finance/periods/get-period'
import { MonthSchema, ReopenRequestSchema } from '../../../../domain/finance/periods/periods.schemas'
import { proposePeriod } from '../../../../domain/finance/periods/propose-period'
import { requestPeriodReopen } from '../../../../domain/finance/periods/request-period-reopen'
import { PACK_REPORTS } from '../../../../domain/finance/periods/month-pack.rules'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import { requireAccess } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { PeriodPage } from './period-page'

/** The month's decisions without a field: propose, close, confirm a reopening. */
const PeriodDecisionSchema = z.object({
  intent: z.enum(['propose', 'close', 'reopen'], { error: 'Unknown action' }),
})
/** Asking to reopen: the use case's reason field. */
const ReopenFormSchema = ReopenRequestSchema.extend({ intent: z.literal('reopen-request') })

const monthOf = (value: string | undefined) => {
  const parsed = MonthSchema.safeParse(value)
  if (!parsed.success) throw new Response('Month not found', { status: 404 })
  return parsed.data
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getPeriod.access, 'staff')
  const p = await getPeriod({ actor, month: monthOf(params.month) }).catch(throwAsResponse)
  const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null)
  return {
    month: p.month,
    label: p.label,
    status: p.period?.status ?? 'OPEN',
    status_label: p.period?.status_label ?? 'Open',
    closed: p.period?.closed ?? false,
    proposed_by: p.period?.proposed_by ?? null,
    proposed_at: iso(p.period?.proposed_at),
    closed_by: p.period?.closed_by ?? null,
    closed_at: iso(p.period?.closed_at),
    reopen_requested_by: p.period?.reopen_requested_by ?? null,
    reopen_reason: p.period?.reopen_reason ?? null,
    snapshot: p.period?.trial_balance ?? null,
    can_close: p.can_close,
    can_confirm_reopen: p.can_confirm_reopen,
    trial: p.trial,
    events: p.events.map((e) => ({ ...e, at: iso(e.at)! })),
    reports: PACK_REPORTS.map((r) => ({ key: r.key, label: r.label })),
  }
}

/** `propose`, `close`, `reopen` (confirm), or `reopen-request` with the reason. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, getPeriod.access, 'staff')
  const month = monthOf(params.month)
  const formData = await readForm(request)
  const back = `/staff/finance/periods/${month}`
  if (formData.get('intent') === 'reopen-request')
    return submitForm(formData, ReopenFormSchema, async (input) => {
      await requestPeriodReopen({ actor, month, input })
      return redirectWithToast(back, {
        type: 'success',
        title: 'Reopening requested: the month stays closed until another person with finance confirms',
      })
    })
  return submitForm(formData, PeriodDecisionSchema, async ({ intent }) => {
    if (intent === 'propose') {
      await proposePeriod({ actor, month })
      return redirectWithToast(back, {
        type: 'success',
        title: 'Month proposed: another person with finance closes it',
      })
    }
    if (intent === 'close') {
      await closePeriod({ actor, month })
      return redirectWithToast(back, { type: 'success', title: 'Month closed' })
    }
    await confirmPeriodReopen({ actor, month })
    return redirectWithToast(back, { type: 'success', title: 'Month reopened' })
  })
}

export default function StaffPeriod() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link className="underline" to="/staff/finance/periods">
          All months
        </Link>
      </p>
      <PeriodPage {...data} schemas={{ decision: PeriodDecisionSchema, reopen: ReopenFormSchema }} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
