import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { EnrollmentSchema } from '../../../domain/admission/admission.schemas'
import { createStudentEnrollment } from '../../../domain/admission/create-student-enrollment'
import { getAllStudents } from '../../../domain/admission/get-all-students'
import { getCourseDetailsById } from '../../../domain/admission/get-course-details-by-id'
import { MONTH_TEXT, UNIVERSITY_TYPE_TEXT } from '../../../domain/admission/admission.rules'
import { formatCents, formatDate } from '../../../domain/shared/format'
import { AdmissionForm } from '../../components/admission/admission-form'
import { PARTS } from '../../components/admission/course-parts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { requireAdmissionLink } from '../../utils/admission.server'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { requireAgency } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.course.name ?? 'Course'} · Agency portal` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  await requireAdmissionLink(actor)
  const id = idFromParam(params.courseId, 'Course')
  const [course, students] = await Promise.all([
    getCourseDetailsById({ actor, id }).catch(throwAsResponse),
    getAllStudents({ actor, page: 1, perPage: 100 }),
  ])
  return {
    course,
    students: students.items.map((s) => ({ value: String(s.id), label: `${s.name} (${s.email})` })),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAgency(request)
  idFromParam(params.courseId, 'Course')
  const formData = await readForm(request)
  return submitForm(formData, EnrollmentSchema, async (input) => {
    const e = await createStudentEnrollment({ actor, input })
    return redirectWithToast(`/agency/admission/enrolments/${e.id}`, {
      type: 'success',
      title: 'Application sent',
      description: 'The admission team will process it; you will be told of each change.',
    })
  })
}

const SECTIONS = [
  ['requirements', 'requirements'],
  ['english', 'english_requirements'],
  ['scholarships', 'scholarships'],
  ['documents', 'documents'],
] as const

export default function AgencyCourse() {
  const { course: c, students } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-5xl space-y-6">
      <Link to="/agency/admission" className="text-sm text-primary hover:underline">
        Back to the course finder
      </Link>
      <Card>
        <CardHeader>
          <CardTitle as="h3">{c.name}</CardTitle>
          <CardDescription>
            {c.university.full_name} ({UNIVERSITY_TYPE_TEXT[c.university.type]}, {c.university.country_name})
            · CRICOS {c.cricos_code} · {c.duration} weeks · {formatCents(c.fee_amount, c.currency)}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          {c.description ? <p className="whitespace-pre-line">{c.description}</p> : null}
          {c.website_url ? (
            <a href={c.website_url} className="text-primary hover:underline" rel="noreferrer" target="_blank">
              Course website
            </a>
          ) : null}
          {SECTIONS.map(([tab, key]) =>
            c[key].length ? (
              <section key={tab} aria-label={PARTS[tab].label}>
                <h4 className="font-semibold">{PARTS[tab].label}</h4>
                <ul className="list-disc pl-5">
                  {(c[key] as unknown as Record<string, unknown>[]).map((r, i) => (
                    <li key={i}>
                      {PARTS[tab].columns.map((col) => `${col.header}: ${col.cell(r)}`).join(' · ')}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null,
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Apply for a student</CardTitle>
          <CardDescription>
            {students.length ? (
              'Choose the student and the intake.'
            ) : (
              <>
                Add the student first on the{' '}
                <Link to="/agency/admission/students" className="text-primary underline">
                  students page
                </Link>
                .
              </>
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AdmissionForm
            id="apply"
            intent="apply"
            schema={EnrollmentSchema}
            defs={[
              { name: 'student_id', label: 'Student', type: 'select', options: students },
              {
                name: 'course_intake_id',
                label: 'Intake',
                type: 'select',
                options: c.intakes.map((i) => ({
                  value: String(i.id),
                  label: `${MONTH_TEXT[i.month - 1]} ${i.year}${i.application_deadline ? ` (apply by ${formatDate(i.application_deadline)})` : ''}`,
                })),
              },
              { name: 'note', label: 'Note for the admission team', type: 'textarea' },
            ]}
            submit="Apply"
          />
        </CardContent>
      </Card>
    </div>
  )
}
