import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CourseSearchQuerySchema } from '../../../domain/admission/admission.schemas'
import { ENGLISH_TEST_TEXT, UNIVERSITY_TYPE_TEXT } from '../../../domain/admission/admission.rules'
import { getAllCourses } from '../../../domain/admission/get-all-courses'
import { findCountries } from '../../../domain/reference/find-countries'
import { formatCents } from '../../../domain/shared/format'
import { toCents } from '../../../domain/shared/money'
import { monthOptions } from '../../components/admission/course-parts'
import { typeOptions } from '../../components/admission/university-fields'
import { DataTable, FilterBar } from '../../components/data-table'
import { Field, SelectField } from '../../components/forms'
import { requireAdmissionLink } from '../../utils/admission.server'
import { listParams } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Find a course · Agency portal' }]

/** Fee bounds are typed in dollars and searched in cents. */
function dollarsToCents(params: Record<string, string>) {
  const out = { ...params }
  for (const [from, to] of [
    ['fee_from', 'fee_min'],
    ['fee_to', 'fee_max'],
  ] as const) {
    delete out[from]
    if (params[from] && /^\d+(\.\d{1,2})?$/.test(params[from])) out[to] = String(toCents(params[from]))
  }
  return out
}

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getAllCourses.access)
  if (actor.kind !== 'Oshc') await requireAdmissionLink(actor)
  const params = listParams(request)
  const query = CourseSearchQuerySchema.safeParse(dollarsToCents(params))
  if (!query.success) throw new Response('Invalid filters', { status: 400 })
  const [list, countries] = await Promise.all([getAllCourses({ actor, query: query.data }), findCountries()])
  return {
    courses: list.items.map((c) => ({
      id: c.id,
      name: c.name,
      university: c.university.full_name,
      type: c.university.type,
      country: c.country_name,
      fee: formatCents(c.fee_amount, c.currency),
      weeks: c.duration,
    })),
    pageInfo: list.pageInfo,
    countries: countries.map((c) => ({ value: String(c.id), label: c.name })),
    params,
  }
}

export default function CourseFinder() {
  const { courses, pageInfo, countries, params } = useLoaderData<typeof loader>()
  const v = (k: string) => params[k] ?? ''
  return (
    <div className="space-y-6">
      <FilterBar label="Find a course">
        <Field
          labelProps={{ children: 'Course or university' }}
          inputProps={{ id: 'q', name: 'search', defaultValue: v('search') }}
        />
        <SelectField
          labelProps={{ children: 'Country' }}
          selectProps={{ id: 'q-country', name: 'country_id', defaultValue: v('country_id') }}
          options={countries}
          placeholder="Any country"
        />
        <SelectField
          labelProps={{ children: 'Institution type' }}
          selectProps={{ id: 'q-type', name: 'type', defaultValue: v('type') }}
          options={typeOptions}
          placeholder="Any type"
        />
        <SelectField
          labelProps={{ children: 'Intake month' }}
          selectProps={{ id: 'q-month', name: 'intake_month', defaultValue: v('intake_month') }}
          options={monthOptions}
          placeholder="Any month"
        />
        <Field
          labelProps={{ children: 'Fee from' }}
          inputProps={{ id: 'q-from', name: 'fee_from', inputMode: 'decimal', defaultValue: v('fee_from') }}
        />
        <Field
          labelProps={{ children: 'Fee to' }}
          inputProps={{ id: 'q-to', name: 'fee_to', inputMode: 'decimal', defaultValue: v('fee_to') }}
        />
        <SelectField
          labelProps={{ children: 'English test' }}
          selectProps={{ id: 'q-test', name: 'english_test_type', defaultValue: v('english_test_type') }}
          options={Object.entries(ENGLISH_TEST_TEXT).map(([value, label]) => ({ value, label }))}
          placeholder="Any test"
        />
        <Field
          labelProps={{ children: "Student's overall score" }}
          inputProps={{
            id: 'q-score',
            name: 'english_score',
            inputMode: 'decimal',
            defaultValue: v('english_score'),
          }}
        />
      </FilterBar>
      <DataTable
        caption="Courses"
        rows={courses}
        pageInfo={pageInfo}
        getRowKey={(c) => c.id}
        emptyText="No course matches these filters."
        columns={[
          {
            key: 'name',
            header: 'Course',
            cell: (c) => (
              <Link
                to={`/agency/admission/courses/${c.id}`}
                className="font-medium text-primary hover:underline"
              >
                {c.name}
              </Link>
            ),
          },
          {
            key: 'university',
            header: 'Institution',
            cell: (c) => `${c.university} (${UNIVERSITY_TYPE_TEXT[c.type]})`,
          },
          { key: 'country', header: 'Country', cell: (c) => c.country },
          { key: 'weeks', header: 'Duration', cell: (c) => `${c.weeks} weeks` },
          { key: 'fee', header: 'Fee', className: 'text-right', cell: (c) => c.fee },
        ]}
      />
    </div>
  )
}
