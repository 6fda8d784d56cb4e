// The new-policy wizard's action (agency.policies.$policyId.edit): one small function per step
// form, picked by the form's `intent`. Each reads its step with the step's schema (submitStep),
// saves it through the use case and sends the agency to the next step.
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import type { z } from 'zod'
import { initiatePolicy } from '../../../../domain/policies/initiate-policy'
import {
  FamilyFormSchema,
  OtherDetailsFormSchema,
  PersonalDetailsFormSchema,
  QuoteChoiceSchema,
  UpdateStudentDetailsSchema,
} from '../../../../domain/policies/policies.schemas'
import { saveOtherDetails } from '../../../../domain/policies/save-other-details'
import { savePartnerAndDependants } from '../../../../domain/policies/save-partner-and-dependants'
import { updateCustomerDetails } from '../../../../domain/policies/update-customer-details'
import { updateStudentDetails } from '../../../../domain/policies/update-student-details'
import {
  CARRIED,
  familySkipped,
  invalid,
  isPriced,
  refuse,
  resolveAddress,
  studentErrors,
  studentInput,
  type AgencyActor,
  type Details,
  type WizardReply,
} from './policy-wizard.server'
import { redirectWithToast } from '../../../utils/toast.server'

type Step = { actor: AgencyActor; policyId: number; d: Details; formData: FormData }
type Answer = Promise<Response | ReturnType<typeof invalid> | ReturnType<typeof data<WizardReply>>>

/**
 * The wizard's `submitForm`: parse the step with its schema (an invalid step answers 400 on its
 * fields), then `run` it; a refused use case answers on the step's fields.
 */
async function submitStep<S extends z.ZodType>(
  intent: string,
  formData: FormData,
  schema: S,
  run: (value: z.output<S>, payload: unknown) => Answer,
): Answer {
  const s = parseWithZod(formData, { schema })
  if (s.status !== 'success') return invalid(intent, s.payload, s.error)
  try {
    return await run(s.value as z.output<S>, s.payload)
  } catch (err) {
    return refuse(intent, s.payload, err)
  }
}

/** On to `step` with a toast; the quote page's choice (carry_*) travels along. */
function goTo({ policyId, formData }: Step, step: string, title: string) {
  const next = new URLSearchParams({ step })
  for (const k of CARRIED) {
    const v = formData.get(`carry_${k}`)
    if (typeof v === 'string' && v) next.set(k, v)
  }
  return redirectWithToast(`/agency/policies/${policyId}/edit?${next}`, { type: 'success', title })
}

/** A priced policy changes as a whole student (updateStudentDetails), one step replaced. */
async function updateWholeStudent(
  { actor, d }: Step,
  intent: string,
  payload: unknown,
  change: Parameters<typeof studentInput>[1],
) {
  const parsed = UpdateStudentDetailsSchema.safeParse(studentInput(d, change))
  if (!parsed.success) return invalid(intent, payload, studentErrors(parsed.error))
  await updateStudentDetails({ actor, input: parsed.data })
  return null
}

function savePersonal(step: Step) {
  const { actor, d } = step
  const customerId = d.policy.customer_id
  return submitStep('personal', step.formData, PersonalDetailsFormSchema, async (v) => {
    await updateCustomerDetails({ actor, input: { ...v, customer_id: customerId } })
    const priced = isPriced(d)
    const type = priced ? (d.policy.policy_type ?? v.policy_type) : v.policy_type
    if (!priced && familySkipped(type)) {
      await savePartnerAndDependants({
        actor,
        input: { customer_id: customerId, policy_type: v.policy_type, partner: null, family_members: [] },
      })
    }
    return goTo(step, familySkipped(type) ? 'other' : 'family', 'Student details saved')
  })
}

/** "Update the list": the family form again with that many dependant rows, nothing saved. */
async function countDependants({ formData }: Step) {
  const s = parseWithZod(formData, { schema: FamilyFormSchema })
  const count = Math.min(20, Math.max(0, Number(formData.get('dependant_count') ?? 0) || 0))
  return data({
    intent: 'family',
    result: { initialValue: s.payload, error: null },
    count,
  } satisfies WizardReply)
}

function saveFamily(step: Step) {
  const { actor, d } = step
  return submitStep('family', step.formData, FamilyFormSchema, async (v, payload) => {
    const family = { partner: v.partner, family_members: v.family_members }
    if (isPriced(d)) {
      const refused = await updateWholeStudent(step, 'family', payload, family)
      if (refused) return refused
    } else {
      await savePartnerAndDependants({ actor, input: { customer_id: d.policy.customer_id, ...family } })
    }
    return goTo(step, 'other', 'Partner and dependants saved')
  })
}

async function saveOther(step: Step) {
  const { actor, d, formData } = step
  const cityError = await resolveAddress(formData)
  if (cityError) {
    const s = parseWithZod(formData, { schema: OtherDetailsFormSchema })
    const errors = s.status === 'success' ? {} : s.error
    return invalid('other', s.payload, { ...errors, city_id: [cityError] })
  }
  return submitStep('other', formData, OtherDetailsFormSchema, async (v, payload) => {
    if (isPriced(d)) {
      const refused = await updateWholeStudent(step, 'other', payload, { customer: v })
      if (refused) return refused
    } else {
      await saveOtherDetails({ actor, input: { ...v, customer_id: d.policy.customer_id } })
    }
    return goTo(step, 'quote', 'Passport and address saved')
  })
}

function chooseQuote(step: Step) {
  const { actor, d, policyId } = step
  return submitStep('quote', step.formData, QuoteChoiceSchema, async (v, payload) => {
    if (d.policy.status === 'PAYMENT_REJECTED') {
      const refused = await updateWholeStudent(step, 'quote', payload, { policy: v })
      if (refused) return refused
    } else {
      await initiatePolicy({ actor, input: { ...v, customer_id: d.policy.customer_id, policy_id: policyId } })
    }
    return redirectWithToast(`/agency/policies/${policyId}/pay`, {
      type: 'success',
      title: 'Policy initiated',
      description: 'The premium invoice is open. Choose how to pay.',
    })
  })
}

/** The wizard's forms by intent ('count' redraws the family form). */
export const WIZARD_ACTIONS: Record<string, (step: Step) => Answer> = {
  personal: savePersonal,
  count: countDependants,
  family: saveFamily,
  other: saveOther,
  quote: chooseQuote,
}
