import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { addUniversity } from '../../../domain/admission/add-university'
import { UniversityListQuerySchema, UniversitySchema } from '../../../domain/admission/admission.schemas'
import { UNIVERSITY_STATUS_TEXT, UNIVERSITY_TYPE_TEXT } from '../../../domain/admission/admission.rules'
import { getAllUniversities } from '../../../domain/admission/get-all-universities'
import { findCountries } from '../../../domain/reference/find-countries'
import { AdmissionForm } from '../../components/admission/admission-form'
import { statusOptions, typeOptions, universityFields } from '../../components/admission/university-fields'
import { DataTable, FilterBar } from '../../components/data-table'
import { Field, SelectField } from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { listParams, readForm, submitForm } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { storeFormFile } from '../../utils/upload.server'

export const meta: MetaFunction = () => [{ title: 'Universities · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getAllUniversities.access)
  const query = UniversityListQuerySchema.safeParse(listParams(request))
  if (!query.success) throw new Response('Invalid filters', { status: 400 })
  const [list, countries] = await Promise.all([
    getAllUniversities({ actor, query: query.data }),
    findCountries(),
  ])
  return {
    universities: list.items.map((u) => ({
      id: u.id,
      full_name: u.full_name,
      type: u.type,
      status: u.status,
      country: u.country_name,
      courses: u.course_count,
    })),
    pageInfo: list.pageInfo,
    countries: countries.map((c) => ({ value: String(c.id), label: c.name })),
    filters: query.data,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, addUniversity.access)
  const formData = await readForm(request)
  return submitForm(formData, UniversitySchema, async (input) => {
    const logo = formData.get('logo_file')
    if (logo && typeof logo !== 'string' && logo.size > 0)
      input.logo = (await storeFormFile({ actor, file: logo, field: 'logo_file', folder: 'admission' })).key
    const u = await addUniversity({ actor, input })
    return redirectWithToast(`/staff/admission/universities/${u.id}`, {
      type: 'success',
      title: 'University added',
      description: `${u.full_name} is in the catalogue; add its courses next.`,
    })
  })
}

export default function Universities() {
  const { universities, pageInfo, countries, filters } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <FilterBar label="Filter universities">
        <Field
          labelProps={{ children: 'Search' }}
          inputProps={{ id: 'f-search', name: 'search', defaultValue: filters.search ?? '' }}
        />
        <SelectField
          labelProps={{ children: 'Type' }}
          selectProps={{ id: 'f-type', name: 'type', defaultValue: filters.type ?? '' }}
          options={typeOptions}
          placeholder="Any type"
        />
        <SelectField
          labelProps={{ children: 'Status' }}
          selectProps={{ id: 'f-status', name: 'status', defaultValue: filters.status ?? '' }}
          options={statusOptions}
          placeholder="Any status"
        />
        <SelectField
          labelProps={{ children: 'Country' }}
          selectProps={{
            id: 'f-country',
            name: 'country_id',
            defaultValue: filters.country_id ? String(filters.country_id) : '',
          }}
          options={countries}
          placeholder="Any country"
        />
      </FilterBar>
      <DataTable
        caption="Universities by name"
        rows={universities}
        pageInfo={pageInfo}
        getRowKey={(u) => u.id}
        emptyText="No universities match."
        columns={[
          {
            key: 'full_name',
            header: 'Name',
            cell: (u) => (
              <Link
                to={`/staff/admission/universities/${u.id}`}
                className="font-medium text-primary hover:underline"
              >
                {u.full_name}
              </Link>
            ),
          },
          { key: 'type', header: 'Type', cell: (u) => UNIVERSITY_TYPE_TEXT[u.type] },
          { key: 'country', header: 'Country', cell: (u) => u.country },
          { key: 'courses', header: 'Courses', className: 'text-right', cell: (u) => u.courses },
          {
            key: 'status',
            header: 'Status',
            cell: (u) => (
              <Badge variant={u.status === 'AVAILABLE' ? 'success' : 'neutral'}>
                {UNIVERSITY_STATUS_TEXT[u.status]}
              </Badge>
            ),
          },
        ]}
      />
      <Card>
        <CardHeader>
          <CardTitle as="h3">Add a university</CardTitle>
          <CardDescription>Agencies linked to the service see it once it is available.</CardDescription>
        </CardHeader>
        <CardContent>
          <AdmissionForm
            id="add-university"
            intent="add-university"
            schema={UniversitySchema}
            defs={universityFields(countries)}
            values={{ type: 'UNIVERSITY' }}
            submit="Add university"
          />
        </CardContent>
      </Card>
    </div>
  )
}
