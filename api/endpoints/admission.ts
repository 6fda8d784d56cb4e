// Student admission (spec/03 section 7, /oshc/your-admission; DESIGN.md section 13). The paths of
// calls the specification names only generically are listed in docs/admission-api.md.
import { endpoint, ok, paged, type Endpoint } from '../define'
import {
  AgencyLinkListQuerySchema,
  AgencyLinkSchema,
  AgencyLinkStatusQuerySchema,
  CourseLinkSchema,
  CourseSchema,
  CourseSearchQuerySchema,
  EnrollmentListQuerySchema,
  EnrollmentNoteSchema,
  EnrollmentSchema,
  EnrollmentStatusSchema,
  IdParamSchema,
  StudentDocumentSchema,
  StudentListQuerySchema,
  StudentSchema,
  UniversityListQuerySchema,
  UniversitySchema,
  UniversityStatusQuerySchema,
  UpdateAgencyLinkSchema,
  UpdateCourseSchema,
  UpdateEnrollmentNoteSchema,
  UpdateStudentSchema,
} from '../../domain/admission/admission.schemas'
import { addUniversity } from '../../domain/admission/add-university'
import { updateUniversity } from '../../domain/admission/update-university'
import { updateUniversityStatus } from '../../domain/admission/update-university-status'
import { deleteUniversity } from '../../domain/admission/delete-university'
import { getAllUniversities } from '../../domain/admission/get-all-universities'
import { getUniversityDetailsById } from '../../domain/admission/get-university-details-by-id'
import { addCourse } from '../../domain/admission/add-course'
import { updateCourse } from '../../domain/admission/update-course'
import { deleteCourse } from '../../domain/admission/delete-course'
import { getCourseDetailsById } from '../../domain/admission/get-course-details-by-id'
import { getCourseDetailsByUniversityId } from '../../domain/admission/get-course-details-by-university-id'
import { updateCourseLink } from '../../domain/admission/update-course-link'
import { getAllCourses } from '../../domain/admission/get-all-courses'
import { addAgencyLink } from '../../domain/admission/add-agency-link'
import { updateAgencyLink } from '../../domain/admission/update-agency-link'
import { updateAgencyLinkStatus } from '../../domain/admission/update-agency-link-status'
import { getAllAgencyLinks } from '../../domain/admission/get-all-agency-links'
import { getAgencyLinkById } from '../../domain/admission/get-agency-link-by-id'
import { getMyAdmissionAccess } from '../../domain/admission/get-my-admission-access'
import { createStudent } from '../../domain/admission/create-student'
import { getStudentById } from '../../domain/admission/get-student-by-id'
import { getAllStudents } from '../../domain/admission/get-all-students'
import { updateStudent } from '../../domain/admission/update-student'
import { deleteStudent } from '../../domain/admission/delete-student'
import { createStudentDocument } from '../../domain/admission/create-student-document'
import { getStudentDocumentsByStudentId } from '../../domain/admission/get-student-documents-by-student-id'
import { deleteStudentDocument } from '../../domain/admission/delete-student-document'
import { createStudentEnrollment } from '../../domain/admission/create-student-enrollment'
import { getStudentEnrollmentById } from '../../domain/admission/get-student-enrollment-by-id'
import { getAllStudentEnrollments } from '../../domain/admission/get-all-student-enrollments'
import { updateStudentEnrollment } from '../../domain/admission/update-student-enrollment'
import { deleteStudentEnrollment } from '../../domain/admission/delete-student-enrollment'
import { createEnrollmentNote } from '../../domain/admission/create-enrollment-note'
import { getEnrollmentNotesByEnrollmentId } from '../../domain/admission/get-enrollment-notes-by-enrollment-id'
import { getEnrollmentNoteById } from '../../domain/admission/get-enrollment-note-by-id'
import { updateEnrollmentNote } from '../../domain/admission/update-enrollment-note'
import { deleteEnrollmentNote } from '../../domain/admission/delete-enrollment-note'
import { admissionCoursePartEndpoints, YA } from './admission-course-parts'

const created = (data: unknown, message: string) => ({ status: 201, message, data })

export const admissionEndpoints: Endpoint[] = [
  // ---- Universities ------------------------------------------------------------------------------
  endpoint({
    method: 'POST',
    path: `${YA}/addUniversity`,
    summary: 'Add a university to the catalogue (logo: a key of the admission folder)',
    access: addUniversity.access,
    body: UniversitySchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await addUniversity({ actor, input: body }), 'University added'),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateUniversity/{id}`,
    summary: "Replace a university's fields",
    access: updateUniversity.access,
    params: IdParamSchema,
    body: UniversitySchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateUniversity({ actor, id: params.id, input: body }), 'University updated'),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateUniversityStatus/{id}`,
    summary: 'Make a university AVAILABLE or NOT_AVAILABLE to agencies (query status)',
    access: updateUniversityStatus.access,
    params: IdParamSchema,
    query: UniversityStatusQuerySchema,
    handler: async ({ actor, params, query }) =>
      ok(
        await updateUniversityStatus({ actor, id: params.id, status: query.status }),
        'University status updated',
      ),
  }),
  endpoint({
    method: 'DELETE',
    path: `${YA}/deleteUniversity/{id}`,
    summary: 'Soft-delete a university and its courses; 409 while any course has enrolments',
    access: deleteUniversity.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deleteUniversity({ actor, id: params.id }), 'University deleted'),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getAllUniversities`,
    summary: 'Universities by name, filtered by type, status, country_id and a text search, paged',
    access: getAllUniversities.access,
    query: UniversityListQuerySchema,
    handler: async ({ actor, query }) => paged(await getAllUniversities({ actor, query })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getUniversityDetailsById/{id}`,
    summary: 'One university with its courses',
    access: getUniversityDetailsById.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await getUniversityDetailsById({ actor, id: params.id })),
  }),

  // ---- Courses -----------------------------------------------------------------------------------
  endpoint({
    method: 'POST',
    path: `${YA}/addCourse`,
    summary:
      'Add a course (fee_amount in cents with currency, duration in weeks, CRICOS code 6 digits + 1 letter)',
    access: addCourse.access,
    body: CourseSchema,
    status: 201,
    handler: async ({ actor, body }) => created(await addCourse({ actor, input: body }), 'Course added'),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateCourse/{id}`,
    summary: "Change any of a course's fields (omitted ones keep their value)",
    access: updateCourse.access,
    params: IdParamSchema,
    body: UpdateCourseSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateCourse({ actor, id: params.id, input: body }), 'Course updated'),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateCourseLink/{id}`,
    summary: "Set a course's website_url",
    access: updateCourseLink.access,
    params: IdParamSchema,
    body: CourseLinkSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await updateCourseLink({ actor, id: params.id, website_url: body.website_url }),
        'Course link updated',
      ),
  }),
  endpoint({
    method: 'DELETE',
    path: `${YA}/deleteCourse/{id}`,
    summary: 'Soft-delete a course; 409 while it has enrolments',
    access: deleteCourse.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await deleteCourse({ actor, id: params.id }), 'Course deleted'),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getCourseDetailsById/{id}`,
    summary:
      'One course with its university, intakes, documents, requirements, English requirements and scholarships',
    access: getCourseDetailsById.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await getCourseDetailsById({ actor, id: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getCourseDetailsByUniversityId/{id}`,
    summary: "A university's courses (id: the university)",
    access: getCourseDetailsByUniversityId.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await getCourseDetailsByUniversityId({ actor, universityId: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getAllCourses`,
    summary:
      'The course finder: country, university type, intake month, fee range (cents), English test and score',
    access: getAllCourses.access,
    query: CourseSearchQuerySchema,
    handler: async ({ actor, query }) => paged(await getAllCourses({ actor, query })),
  }),
  ...admissionCoursePartEndpoints,

  // ---- Agency links ------------------------------------------------------------------------------
  endpoint({
    method: 'POST',
    path: `${YA}/addAgencyLink`,
    summary: 'Link an agency to the admission service; 409 when it is linked already',
    access: addAgencyLink.access,
    body: AgencyLinkSchema,
    status: 201,
    handler: async ({ actor, body }) => created(await addAgencyLink({ actor, input: body }), 'Agency linked'),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateAgencyLink/{id}`,
    summary: 'Change a link (is_active)',
    access: updateAgencyLink.access,
    params: IdParamSchema,
    body: UpdateAgencyLinkSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateAgencyLink({ actor, id: params.id, input: body }), 'Agency link updated'),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateAgencyLinkStatus/{id}`,
    summary: 'Switch a link on or off (query is_active); off hides new work, history stays',
    access: updateAgencyLinkStatus.access,
    params: IdParamSchema,
    query: AgencyLinkStatusQuerySchema,
    handler: async ({ actor, params, query }) =>
      ok(
        await updateAgencyLinkStatus({ actor, id: params.id, is_active: query.is_active }),
        'Agency link updated',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getAllAgencyLinks`,
    summary: 'Agency links by agency name, optionally filtered by is_active, paged',
    access: getAllAgencyLinks.access,
    query: AgencyLinkListQuerySchema,
    handler: async ({ actor, query }) => paged(await getAllAgencyLinks({ actor, ...query })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getAgencyLinkById/{id}`,
    summary: 'One agency link',
    access: getAgencyLinkById.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await getAgencyLinkById({ actor, id: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getMyAdmissionAccess`,
    summary: "The calling agency's link: linked and is_active",
    access: getMyAdmissionAccess.access,
    handler: async ({ actor }) => ok(await getMyAdmissionAccess({ actor })),
  }),

  // ---- Students ----------------------------------------------------------------------------------
  endpoint({
    method: 'POST',
    path: `${YA}/createStudent`,
    summary: "A student owned by the caller's agency (agencies need an active link)",
    access: createStudent.access,
    body: StudentSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await createStudent({ actor, input: body }), 'Student created'),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getStudentById/{id}`,
    summary: "One student with documents and enrolments (another agency's student is a 404)",
    access: getStudentById.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await getStudentById({ actor, id: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getAllStudents`,
    summary: 'Students newest first with a search on name, e-mail and phone, paged',
    access: getAllStudents.access,
    query: StudentListQuerySchema,
    handler: async ({ actor, query }) => paged(await getAllStudents({ actor, ...query })),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateStudent/{id}`,
    summary: "Change any of a student's fields",
    access: updateStudent.access,
    params: IdParamSchema,
    body: UpdateStudentSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateStudent({ actor, id: params.id, input: body }), 'Student updated'),
  }),
  endpoint({
    method: 'DELETE',
    path: `${YA}/deleteStudent/{id}`,
    summary: 'Soft-delete a student (enrolments keep their history)',
    access: deleteStudent.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deleteStudent({ actor, id: params.id }), 'Student deleted'),
  }),
  endpoint({
    method: 'POST',
    path: `${YA}/createStudentDocument`,
    summary: "Record a student's document (url: a key of the admission folder)",
    access: createStudentDocument.access,
    body: StudentDocumentSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await createStudentDocument({ actor, input: body }), 'Student document added'),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getStudentDocumentsByStudentId/{id}`,
    summary: "A student's documents (id: the student)",
    access: getStudentDocumentsByStudentId.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await getStudentDocumentsByStudentId({ actor, studentId: params.id })),
  }),
  endpoint({
    method: 'DELETE',
    path: `${YA}/deleteStudentDocument/{id}`,
    summary: "Remove a student's document",
    access: deleteStudentDocument.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deleteStudentDocument({ actor, id: params.id }), 'Student document deleted'),
  }),

  // ---- Enrolments --------------------------------------------------------------------------------
  endpoint({
    method: 'POST',
    path: `${YA}/createStudentEnrollment`,
    summary: 'A student applies to a course intake: the enrolment starts REQUESTED',
    access: createStudentEnrollment.access,
    body: EnrollmentSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await createStudentEnrollment({ actor, input: body }), 'Enrolment requested'),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getStudentEnrollmentById/{id}`,
    summary: 'One enrolment with student, history, notes, course dates and the student-visa cover end',
    access: getStudentEnrollmentById.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await getStudentEnrollmentById({ actor, id: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getAllStudentEnrollments`,
    summary: 'Enrolments newest first, filtered by status, student_id and (staff) agency_id, paged',
    access: getAllStudentEnrollments.access,
    query: EnrollmentListQuerySchema,
    handler: async ({ actor, query }) => paged(await getAllStudentEnrollments({ actor, ...query })),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateStudentEnrollment/{id}`,
    summary:
      'Move an enrolment: REQUESTED -> PROCESSING -> ADDITIONAL_INFO_REQUIRED <-> PROCESSING -> ENROLLED | REJECTED (note required for REJECTED and ADDITIONAL_INFO_REQUIRED; 409 otherwise)',
    access: updateStudentEnrollment.access,
    params: IdParamSchema,
    body: EnrollmentStatusSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateStudentEnrollment({ actor, id: params.id, input: body }), 'Enrolment updated'),
  }),
  endpoint({
    method: 'DELETE',
    path: `${YA}/deleteStudentEnrollment/{id}`,
    summary: 'Withdraw an application still REQUESTED (409 after)',
    access: deleteStudentEnrollment.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deleteStudentEnrollment({ actor, id: params.id }), 'Enrolment withdrawn'),
  }),
  endpoint({
    method: 'POST',
    path: `${YA}/createEnrollmentNote`,
    summary: "A note on an enrolment's timeline (tells the other side)",
    access: createEnrollmentNote.access,
    body: EnrollmentNoteSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await createEnrollmentNote({ actor, input: body }), 'Note added'),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getEnrollmentNotesByEnrollmentId/{id}`,
    summary: "An enrolment's notes, oldest first (id: the enrolment)",
    access: getEnrollmentNotesByEnrollmentId.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await getEnrollmentNotesByEnrollmentId({ actor, enrollmentId: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getEnrollmentNoteById/{id}`,
    summary: 'One enrolment note',
    access: getEnrollmentNoteById.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await getEnrollmentNoteById({ actor, id: params.id })),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateEnrollmentNote/{id}`,
    summary: "Change a note's content (its author only)",
    access: updateEnrollmentNote.access,
    params: IdParamSchema,
    body: UpdateEnrollmentNoteSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateEnrollmentNote({ actor, id: params.id, input: body }), 'Note updated'),
  }),
  endpoint({
    method: 'DELETE',
    path: `${YA}/deleteEnrollmentNote/{id}`,
    summary: 'Delete a note (its author only)',
    access: deleteEnrollmentNote.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deleteEnrollmentNote({ actor, id: params.id }), 'Note deleted'),
  }),
]
