import { logError } from '../../shared/log'
import { onboardingProcess } from '../onboarding-workflow/onboarding-process'

/** Agency-side steps only inform the workflow; a failure there must not undo the saved step. */
export async function notifyWorkflow(agencyId: number) {
  try {
    await onboardingProcess().changed(agencyId)
  } catch (err) {
    logError('onboarding', err, { agencyId, note: 'could not signal the onboarding workflow' })
  }
}
