import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { StudentListQuerySchema, StudentSchema } from '../../../domain/admission/admission.schemas'
import { createStudent } from '../../../domain/admission/create-student'
import { getAllStudents } from '../../../domain/admission/get-all-students'
import { getMyAdmissionAccess } from '../../../domain/admission/get-my-admission-access'
import { findCountries } from '../../../domain/reference/find-countries'
import { formatDate } from '../../../domain/shared/format'
import { AdmissionForm } from '../../components/admission/admission-form'
import { studentFields } from '../../components/admission/student-fields'
import { DataTable, FilterBar } from '../../components/data-table'
import { Field } from '../../components/forms'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { listParams, readForm, submitForm } from '../../utils/forms.server'
import { requireAgency } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Students · Agency portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  const query = StudentListQuerySchema.safeParse(listParams(request))
  if (!query.success) throw new Response('Invalid filters', { status: 400 })
  const [list, countries, access] = await Promise.all([
    getAllStudents({ actor, ...query.data }),
    findCountries(),
    getMyAdmissionAccess({ actor }),
  ])
  return {
    students: list.items.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      country: s.country_name,
      dob: s.dob,
    })),
    pageInfo: list.pageInfo,
    countries: countries.map((c) => ({ value: String(c.id), label: c.name })),
    search: query.data.search ?? '',
    canAdd: access.is_active,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAgency(request)
  const formData = await readForm(request)
  return submitForm(formData, StudentSchema, async (input) => {
    const s = await createStudent({ actor, input })
    return redirectWithToast(`/agency/admission/students/${s.id}`, {
      type: 'success',
      title: 'Student added',
      description: 'Upload their documents, then apply to a course.',
    })
  })
}

export default function Students() {
  const { students, pageInfo, countries, search, canAdd } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <FilterBar label="Search students">
        <Field
          labelProps={{ children: 'Name, e-mail or phone' }}
          inputProps={{ id: 's-search', name: 'search', defaultValue: search }}
        />
      </FilterBar>
      <DataTable
        caption="Your students, newest first"
        rows={students}
        pageInfo={pageInfo}
        getRowKey={(s) => s.id}
        emptyText="No students yet."
        columns={[
          {
            key: 'name',
            header: 'Name',
            cell: (s) => (
              <Link
                to={`/agency/admission/students/${s.id}`}
                className="font-medium text-primary hover:underline"
              >
                {s.name}
              </Link>
            ),
          },
          { key: 'email', header: 'E-mail', cell: (s) => s.email },
          { key: 'country', header: 'Country', cell: (s) => s.country },
          { key: 'dob', header: 'Date of birth', cell: (s) => formatDate(s.dob) },
        ]}
      />
      {canAdd ? (
        <Card>
          <CardHeader>
            <CardTitle as="h3">Add a student</CardTitle>
          </CardHeader>
          <CardContent>
            <AdmissionForm
              id="add-student"
              intent="add-student"
              schema={StudentSchema}
              defs={studentFields(countries)}
              submit="Add student"
            />
          </CardContent>
        </Card>
      ) : null}
    </div>
  )
}
