import { describe, expect, it } from 'vitest'
import {
  AGENCY_STATUSES,
  canTransition,
  companyStepResult,
  isStaffStep,
  pathByStatus,
  statusGroup,
} from '../../domain/agencies/agencies.rules'
import { isAgencyStatus, phaseOf, refusalFromSnapshot } from '../../domain/agencies/onboarding.rules'
import { toCents } from '../../domain/shared/money'
import { toMs } from '../../workflows/duration'

const snap = (status: Parameters<typeof phaseOf>[0]['status'], submitted = false) => ({
  agencyId: 1,
  status,
  is_email_verified: true,
  is_request_submitted: submitted,
  has_unsigned_agreement: false,
  configured_providers: 0,
})

describe('onboarding rules', () => {
  it('allows only the machine of DESIGN.md section 6', () => {
    expect(canTransition('COMPANY_DETAIL_DONE', 'CONFIGURATION_DONE')).toBe(true)
    expect(canTransition('COMPANY_DETAIL_DONE', 'AGREEMENT_SENT')).toBe(false)
    expect(canTransition('PORTAL_ACTIVATED', 'PORTAL_DEACTIVATED')).toBe(true)
    expect(canTransition('PORTAL_DEACTIVATED', 'PORTAL_ACTIVATED')).toBe(true)
    expect(canTransition('PENDING', 'PORTAL_ACTIVATED')).toBe(false)
  })
  it('tells the ordinary staff steps from overrides (which need a reason)', () => {
    expect(isStaffStep('AGREEMENT_SIGNED', 'PORTAL_ACTIVATED')).toBe(true)
    expect(isStaffStep('PORTAL_ACTIVATED', 'PORTAL_DEACTIVATED')).toBe(true)
    expect(isStaffStep('PORTAL_DEACTIVATED', 'PORTAL_ACTIVATED')).toBe(true)
    expect(isStaffStep('CONFIGURATION_DONE', 'PORTAL_ACTIVATED')).toBe(false)
    // A machine step that is the agency's (or another staff action's) is still an override here.
    expect(isStaffStep('AGREEMENT_SENT', 'AGREEMENT_SIGNED')).toBe(false)
    expect(isStaffStep('PENDING', 'PORTAL_DEACTIVATED')).toBe(false)
  })
  it('knows every agency status in the workflow contract, and nothing else', () => {
    for (const s of AGENCY_STATUSES) expect(isAgencyStatus(s)).toBe(true)
    for (const s of ['APPROVED', 'toString', '', null, 3]) expect(isAgencyStatus(s)).toBe(false)
  })
  it('opens company steps in order and lets done steps be edited', () => {
    expect(companyStepResult('details', { status: 'LOGIN_CRED_CHANGED' })).toEqual({
      status: 'COMPANY_DETAIL_STEP_ONE_DONE',
    })
    expect(companyStepResult('bank', { status: 'LOGIN_CRED_CHANGED' })).toHaveProperty('reason')
    expect(companyStepResult('details', { status: 'COMPANY_DETAIL_DONE' })).toEqual({
      status: 'COMPANY_DETAIL_DONE',
    })
  })
  it('names the page each status lands on', () => {
    const a = { id: 7, is_email_verified: false, is_request_submitted: false }
    expect(pathByStatus({ ...a, status: 'PENDING' })).toBe('/onboarding/verify')
    expect(pathByStatus({ ...a, status: 'COMPANY_DETAIL_DONE' })).toBe('/onboarding/submit')
    expect(pathByStatus({ ...a, status: 'COMPANY_DETAIL_DONE', is_request_submitted: true })).toBe(
      '/onboarding/waiting',
    )
    expect(pathByStatus({ ...a, status: 'AGREEMENT_SENT' })).toBe('/onboarding/agreement')
    expect(pathByStatus({ ...a, status: 'PORTAL_ACTIVATED' })).toBe('/agency')
    expect(statusGroup('LOGIN_CRED_CHANGED')).toBe('Account created')
  })
  it('refuses only decisions whose moment has passed from the workflow view', () => {
    expect(refusalFromSnapshot(snap('AGREEMENT_SENT'), 'configurationDone')).toMatch(
      /already at AGREEMENT_SENT/,
    )
    expect(refusalFromSnapshot(snap('COMPANY_DETAIL_DONE', true), 'configurationDone')).toBeNull()
    // A lagging view (not yet submitted) does not refuse: the database decides.
    expect(refusalFromSnapshot(snap('COMPANY_DETAIL_DONE', false), 'configurationDone')).toBeNull()
    expect(phaseOf(snap('COMPANY_DETAIL_DONE', true))).toBe('configure')
  })
})

describe('money and durations', () => {
  it('converts amounts to cents half-up without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(toCents('10.005')).toBe(1001)
    expect(toCents('10.004')).toBe(1000)
    expect(toCents(1234.5)).toBe(123450)
  })
  it('parses durations', () => {
    expect(toMs('2s')).toBe(2000)
    expect(toMs('1d')).toBe(86_400_000)
    expect(() => toMs('soon')).toThrow()
  })
})
