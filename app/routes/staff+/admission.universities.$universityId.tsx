import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { addCourse } from '../../../domain/admission/add-course'
import { UniversitySchema, UniversityStatusQuerySchema } from '../../../domain/admission/admission.schemas'
import { UNIVERSITY_STATUS_TEXT, UNIVERSITY_TYPE_TEXT } from '../../../domain/admission/admission.rules'
import { deleteUniversity } from '../../../domain/admission/delete-university'
import { getUniversityDetailsById } from '../../../domain/admission/get-university-details-by-id'
import { updateUniversity } from '../../../domain/admission/update-university'
import { updateUniversityStatus } from '../../../domain/admission/update-university-status'
import { findCountries } from '../../../domain/reference/find-countries'
import { formatCents, formatDate } from '../../../domain/shared/format'
import { AdmissionForm, onePage } from '../../components/admission/admission-form'
import { courseFields, universityFields } from '../../components/admission/university-fields'
import { DataTable } from '../../components/data-table'
import { ErrorList, errorsOf, IntentForm, SubmitButton, useResultFor } from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { CourseFormSchema, courseInput } from '../../utils/admission-forms.schemas'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { storeFormFile } from '../../utils/upload.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.university.full_name ?? 'University'} · OSHC Back Office` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getUniversityDetailsById.access)
  const id = idFromParam(params.universityId, 'University')
  const [university, countries] = await Promise.all([
    getUniversityDetailsById({ actor, id }).catch(throwAsResponse),
    findCountries(),
  ])
  return { university, countries: countries.map((c) => ({ value: String(c.id), label: c.name })) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, updateUniversity.access)
  const id = idFromParam(params.universityId, 'University')
  const formData = await readForm(request)
  const here = `/staff/admission/universities/${id}`
  switch (formData.get('intent')) {
    case 'update':
      return submitForm(formData, UniversitySchema, async (input) => {
        const logo = formData.get('logo_file')
        if (logo && typeof logo !== 'string' && logo.size > 0)
          input.logo = (
            await storeFormFile({ actor, file: logo, field: 'logo_file', folder: 'admission' })
          ).key
        else input.logo = String(formData.get('logo') ?? '') || null
        await updateUniversity({ actor, id, input })
        return redirectWithToast(here, { type: 'success', title: 'University saved' })
      })
    case 'status':
      return submitForm(formData, UniversityStatusQuerySchema, async ({ status }) => {
        await updateUniversityStatus({ actor, id, status })
        return redirectWithToast(here, {
          type: 'success',
          title: `Now ${UNIVERSITY_STATUS_TEXT[status].toLowerCase()}`,
        })
      })
    case 'delete':
      return submitForm(formData, z.object({}), async () => {
        await deleteUniversity({ actor, id })
        return redirectWithToast('/staff/admission', { type: 'success', title: 'University deleted' })
      })
    case 'add-course':
      return submitForm(formData, CourseFormSchema, async (input) => {
        const c = await addCourse({ actor, input: courseInput(input) })
        return redirectWithToast(`/staff/admission/courses/${c.id}`, {
          type: 'success',
          title: 'Course added',
          description: 'Add its intakes, documents, requirements and scholarships.',
        })
      })
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

export default function UniversityPage() {
  const { university: u, countries } = useLoaderData<typeof loader>()
  const universityResult = useResultFor('delete', 'status')
  const other = u.status === 'AVAILABLE' ? 'NOT_AVAILABLE' : 'AVAILABLE'
  return (
    <div className="space-y-6">
      <Link to="/staff/admission" className="text-sm text-primary hover:underline">
        All universities
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-xl font-semibold">{u.full_name}</h3>
        <Badge variant={u.status === 'AVAILABLE' ? 'success' : 'neutral'}>
          {UNIVERSITY_STATUS_TEXT[u.status]}
        </Badge>
        <span className="text-sm text-muted-foreground">
          {UNIVERSITY_TYPE_TEXT[u.type]} · {u.country_name}
          {u.establishment_date ? ` · established ${formatDate(u.establishment_date)}` : ''}
        </span>
        <IntentForm intent="status">
          <input type="hidden" name="status" value={other} />
          <SubmitButton variant="outline" size="sm">
            Make {UNIVERSITY_STATUS_TEXT[other].toLowerCase()}
          </SubmitButton>
        </IntentForm>
        <IntentForm intent="delete">
          <SubmitButton variant="destructive" size="sm">
            Delete university
          </SubmitButton>
        </IntentForm>
      </div>
      {universityResult ? <ErrorList errors={errorsOf(universityResult, '')} /> : null}
      <section aria-labelledby="courses" className="space-y-3">
        <h3 id="courses" className="text-lg font-semibold">
          Courses
        </h3>
        <DataTable
          caption={`Courses of ${u.full_name}`}
          rows={u.courses}
          pageInfo={onePage(u.courses.length)}
          getRowKey={(c) => c.id}
          emptyText="No courses yet."
          columns={[
            {
              key: 'name',
              header: 'Course',
              cell: (c) => (
                <Link
                  to={`/staff/admission/courses/${c.id}`}
                  className="font-medium text-primary hover:underline"
                >
                  {c.name}
                </Link>
              ),
            },
            { key: 'cricos', header: 'CRICOS', cell: (c) => c.cricos_code },
            { key: 'duration', header: 'Duration', cell: (c) => `${c.duration} weeks` },
            {
              key: 'fee',
              header: 'Fee',
              className: 'text-right',
              cell: (c) => formatCents(c.fee_amount, c.currency),
            },
          ]}
        />
      </section>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Add a course</CardTitle>
          <CardDescription>Tuition fee in the course&apos;s currency; duration in weeks.</CardDescription>
        </CardHeader>
        <CardContent>
          <AdmissionForm
            id="add-course"
            intent="add-course"
            schema={CourseFormSchema}
            defs={courseFields}
            values={{ currency: 'AUD' }}
            hidden={{ university_id: u.id }}
            submit="Add course"
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">University details</CardTitle>
        </CardHeader>
        <CardContent>
          <AdmissionForm
            id="update-university"
            intent="update"
            schema={UniversitySchema}
            defs={universityFields(countries)}
            values={{ ...u, country_id: String(u.country_id) }}
            hidden={{ logo: u.logo ?? '', status: u.status }}
            submit="Save university"
          />
        </CardContent>
      </Card>
    </div>
  )
}
