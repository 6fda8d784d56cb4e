import { syncWorkflowTasks, type WantedTask } from '../../tasks/workflow-tasks'
import type { OnboardingPhase } from '../onboarding.rules'
import { sharedStepDeps, type StepDeps } from '../../shared/step-deps'
import { agencyName } from './agency-contact'
import { onboardingLinks, staffLinks } from '../../shared/links'

/** The inbox task each phase opens (none while the agency cannot sign in yet). */
function taskFor(
  phase: OnboardingPhase,
  agency: { id: number; name: string },
  dueAt: Date,
): WantedTask | null {
  const staff = (kind: string, subject: string, tab: string): WantedTask => ({
    kind,
    audience: 'staff',
    subject,
    agencyId: agency.id,
    link: staffLinks.agency(agency.id, tab),
    dueAt,
  })
  switch (phase) {
    case 'configure':
      return staff('AGENCY_CONFIGURATION', `Configure ${agency.name}`, 'configuration')
    case 'send-agreement':
      return staff('AGENCY_AGREEMENT', `Send the agreement to ${agency.name}`, 'agreement')
    case 'activate':
      return staff('AGENCY_ACTIVATION', `Activate the portal of ${agency.name}`, 'agreement')
    case 'details':
      return {
        kind: 'COMPLETE_COMPANY_DETAILS',
        audience: 'agency',
        subject: 'Complete your company details and submit them',
        agencyId: agency.id,
        link: onboardingLinks.home,
        dueAt,
      }
    case 'sign':
      return {
        kind: 'SIGN_AGREEMENT',
        audience: 'agency',
        subject: 'Sign the agency agreement and upload it',
        agencyId: agency.id,
        link: onboardingLinks.agreement,
        dueAt,
      }
    default:
      return null
  }
}

export async function syncOnboardingTasks(
  input: {
    agencyId: number
    phase: OnboardingPhase
    workflowId: string
    dueInMs: number
  },
  { db, clock }: Pick<StepDeps, 'db' | 'clock'> = sharedStepDeps(),
) {
  const agency = await agencyName(input.agencyId, db)
  await syncWorkflowTasks(
    input.workflowId,
    taskFor(input.phase, agency, new Date(clock.now().getTime() + input.dueInMs)),
  )
}
