import { expect, expectAccessible, signIn, test, query, STAFF, AGENCY } from './helpers'
import type { Page } from '@playwright/test'

/** The form holding the button named `submit` (pages hold several forms with alike labels). */
const formOf = (page: Page, submit: string) =>
  page.locator('form').filter({ has: page.getByRole('button', { name: submit, exact: true }) })

test('staff add a university, a course and an intake; a linked agency applies for a student; staff enrol; the agency quotes cover to the visa end date', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36)
  const uni = `E2E University ${tag}`
  const course = `Master of Journeys ${tag}`
  const studentName = `Mina Rai ${tag}`
  // The demo agency is linked to the admission service (staff do it on the Agency links page).
  await query(
    `INSERT INTO admission_agency_links (agency_id, is_active)
     SELECT id, true FROM agencies WHERE email = $1
     ON CONFLICT (agency_id) DO UPDATE SET is_active = true`,
    [AGENCY.email],
  )
  await query(`UPDATE agencies SET "is_yourAdmission_active" = true WHERE email = $1`, [AGENCY.email])

  // 1. Staff: the university, its course and an intake.
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto('/staff/admission')
  await expect(page).toHaveTitle('Universities · OSHC Back Office')
  const addUni = formOf(page, 'Add university')
  await addUni.getByLabel('Name').fill(uni)
  await addUni.getByLabel('Type').selectOption({ label: 'University' })
  await addUni.getByLabel('Country').selectOption({ label: 'Australia' })
  await addUni.getByLabel('Full address').fill('1 Campus Road, Sydney NSW 2000')
  await addUni.getByLabel('E-mail').fill('intake@e2e-uni.example.test')
  await addUni.getByLabel('Phone number').fill('+61 2 9000 1234')
  await addUni.getByRole('button', { name: 'Add university' }).click()
  await expect(page.getByRole('heading', { name: uni })).toBeVisible()

  const addCourse = formOf(page, 'Add course')
  await addCourse.getByLabel('Course name').fill(course)
  await addCourse.getByLabel('CRICOS code').fill('123456B')
  await addCourse.getByLabel('Duration (weeks)').fill('52')
  await addCourse.getByLabel('Tuition fee').fill('32000')
  await addCourse.getByRole('button', { name: 'Add course' }).click()
  await expect(page.getByRole('heading', { name: course })).toBeVisible()

  const addIntake = formOf(page, 'Add intake')
  await addIntake.getByLabel('Month').selectOption({ label: 'February' })
  await addIntake.getByLabel('Year').fill('2027')
  await addIntake.getByRole('button', { name: 'Add intake' }).click()
  await expect(page.getByRole('cell', { name: 'February 2027', exact: true })).toBeVisible()
  await expectAccessible(page)

  // 2. The agency: a student, found course, application.
  const agencyContext = await browser.newContext()
  const agency = await agencyContext.newPage()
  await signIn(agency, AGENCY.email, AGENCY.password)
  await agency.goto('/agency/admission/students')
  const addStudent = formOf(agency, 'Add student')
  await addStudent.getByLabel('Full name').fill(studentName)
  await addStudent.getByLabel('E-mail').fill(`mina-${tag}@example.test`)
  await addStudent.getByLabel('Phone number').fill('+977 9800000000')
  await addStudent.getByLabel('Date of birth').fill('2004-08-09')
  await addStudent.getByLabel('Country').selectOption({ label: 'Nepal' })
  await addStudent.getByRole('button', { name: 'Add student' }).click()
  await expect(agency.getByRole('heading', { name: studentName })).toBeVisible()

  await agency.goto('/agency/admission')
  await agency.getByLabel('Course or university').fill(tag)
  await agency.getByLabel('Intake month').selectOption({ label: 'February' })
  await agency.getByRole('button', { name: 'Apply', exact: true }).first().click()
  await expect(agency.getByRole('link', { name: course })).toBeVisible()
  await expectAccessible(agency)
  await agency.getByRole('link', { name: course }).click()
  await expect(agency).toHaveURL(/\/agency\/admission\/courses\/\d+$/)
  // The URL changes before the course page replaces the finder, whose search form also has an
  // Apply button (and a "Student's overall score"): wait for the course page itself.
  await expect(agency.getByRole('heading', { name: 'Apply for a student' })).toBeVisible()
  const apply = formOf(agency, 'Apply')
  await apply
    .getByLabel('Student', { exact: true })
    .selectOption({ label: `${studentName} (mina-${tag}@example.test)` })
  await apply.getByLabel('Intake').selectOption({ label: 'February 2027' })
  await apply.getByRole('button', { name: 'Apply' }).click()
  await expect(agency.getByText('Requested', { exact: true })).toBeVisible()
  const enrollmentId = Number(/enrolments\/(\d+)/.exec(agency.url())![1])

  // 3. Staff process and enrol from the board.
  await page.goto('/staff/admission/enrolments')
  await expect(page.getByRole('link', { name: studentName })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('link', { name: studentName }).click()
  await expect(page).toHaveURL(/\/staff\/admission\/enrolments\/\d+$/)
  await page.getByLabel('Move to').selectOption({ label: 'Processing' })
  await page.getByRole('button', { name: 'Change status' }).click()
  await expect(page.getByText('Processing', { exact: true }).first()).toBeVisible()
  await page.getByLabel('Move to').selectOption({ label: 'Enrolled' })
  await page.getByRole('button', { name: 'Change status' }).click()
  await expect(page.getByText('This enrolment is final.')).toBeVisible()
  expect(await query(`SELECT status FROM admission_enrollments WHERE id = $1`, [enrollmentId])).toEqual([
    { status: 'ENROLLED' },
  ])

  // 4. The agency turns the enrolment into a quote: 52 weeks from 1 Feb 2027 end on 30 Jan 2028, a
  // course of 10 months or more is covered two months beyond: 30 Mar 2028.
  await agency.reload()
  await expect(agency.getByText('Enrolled', { exact: true })).toBeVisible()
  // The demo applications are seeded too: the enrolled one shows on the board.
  expect(
    await query(`SELECT count(*)::int AS n FROM admission_enrollments WHERE status = 'ENROLLED'`),
  ).not.toEqual([{ n: 0 }])
  await agency.getByRole('link', { name: 'Quote health cover' }).click()
  await expect(agency).toHaveURL(/\/agency\/policies\/new\?/)
  const url = new URL(agency.url())
  expect(url.searchParams.get('start_date')).toBe('2027-02-01')
  expect(url.searchParams.get('end_date')).toBe('2028-03-30')
  await expect(agency.getByLabel('First name')).toHaveValue('Mina')
  await expect(agency.getByLabel('Last name')).toHaveValue(`Rai ${tag}`)
  await expect(agency.getByLabel('E-mail')).toHaveValue(`mina-${tag}@example.test`)
  await expect(agency.getByLabel('Date of birth')).toHaveValue('2004-08-09')
  await agency.getByLabel('The student is the primary visa holder and eligible to apply').check()
  await agency.getByLabel('The student has accepted the terms and conditions').check()
  await agency.getByRole('button', { name: 'Save and continue' }).click()
  await expect(agency).toHaveURL(/step=other/)
  expect(new URL(agency.url()).searchParams.get('end_date')).toBe('2028-03-30')
  await agencyContext.close()
})

for (const viewport of [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test(`admission pages on a ${viewport.width} px ${viewport.name}: titled, no sideways scroll, accessible`, async ({
    page,
    browser,
  }) => {
    const [course] = await query<{ id: number }>(
      `SELECT id FROM admission_courses WHERE name = 'Master of Information Technology' LIMIT 1`,
    )
    const [e] = await query<{ id: number; student_id: number }>(
      `SELECT e.id, e.student_id FROM admission_enrollments e JOIN agencies a ON a.id = e.agency_id
       WHERE a.email = $1 ORDER BY e.id LIMIT 1`,
      [AGENCY.email],
    )
    const pages = {
      staff: [
        '/staff/admission',
        `/staff/admission/courses/${course.id}?tab=english`,
        '/staff/admission/enrolments',
        `/staff/admission/enrolments/${e.id}`,
        '/staff/admission/links',
      ],
      agency: [
        '/agency/admission',
        `/agency/admission/courses/${course.id}`,
        '/agency/admission/students',
        `/agency/admission/students/${e.student_id}`,
        `/agency/admission/enrolments/${e.id}`,
      ],
    }
    for (const [portal, login] of [
      ['staff', STAFF],
      ['agency', AGENCY],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      })
      const p = portal === 'staff' ? page : await context.newPage()
      if (portal === 'staff') await page.setViewportSize({ width: viewport.width, height: viewport.height })
      await signIn(p, login.email, login.password)
      for (const href of pages[portal]) {
        await p.goto(href)
        await expect(p.getByRole('heading', { level: 2 }).first()).toBeVisible()
        expect(await p.title(), href).toMatch(/^.+ · (OSHC Back Office|Agency portal)$/)
        const [scrollWidth, innerWidth] = await p.evaluate(() => [
          document.scrollingElement!.scrollWidth,
          window.innerWidth,
        ])
        expect(scrollWidth, `${href} scrolls sideways`).toBeLessThanOrEqual(innerWidth)
        await expectAccessible(p)
      }
      await context.close()
    }
  })
}
