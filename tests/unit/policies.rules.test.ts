import { describe, expect, it } from 'vitest'
import {
  canTransition,
  coverCounts,
  FAMILY_MESSAGES,
  familyErrors,
  openSteps,
  paidStatusFor,
  resumeStep,
} from '../../domain/policies/policies.rules'
import { POLICY_STATUS_GROUPS } from '../../domain/policies/policy-lists.rules'
import {
  DeleteCertificateQuerySchema,
  IssueCertificateSchema,
  OtherDetailsSchema,
  PartnerAndDependantsSchema,
  PolicyListQuerySchema,
  QuoteChoiceSchema,
} from '../../domain/policies/policies.schemas'

const errorsOf = (r: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => {
  const out: Record<string, string[]> = {}
  for (const i of r.error?.issues ?? []) (out[i.path.join('.')] ??= []).push(i.message)
  return out
}

describe('the policy machine', () => {
  it.each([
    ['savePartnerAndDependants', 'PERSONAL_INFORMATION_ADDED', true],
    ['savePartnerAndDependants', 'INITIATED', false],
    ['saveOtherDetails', 'PERSONAL_INFORMATION_ADDED', false],
    ['saveOtherDetails', 'PARTNER_DEPENDANTS_INFORMATION_ADDED', true],
    ['initiate', 'OTHER_DETAILS_ADDED', true],
    ['initiate', 'INITIATED', true],
    ['initiate', 'PURCHASED', false],
    ['editBeforePurchase', 'PAYMENT_REJECTED', true],
    ['editBeforePurchase', 'PURCHASED', false],
    ['editBeforePurchase', 'PAYMENT_APPROVED', false],
    ['uploadCertificate', 'PAYMENT_APPROVED', true],
    ['uploadCertificate', 'PAYMENT_BY_BUY_NOW_PAY_LATER', true],
    ['uploadCertificate', 'CERTIFICATE_ISSUED', true],
    ['uploadCertificate', 'PURCHASED', false],
    ['issueCertificate', 'CERTIFICATE_UPLOADED', true],
    ['issueCertificate', 'PAYMENT_APPROVED', false],
    ['issueCertificate', 'CERTIFICATE_ISSUED', false],
    ['deleteCertificate', 'CERTIFICATE_ISSUED', true],
    ['deleteCertificate', 'PAYMENT_APPROVED', false],
  ] as const)('%s from %s: %s', (action, from, allowed) => {
    expect(canTransition(action, from)).toBe(allowed)
  })

  it('puts each status in at most one tab group', () => {
    const seen = Object.values(POLICY_STATUS_GROUPS).flat()
    expect(new Set(seen).size).toBe(seen.length)
  })

  it('returns a deleted certificate to the paid status of the payment method', () => {
    expect(paidStatusFor('BNPL')).toBe('PAYMENT_BY_BUY_NOW_PAY_LATER')
    expect(paidStatusFor('BANK')).toBe('PAYMENT_APPROVED')
    expect(paidStatusFor('CARD')).toBe('PAYMENT_APPROVED')
    expect(paidStatusFor(null)).toBe('PAYMENT_APPROVED')
  })
})

describe('the family rule', () => {
  const none = { hasPartner: false, dependants: 0 }
  const partner = { hasPartner: true, dependants: 0 }
  const kids = { hasPartner: false, dependants: 2 }
  const both = { hasPartner: true, dependants: 1 }

  it.each([
    ['SINGLE', none, {}],
    ['SINGLE', partner, { partner: [FAMILY_MESSAGES.partnerRefused] }],
    ['SINGLE', kids, { family_members: [FAMILY_MESSAGES.dependantsRefused] }],
    ['COUPLE', partner, {}],
    ['COUPLE', none, { partner: [FAMILY_MESSAGES.partnerRequired] }],
    [
      'COUPLE',
      kids,
      { partner: [FAMILY_MESSAGES.partnerRequired], family_members: [FAMILY_MESSAGES.dependantsRefused] },
    ],
    ['SINGLE_PARENT', kids, {}],
    ['SINGLE_PARENT', none, { family_members: [FAMILY_MESSAGES.dependantsRequired] }],
    ['SINGLE_PARENT', both, { partner: [FAMILY_MESSAGES.partnerRefused] }],
    ['FAMILY', both, {}],
    [
      'FAMILY',
      none,
      { partner: [FAMILY_MESSAGES.partnerRequired], family_members: [FAMILY_MESSAGES.dependantsRequired] },
    ],
  ] as const)('%s with %j', (type, people, expected) => {
    expect(familyErrors(type, people)).toEqual(expected)
  })

  it('counts who is covered', () => {
    expect(coverCounts(both)).toEqual({ no_of_adults: 2, no_of_dependents: 1 })
    expect(coverCounts(kids)).toEqual({ no_of_adults: 1, no_of_dependents: 2 })
  })
})

describe('the wizard', () => {
  it('resumes at the first step not saved', () => {
    expect(resumeStep('PERSONAL_INFORMATION_ADDED')).toBe('family')
    expect(resumeStep('PARTNER_DEPENDANTS_INFORMATION_ADDED')).toBe('other')
    expect(resumeStep('OTHER_DETAILS_ADDED')).toBe('quote')
    expect(resumeStep('INITIATED')).toBeNull()
    expect(resumeStep('PAYMENT_APPROVED')).toBeNull()
  })

  it('opens the saved steps and the next one only', () => {
    expect(openSteps('PERSONAL_INFORMATION_ADDED')).toEqual(['personal', 'family'])
    expect(openSteps('OTHER_DETAILS_ADDED')).toEqual(['personal', 'family', 'other', 'quote'])
    expect(openSteps('PURCHASED')).toEqual([])
  })
})

describe('input schemas (spec/02 section 5 messages)', () => {
  it('requires the address fields when has_australian_address', () => {
    const r = OtherDetailsSchema.safeParse({
      customer_id: '1',
      passport_number: 'PA1',
      education_institute: 'UNSW',
      has_australian_address: 'on',
      street_address_1: ' ',
    })
    expect(errorsOf(r)).toEqual({
      street_address_1: ['Street address is required'],
      state_id: ['State is required'],
      city_id: ['City is required'],
      post_code: ['Post code is required'],
    })
    const off = OtherDetailsSchema.safeParse({
      customer_id: '1',
      passport_number: 'PA1',
      education_institute: 'UNSW',
    })
    expect(off.success).toBe(true)
  })

  it('checks the quote dates and the policy number', () => {
    expect(
      errorsOf(
        QuoteChoiceSchema.safeParse({
          insurance_provider_id: '1',
          policy_type: 'SINGLE',
          start_date: '2027-02-01',
          end_date: '2027-01-31',
          is_policy_number_available: 'true',
          policy_number: '',
        }),
      ),
    ).toEqual({
      end_date: ['End date must be greater than start date'],
      policy_number: ['Policy number is required'],
    })
    // One day of cover (equal dates) is allowed.
    expect(
      QuoteChoiceSchema.safeParse({
        insurance_provider_id: 1,
        policy_type: 'SINGLE',
        start_date: '2027-02-01',
        end_date: '2027-02-01',
      }).success,
    ).toBe(true)
    expect(
      errorsOf(
        QuoteChoiceSchema.safeParse({
          insurance_provider_id: 1,
          policy_type: 'SINGLE',
          start_date: '2027-02-30',
          end_date: '2027-13-01',
        }),
      ),
    ).toEqual({
      start_date: ['must be in the format of YYYY-MM-DD'],
      end_date: ['must be in the format of YYYY-MM-DD'],
    })
  })

  it('checks the family rule when the type is sent with the people', () => {
    const r = PartnerAndDependantsSchema.safeParse({
      customer_id: 1,
      policy_type: 'COUPLE',
      partner: null,
      family_members: [{ first_name: 'K', last_name: 'Lee' }],
    })
    expect(errorsOf(r)).toEqual({
      'family_members.0.first_name': ['must be at least 2 characters'],
      partner: [FAMILY_MESSAGES.partnerRequired],
      family_members: [FAMILY_MESSAGES.dependantsRefused],
    })
  })

  it('reads list queries: arrays, whitelisted sort keys, text booleans', () => {
    const ok = PolicyListQuerySchema.parse({
      status: 'INITIATED,PURCHASED',
      sort_key: 'premium',
      sort_direction: 'true',
      page: '2',
      perPage: '25',
      provider_filter: ['1', '3'],
    })
    expect(ok).toMatchObject({
      status: ['INITIATED', 'PURCHASED'],
      sort_key: 'premium',
      sort_direction: 'asc',
      page: 2,
      perPage: 25,
      provider_filter: [1, 3],
    })
    expect(errorsOf(PolicyListQuerySchema.safeParse({ sort_key: 'id; drop table' }))).toEqual({
      sort_key: ['Unknown sort key'],
    })
  })

  it('defaults shouldSendEmail to true and names the certificate type rule', () => {
    expect(IssueCertificateSchema.parse({}).shouldSendEmail).toBe(true)
    expect(IssueCertificateSchema.parse({ shouldSendEmail: 'false' }).shouldSendEmail).toBe(false)
    expect(errorsOf(DeleteCertificateQuerySchema.safeParse({ certificate_type: 'both' }))).toEqual({
      certificate_type: ['certificate_type must be old or new'],
    })
  })
})
