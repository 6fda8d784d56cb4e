import { config } from '../../shared/config'
import { sharedStepDeps, type StepDeps } from '../../shared/step-deps'
import { noticeOnboarding } from '../onboarding-notices'
import { mails } from '../../mail/templates'
import { markTasksEscalated } from '../../tasks/workflow-tasks'
import type { OnboardingPhase } from '../onboarding.rules'
import { recordAgencyHistory } from '../agency-history'
import { verifyPagePath } from '../onboarding/one-time-codes'
import { agencyName } from './agency-contact'
import { onboardingLinks, staffLinks } from '../../shared/links'

type Reminder = { what: string; path: string | ((agencyId: number) => string); toAgency: boolean }

const REMINDERS: Partial<Record<OnboardingPhase, Reminder>> = {
  // Before verification the agency has no login yet: the link is its signed verify page.
  verify: {
    what: 'verify your e-mail address to continue your registration',
    path: verifyPagePath,
    toAgency: true,
  },
  details: {
    what: 'complete your company details and submit your registration',
    path: onboardingLinks.home,
    toAgency: true,
  },
  sign: { what: 'sign and upload your agency agreement', path: onboardingLinks.agreement, toAgency: true },
  configure: { what: 'an agency is waiting to be configured', path: staffLinks.inbox, toAgency: false },
  'send-agreement': {
    what: 'an agency is waiting for its agreement',
    path: staffLinks.inbox,
    toAgency: false,
  },
  activate: {
    what: 'an agency with a signed agreement is waiting for activation',
    path: staffLinks.inbox,
    toAgency: false,
  },
}

/**
 * A deadline passed: remind whoever is waited on; the second time, escalate to the staff team.
 * The mail goes out once per `key` (the workflow's name for this reminder), however often the
 * activity is retried.
 */
export async function remindOnboarding(
  input: {
    agencyId: number
    /** The workflow waiting on the agency: its inbox tasks and the history row's actor. */
    workflowId: string
    phase: OnboardingPhase
    escalate: boolean
    key?: string
  },
  { db, mail: sendMail }: Pick<StepDeps, 'db' | 'mail'> = sharedStepDeps(),
) {
  const r = REMINDERS[input.phase]
  if (!r) return
  const agency = await agencyName(input.agencyId, db)
  const what = r.toAgency ? r.what : `${r.what} (${agency.name})`
  if (input.escalate) {
    await sendMail(
      {
        to: config().STAFF_TEAM_EMAIL,
        ...mails.escalation(`${agency.name}: ${what}`, staffLinks.agency(agency.id)),
      },
      { idempotencyKey: input.key },
    )
    await markTasksEscalated(input.workflowId)
  } else {
    await sendMail(
      {
        to: r.toAgency ? agency.email : config().STAFF_TEAM_EMAIL,
        ...mails.reminder(what, typeof r.path === 'function' ? r.path(agency.id) : r.path),
      },
      { idempotencyKey: input.key },
    )
  }
  await db.transaction(async (tx) => {
    await recordAgencyHistory(tx, {
      agencyId: agency.id,
      action: input.escalate ? 'ESCALATED' : 'REMINDER_SENT',
      actor: `workflow:${input.workflowId}`,
      note: what,
    })
    // The agency is reminded of its own steps; staff of theirs, and of every escalation.
    const toAgency = r.toAgency && !input.escalate
    await noticeOnboarding(tx, toAgency ? 'ONBOARDING_REMINDER' : 'ONBOARDING_ESCALATED', agency, what)
  })
}
