import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  admissionEnrollmentHistory,
  agencies,
  countries,
  files,
  notificationReceivers,
  notifications,
} from '../../db/schema'
import { agencyWithToken, api, staffToken } from '../setup/api'

const YA = '/oshc/your-admission'
let staff: string
let linked: { token: string; id: number; identityId: number }
let other: { token: string; id: number }
let unlinked: { token: string; id: number }
let au: number
let np: number

const universityBody = (o: Record<string, unknown> = {}) => ({
  full_name: `University of Testing ${Math.random().toString(36).slice(2, 7)}`,
  full_address: '1 Test Street, Sydney NSW 2000',
  country_id: au,
  email: 'admissions@uni.example.test',
  phone_number: '+61 2 9000 0000',
  type: 'UNIVERSITY',
  ...o,
})
const courseBody = (universityId: number, o: Record<string, unknown> = {}) => ({
  university_id: universityId,
  name: 'Bachelor of Testing',
  currency: 'AUD',
  duration: 52,
  fee_amount: 3_500_000,
  cricos_code: '012345A',
  ...o,
})
const studentBody = (o: Record<string, unknown> = {}) => ({
  name: 'Asha Sharma',
  email: 'asha@example.test',
  phone_number: '+977 980 000 0000',
  country_id: np,
  dob: '2004-05-06',
  ...o,
})

/** An uploaded file of the admission folder owned by `agencyId`, as the presigned upload leaves it. */
async function uploadedAdmissionFile(agencyId: number, name = 'passport.pdf') {
  const key = `admission/${Date.now()}-${Math.random().toString(36).slice(2)}-${name}`
  await getDb().insert(files).values({
    key,
    folder: 'admission',
    filename: name,
    content_type: 'application/pdf',
    size: 10,
    agency_id: agencyId,
    uploaded_at: new Date(),
  })
  return key
}

async function addUniversity(o: Record<string, unknown> = {}) {
  const r = await api('POST', `${YA}/addUniversity`, { token: staff, body: universityBody(o) })
  expect(r.status).toBe(201)
  return r.body.data
}
async function addCourse(universityId: number, o: Record<string, unknown> = {}) {
  const r = await api('POST', `${YA}/addCourse`, { token: staff, body: courseBody(universityId, o) })
  expect(r.status).toBe(201)
  return r.body.data
}
async function addIntake(courseId: number, month = 2, year = 2027) {
  const r = await api('POST', `${YA}/addCourseIntake`, {
    token: staff,
    body: { course_id: courseId, month, year, application_deadline: `${year - 1}-12-01` },
  })
  expect(r.status).toBe(201)
  return r.body.data
}
async function catalogue() {
  const u = await addUniversity()
  const c = await addCourse(u.id)
  const i = await addIntake(c.id)
  return { u, c, i }
}
async function student(token = linked.token) {
  const r = await api('POST', `${YA}/createStudent`, { token, body: studentBody() })
  expect(r.status).toBe(201)
  return r.body.data
}
async function apply(studentId: number, intakeId: number, token = linked.token) {
  return api('POST', `${YA}/createStudentEnrollment`, {
    token,
    body: { student_id: studentId, course_intake_id: intakeId },
  })
}
const move = (id: number, status: string, note?: string) =>
  api('PUT', `${YA}/updateStudentEnrollment/${id}`, { token: staff, body: { status, note } })

beforeAll(async () => {
  staff = await staffToken()
  const [a] = await getDb().select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'AU'))
  const [n] = await getDb().select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'NP'))
  au = a.id
  np = n?.id ?? a.id
  const mk = async () => {
    const x = await agencyWithToken()
    return { token: x.token, id: x.agency.id, identityId: x.agency.identity_id as number }
  }
  linked = await mk()
  other = await mk()
  unlinked = await mk()
  for (const ag of [linked, other]) {
    const r = await api('POST', `${YA}/addAgencyLink`, { token: staff, body: { agency_id: ag.id } })
    expect(r.status).toBe(201)
  }
})

describe('universities', () => {
  it('adds, reads, updates, filters and changes status', async () => {
    const u = await addUniversity({ type: 'COLLEGE', establishment_date: '1990-01-01' })
    expect(u).toMatchObject({ type: 'COLLEGE', status: 'AVAILABLE', country_id: au })
    const upd = await api('PUT', `${YA}/updateUniversity/${u.id}`, {
      token: staff,
      body: universityBody({ full_name: 'Renamed College', type: 'INSTITUTE' }),
    })
    expect(upd.status).toBe(200)
    expect(upd.body.data).toMatchObject({ full_name: 'Renamed College', type: 'INSTITUTE' })
    const st = await api('PUT', `${YA}/updateUniversityStatus/${u.id}`, {
      token: staff,
      query: { status: 'NOT_AVAILABLE' },
    })
    expect(st.body.data.status).toBe('NOT_AVAILABLE')
    const list = await api('GET', `${YA}/getAllUniversities`, {
      token: staff,
      query: {
        type: 'INSTITUTE',
        status: 'NOT_AVAILABLE',
        country_id: String(au),
        search: 'renamed',
        page: '1',
        perPage: '5',
      },
    })
    expect(list.status).toBe(200)
    expect(list.body.data.map((x: { id: number }) => x.id)).toContain(u.id)
    expect(list.body.pageInfo).toMatchObject({ page: 1, perPage: 5 })
    // Agencies see only AVAILABLE universities.
    const asAgency = await api('GET', `${YA}/getUniversityDetailsById/${u.id}`, { token: linked.token })
    expect(asAgency.status).toBe(404)
    const details = await api('GET', `${YA}/getUniversityDetailsById/${u.id}`, { token: staff })
    expect(details.body.data).toMatchObject({ id: u.id, courses: [] })
  })

  it('validates e-mail, phone, type and country', async () => {
    const r = await api('POST', `${YA}/addUniversity`, {
      token: staff,
      body: universityBody({ email: 'nope', phone_number: 'abc', type: 'SCHOOL' }),
    })
    expect(r.status).toBe(400)
    expect(Object.keys(r.body.errors)).toEqual(expect.arrayContaining(['email', 'phone_number', 'type']))
    const c = await api('POST', `${YA}/addUniversity`, {
      token: staff,
      body: universityBody({ country_id: 999999 }),
    })
    expect(c.status).toBe(400)
    expect(c.body.errors.country_id).toEqual(['Unknown country'])
    const bad = await api('PUT', `${YA}/updateUniversityStatus/1`, {
      token: staff,
      query: { status: 'OPEN' },
    })
    expect(bad.status).toBe(400)
  })

  it('is staff-only to manage; an agency gets 403', async () => {
    const r = await api('POST', `${YA}/addUniversity`, { token: linked.token, body: universityBody() })
    expect(r.status).toBe(403)
  })

  it('refuses to delete a university with enrolled courses (409), soft-deletes otherwise', async () => {
    const { u, i } = await catalogue()
    const s = await student()
    expect((await apply(s.id, i.id)).status).toBe(201)
    const r = await api('DELETE', `${YA}/deleteUniversity/${u.id}`, { token: staff })
    expect(r.status).toBe(409)
    const free = await addUniversity()
    await addCourse(free.id)
    expect((await api('DELETE', `${YA}/deleteUniversity/${free.id}`, { token: staff })).status).toBe(200)
    expect((await api('GET', `${YA}/getUniversityDetailsById/${free.id}`, { token: staff })).status).toBe(404)
  })
})

describe('courses', () => {
  it('stores only http(s) links for display: javascript: and data: are a 400 on the field', async () => {
    const u = await addUniversity()
    const c = await addCourse(u.id, { website_url: 'http://uni.example.test/c' })
    expect(c.website_url).toBe('http://uni.example.test/c')
    for (const bad of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      const link = await api('PUT', `${YA}/updateCourseLink/${c.id}`, {
        token: staff,
        body: { website_url: bad },
      })
      expect(link.status, bad).toBe(400)
      expect(link.body.errors.website_url, bad).toEqual(['must be an http:// or https:// address'])
      const add = await api('POST', `${YA}/addCourse`, {
        token: staff,
        body: courseBody(u.id, { website_url: bad }),
      })
      expect(add.status, bad).toBe(400)
      expect(add.body.errors.website_url, bad).toBeDefined()
      const upd = await api('PUT', `${YA}/updateCourse/${c.id}`, { token: staff, body: { website_url: bad } })
      expect(upd.status, bad).toBe(400)
      expect(upd.body.errors.website_url, bad).toBeDefined()
      const doc = await api('POST', `${YA}/addCourseDocument`, {
        token: staff,
        body: { course_id: c.id, name: 'Brochure', url: bad, category: 'Brochure' },
      })
      expect(doc.status, bad).toBe(400)
      expect(doc.body.errors.url, bad).toBeDefined()
    }
    const one = await api('GET', `${YA}/getCourseDetailsById/${c.id}`, { token: staff })
    expect(one.body.data.website_url).toBe('http://uni.example.test/c')
  })

  it('adds, updates, links, reads by id and by university, and deletes', async () => {
    const u = await addUniversity()
    const c = await addCourse(u.id)
    expect(c).toMatchObject({ fee_amount: 3_500_000, currency: 'AUD', duration: 52, cricos_code: '012345A' })
    const upd = await api('PUT', `${YA}/updateCourse/${c.id}`, {
      token: staff,
      body: { fee_amount: 4_000_000 },
    })
    expect(upd.body.data).toMatchObject({ fee_amount: 4_000_000, name: 'Bachelor of Testing' })
    const link = await api('PUT', `${YA}/updateCourseLink/${c.id}`, {
      token: staff,
      body: { website_url: 'https://uni.example.test/course' },
    })
    expect(link.body.data.website_url).toBe('https://uni.example.test/course')
    const byUni = await api('GET', `${YA}/getCourseDetailsByUniversityId/${u.id}`, { token: linked.token })
    expect(byUni.body.data.map((x: { id: number }) => x.id)).toEqual([c.id])
    const one = await api('GET', `${YA}/getCourseDetailsById/${c.id}`, { token: linked.token })
    expect(one.body.data).toMatchObject({ id: c.id, university: { id: u.id }, intakes: [], scholarships: [] })
    expect((await api('DELETE', `${YA}/deleteCourse/${c.id}`, { token: staff })).status).toBe(200)
    expect((await api('GET', `${YA}/getCourseDetailsById/${c.id}`, { token: staff })).status).toBe(404)
  })

  it('validates the CRICOS code, fee in cents and duration', async () => {
    const u = await addUniversity()
    const r = await api('POST', `${YA}/addCourse`, {
      token: staff,
      body: courseBody(u.id, { cricos_code: '12345AB', fee_amount: 10.5, duration: 0 }),
    })
    expect(r.status).toBe(400)
    expect(r.body.errors.cricos_code).toEqual(['CRICOS code must be 6 digits followed by 1 letter'])
    expect(r.body.errors.fee_amount).toBeTruthy()
    expect(r.body.errors.duration).toBeTruthy()
  })

  it('refuses to delete a course with enrolments (409)', async () => {
    const { c, i } = await catalogue()
    const s = await student()
    await apply(s.id, i.id)
    expect((await api('DELETE', `${YA}/deleteCourse/${c.id}`, { token: staff })).status).toBe(409)
  })

  it('finds courses by country, type, intake month, fee range and English score', async () => {
    const u = await addUniversity({ type: 'PUBLIC_UNIVERSITY' })
    const c = await addCourse(u.id, { name: 'Finder course', fee_amount: 2_000_000 })
    await addIntake(c.id, 7, 2027)
    await api('POST', `${YA}/addEnglishRequirement`, {
      token: staff,
      body: {
        course_id: c.id,
        english_test_type: 'IELTS',
        listening: 6,
        reading: 6,
        speaking: 6,
        writing: 6,
        overall: 6.5,
      },
    })
    const find = (q: Record<string, string>) =>
      api('GET', `${YA}/getAllCourses`, {
        token: linked.token,
        query: { search: 'Finder', perPage: '50', ...q },
      })
    const ids = async (q: Record<string, string>) =>
      (await find(q)).body.data.map((x: { id: number }) => x.id)
    expect(await ids({ type: 'PUBLIC_UNIVERSITY', country_id: String(au), intake_month: '7' })).toContain(
      c.id,
    )
    expect(await ids({ intake_month: '8' })).not.toContain(c.id)
    expect(await ids({ fee_min: '1000000', fee_max: '2000000' })).toContain(c.id)
    expect(await ids({ fee_max: '1999999' })).not.toContain(c.id)
    expect(await ids({ english_test_type: 'IELTS', english_score: '7' })).toContain(c.id)
    expect(await ids({ english_test_type: 'IELTS', english_score: '6' })).not.toContain(c.id)
  })
})

describe('per-course sub-resources', () => {
  const cases = [
    [
      'CourseIntake',
      'CourseIntakes',
      { month: 3, year: 2027, application_deadline: '2026-12-15' },
      { month: 9 },
    ],
    [
      'CourseDocument',
      'CourseDocuments',
      { name: 'Brochure', url: 'https://uni.example.test/b.pdf', category: 'Brochure' },
      { name: 'Guide' },
    ],
    [
      'CourseRequirement',
      'CourseRequirements',
      { minimum_grade: 'B', qualification_level: 'Year 12' },
      { minimum_grade: 'A' },
    ],
    [
      'EnglishRequirement',
      'EnglishRequirements',
      { english_test_type: 'PTE', listening: 50, reading: 50, speaking: 50, writing: 50, overall: 58 },
      { overall: 65 },
    ],
    [
      'Scholarship',
      'Scholarships',
      { name: 'Merit', criteria: 'GPA 3.5+', currency: 'AUD', duration: 'Full course', fee: 500_000 },
      { fee: 750_000 },
    ],
  ] as const

  for (const [one, many, body, change] of cases) {
    it(`${one}: add, update, get by id, get by course, delete`, async () => {
      const u = await addUniversity()
      const c = await addCourse(u.id)
      const add = await api('POST', `${YA}/add${one}`, { token: staff, body: { course_id: c.id, ...body } })
      expect(add.status).toBe(201)
      expect(add.body.data).toMatchObject({ course_id: c.id, ...body })
      const id = add.body.data.id
      const upd = await api('PUT', `${YA}/update${one}/${id}`, {
        token: staff,
        body: { course_id: c.id, ...body, ...change },
      })
      expect(upd.status).toBe(200)
      expect(upd.body.data).toMatchObject(change)
      const get = await api('GET', `${YA}/get${one}ById/${id}`, { token: linked.token })
      expect(get.body.data).toMatchObject({ id, ...change })
      const list = await api('GET', `${YA}/get${many}ByCourseId/${c.id}`, { token: linked.token })
      expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([id])
      expect(
        (await api('POST', `${YA}/add${one}`, { token: linked.token, body: { course_id: c.id, ...body } }))
          .status,
      ).toBe(403)
      expect((await api('DELETE', `${YA}/delete${one}/${id}`, { token: staff })).status).toBe(200)
      expect((await api('GET', `${YA}/get${one}ById/${id}`, { token: staff })).status).toBe(404)
      expect(
        (await api('POST', `${YA}/add${one}`, { token: staff, body: { ...body, course_id: 999999 } })).status,
      ).toBe(404)
    })
  }

  it.each([
    ['IELTS', { listening: 9.5 }, 'listening', 'IELTS listening must be between 0 and 9'],
    ['IELTS', { reading: 6.3 }, 'reading', 'IELTS reading must be in steps of 0.5'],
    ['PTE', { overall: 5 }, 'overall', 'PTE overall must be between 10 and 90'],
    ['TOEFL', { writing: 31 }, 'writing', 'TOEFL writing must be between 0 and 30'],
    ['TOEFL', { overall: 121 }, 'overall', 'TOEFL overall must be between 0 and 120'],
  ])('keeps %s scores within the scale (%o)', async (test, bad, field, msg) => {
    const u = await addUniversity()
    const c = await addCourse(u.id)
    const base = test === 'IELTS' ? 6 : test === 'PTE' ? 50 : 20
    const r = await api('POST', `${YA}/addEnglishRequirement`, {
      token: staff,
      body: {
        course_id: c.id,
        english_test_type: test,
        listening: base,
        reading: base,
        speaking: base,
        writing: base,
        overall: base,
        ...bad,
      },
    })
    expect(r.status).toBe(400)
    expect(r.body.errors[field]).toEqual([msg])
  })
})

describe('agency links', () => {
  it('lists, reads, switches off and on; unlinked agencies cannot see the catalogue or start work', async () => {
    const list = await api('GET', `${YA}/getAllAgencyLinks`, {
      token: staff,
      query: { is_active: 'true', perPage: '100' },
    })
    const link = list.body.data.find((l: { agency_id: number }) => l.agency_id === linked.id)
    expect(link).toMatchObject({ is_active: true })
    expect(
      (await api('GET', `${YA}/getAgencyLinkById/${link.id}`, { token: staff })).body.data.agency_id,
    ).toBe(linked.id)
    expect(
      (await api('POST', `${YA}/addAgencyLink`, { token: staff, body: { agency_id: linked.id } })).status,
    ).toBe(409)

    expect((await api('GET', `${YA}/getAllUniversities`, { token: unlinked.token })).status).toBe(403)
    expect(
      (await api('POST', `${YA}/createStudent`, { token: unlinked.token, body: studentBody() })).status,
    ).toBe(403)
    expect((await api('GET', `${YA}/getMyAdmissionAccess`, { token: unlinked.token })).body.data).toEqual({
      linked: false,
      is_active: false,
    })

    const s = await student()
    const off = await api('PUT', `${YA}/updateAgencyLinkStatus/${link.id}`, {
      token: staff,
      query: { is_active: 'false' },
    })
    expect(off.body.data.is_active).toBe(false)
    const [ag] = await getDb().select().from(agencies).where(eq(agencies.id, linked.id))
    expect(ag.is_yourAdmission_active).toBe(false)
    // History stays; new work is refused.
    expect((await api('GET', `${YA}/getStudentById/${s.id}`, { token: linked.token })).status).toBe(200)
    expect(
      (await api('POST', `${YA}/createStudent`, { token: linked.token, body: studentBody() })).status,
    ).toBe(403)
    expect((await api('GET', `${YA}/getAllCourses`, { token: linked.token })).status).toBe(403)
    const on = await api('PUT', `${YA}/updateAgencyLink/${link.id}`, {
      token: staff,
      body: { is_active: true },
    })
    expect(on.body.data.is_active).toBe(true)
  })

  it('updateAgencyStatusForYourAdmission links an agency and sets its flag', async () => {
    const x = await agencyWithToken()
    const path = `/agencies/agency-management/updateAgencyStatusForYourAdmission/${x.agency.id}`
    expect(
      (await api('POST', path, { token: x.token, body: { is_yourAdmission_active: true } })).status,
    ).toBe(403)
    const r = await api('POST', path, { token: staff, body: { is_yourAdmission_active: true } })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ id: x.agency.id, is_yourAdmission_active: true })
    expect((await api('GET', `${YA}/getMyAdmissionAccess`, { token: x.token })).body.data).toEqual({
      linked: true,
      is_active: true,
    })
    expect((await api('GET', `${YA}/getAllUniversities`, { token: x.token })).status).toBe(200)
    expect(
      (
        await api('POST', '/agencies/agency-management/updateAgencyStatusForYourAdmission/999999', {
          token: staff,
          body: { is_yourAdmission_active: true },
        })
      ).status,
    ).toBe(404)
  })
})

describe('students and documents', () => {
  it('creates, reads, lists with search, updates and deletes; another agency gets 404', async () => {
    const s = await student()
    expect(s).toMatchObject({ agency_id: linked.id, name: 'Asha Sharma', dob: '2004-05-06' })
    const upd = await api('PUT', `${YA}/updateStudent/${s.id}`, {
      token: linked.token,
      body: { name: 'Asha K Sharma' },
    })
    expect(upd.body.data.name).toBe('Asha K Sharma')
    const list = await api('GET', `${YA}/getAllStudents`, {
      token: linked.token,
      query: { search: 'K Sharma' },
    })
    expect(list.body.data.map((x: { id: number }) => x.id)).toContain(s.id)
    expect(list.body.data.every((x: { agency_id: number }) => x.agency_id === linked.id)).toBe(true)
    const theirs = await api('GET', `${YA}/getAllStudents`, {
      token: other.token,
      query: { search: 'K Sharma' },
    })
    expect(theirs.body.data.map((x: { id: number }) => x.id)).not.toContain(s.id)
    for (const [m, p, body] of [
      ['GET', `getStudentById/${s.id}`, undefined],
      ['PUT', `updateStudent/${s.id}`, { name: 'Hijack' }],
      ['DELETE', `deleteStudent/${s.id}`, undefined],
      ['GET', `getStudentDocumentsByStudentId/${s.id}`, undefined],
      [
        'POST',
        'createStudentDocument',
        { student_id: s.id, name: 'Passport', url: 'admission/x-passport.pdf' },
      ],
    ] as const)
      expect((await api(m, `${YA}/${p}`, { token: other.token, body })).status).toBe(404)
    expect((await api('GET', `${YA}/getStudentById/${s.id}`, { token: staff })).status).toBe(200)
    expect((await api('DELETE', `${YA}/deleteStudent/${s.id}`, { token: linked.token })).status).toBe(200)
    expect((await api('GET', `${YA}/getStudentById/${s.id}`, { token: linked.token })).status).toBe(404)
  })

  it('validates the student', async () => {
    const r = await api('POST', `${YA}/createStudent`, {
      token: linked.token,
      body: studentBody({ email: 'x', dob: '06/05/2004', phone_number: '12' }),
    })
    expect(r.status).toBe(400)
    expect(Object.keys(r.body.errors)).toEqual(expect.arrayContaining(['email', 'dob', 'phone_number']))
  })

  it('adds, lists and deletes documents of the admission folder only', async () => {
    const s = await student()
    const add = await api('POST', `${YA}/createStudentDocument`, {
      token: linked.token,
      body: {
        student_id: s.id,
        name: 'Passport',
        url: await uploadedAdmissionFile(linked.id),
        category: 'PASSPORT',
      },
    })
    expect(add.status).toBe(201)
    const bad = await api('POST', `${YA}/createStudentDocument`, {
      token: linked.token,
      body: { student_id: s.id, name: 'Passport', url: 'private/abc.pdf' },
    })
    expect(bad.status).toBe(400)
    const list = await api('GET', `${YA}/getStudentDocumentsByStudentId/${s.id}`, { token: linked.token })
    expect(list.body.data).toEqual([expect.objectContaining({ name: 'Passport', category: 'PASSPORT' })])
    expect(
      (await api('DELETE', `${YA}/deleteStudentDocument/${add.body.data.id}`, { token: other.token })).status,
    ).toBe(404)
    expect(
      (await api('DELETE', `${YA}/deleteStudentDocument/${add.body.data.id}`, { token: linked.token }))
        .status,
    ).toBe(200)
  })
})

describe('student documents are the agency’s own uploads', () => {
  it('refuses another agency’s file key, or one never uploaded, with 400 File not found', async () => {
    const s = await student()
    const theirs = await uploadedAdmissionFile(other.id)
    for (const url of [theirs, 'admission/never-uploaded.pdf']) {
      const r = await api('POST', `${YA}/createStudentDocument`, {
        token: linked.token,
        body: { student_id: s.id, name: 'Passport', url, category: 'PASSPORT' },
      })
      expect(r.status, url).toBe(400)
      expect(r.body.errors, url).toEqual({ url: ['File not found'] })
    }
    const docs = await api('GET', `${YA}/getStudentDocumentsByStudentId/${s.id}`, { token: linked.token })
    expect(docs.body.data).toEqual([])
  })
})

describe('enrolments', () => {
  it('applies (REQUESTED), moves through every legal step with history, and tells the agency', async () => {
    const { c, i } = await catalogue()
    const s = await student()
    const a = await apply(s.id, i.id)
    expect(a.status).toBe(201)
    expect(a.body.data).toMatchObject({
      status: 'REQUESTED',
      course_name: c.name,
      intake_period_month: 2,
      intake_period_year: 2027,
      agency_id: linked.id,
    })
    const e = a.body.data.id
    expect((await apply(s.id, i.id)).status).toBe(409)
    expect((await move(e, 'PROCESSING')).status).toBe(200)
    expect((await move(e, 'ADDITIONAL_INFO_REQUIRED', 'Send the transcript')).status).toBe(200)
    expect((await move(e, 'PROCESSING', 'Received')).status).toBe(200)
    const done = await move(e, 'ENROLLED')
    expect(done.status).toBe(200)
    expect(done.body.data.status).toBe('ENROLLED')
    const history = await getDb()
      .select()
      .from(admissionEnrollmentHistory)
      .where(eq(admissionEnrollmentHistory.enrollment_id, e))
    expect(history.map((h) => h.to_status)).toEqual([
      'REQUESTED',
      'PROCESSING',
      'ADDITIONAL_INFO_REQUIRED',
      'PROCESSING',
      'ENROLLED',
    ])
    const told = await getDb()
      .select({ title: notifications.title })
      .from(notifications)
      .innerJoin(notificationReceivers, eq(notificationReceivers.notification_id, notifications.id))
      .where(
        and(
          eq(notificationReceivers.identity_id, linked.identityId),
          eq(notifications.event_type, 'MESSAGE_SENT_BY_OSHC'),
        ),
      )
    expect(told.map((t) => t.title)).toContain(`Enrolment #${e}: Enrolled`)
    // 52 weeks from 1 Feb 2027 ends 30 Jan 2028: a long course, covered to its end + 2 months.
    const one = await api('GET', `${YA}/getStudentEnrollmentById/${e}`, { token: linked.token })
    expect(one.body.data).toMatchObject({
      course_start: '2027-02-01',
      course_end: '2028-01-30',
      cover_end: '2028-03-30',
    })
    expect(one.body.data.history).toHaveLength(5)
    expect((await api('GET', `${YA}/getStudentEnrollmentById/${e}`, { token: other.token })).status).toBe(404)
  })

  const illegal: [string[], string][] = [
    [[], 'ADDITIONAL_INFO_REQUIRED'],
    [[], 'ENROLLED'],
    [[], 'REJECTED'],
    [[], 'REQUESTED'],
    [['PROCESSING'], 'PROCESSING'],
    [['PROCESSING'], 'REQUESTED'],
    [['PROCESSING', 'ADDITIONAL_INFO_REQUIRED'], 'ENROLLED'],
    [['PROCESSING', 'ADDITIONAL_INFO_REQUIRED'], 'REJECTED'],
    [['PROCESSING', 'ADDITIONAL_INFO_REQUIRED'], 'REQUESTED'],
    [['PROCESSING', 'ADDITIONAL_INFO_REQUIRED'], 'ADDITIONAL_INFO_REQUIRED'],
    [['PROCESSING', 'ENROLLED'], 'PROCESSING'],
    [['PROCESSING', 'ENROLLED'], 'REJECTED'],
    [['PROCESSING', 'ENROLLED'], 'REQUESTED'],
    [['PROCESSING', 'ENROLLED'], 'ADDITIONAL_INFO_REQUIRED'],
    [['PROCESSING', 'ENROLLED'], 'ENROLLED'],
    [['PROCESSING', 'REJECTED'], 'PROCESSING'],
    [['PROCESSING', 'REJECTED'], 'ENROLLED'],
    [['PROCESSING', 'REJECTED'], 'REQUESTED'],
    [['PROCESSING', 'REJECTED'], 'ADDITIONAL_INFO_REQUIRED'],
    [['PROCESSING', 'REJECTED'], 'REJECTED'],
  ]
  it.each(illegal)('after %j refuses %s with 409 and the reason', async (path, to) => {
    const { i } = await catalogue()
    const s = await student()
    const e = (await apply(s.id, i.id)).body.data.id
    for (const step of path) expect((await move(e, step, 'why')).status).toBe(200)
    const r = await move(e, to, 'why')
    expect(r.status).toBe(409)
    expect(r.body.message).toMatch(/^An enrolment that is|^The enrolment is already/)
  })

  it('requires a note for REJECTED and ADDITIONAL_INFO_REQUIRED; only staff move enrolments', async () => {
    const { i } = await catalogue()
    const s = await student()
    const e = (await apply(s.id, i.id)).body.data.id
    expect(
      (
        await api('PUT', `${YA}/updateStudentEnrollment/${e}`, {
          token: linked.token,
          body: { status: 'PROCESSING' },
        })
      ).status,
    ).toBe(403)
    await move(e, 'PROCESSING')
    for (const to of ['REJECTED', 'ADDITIONAL_INFO_REQUIRED']) {
      const r = await move(e, to)
      expect(r.status).toBe(400)
      expect(r.body.errors.note).toEqual(['A note is required for this status'])
    }
    expect((await move(e, 'REJECTED', 'Entry requirements not met')).status).toBe(200)
  })

  it('lists by status with tenant isolation; withdraws only REQUESTED', async () => {
    const { i } = await catalogue()
    const s = await student()
    const e = (await apply(s.id, i.id)).body.data.id
    const mine = await api('GET', `${YA}/getAllStudentEnrollments`, {
      token: linked.token,
      query: { status: 'REQUESTED', perPage: '100' },
    })
    expect(mine.body.data.map((x: { id: number }) => x.id)).toContain(e)
    const theirs = await api('GET', `${YA}/getAllStudentEnrollments`, {
      token: other.token,
      query: { perPage: '100' },
    })
    expect(theirs.body.data.map((x: { id: number }) => x.id)).not.toContain(e)
    const board = await api('GET', `${YA}/getAllStudentEnrollments`, {
      token: staff,
      query: { agency_id: String(linked.id), perPage: '100' },
    })
    expect(board.body.data.map((x: { id: number }) => x.id)).toContain(e)
    expect((await apply(s.id, i.id, other.token)).status).toBe(404)
    expect((await api('DELETE', `${YA}/deleteStudentEnrollment/${e}`, { token: other.token })).status).toBe(
      404,
    )
    expect((await api('DELETE', `${YA}/deleteStudentEnrollment/${e}`, { token: linked.token })).status).toBe(
      200,
    )
    const e2 = (await apply(s.id, i.id)).body.data.id
    await move(e2, 'PROCESSING')
    expect((await api('DELETE', `${YA}/deleteStudentEnrollment/${e2}`, { token: linked.token })).status).toBe(
      409,
    )
  })
})

describe('enrolment notes', () => {
  it('creates, lists, reads, updates and deletes by the author; tells the other side', async () => {
    const { i } = await catalogue()
    const s = await student()
    const e = (await apply(s.id, i.id)).body.data.id
    const staffNote = await api('POST', `${YA}/createEnrollmentNote`, {
      token: staff,
      body: { student_enrollment_id: e, content: 'Please send IELTS' },
    })
    expect(staffNote.status).toBe(201)
    const reply = await api('POST', `${YA}/createEnrollmentNote`, {
      token: linked.token,
      body: { student_enrollment_id: e, content: 'Sent today' },
    })
    expect(reply.status).toBe(201)
    const [agencyTold] = await getDb()
      .select({ id: notifications.id })
      .from(notifications)
      .innerJoin(notificationReceivers, eq(notificationReceivers.notification_id, notifications.id))
      .where(
        and(
          eq(notificationReceivers.identity_id, linked.identityId),
          eq(notifications.title, `Enrolment #${e}: new note`),
        ),
      )
    expect(agencyTold).toBeTruthy()
    const [staffTold] = await getDb()
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.event_type, 'MESSAGE_SENT_BY_AGENCY'),
          eq(notifications.title, `Enrolment #${e}: new note`),
        ),
      )
    expect(staffTold).toBeTruthy()
    const list = await api('GET', `${YA}/getEnrollmentNotesByEnrollmentId/${e}`, { token: linked.token })
    expect(list.body.data.map((n: { content: string }) => n.content)).toEqual([
      'Please send IELTS',
      'Sent today',
    ])
    expect(
      (await api('GET', `${YA}/getEnrollmentNoteById/${reply.body.data.id}`, { token: staff })).status,
    ).toBe(200)
    expect(
      (await api('GET', `${YA}/getEnrollmentNotesByEnrollmentId/${e}`, { token: other.token })).status,
    ).toBe(404)
    // Only the author changes or deletes a note.
    expect(
      (
        await api('PUT', `${YA}/updateEnrollmentNote/${staffNote.body.data.id}`, {
          token: linked.token,
          body: { content: 'x' },
        })
      ).status,
    ).toBe(403)
    expect(
      (await api('DELETE', `${YA}/deleteEnrollmentNote/${reply.body.data.id}`, { token: staff })).status,
    ).toBe(403)
    expect(
      (
        await api('PUT', `${YA}/updateEnrollmentNote/${reply.body.data.id}`, {
          token: other.token,
          body: { content: 'x' },
        })
      ).status,
    ).toBe(404)
    const upd = await api('PUT', `${YA}/updateEnrollmentNote/${reply.body.data.id}`, {
      token: linked.token,
      body: { content: 'Sent yesterday' },
    })
    expect(upd.body.data.content).toBe('Sent yesterday')
    expect(
      (await api('DELETE', `${YA}/deleteEnrollmentNote/${reply.body.data.id}`, { token: linked.token }))
        .status,
    ).toBe(200)
    expect(
      (
        await api('POST', `${YA}/createEnrollmentNote`, {
          token: staff,
          body: { student_enrollment_id: e, content: '' },
        })
      ).status,
    ).toBe(400)
  })
})

describe('screens', () => {
  const ORIGIN = 'http://test.local'
  const get = (path: string, token: string) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
  const post = (path: string, token: string, fields: Record<string, string>) => {
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    return new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      body: form,
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
    })
  }
  const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} })
  const unwrap = <T>(answer: T) => ((answer as { data?: unknown }).data ?? answer) as any

  it('serve the staff pages: universities, course tabs (a scholarship typed in dollars is kept in cents), board, links', async () => {
    const { u, c } = await catalogue()
    const list = await import('../../app/routes/staff+/admission._index')
    const page = unwrap(
      await list.loader(args(get(`/staff/admission?search=${encodeURIComponent(u.full_name)}`, staff))),
    )
    expect(page.universities.map((x: { id: number }) => x.id)).toEqual([u.id])
    const uniPage = await import('../../app/routes/staff+/admission.universities.$universityId')
    expect(
      unwrap(await uniPage.loader(args(get(`/x`, staff), { universityId: String(u.id) }))).university.courses,
    ).toHaveLength(1)
    const editor = await import('../../app/routes/staff+/admission.courses.$courseId')
    const path = `/staff/admission/courses/${c.id}?tab=scholarships`
    const added = await editor.action(
      args(
        post(path, staff, {
          intent: 'add-scholarships',
          course_id: String(c.id),
          name: 'Dean award',
          criteria: 'Top 5%',
          currency: 'AUD',
          duration: '1 year',
          amount: '2500.50',
        }),
        { courseId: String(c.id) },
      ),
    )
    expect((added as Response).status).toBe(302)
    const tab = unwrap(await editor.loader(args(get(path, staff), { courseId: String(c.id) })))
    expect(tab.course.scholarships).toEqual([expect.objectContaining({ name: 'Dean award', fee: 250_050 })])
    const bad = unwrap(
      await editor.action(
        args(
          post(`/staff/admission/courses/${c.id}?tab=english`, staff, {
            intent: 'add-english',
            course_id: String(c.id),
            english_test_type: 'IELTS',
            listening: '10',
            reading: '6',
            speaking: '6',
            writing: '6',
            overall: '6',
          }),
          {
            courseId: String(c.id),
          },
        ),
      ),
    )
    expect(bad.error.listening).toEqual(['IELTS listening must be between 0 and 9'])
    const board = await import('../../app/routes/staff+/admission.enrolments._index')
    expect(
      unwrap(await board.loader(args(get('/staff/admission/enrolments', staff)))).columns.map(
        (x: { status: string }) => x.status,
      ),
    ).toEqual(['REQUESTED', 'PROCESSING', 'ADDITIONAL_INFO_REQUIRED', 'REJECTED', 'ENROLLED'])
    const links = await import('../../app/routes/staff+/admission.links')
    expect(
      unwrap(await links.loader(args(get('/staff/admission/links?perPage=100', staff)))).links.length,
    ).toBeGreaterThan(0)
  })

  it('serve the agency pages: finder with fees in dollars, students, the application with its quote period; refuse unlinked agencies', async () => {
    const u = await addUniversity()
    const c = await addCourse(u.id, { name: `Dollar course ${Date.now()}`, fee_amount: 1_500_000 })
    const finder = await import('../../app/routes/agency+/admission._index')
    const found = async (q: string) =>
      unwrap(
        await finder.loader(
          args(get(`/agency/admission?search=${encodeURIComponent(c.name)}&${q}`, linked.token)),
        ),
      ).courses.map((x: { id: number }) => x.id)
    expect(await found('fee_from=15000&fee_to=15000')).toEqual([c.id])
    expect(await found('fee_to=14999.99')).toEqual([])
    await expect(finder.loader(args(get('/agency/admission', unlinked.token)))).rejects.toMatchObject({
      status: 403,
    })
    const layout = await import('../../app/routes/agency+/admission')
    expect(unwrap(await layout.loader(args(get('/agency/admission', unlinked.token))))).toEqual({
      linked: false,
      is_active: false,
    })

    const i = await addIntake(c.id, 11, 2027)
    const s = await student()
    const e = (await apply(s.id, i.id)).body.data.id
    await move(e, 'PROCESSING')
    await move(e, 'ENROLLED')
    const page = await import('../../app/routes/agency+/admission.enrolments.$enrollmentId')
    const data = unwrap(await page.loader(args(get(`/x`, linked.token), { enrollmentId: String(e) })))
    // 52 weeks from 1 Nov 2027 end on 29 Oct 2028 (a leap year): a long course ending in October, + 2 months.
    expect(data.enrollment).toMatchObject({
      course_start: '2027-11-01',
      course_end: '2028-10-29',
      cover_end: '2028-12-29',
    })
    await expect(
      page.loader(args(get(`/x`, other.token), { enrollmentId: String(e) })),
    ).rejects.toMatchObject({ status: 404 })
    const students = await import('../../app/routes/agency+/admission.students._index')
    expect(
      unwrap(await students.loader(args(get('/agency/admission/students', linked.token)))).students.length,
    ).toBeGreaterThan(0)
  })
})
