import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ENROLLMENT_STATUSES } from '../../../domain/admission/admission.schemas'
import { MONTH_TEXT, STATUS_TEXT } from '../../../domain/admission/admission.rules'
import { getAllStudentEnrollments } from '../../../domain/admission/get-all-student-enrollments'
import { requireAccess } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Enrolments · OSHC Back Office' }]

/** Per column: the newest 50 of each status. */
const PER_COLUMN = 50

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getAllStudentEnrollments.access)
  const columns = await Promise.all(
    ENROLLMENT_STATUSES.map(async (status) => {
      const r = await getAllStudentEnrollments({ actor, page: 1, perPage: PER_COLUMN, status })
      return {
        status,
        total: r.pageInfo.total,
        items: r.items.map((e) => ({
          id: e.id,
          student: e.student_name,
          course: e.course_name,
          university: e.university_name,
          agency: e.agency_name,
          intake: `${MONTH_TEXT[e.intake_period_month - 1]} ${e.intake_period_year}`,
        })),
      }
    }),
  )
  return { columns }
}

export default function EnrolmentBoard() {
  const { columns } = useLoaderData<typeof loader>()
  return (
    <div className="grid gap-4 md:grid-cols-3 xl:grid-cols-5">
      {columns.map((col) => (
        <section
          key={col.status}
          aria-labelledby={`col-${col.status}`}
          className="rounded-md border bg-muted/30 p-3"
        >
          <h3 id={`col-${col.status}`} className="mb-3 text-sm font-semibold">
            {STATUS_TEXT[col.status]} <span className="text-muted-foreground">({col.total})</span>
          </h3>
          {col.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">None.</p>
          ) : (
            <ul className="space-y-2">
              {col.items.map((e) => (
                <li key={e.id} className="rounded border bg-card p-2 text-sm">
                  <Link
                    to={`/staff/admission/enrolments/${e.id}`}
                    className="font-medium text-primary hover:underline"
                  >
                    {e.student}
                  </Link>
                  <p>{e.course}</p>
                  <p className="text-muted-foreground">
                    {e.university} · {e.intake}
                  </p>
                  <p className="text-muted-foreground">{e.agency ?? 'Added by staff'}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  )
}
