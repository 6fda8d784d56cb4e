// The new-policy wizard's action (agency.policies.$policyId.edit): one small function per step
// form, picked by the form's `intent`. Each reads its step with the step's schema (submitForm,
// the schema the step's form checks in the browser), saves it through the use case and sends the
// agency to the next step; a refusal answers Conform's reply (the posted intent in it).
import { type Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { initiatePolicy } from '../../../../domain/policies/initiate-policy'
import { UpdateStudentDetailsSchema } from '../../../../domain/policies/policies.schemas'
import { saveOtherDetails } from '../../../../domain/policies/save-other-details'
import { savePartnerAndDependants } from '../../../../domain/policies/save-partner-and-dependants'
import { updateCustomerDetails } from '../../../../domain/policies/update-customer-details'
import { updateStudentDetails } from '../../../../domain/policies/update-student-details'
import { submitForm } from '../../../utils/forms.server'
import {
  FamilyFormSchema,
  OtherDetailsFormSchema,
  PersonalDetailsFormSchema,
  QuoteChoiceSchema,
} from '../../../utils/policy-wizard.schemas'
import { redirectWithToast } from '../../../utils/toast.server'
import {
  carriedFrom,
  familySkipped,
  initiateCarriedOrQuote,
  isPriced,
  refuseFields,
  resolveAddress,
  studentErrors,
  studentInput,
  type AgencyActor,
  type Details,
} from './policy-wizard.server'

type Step = { actor: AgencyActor; policyId: number; d: Details; formData: FormData }

/** On to `step` with a toast; the quote page's choice (carry_*) travels along. */
function goTo({ policyId, formData }: Step, step: string, title: string) {
  const next = new URLSearchParams({ step, ...carriedFrom(formData, 'carry_') })
  return redirectWithToast(`/agency/policies/${policyId}/edit?${next}`, { type: 'success', title })
}

/** A priced policy changes as a whole student (updateStudentDetails), one step replaced. */
async function updateWholeStudent(
  { actor, d }: Step,
  submission: Submission<unknown>,
  change: Parameters<typeof studentInput>[1],
) {
  const parsed = UpdateStudentDetailsSchema.safeParse(studentInput(d, change))
  if (!parsed.success) return refuseFields(submission, studentErrors(parsed.error))
  await updateStudentDetails({ actor, input: parsed.data })
  return null
}

function savePersonal(step: Step) {
  const { actor, d } = step
  const customerId = d.policy.customer_id
  return submitForm(step.formData, PersonalDetailsFormSchema, async (v) => {
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

/**
 * "Update the number": the family form again, nothing saved and nothing checked; the page draws
 * as many dependant rows as the reply's posted `dependant_count`.
 */
async function countDependants({ formData }: Step) {
  return data(parseWithZod(formData, { schema: z.looseObject({}) }).reply())
}

function saveFamily(step: Step) {
  const { actor, d } = step
  return submitForm(step.formData, FamilyFormSchema, async (v, submission) => {
    const family = { partner: v.partner, family_members: v.family_members }
    if (isPriced(d)) {
      const refused = await updateWholeStudent(step, submission, family)
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
  if (cityError)
    return refuseFields(parseWithZod(formData, { schema: OtherDetailsFormSchema }), { city_id: [cityError] })
  return submitForm(formData, OtherDetailsFormSchema, async (v, submission) => {
    if (isPriced(d)) {
      const refused = await updateWholeStudent(step, submission, { customer: v })
      if (refused) return refused
      return goTo(step, 'quote', 'Passport and address saved')
    }
    await saveOtherDetails({ actor, input: { ...v, customer_id: d.policy.customer_id } })
    const policy = { id: d.policy.id, customerId: d.policy.customer_id, type: d.policy.policy_type }
    return initiateCarriedOrQuote(
      actor,
      policy,
      carriedFrom(formData, 'carry_'),
      'Passport and address saved',
    )
  })
}

function chooseQuote(step: Step) {
  const { actor, d, policyId } = step
  return submitForm(step.formData, QuoteChoiceSchema, async (v, submission) => {
    if (d.policy.status === 'PAYMENT_REJECTED') {
      const refused = await updateWholeStudent(step, submission, { policy: v })
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
export const WIZARD_ACTIONS: Record<string, (step: Step) => Promise<unknown>> = {
  personal: savePersonal,
  count: countDependants,
  family: saveFamily,
  other: saveOther,
  quote: chooseQuote,
}
