import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { StudentSchema, STUDENT_DOCUMENT_CATEGORIES } from '../../../domain/admission/admission.schemas'
import { DOCUMENT_CATEGORY_TEXT, MONTH_TEXT, STATUS_TEXT } from '../../../domain/admission/admission.rules'
import { createStudentDocument } from '../../../domain/admission/create-student-document'
import { deleteStudentDocument } from '../../../domain/admission/delete-student-document'
import { getStudentById } from '../../../domain/admission/get-student-by-id'
import { updateStudent } from '../../../domain/admission/update-student'
import { findCountries } from '../../../domain/reference/find-countries'
import { AdmissionForm } from '../../components/admission/admission-form'
import { studentFields } from '../../components/admission/student-fields'
import { ConfirmSubmit } from '../../components/confirm-submit'
import { IntentForm } from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { requireAgency } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { storeFormFile } from '../../utils/upload.server'
import { fileHref } from '../../utils/file-href'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.student.name ?? 'Student'} · Agency portal` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  const id = idFromParam(params.studentId, 'Student')
  const [student, countries] = await Promise.all([
    getStudentById({ actor, id }).catch(throwAsResponse),
    findCountries(),
  ])
  return { student, countries: countries.map((c) => ({ value: String(c.id), label: c.name })) }
}

const DocumentForm = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  category: z.enum(STUDENT_DOCUMENT_CATEGORIES),
})

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAgency(request)
  const id = idFromParam(params.studentId, 'Student')
  const formData = await readForm(request)
  const here = `/agency/admission/students/${id}`
  const intent = formData.get('intent')
  if (intent === 'document')
    return submitForm(formData, DocumentForm, async (input) => {
      const { key } = await storeFormFile({
        actor,
        file: formData.get('file'),
        field: 'file',
        folder: 'admission',
      })
      await createStudentDocument({ actor, input: { ...input, student_id: id, url: key } })
      return redirectWithToast(here, { type: 'success', title: 'Document uploaded' })
    })
  if (intent === 'delete-document')
    return submitForm(
      formData,
      z.object({ document_id: z.coerce.number().int().positive() }),
      async ({ document_id }) => {
        await deleteStudentDocument({ actor, id: document_id })
        return redirectWithToast(here, { type: 'success', title: 'Document deleted' })
      },
    )
  return submitForm(formData, StudentSchema, async (input) => {
    await updateStudent({ actor, id, input })
    return redirectWithToast(here, { type: 'success', title: 'Student saved' })
  })
}

export default function StudentProfile() {
  const { student: s, countries } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-5xl space-y-6">
      <Link to="/agency/admission/students" className="text-sm text-primary hover:underline">
        All students
      </Link>
      <h3 className="text-xl font-semibold">{s.name}</h3>
      <section aria-labelledby="enrolments" className="space-y-2">
        <h4 id="enrolments" className="text-lg font-semibold">
          Applications
        </h4>
        {s.enrollments.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            None yet.{' '}
            <Link to="/agency/admission" className="text-primary underline">
              Find a course
            </Link>{' '}
            to apply.
          </p>
        ) : (
          <ul className="space-y-2 text-sm">
            {s.enrollments.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/agency/admission/enrolments/${e.id}`}
                  className="font-medium text-primary hover:underline"
                >
                  {e.course_name}
                </Link>
                <span className="text-muted-foreground">
                  {e.university_name} · {MONTH_TEXT[e.intake_period_month - 1]} {e.intake_period_year}
                </span>
                <Badge
                  variant={
                    e.status === 'ENROLLED' ? 'success' : e.status === 'REJECTED' ? 'destructive' : 'info'
                  }
                >
                  {STATUS_TEXT[e.status]}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Card>
        <CardHeader>
          <CardTitle as="h4">Documents</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <ul className="space-y-1 text-sm">
            {s.documents.map((d) => (
              <li key={d.id} className="flex items-center gap-2">
                <a href={fileHref(d.url)} className="font-medium text-primary hover:underline">
                  {d.name}
                </a>
                <span className="text-muted-foreground">{DOCUMENT_CATEGORY_TEXT[d.category]}</span>
                <IntentForm intent="delete-document">
                  <input type="hidden" name="document_id" value={d.id} />
                  <ConfirmSubmit
                    variant="ghost"
                    size="sm"
                    title={`Delete ${d.name} of ${s.name}?`}
                    description="The document is removed from the student's file."
                    confirmLabel="Delete document"
                  >
                    Delete<span className="sr-only"> {d.name}</span>
                  </ConfirmSubmit>
                </IntentForm>
              </li>
            ))}
          </ul>
          <AdmissionForm
            id="document"
            intent="document"
            schema={DocumentForm}
            defs={[
              { name: 'name', label: 'Document name' },
              {
                name: 'category',
                label: 'Kind',
                type: 'select',
                options: Object.entries(DOCUMENT_CATEGORY_TEXT).map(([value, label]) => ({ value, label })),
              },
              { name: 'file', label: 'File (PDF, JPEG, PNG, DOC)', type: 'file' },
            ]}
            values={{ category: 'PASSPORT' }}
            submit="Upload document"
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h4">Details</CardTitle>
        </CardHeader>
        <CardContent>
          <AdmissionForm
            id="student"
            intent="student"
            schema={StudentSchema}
            defs={studentFields(countries)}
            values={{ ...s, country_id: String(s.country_id) }}
            submit="Save student"
          />
        </CardContent>
      </Card>
    </div>
  )
}
