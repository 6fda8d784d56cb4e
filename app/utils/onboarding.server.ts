import { redirect } from '@remix-run/node'
import type { z } from 'zod'
import type { AgencyActor } from '../../domain/shared/actor'
import { readForm, submitForm } from './forms.server'
import { pathByStatus, statusIndex, type AgencyStatus } from '../../domain/agencies/agencies.rules'
import { requireOnboardingAgency } from './session.server'

/**
 * Guard of a company-detail step: the agency must have reached `opensAt`; before that, and once
 * the request is submitted, it is sent where path_by_status says.
 */
export async function requireOnboardingStep(request: Request, opensAt: AgencyStatus) {
  const ctx = await requireOnboardingAgency(request)
  const { agency } = ctx
  if (ctx.mustChangePassword) throw redirect('/change-password')
  if (
    statusIndex(agency.status) < statusIndex(opensAt) ||
    agency.is_request_submitted ||
    statusIndex(agency.status) > statusIndex('COMPANY_DETAIL_DONE')
  ) {
    const target = pathByStatus(agency)
    if (new URL(request.url).pathname !== target.split('?')[0]) throw redirect(target)
  }
  return ctx
}

/**
 * The action of a company-detail step: guard, validate, save through the use case, go on to
 * `next`; refusals come back as field or form errors.
 */
export async function companyStepAction<Schema extends z.ZodType<Record<string, unknown>>>(
  request: Request,
  step: {
    opensAt: AgencyStatus
    schema: Schema
    save: (opts: { actor: AgencyActor; agencyId: number; input: z.output<Schema> }) => Promise<unknown>
    next: string
  },
) {
  const { actor, agency } = await requireOnboardingStep(request, step.opensAt)
  return submitForm(await readForm(request), step.schema, async (input) => {
    await step.save({ actor, agencyId: agency.id, input })
    return redirect(step.next)
  })
}
