// The five per-course sub-resources (intakes, documents, requirements, English requirements,
// scholarships) share one shape: rows of a course, added, changed, read and deleted by staff and
// read by linked agencies. Each use case file is a thin declaration over these steps.
import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  admissionCourseDocuments,
  admissionCourseIntakes,
  admissionCourseRequirements,
  admissionEnglishRequirements,
  admissionScholarships,
} from '../../db/schema'
import { notFound } from '../shared/errors'
import { loadCourse, type AdmissionScope } from './admission-scope'

export const COURSE_CHILDREN = {
  intake: { table: admissionCourseIntakes, label: 'Course intake' },
  document: { table: admissionCourseDocuments, label: 'Course document' },
  requirement: { table: admissionCourseRequirements, label: 'Course requirement' },
  english: { table: admissionEnglishRequirements, label: 'English requirement' },
  scholarship: { table: admissionScholarships, label: 'Scholarship' },
} as const
export type CourseChildKind = keyof typeof COURSE_CHILDREN

type Row = { id: number; course_id: number } & Record<string, unknown>
type ChildInput = { course_id: number } & Record<string, unknown>

// The five tables differ in their columns only; the steps below touch id and course_id.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const tableOf = (kind: CourseChildKind) => COURSE_CHILDREN[kind].table as any

export async function addCourseChild(kind: CourseChildKind, input: ChildInput): Promise<Row> {
  await loadCourse(input.course_id, null)
  const rows = (await getDb().insert(tableOf(kind)).values(input).returning()) as Row[]
  return rows[0]
}

async function loadChild(kind: CourseChildKind, id: number, scope: AdmissionScope | null): Promise<Row> {
  const t = tableOf(kind)
  const [row] = (await getDb().select().from(t).where(eq(t.id, id))) as Row[]
  if (!row) throw notFound(COURSE_CHILDREN[kind].label)
  try {
    await loadCourse(row.course_id, scope)
  } catch {
    throw notFound(COURSE_CHILDREN[kind].label)
  }
  return row
}

/** Changes every field but the course (a row never moves to another course). */
export async function updateCourseChild(kind: CourseChildKind, id: number, input: ChildInput): Promise<Row> {
  const current = await loadChild(kind, id, null)
  const { course_id: _course, ...fields } = input
  const t = tableOf(kind)
  const rows = (await getDb().update(t).set(fields).where(eq(t.id, current.id)).returning()) as Row[]
  return rows[0]
}

export const getCourseChild = (kind: CourseChildKind, id: number, scope: AdmissionScope) =>
  loadChild(kind, id, scope.agencyId === null ? null : scope)

export async function listCourseChildren(kind: CourseChildKind, courseId: number, scope: AdmissionScope) {
  await loadCourse(courseId, scope.agencyId === null ? null : scope)
  const t = tableOf(kind)
  return (await getDb().select().from(t).where(eq(t.course_id, courseId)).orderBy(asc(t.id))) as Row[]
}

export async function deleteCourseChild(kind: CourseChildKind, id: number) {
  const current = await loadChild(kind, id, null)
  const t = tableOf(kind)
  await getDb().delete(t).where(eq(t.id, current.id))
  return { id: current.id }
}
