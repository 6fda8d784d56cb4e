import { describe, expect, it } from 'vitest'
import { POLICY_STATUSES } from '../../db/schema/enums'
import { CERTIFICATE_TEXT, certificateStateOf } from '../../app/components/policies/certificate-state'

// One reading of a policy's certificate for both portals (issue 29 item 6): the sentences never
// contradict the policy's status.
const issued = { id: 2, certificate_type: 'new', issued_at: '2027-01-02T00:00:00.000Z' }
const uploaded = { id: 2, certificate_type: 'new', issued_at: null }
const replaced = { id: 1, certificate_type: 'old', issued_at: '2026-01-02T00:00:00.000Z' }

describe('certificate state', () => {
  it('reads the newest current certificate, not a replaced one', () => {
    expect(certificateStateOf('CERTIFICATE_ISSUED', [replaced, issued])).toBe('issued')
    expect(certificateStateOf('CERTIFICATE_UPLOADED', [replaced, uploaded])).toBe('uploaded')
    expect(certificateStateOf('PAYMENT_APPROVED', [replaced])).toBe('awaiting-upload')
  })

  it('never says "not issued yet" of a policy marked issued, nor "once paid" of a paid one', () => {
    expect(certificateStateOf('CERTIFICATE_ISSUED', [])).toBe('file-missing')
    for (const status of ['PAYMENT_APPROVED', 'PAYMENT_BY_BUY_NOW_PAY_LATER', 'FULL_REFUND_REQUESTED']) {
      const state = certificateStateOf(status, [])
      expect(CERTIFICATE_TEXT[state].staff, status).not.toMatch(/once the premium is paid/)
      expect(CERTIFICATE_TEXT[state].agency, status).not.toMatch(/once the premium is paid/)
    }
    expect(certificateStateOf('PURCHASED', [])).toBe('awaiting-payment')
    expect(certificateStateOf('FULL_REFUND_COMPLETED', [issued])).toBe('issued')
  })

  it('has a state and both sides\u2019 sentences for every policy status', () => {
    for (const status of POLICY_STATUSES) {
      const state = certificateStateOf(status, [])
      expect(CERTIFICATE_TEXT[state].agency).toBeTruthy()
      expect(CERTIFICATE_TEXT[state].staff).toBeTruthy()
    }
  })
})
