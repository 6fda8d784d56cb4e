import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { addCourseDocument } from '../../../domain/admission/add-course-document'
import { addCourseIntake } from '../../../domain/admission/add-course-intake'
import { addCourseRequirement } from '../../../domain/admission/add-course-requirement'
import { addEnglishRequirement } from '../../../domain/admission/add-english-requirement'
import { addScholarship } from '../../../domain/admission/add-scholarship'
import {
  CourseDocumentSchema,
  CourseIntakeSchema,
  CourseRequirementSchema,
  EnglishRequirementSchema,
} from '../../../domain/admission/admission.schemas'
import { deleteCourse } from '../../../domain/admission/delete-course'
import { deleteCourseDocument } from '../../../domain/admission/delete-course-document'
import { deleteCourseIntake } from '../../../domain/admission/delete-course-intake'
import { deleteCourseRequirement } from '../../../domain/admission/delete-course-requirement'
import { deleteEnglishRequirement } from '../../../domain/admission/delete-english-requirement'
import { deleteScholarship } from '../../../domain/admission/delete-scholarship'
import { getCourseDetailsById } from '../../../domain/admission/get-course-details-by-id'
import { updateCourse } from '../../../domain/admission/update-course'
import { fromCents } from '../../../domain/shared/money'
import { AdmissionForm } from '../../components/admission/admission-form'
import { PART_TABS, PARTS, type PartTab } from '../../components/admission/course-parts'
import { courseFields } from '../../components/admission/university-fields'
import { ErrorList, errorsOf, IntentForm, SubmitButton, useResultFor } from '../../components/forms'
import { TabLinks } from '../../components/tab-links'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import {
  CourseEditFormSchema,
  courseInput,
  ScholarshipFormSchema,
  scholarshipInput,
} from '../../utils/admission-forms.schemas'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.course.name ?? 'Course'} · OSHC Back Office` },
]

const tabOf = (request: Request): PartTab => {
  const t = new URL(request.url).searchParams.get('tab')
  return PART_TABS.includes(t as PartTab) ? (t as PartTab) : 'intakes'
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, updateCourse.access)
  const id = idFromParam(params.courseId, 'Course')
  const course = await getCourseDetailsById({ actor, id }).catch(throwAsResponse)
  return { course, fee: fromCents(course.fee_amount).toFixed(2), tab: tabOf(request) }
}

/** Each tab's add form: its schema (also the page's, in the browser) and its use case. */
const ADD_SCHEMA = {
  intakes: CourseIntakeSchema,
  documents: CourseDocumentSchema,
  requirements: CourseRequirementSchema,
  english: EnglishRequirementSchema,
  scholarships: ScholarshipFormSchema,
} as const
const ADD = {
  intakes: addCourseIntake,
  documents: addCourseDocument,
  requirements: addCourseRequirement,
  english: addEnglishRequirement,
  scholarships: (
    o: Parameters<typeof addScholarship>[0] & { input: z.output<typeof ScholarshipFormSchema> },
  ) => addScholarship({ ...o, input: scholarshipInput(o.input) }),
} as const
const REMOVE = {
  intakes: deleteCourseIntake,
  documents: deleteCourseDocument,
  requirements: deleteCourseRequirement,
  english: deleteEnglishRequirement,
  scholarships: deleteScholarship,
} as const
const RowId = z.object({ row_id: z.coerce.number().int().positive() })

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, updateCourse.access)
  const id = idFromParam(params.courseId, 'Course')
  const formData = await readForm(request)
  const tab = tabOf(request)
  const here = `/staff/admission/courses/${id}?tab=${tab}`
  const intent = String(formData.get('intent'))
  if (intent === 'update')
    return submitForm(formData, CourseEditFormSchema, async (input) => {
      await updateCourse({ actor, id, input: courseInput(input) })
      return redirectWithToast(here, { type: 'success', title: 'Course saved' })
    })
  if (intent === 'delete-course')
    return submitForm(formData, z.object({}), async () => {
      const { course } = { course: await getCourseDetailsById({ actor, id }) }
      await deleteCourse({ actor, id })
      return redirectWithToast(`/staff/admission/universities/${course.university_id}`, {
        type: 'success',
        title: 'Course deleted',
      })
    })
  if (intent === `add-${tab}`) {
    return submitForm(formData, ADD_SCHEMA[tab], async (input) => {
      // Each tab's schema matches its use case's input.
      await (ADD[tab] as (o: { actor: typeof actor; input: unknown }) => Promise<unknown>)({ actor, input })
      return redirectWithToast(here, {
        type: 'success',
        title: `${PARTS[tab].one[0].toUpperCase()}${PARTS[tab].one.slice(1)} added`,
      })
    })
  }
  if (intent === `delete-${tab}`)
    return submitForm(formData, RowId, async ({ row_id }) => {
      await REMOVE[tab]({ actor, id: row_id })
      return redirectWithToast(here, { type: 'success', title: 'Removed' })
    })
  throw new Response('Unknown action', { status: 400 })
}

export default function CourseEditor() {
  const { course, fee, tab } = useLoaderData<typeof loader>()
  const deleteResult = useResultFor('delete-course')
  const part = PARTS[tab]
  const rows = {
    intakes: course.intakes,
    documents: course.documents,
    requirements: course.requirements,
    english: course.english_requirements,
    scholarships: course.scholarships,
  }[tab] as unknown as (Record<string, unknown> & { id: number })[]
  return (
    <div className="space-y-6">
      <Link
        to={`/staff/admission/universities/${course.university_id}`}
        className="text-sm text-primary hover:underline"
      >
        {course.university.full_name}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-xl font-semibold">{course.name}</h3>
        <span className="text-sm text-muted-foreground">CRICOS {course.cricos_code}</span>
        <IntentForm intent="delete-course">
          <SubmitButton variant="destructive" size="sm">
            Delete course
          </SubmitButton>
        </IntentForm>
      </div>
      {deleteResult ? <ErrorList errors={errorsOf(deleteResult, '')} /> : null}
      <TabLinks
        label="Course details"
        items={PART_TABS.map((t) => ({ value: t, label: PARTS[t].label }))}
        current={tab}
        href={(t) => `?tab=${t}`}
      />
      <section aria-label={part.label} className="space-y-4">
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No {part.label.toLowerCase()} yet.</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{part.label}</caption>
            <thead>
              <tr className="border-b text-left">
                {part.columns.map((c) => (
                  <th key={c.header} scope="col" className="py-2 pr-4 font-medium">
                    {c.header}
                  </th>
                ))}
                <th scope="col" className="py-2 font-medium">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b">
                  {part.columns.map((c) => (
                    <td key={c.header} className="py-2 pr-4">
                      {c.cell(r)}
                    </td>
                  ))}
                  <td className="py-2">
                    <IntentForm intent={`delete-${tab}`}>
                      <input type="hidden" name="row_id" value={r.id} />
                      <SubmitButton
                        variant="outline"
                        size="sm"
                        aria-label={`Remove ${part.one} ${part.columns[0].cell(r)}`}
                      >
                        Remove
                      </SubmitButton>
                    </IntentForm>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Card>
          <CardHeader>
            <CardTitle as="h4">Add {part.one}</CardTitle>
          </CardHeader>
          <CardContent>
            <AdmissionForm
              id={`add-${tab}`}
              intent={`add-${tab}`}
              schema={ADD_SCHEMA[tab]}
              defs={part.defs}
              values={tab === 'scholarships' ? { currency: course.currency } : {}}
              hidden={{ course_id: course.id }}
              submit={`Add ${part.one}`}
            />
          </CardContent>
        </Card>
      </section>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Course details</CardTitle>
        </CardHeader>
        <CardContent>
          <AdmissionForm
            id="update-course"
            intent="update"
            schema={CourseEditFormSchema}
            defs={courseFields}
            values={{ ...course, fee }}
            submit="Save course"
          />
        </CardContent>
      </Card>
    </div>
  )
}
