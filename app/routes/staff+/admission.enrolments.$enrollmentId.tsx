import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { EnrollmentStatusSchema } from '../../../domain/admission/admission.schemas'
import { ENROLLMENT_TRANSITIONS } from '../../../domain/admission/admission.rules'
import { MONTH_TEXT, STATUS_TEXT } from '../../../domain/admission/admission.rules'
import { getStudentEnrollmentById } from '../../../domain/admission/get-student-enrollment-by-id'
import { updateStudentEnrollment } from '../../../domain/admission/update-student-enrollment'
import { formatDate } from '../../../domain/shared/format'
import { AdmissionForm } from '../../components/admission/admission-form'
import { EnrolmentTimeline } from '../../components/admission/enrolment-timeline'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { noteAction } from '../../utils/admission-enrolment.server'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Enrolment · OSHC Back Office' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, updateStudentEnrollment.access)
  const id = idFromParam(params.enrollmentId, 'Enrolment')
  const enrollment = await getStudentEnrollmentById({ actor, id }).catch(throwAsResponse)
  return { enrollment, me: actor.identityId }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, updateStudentEnrollment.access)
  const id = idFromParam(params.enrollmentId, 'Enrolment')
  const formData = await readForm(request)
  const here = `/staff/admission/enrolments/${id}`
  const note = await noteAction(actor, id, formData, here)
  if (note) return note
  return submitForm(formData, EnrollmentStatusSchema, async (input) => {
    await updateStudentEnrollment({ actor, id, input })
    return redirectWithToast(here, {
      type: 'success',
      title: `Enrolment ${STATUS_TEXT[input.status].toLowerCase()}`,
    })
  })
}

export default function StaffEnrolment() {
  const { enrollment: e, me } = useLoaderData<typeof loader>()
  const next = ENROLLMENT_TRANSITIONS[e.status]
  return (
    <div className="max-w-4xl space-y-6">
      <Link to="/staff/admission/enrolments" className="text-sm text-primary hover:underline">
        Enrolment board
      </Link>
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="flex flex-wrap items-center gap-3">
            {e.student?.name} · {e.course_name}
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
        <CardContent className="space-y-4">
          <p className="text-sm">
            {e.student?.email} · {e.student?.phone_number} · born {e.student ? formatDate(e.student.dob) : ''}
          </p>
          {next.length ? (
            <AdmissionForm
              id="status"
              intent="status"
              schema={EnrollmentStatusSchema}
              defs={[
                {
                  name: 'status',
                  label: 'Move to',
                  type: 'select',
                  options: next.map((s) => ({ value: s, label: STATUS_TEXT[s] })),
                },
                {
                  name: 'note',
                  label: 'Note (required to reject or ask for more information)',
                  type: 'textarea',
                },
              ]}
              submit="Change status"
            />
          ) : (
            <p className="text-sm text-muted-foreground">This enrolment is final.</p>
          )}
        </CardContent>
      </Card>
      <EnrolmentTimeline history={e.history} notes={e.notes} me={me} />
    </div>
  )
}
