// The wizard's loader and action, apart from its step components so they can name the loader's
// and action's types without importing the route (no import cycle; ADR 0015).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
  FAMILY_RULES,
  openSteps,
  resumeStep,
  STATUS_LABELS,
  type WizardStep,
} from '../../../../domain/policies/policies.rules'
import { initiatePolicy } from '../../../../domain/policies/initiate-policy'
import { priceWithProviders } from '../../../../domain/quotes/price-policy'
import { findCountries } from '../../../../domain/reference/find-countries'
import { findStatesByCountry } from '../../../../domain/reference/find-states'
import { fromCents } from '../../../../domain/shared/money'
import { type StepValues } from '../../../components/policy-wizard'
import { idFromParam, readForm } from '../../../utils/forms.server'
import { requireAccess } from '../../../utils/session.server'
import { WIZARD_ACTIONS } from './policy-wizard-actions.server'
import {
  auCountryId,
  CARRIED,
  chosenQuote,
  familySkipped,
  isPriced,
  load,
  quoteDates,
  savedValues,
} from './policy-wizard.server'

const STEPS: WizardStep[] = ['personal', 'family', 'other', 'quote']
const isStep = (s: string | null): s is WizardStep => !!s && (STEPS as string[]).includes(s)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, initiatePolicy.access, 'agency')
  const policyId = idFromParam(params.policyId, 'Policy')
  const d = await load(actor, policyId)
  const url = new URL(request.url)
  const status = d.policy.status
  const open = openSteps(status)
  const type = d.policy.policy_type
  const skipped = familySkipped(type) ? ['family'] : []
  const requested = url.searchParams.get('step')
  const fallback = resumeStep(status) ?? 'quote'
  if (!isStep(requested) || !open.includes(requested) || skipped.includes(requested)) {
    const next = new URLSearchParams(url.searchParams)
    next.set('step', fallback === 'family' && skipped.length ? 'other' : fallback)
    if (requested !== next.get('step')) throw redirect(`/agency/policies/${policyId}/edit?${next}`)
  }
  const step = (isStep(requested) ? requested : fallback) as WizardStep
  const carried = CARRIED.map((k) => [k, url.searchParams.get(k) ?? ''] as [string, string]).filter(
    ([, v]) => v,
  )
  const base = {
    policy: {
      id: d.policy.id,
      ref: d.policy.ref,
      status,
      status_label: STATUS_LABELS[status],
      policy_type: type,
    },
    step,
    open,
    skipped,
    priced: isPriced(d),
    values: savedValues(d) as StepValues,
    carried,
    chosen: await chosenQuote(d.policy.agency_id, type, Object.fromEntries(carried)),
  }
  if (step === 'personal') {
    const countries = await findCountries()
    return { ...base, countries: countries.map((c) => ({ value: String(c.id), label: c.name })) }
  }
  if (step === 'family') {
    const rule = FAMILY_RULES[(type ?? 'SINGLE') as keyof typeof FAMILY_RULES]
    return { ...base, rule }
  }
  if (step === 'other') {
    const [countries, au] = await Promise.all([findCountries(), auCountryId()])
    const states = au ? await findStatesByCountry(au) : []
    return {
      ...base,
      countries: countries.map((c) => ({ value: String(c.id), label: c.name })),
      states: states.map((s) => ({ value: String(s.id), label: s.name })),
    }
  }
  const dates = quoteDates(url, d)
  const rows =
    dates.ready && type
      ? await priceWithProviders({
          agencyId: d.policy.agency_id,
          policyType: type,
          startDate: dates.start,
          endDate: dates.end,
        })
      : []
  const chosen =
    url.searchParams.get('provider_id') ??
    (d.policy.insurance_provider_id ? String(d.policy.insurance_provider_id) : '')
  return {
    ...base,
    quote: {
      start_date: dates.start,
      end_date: dates.end,
      dateErrors: dates.errors,
      chosen,
      rows: rows.map((r) => ({
        provider_id: r.provider.id,
        name: r.provider.display_name,
        days: r.price.days,
        premium: fromCents(r.price.premium),
        payable: fromCents(r.price.payable),
        commission: fromCents(r.price.commission),
        offer: r.offer ? { rate: r.offer.rate, end_date: r.offer.end_date } : null,
        blocked: r.rule?.blocks ? r.rule.rule_info : null,
      })),
    },
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, initiatePolicy.access, 'agency')
  const policyId = idFromParam(params.policyId, 'Policy')
  const d = await load(actor, policyId)
  const formData = await readForm(request)
  const save = WIZARD_ACTIONS[String(formData.get('intent') ?? '')]
  if (!save) throw new Response('Unknown action', { status: 400 })
  return save({ actor, policyId, d, formData })
}
