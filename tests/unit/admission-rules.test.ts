import { describe, expect, it } from 'vitest'
import {
  addMonths,
  courseDates,
  ENROLLMENT_TRANSITIONS,
  scoreProblem,
  transitionProblem,
  visaCoverEnd,
  type EnrollmentStatusValue,
} from '../../domain/admission/admission.rules'

describe('student-visa cover end', () => {
  it('covers a course of 10 months or longer to its end + 2 months', () => {
    expect(visaCoverEnd('2026-09-01', '2027-08-31')).toBe('2027-10-31')
    expect(visaCoverEnd('2027-02-01', '2028-01-30')).toBe('2028-03-30')
  })

  it('covers a long course ending in November or December to 15 March of the next year', () => {
    expect(visaCoverEnd('2027-02-01', '2027-11-30')).toBe('2028-03-15')
    expect(visaCoverEnd('2026-02-01', '2028-12-10')).toBe('2029-03-15')
  })

  it('covers a shorter course to its end + 1 month, whatever month it ends', () => {
    expect(visaCoverEnd('2027-02-01', '2027-06-30')).toBe('2027-07-30')
    expect(visaCoverEnd('2027-07-01', '2027-12-15')).toBe('2028-01-15')
  })

  it('counts exactly 10 months as long, one day short as short', () => {
    expect(visaCoverEnd('2027-01-01', '2027-10-31')).toBe('2027-12-31')
    expect(visaCoverEnd('2027-01-01', '2027-10-30')).toBe('2027-11-30')
  })

  it('clamps to the end of a shorter month', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28')
    expect(addMonths('2028-12-31', 2)).toBe('2029-02-28')
  })

  it('dates a course from the first of its intake month for its weeks', () => {
    expect(courseDates(2027, 2, 52)).toEqual({ start: '2027-02-01', end: '2028-01-30' })
    expect(courseDates(2027, 7, 1)).toEqual({ start: '2027-07-01', end: '2027-07-07' })
  })
})

describe('enrolment transitions', () => {
  const all = Object.keys(ENROLLMENT_TRANSITIONS) as EnrollmentStatusValue[]
  const legal = new Set([
    'REQUESTED>PROCESSING',
    'PROCESSING>ADDITIONAL_INFO_REQUIRED',
    'ADDITIONAL_INFO_REQUIRED>PROCESSING',
    'PROCESSING>ENROLLED',
    'PROCESSING>REJECTED',
  ])
  for (const from of all)
    for (const to of all)
      it(`${from} -> ${to} is ${legal.has(`${from}>${to}`) ? 'allowed' : 'refused'}`, () => {
        expect(transitionProblem(from, to) === null).toBe(legal.has(`${from}>${to}`))
      })

  it('says why', () => {
    expect(transitionProblem('ENROLLED', 'PROCESSING')).toBe(
      'An enrolment that is ENROLLED cannot change (it is final)',
    )
    expect(transitionProblem('REQUESTED', 'ENROLLED')).toBe(
      'An enrolment that is REQUESTED can only move to PROCESSING, not ENROLLED',
    )
  })
})

describe('English test scales', () => {
  it.each([
    ['IELTS', 'overall', 6.5, null],
    ['IELTS', 'overall', 9.5, 'IELTS overall must be between 0 and 9'],
    ['IELTS', 'reading', 6.25, 'IELTS reading must be in steps of 0.5'],
    ['PTE', 'writing', 90, null],
    ['PTE', 'writing', 9, 'PTE writing must be between 10 and 90'],
    ['PTE', 'writing', 55.5, 'PTE writing must be a whole number'],
    ['TOEFL', 'speaking', 30, null],
    ['TOEFL', 'speaking', 31, 'TOEFL speaking must be between 0 and 30'],
    ['TOEFL', 'overall', 120, null],
  ] as const)('%s %s %s', (test, band, value, problem) => {
    expect(scoreProblem(test, band, value)).toBe(problem)
  })
})
