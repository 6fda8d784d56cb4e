import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { MONTH_TEXT, STATUS_TEXT } from '../../../domain/admission/admission.rules'
import { getStudentEnrollmentById } from '../../../domain/admission/get-student-enrollment-by-id'
import { formatDate } from '../../../domain/shared/format'
import { EnrolmentTimeline } from '../../components/admission/enrolment-timeline'
import { Badge } from '../../components/ui/badge'
import { buttonVariants } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { noteAction } from '../../utils/admission-enrolment.server'
import { idFromParam, readForm, throwAsResponse } from '../../utils/forms.server'
import { requireAgency } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Application · Agency portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  const id = idFromParam(params.enrollmentId, 'Enrolment')
  const enrollment = await getStudentEnrollmentById({ actor, id }).catch(throwAsResponse)
  return { enrollment, me: actor.identityId, canQuote: actor.permissions.has('quote') }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAgency(request)
  const id = idFromParam(params.enrollmentId, 'Enrolment')
  const formData = await readForm(request)
  const answer = await noteAction(actor, id, formData, `/agency/admission/enrolments/${id}`)
  if (!answer) throw new Response('Unknown action', { status: 400 })
  return answer
}

/** The new-policy wizard prefilled with the student and the course's cover period. */
function quoteHref(e: {
  course_start: string
  cover_end: string
  student: { name: string; email: string; dob: string; phone_number: string; country_id: number } | null
}) {
  const [first, ...rest] = (e.student?.name ?? '').trim().split(/\s+/)
  const q = new URLSearchParams({ policy_type: 'SINGLE', start_date: e.course_start, end_date: e.cover_end })
  if (e.student) {
    q.set('first_name', first)
    if (rest.length) q.set('last_name', rest.join(' '))
    q.set('email', e.student.email)
    q.set('dob', e.student.dob)
    q.set('mobile_number', e.student.phone_number)
    q.set('country', String(e.student.country_id))
  }
  return `/agency/policies/new?${q}`
}

export default function AgencyEnrolment() {
  const { enrollment: e, me, canQuote } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-4xl space-y-6">
      <Link
        to={`/agency/admission/students/${e.student_id}`}
        className="text-sm text-primary hover:underline"
      >
        {e.student?.name ?? 'Student'}
      </Link>
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="flex flex-wrap items-center gap-3">
            {e.course_name}
            <Badge
              variant={e.status === 'ENROLLED' ? 'success' : e.status === 'REJECTED' ? 'destructive' : 'info'}
            >
              {STATUS_TEXT[e.status]}
            </Badge>
          </CardTitle>
          <CardDescription>
            {e.university_name} · intake {MONTH_TEXT[e.intake_period_month - 1]} {e.intake_period_year} ·
            course {formatDate(e.course_start)} to {formatDate(e.course_end)}
          </CardDescription>
        </CardHeader>
        {e.status === 'ENROLLED' ? (
          <CardContent className="space-y-2">
            <p className="text-sm">
              Student-visa health cover for this course runs from {formatDate(e.course_start)} to{' '}
              {formatDate(e.cover_end)}.
            </p>
            {canQuote ? (
              <Link to={quoteHref(e)} className={buttonVariants()}>
                Quote health cover
              </Link>
            ) : null}
          </CardContent>
        ) : null}
      </Card>
      <EnrolmentTimeline history={e.history} notes={e.notes} me={me} />
    </div>
  )
}
