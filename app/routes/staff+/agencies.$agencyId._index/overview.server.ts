// The overview tab's loader and action, apart from its components so they can name the loader's
// type without importing the route (no import cycle; ADR 0015).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getAgency } from '../../../../domain/agencies/reads/get-agency'
import { sendAgencyPasswordReset } from '../../../../domain/agencies/onboarding/send-agency-password-reset'
import { updateAdminAgencyStatus } from '../../../../domain/agencies/onboarding/update-admin-agency-status'
import { updateYourAdmission } from '../../../../domain/agencies/configuration/update-your-admission'
import { updateAgencyCardSurcharge } from '../../../../domain/agencies/configuration/update-agency-card-surcharge'
import { SetStatusSchema } from '../../../utils/agency-forms.schemas'
import {
  backToTab,
  changePortal,
  orNotFound,
  requireAgencyPage,
  staffWaitingFor,
} from '../../../utils/agency-page.server'
import { readForm, submitForm } from '../../../utils/forms.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, agencyId } = await requireAgencyPage(request, params)
  const agency = await orNotFound(getAgency({ actor, id: agencyId }))
  return { agency, waitingFor: staffWaitingFor(agency), canFinance: actor.permissions.has('finance') }
}

const PasswordResetSchema = z.object({ intent: z.literal('password-reset') })
const YourAdmissionSchema = z.object({
  intent: z.literal('your-admission'),
  active: z.enum(['true', 'false']),
})
const SurchargeSchema = z.object({ intent: z.literal('card-surcharge'), enabled: z.enum(['true', 'false']) })

/** The overview's forms: portal, status override, password reset and the two switches. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, agencyId } = await requireAgencyPage(request, params)
  const formData = await readForm(request)
  switch (formData.get('intent')) {
    case 'activate':
    case 'deactivate':
      return changePortal(actor, agencyId, formData, 'overview')
    case 'set-status': {
      return submitForm(formData, SetStatusSchema, async (value) => {
        await updateAdminAgencyStatus({ actor, agencyId, ...value })
        return backToTab(agencyId, 'overview', 'Status updated')
      })
    }
    case 'password-reset': {
      return submitForm(formData, PasswordResetSchema, async () => {
        await sendAgencyPasswordReset({ actor, agencyId })
        return backToTab(agencyId, 'overview', 'Password reset e-mail sent')
      })
    }
    case 'your-admission': {
      return submitForm(formData, YourAdmissionSchema, async (value) => {
        const active = value.active === 'true'
        await updateYourAdmission({ actor, agencyId, active })
        return backToTab(
          agencyId,
          'overview',
          active ? 'Admission service turned on' : 'Admission service turned off',
        )
      })
    }
    case 'card-surcharge': {
      if (!actor.permissions.has('finance')) {
        throw new Response('The card surcharge is changed by staff with the finance permission', {
          status: 403,
        })
      }
      return submitForm(formData, SurchargeSchema, async (value) => {
        const enabled = value.enabled === 'true'
        await updateAgencyCardSurcharge({
          actor,
          input: { agency_id: agencyId, is_card_surcharge_enabled: enabled },
        })
        return backToTab(
          agencyId,
          'overview',
          enabled ? 'Card surcharge turned on' : 'Card surcharge turned off',
        )
      })
    }
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}
