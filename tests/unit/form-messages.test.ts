import { describe, expect, it } from 'vitest'
import { humanMessage, keyOf, wordsOf } from '../../app/components/form-messages'

describe('what a page shows of a refused field', () => {
  const reason = { name: 'full_refund_requested_reason', label: 'Reason for the refund' }

  it("words the specification's messages with the field's label", () => {
    expect(humanMessage('full_refund_requested_reason is required', { ...reason, empty: true })).toBe(
      'Reason for the refund is required',
    )
    expect(
      humanMessage('bank_document is required', { name: 'bank_document', label: null, empty: true }),
    ).toBe('Bank document is required')
    expect(
      humanMessage('end_date must be after start_date', {
        name: 'end_date',
        label: 'End date',
        empty: false,
      }),
    ).toBe('End date must be after start date')
  })

  it('says an empty field is required, not what shape its value must have', () => {
    const name = { name: 'students[0].first_name', label: 'First name', empty: true }
    expect(humanMessage('must be at least 2 characters', name)).toBe('First name is required')
    expect(humanMessage('first_name must be at least 2 characters', name)).toBe('First name is required')
    expect(
      humanMessage('must be in the format of YYYY-MM-DD', {
        name: 'start_date',
        label: 'Start',
        empty: true,
      }),
    ).toBe('Start is required')
    expect(
      humanMessage('Invalid input: expected string, received undefined', {
        name: 'city',
        label: 'City',
        empty: true,
      }),
    ).toBe('City is required')
    expect(humanMessage('Required', { name: 'city', label: 'City', empty: true })).toBe('City is required')
    expect(
      humanMessage('Amount must be greater than 0', { name: 'amount', label: 'Amount', empty: true }),
    ).toBe('Amount is required')
    expect(
      humanMessage('Policy type must be one of SINGLE, FAMILY, SINGLE_PARENT, COUPLE', {
        name: 'policy_type',
        label: 'Policy type',
        empty: true,
      }),
    ).toBe('Policy type is required')
  })

  it('gives a subject to a rule about a value that was given, and keeps sentences that are already human', () => {
    const name = { name: 'first_name', label: 'First name', empty: false }
    expect(humanMessage('must be at least 2 characters', name)).toBe(
      'First name must be at least 2 characters',
    )
    expect(humanMessage('Invalid input', name)).toBe('First name is not valid')
    expect(
      humanMessage('Please accept the terms and privacy policy', {
        name: 'has_accepted_terms_and_privacy_policy',
        label: 'I accept the terms and the privacy policy',
        empty: true,
      }),
    ).toBe('Please accept the terms and privacy policy')
    expect(humanMessage('email must be a valid email', { name: 'email', label: 'Email', empty: false })).toBe(
      'Email must be a valid email',
    )
  })

  it('reads names as words', () => {
    expect(wordsOf('startDate')).toBe('start date')
    expect(wordsOf('is_primary_visa_holder')).toBe('is primary visa holder')
    expect(keyOf('partner.children[2].date_of_birth')).toBe('date_of_birth')
  })
})
