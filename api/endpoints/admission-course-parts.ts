// The per-course sub-resources of /oshc/your-admission: intakes, documents, requirements, English
// requirements and scholarships, each with add / update / get by id / get by course / delete
// (DESIGN.md section 13 names them after the specification's named calls).
import { endpoint, ok, type Endpoint } from '../define'
import {
  CourseDocumentSchema,
  CourseIntakeSchema,
  CourseRequirementSchema,
  EnglishRequirementSchema,
  IdParamSchema,
  ScholarshipSchema,
} from '../../domain/admission/admission.schemas'
import { addCourseIntake } from '../../domain/admission/add-course-intake'
import { updateCourseIntake } from '../../domain/admission/update-course-intake'
import { getCourseIntakeById } from '../../domain/admission/get-course-intake-by-id'
import { getCourseIntakesByCourseId } from '../../domain/admission/get-course-intakes-by-course-id'
import { deleteCourseIntake } from '../../domain/admission/delete-course-intake'
import { addCourseDocument } from '../../domain/admission/add-course-document'
import { updateCourseDocument } from '../../domain/admission/update-course-document'
import { getCourseDocumentById } from '../../domain/admission/get-course-document-by-id'
import { getCourseDocumentsByCourseId } from '../../domain/admission/get-course-documents-by-course-id'
import { deleteCourseDocument } from '../../domain/admission/delete-course-document'
import { addCourseRequirement } from '../../domain/admission/add-course-requirement'
import { updateCourseRequirement } from '../../domain/admission/update-course-requirement'
import { getCourseRequirementById } from '../../domain/admission/get-course-requirement-by-id'
import { getCourseRequirementsByCourseId } from '../../domain/admission/get-course-requirements-by-course-id'
import { deleteCourseRequirement } from '../../domain/admission/delete-course-requirement'
import { addEnglishRequirement } from '../../domain/admission/add-english-requirement'
import { updateEnglishRequirement } from '../../domain/admission/update-english-requirement'
import { getEnglishRequirementById } from '../../domain/admission/get-english-requirement-by-id'
import { getEnglishRequirementsByCourseId } from '../../domain/admission/get-english-requirements-by-course-id'
import { deleteEnglishRequirement } from '../../domain/admission/delete-english-requirement'
import { addScholarship } from '../../domain/admission/add-scholarship'
import { updateScholarship } from '../../domain/admission/update-scholarship'
import { getScholarshipById } from '../../domain/admission/get-scholarship-by-id'
import { getScholarshipsByCourseId } from '../../domain/admission/get-scholarships-by-course-id'
import { deleteScholarship } from '../../domain/admission/delete-scholarship'

export const YA = '/oshc/your-admission'
const created = (data: unknown, message: string) => ({ status: 201, message, data })

export const admissionCoursePartEndpoints: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: `${YA}/addCourseIntake`,
    summary: "Add a course's intake (month, year, application deadline)",
    access: addCourseIntake.access,
    body: CourseIntakeSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await addCourseIntake({ actor, input: body }), 'Intake added'),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateCourseIntake/{id}`,
    summary: "Replace the fields of a course's intake (its course stays)",
    access: updateCourseIntake.access,
    params: IdParamSchema,
    body: CourseIntakeSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateCourseIntake({ actor, id: params.id, input: body }), 'Intake updated'),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getCourseIntakeById/{id}`,
    summary: 'One intake of a course',
    access: getCourseIntakeById.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await getCourseIntakeById({ actor, id: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getCourseIntakesByCourseId/{id}`,
    summary: 'Every intake of a course (id: the course)',
    access: getCourseIntakesByCourseId.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await getCourseIntakesByCourseId({ actor, courseId: params.id })),
  }),
  endpoint({
    method: 'DELETE',
    path: `${YA}/deleteCourseIntake/{id}`,
    summary: "Remove a course's intake",
    access: deleteCourseIntake.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deleteCourseIntake({ actor, id: params.id }), 'Intake deleted'),
  }),
  endpoint({
    method: 'POST',
    path: `${YA}/addCourseDocument`,
    summary: "Add a course's document (name, url or uploaded key, category)",
    access: addCourseDocument.access,
    body: CourseDocumentSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await addCourseDocument({ actor, input: body }), 'Document added'),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateCourseDocument/{id}`,
    summary: "Replace the fields of a course's document (its course stays)",
    access: updateCourseDocument.access,
    params: IdParamSchema,
    body: CourseDocumentSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateCourseDocument({ actor, id: params.id, input: body }), 'Document updated'),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getCourseDocumentById/{id}`,
    summary: 'One document of a course',
    access: getCourseDocumentById.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await getCourseDocumentById({ actor, id: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getCourseDocumentsByCourseId/{id}`,
    summary: 'Every document of a course (id: the course)',
    access: getCourseDocumentsByCourseId.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await getCourseDocumentsByCourseId({ actor, courseId: params.id })),
  }),
  endpoint({
    method: 'DELETE',
    path: `${YA}/deleteCourseDocument/{id}`,
    summary: "Remove a course's document",
    access: deleteCourseDocument.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deleteCourseDocument({ actor, id: params.id }), 'Document deleted'),
  }),
  endpoint({
    method: 'POST',
    path: `${YA}/addCourseRequirement`,
    summary: "Add a course's academic requirement (minimum grade, qualification level)",
    access: addCourseRequirement.access,
    body: CourseRequirementSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await addCourseRequirement({ actor, input: body }), 'Academic requirement added'),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateCourseRequirement/{id}`,
    summary: "Replace the fields of a course's academic requirement (its course stays)",
    access: updateCourseRequirement.access,
    params: IdParamSchema,
    body: CourseRequirementSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await updateCourseRequirement({ actor, id: params.id, input: body }),
        'Academic requirement updated',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getCourseRequirementById/{id}`,
    summary: 'One academic requirement of a course',
    access: getCourseRequirementById.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await getCourseRequirementById({ actor, id: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getCourseRequirementsByCourseId/{id}`,
    summary: 'Every academic requirement of a course (id: the course)',
    access: getCourseRequirementsByCourseId.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await getCourseRequirementsByCourseId({ actor, courseId: params.id })),
  }),
  endpoint({
    method: 'DELETE',
    path: `${YA}/deleteCourseRequirement/{id}`,
    summary: "Remove a course's academic requirement",
    access: deleteCourseRequirement.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deleteCourseRequirement({ actor, id: params.id }), 'Academic requirement deleted'),
  }),
  endpoint({
    method: 'POST',
    path: `${YA}/addEnglishRequirement`,
    summary: "Add a course's English requirement (IELTS, PTE or TOEFL scores within the test scale)",
    access: addEnglishRequirement.access,
    body: EnglishRequirementSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await addEnglishRequirement({ actor, input: body }), 'English requirement added'),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateEnglishRequirement/{id}`,
    summary: "Replace the fields of a course's English requirement (its course stays)",
    access: updateEnglishRequirement.access,
    params: IdParamSchema,
    body: EnglishRequirementSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await updateEnglishRequirement({ actor, id: params.id, input: body }),
        'English requirement updated',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getEnglishRequirementById/{id}`,
    summary: 'One English requirement of a course',
    access: getEnglishRequirementById.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await getEnglishRequirementById({ actor, id: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getEnglishRequirementsByCourseId/{id}`,
    summary: 'Every English requirement of a course (id: the course)',
    access: getEnglishRequirementsByCourseId.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await getEnglishRequirementsByCourseId({ actor, courseId: params.id })),
  }),
  endpoint({
    method: 'DELETE',
    path: `${YA}/deleteEnglishRequirement/{id}`,
    summary: "Remove a course's English requirement",
    access: deleteEnglishRequirement.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deleteEnglishRequirement({ actor, id: params.id }), 'English requirement deleted'),
  }),
  endpoint({
    method: 'POST',
    path: `${YA}/addScholarship`,
    summary: "Add a course's scholarship (name, criteria, currency, duration, fee in cents)",
    access: addScholarship.access,
    body: ScholarshipSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await addScholarship({ actor, input: body }), 'Scholarship added'),
  }),
  endpoint({
    method: 'PUT',
    path: `${YA}/updateScholarship/{id}`,
    summary: "Replace the fields of a course's scholarship (its course stays)",
    access: updateScholarship.access,
    params: IdParamSchema,
    body: ScholarshipSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateScholarship({ actor, id: params.id, input: body }), 'Scholarship updated'),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getScholarshipById/{id}`,
    summary: 'One scholarship of a course',
    access: getScholarshipById.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await getScholarshipById({ actor, id: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${YA}/getScholarshipsByCourseId/{id}`,
    summary: 'Every scholarship of a course (id: the course)',
    access: getScholarshipsByCourseId.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) => ok(await getScholarshipsByCourseId({ actor, courseId: params.id })),
  }),
  endpoint({
    method: 'DELETE',
    path: `${YA}/deleteScholarship/{id}`,
    summary: "Remove a course's scholarship",
    access: deleteScholarship.access,
    params: IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deleteScholarship({ actor, id: params.id }), 'Scholarship deleted'),
  }),
]
