import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, agencyConfigurations, agencyDocuments } from '../../db/schema'
import { config } from '../shared/config'
import { invalidTransition, notFound } from '../shared/errors'
import { sendMail } from '../mail/mailer'
import { mails } from '../mail/templates'
import { markTasksEscalated, syncWorkflowTasks, type WantedTask } from '../tasks/tasks'
import {
  DECISIONS,
  type OnboardingDecision,
  type OnboardingPhase,
  type OnboardingSnapshot,
} from './onboarding.rules'
import { recordAgencyHistory } from './agency-history'
import { verifyPagePath } from './one-time-codes'
import { clock } from '../shared/clock'

/** What the onboarding workflow needs to know of an agency, read from the database. */
export async function getOnboardingSnapshot(agencyId: number): Promise<OnboardingSnapshot> {
  const db = getDb()
  const [row] = await db
    .select({
      status: agencies.status,
      is_email_verified: agencies.is_email_verified,
      is_request_submitted: agencies.is_request_submitted,
      unsigned: agencyDocuments.unsigned_agreement,
      configured: sql<number>`(select count(*)::int from ${agencyConfigurations} where ${agencyConfigurations.agency_id} = ${agencies.id})`,
    })
    .from(agencies)
    .leftJoin(agencyDocuments, eq(agencyDocuments.agency_id, agencies.id))
    .where(eq(agencies.id, agencyId))
  if (!row) throw notFound('Agency')
  return {
    agencyId,
    status: row.status,
    is_email_verified: row.is_email_verified,
    is_request_submitted: row.is_request_submitted,
    has_unsigned_agreement: !!row.unsigned,
    configured_providers: row.configured,
  }
}

/**
 * Applies a staff decision against the database (the authority): the agency must be exactly at
 * the decision's source status, or already at its target (a retried activity), else it is refused.
 */
export async function applyOnboardingDecision(input: {
  agencyId: number
  decision: OnboardingDecision
  actor: string
  note?: string
}) {
  const { from, to } = DECISIONS[input.decision]
  const db = getDb()
  const mail = await db.transaction(async (tx) => {
    const [agency] = await tx.select().from(agencies).where(eq(agencies.id, input.agencyId)).for('update')
    if (!agency) throw notFound('Agency')
    if (agency.status === to) return null
    if (agency.status !== from) {
      throw invalidTransition(`Cannot ${describe(input.decision)} while the agency is at ${agency.status}`)
    }
    const snapshot = await getOnboardingSnapshot(agency.id)
    if (input.decision === 'configurationDone') {
      if (!agency.is_request_submitted)
        throw invalidTransition('The agency has not submitted its registration request yet')
      if (snapshot.configured_providers === 0) {
        throw invalidTransition('Configure the commission of at least one insurance provider first')
      }
    }
    if (input.decision === 'agreementSent') {
      if (!snapshot.has_unsigned_agreement)
        throw invalidTransition('Upload the unsigned agreement before sending it')
      await tx
        .update(agencyDocuments)
        .set({ is_unsigned_agreement_sent: true })
        .where(eq(agencyDocuments.agency_id, agency.id))
    }
    const activation = input.decision === 'activatePortal'
    await tx
      .update(agencies)
      .set({ status: to, ...(activation ? { is_verfied: true, verification_date: clock.now() } : {}) })
      .where(eq(agencies.id, agency.id))
    await recordAgencyHistory(tx, {
      agencyId: agency.id,
      action: input.decision,
      actor: input.actor,
      from,
      to,
      note: input.note,
    })
    const name = agency.full_company_name ?? agency.email
    if (input.decision === 'agreementSent') return { to: agency.email, ...mails.agreementSent(name) }
    if (activation) return { to: agency.email, ...mails.portalActivated(name) }
    return null
  })
  if (mail) await sendMail(mail)
  return getOnboardingSnapshot(input.agencyId)
}

function describe(d: OnboardingDecision) {
  return {
    configurationDone: 'complete the configuration',
    agreementSent: 'send the agreement',
    activatePortal: 'activate the portal',
  }[d]
}

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
    link: `/staff/agencies/${agency.id}?tab=${tab}`,
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
        link: '/onboarding',
        dueAt,
      }
    case 'sign':
      return {
        kind: 'SIGN_AGREEMENT',
        audience: 'agency',
        subject: 'Sign the agency agreement and upload it',
        agencyId: agency.id,
        link: '/onboarding/agreement',
        dueAt,
      }
    default:
      return null
  }
}

async function agencyName(agencyId: number) {
  const [a] = await getDb().select().from(agencies).where(eq(agencies.id, agencyId))
  if (!a) throw notFound('Agency')
  return { id: a.id, name: a.full_company_name ?? a.email, email: a.email, status: a.status }
}

export async function syncOnboardingTasks(input: {
  agencyId: number
  phase: OnboardingPhase
  workflowId: string
  dueInMs: number
}) {
  const agency = await agencyName(input.agencyId)
  await syncWorkflowTasks(
    input.workflowId,
    taskFor(input.phase, agency, new Date(clock.now().getTime() + input.dueInMs)),
  )
}

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
    path: '/onboarding',
    toAgency: true,
  },
  sign: { what: 'sign and upload your agency agreement', path: '/onboarding/agreement', toAgency: true },
  configure: { what: 'an agency is waiting to be configured', path: '/staff/inbox', toAgency: false },
  'send-agreement': { what: 'an agency is waiting for its agreement', path: '/staff/inbox', toAgency: false },
  activate: {
    what: 'an agency with a signed agreement is waiting for activation',
    path: '/staff/inbox',
    toAgency: false,
  },
}

/**
 * A deadline passed: remind whoever is waited on; the second time, escalate to the staff team.
 * The mail goes out once per `key` (the workflow's name for this reminder), however often the
 * activity is retried.
 */
export async function remindOnboarding(input: {
  agencyId: number
  /** The workflow waiting on the agency: its inbox tasks and the history row's actor. */
  workflowId: string
  phase: OnboardingPhase
  escalate: boolean
  key?: string
}) {
  const r = REMINDERS[input.phase]
  if (!r) return
  const agency = await agencyName(input.agencyId)
  const what = r.toAgency ? r.what : `${r.what} (${agency.name})`
  if (input.escalate) {
    await sendMail(
      {
        to: config().STAFF_TEAM_EMAIL,
        ...mails.escalation(`${agency.name}: ${what}`, `/staff/agencies/${agency.id}`),
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
  await getDb().transaction((tx) =>
    recordAgencyHistory(tx, {
      agencyId: agency.id,
      action: input.escalate ? 'ESCALATED' : 'REMINDER_SENT',
      actor: `workflow:${input.workflowId}`,
      note: what,
    }),
  )
}
