// In the transaction of an enrolment change or note: the other side is told.
import type { DbOrTx } from '../../db/client'
import { notify } from '../notifications/notify'
import type { AdmissionScope } from './admission-scope'
import { agencyLinks, staffLinks } from '../shared/links'

type EnrollmentRef = { id: number; agency_id: number | null; course_name: string }

/** Staff changed an enrolment (status or note): the owning agency is told. */
export async function tellAgency(tx: DbOrTx, e: EnrollmentRef, title: string, message: string) {
  if (e.agency_id === null) return
  await notify(
    tx,
    {
      eventType: 'MESSAGE_SENT_BY_OSHC',
      title,
      message,
      link: agencyLinks.enrolment(e.id),
      meta: { student_enrollment_id: e.id },
    },
    { agencyId: e.agency_id },
  )
}

/** The agency applied or replied: the staff who manage agencies are told. */
export async function tellStaff(
  tx: DbOrTx,
  scope: AdmissionScope,
  e: EnrollmentRef,
  title: string,
  message: string,
) {
  await notify(
    tx,
    {
      eventType: scope.kind === 'agency_user' ? 'MESSAGE_SENT_BY_AGENCY_USER' : 'MESSAGE_SENT_BY_AGENCY',
      title,
      message,
      link: staffLinks.enrolment(e.id),
      meta: { student_enrollment_id: e.id },
    },
    { staffPermission: 'agency_management' },
  )
}

/** A note by one side tells the other. */
export async function tellOtherSide(
  tx: DbOrTx,
  scope: AdmissionScope,
  e: EnrollmentRef,
  title: string,
  message: string,
) {
  if (scope.agencyId === null) await tellAgency(tx, e, title, message)
  else await tellStaff(tx, scope, e, title, message)
}
