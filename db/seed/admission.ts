// Demo data of the admission service: a small catalogue, the active demo agency linked, and one
// student's application in every enrolment status, so every admission screen has something to show.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import {
  admissionAgencyLinks,
  admissionCourseIntakes,
  admissionCourses,
  admissionEnglishRequirements,
  admissionEnrollmentHistory,
  admissionEnrollments,
  admissionScholarships,
  admissionStudents,
  admissionUniversities,
  agencies,
  countries,
} from '../schema'
import { ENROLLMENT_STATUSES } from '../../domain/admission/admission.rules'

/** The path each demo application took to reach its status. */
const PATHS: Record<(typeof ENROLLMENT_STATUSES)[number], string[]> = {
  REQUESTED: ['REQUESTED'],
  PROCESSING: ['REQUESTED', 'PROCESSING'],
  ADDITIONAL_INFO_REQUIRED: ['REQUESTED', 'PROCESSING', 'ADDITIONAL_INFO_REQUIRED'],
  REJECTED: ['REQUESTED', 'PROCESSING', 'REJECTED'],
  ENROLLED: ['REQUESTED', 'PROCESSING', 'ENROLLED'],
}

/** Only when the catalogue is empty, so a re-run adds nothing. */
export async function seedDemoAdmission(db: Db, agencyEmail: string) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(admissionUniversities)
  if (n > 0) return
  const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.email, agencyEmail))
  const [au] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'AU'))
  const [np] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'NP'))
  if (!agency || !au) return
  const [harbour, bayside] = await db
    .insert(admissionUniversities)
    .values([
      {
        full_name: 'Harbour City University',
        full_address: '1 University Avenue, Sydney NSW 2000',
        country_id: au.id,
        email: 'international@harbourcity.example',
        phone_number: '+61 2 9000 0100',
        type: 'PUBLIC_UNIVERSITY',
        establishment_date: '1952-03-01',
      },
      {
        full_name: 'Bayside Institute of Technology',
        full_address: '20 Bay Street, Melbourne VIC 3000',
        country_id: au.id,
        email: 'admissions@bayside.example',
        phone_number: '+61 3 9000 0200',
        type: 'INSTITUTE',
        status: 'NOT_AVAILABLE',
      },
    ])
    .returning()
  const [it, nursing, cert] = await db
    .insert(admissionCourses)
    .values([
      {
        university_id: harbour.id,
        name: 'Master of Information Technology',
        description: 'Two years of software, data and security.',
        duration: 104,
        fee_amount: 4_200_000,
        cricos_code: '098765K',
      },
      {
        university_id: harbour.id,
        name: 'Bachelor of Nursing',
        duration: 156,
        fee_amount: 3_800_000,
        cricos_code: '087654J',
      },
      {
        university_id: bayside.id,
        name: 'Certificate IV in Cyber Security',
        duration: 26,
        fee_amount: 900_000,
        cricos_code: '076543H',
      },
    ])
    .returning()
  const intakes = await db
    .insert(admissionCourseIntakes)
    .values([
      { course_id: it.id, month: 2, year: 2027, application_deadline: '2026-12-01' },
      { course_id: it.id, month: 7, year: 2027, application_deadline: '2027-05-01' },
      { course_id: nursing.id, month: 2, year: 2027 },
      { course_id: cert.id, month: 10, year: 2027 },
    ])
    .returning()
  await db.insert(admissionEnglishRequirements).values([
    {
      course_id: it.id,
      english_test_type: 'IELTS',
      listening: 6,
      reading: 6,
      speaking: 6,
      writing: 6,
      overall: 6.5,
    },
    {
      course_id: nursing.id,
      english_test_type: 'IELTS',
      listening: 7,
      reading: 7,
      speaking: 7,
      writing: 7,
      overall: 7,
    },
  ])
  await db.insert(admissionScholarships).values({
    course_id: it.id,
    name: 'International Merit Scholarship',
    criteria: 'A distinction average in the previous degree',
    duration: 'Full course',
    fee: 500_000,
  })
  await db
    .insert(admissionAgencyLinks)
    .values({ agency_id: agency.id, is_active: true })
    .onConflictDoNothing()
  await db.update(agencies).set({ is_yourAdmission_active: true }).where(eq(agencies.id, agency.id))
  const names = ['Aarav Shrestha', 'Sita Gurung', 'Bikash Thapa', 'Nisha Karki', 'Rohan Adhikari']
  for (const [i, status] of ENROLLMENT_STATUSES.entries()) {
    const [student] = await db
      .insert(admissionStudents)
      .values({
        agency_id: agency.id,
        name: names[i],
        email: `${names[i].toLowerCase().replace(' ', '.')}@student.example`,
        phone_number: `+977 98000000${i}`,
        country_id: (np ?? au).id,
        dob: `200${i + 1}-0${i + 1}-1${i}`,
      })
      .returning()
    const intake = intakes[i % 3 === 2 ? 2 : 0]
    const course = intake.course_id === it.id ? it : nursing
    const [e] = await db
      .insert(admissionEnrollments)
      .values({
        student_id: student.id,
        agency_id: agency.id,
        university_id: harbour.id,
        course_id: course.id,
        intake_id: intake.id,
        course_name: course.name,
        intake_period_month: intake.month,
        intake_period_year: intake.year,
        status,
        note:
          status === 'REJECTED'
            ? 'Entry requirements not met'
            : status === 'ADDITIONAL_INFO_REQUIRED'
              ? 'Please send the IELTS result'
              : null,
      })
      .returning()
    const path = PATHS[status]
    await db.insert(admissionEnrollmentHistory).values(
      path.map((to, k) => ({
        enrollment_id: e.id,
        from_status: (k === 0 ? null : path[k - 1]) as (typeof ENROLLMENT_STATUSES)[number] | null,
        to_status: to as (typeof ENROLLMENT_STATUSES)[number],
        note: k === path.length - 1 ? e.note : null,
        actor: k === 0 ? `Agency:${agencyEmail}` : 'Oshc:admin@oshc.local',
      })),
    )
  }
}
