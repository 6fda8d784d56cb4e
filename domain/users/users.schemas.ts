import { z } from 'zod'
import { STAFF_PERMISSIONS } from '../shared/actor'
import {
  email,
  hasNoScriptScheme,
  id,
  list,
  MAX_MSG,
  MIN_MSG,
  requiredText,
  text,
  WEB_URL_MSG,
} from '../shared/fields'
import { CONTACT_NUMBER_REQUIRED } from '../agencies/agencies.schemas'
import { PageQuerySchema, SortDirectionSchema } from '../shared/pagination'

export const USER_STATUSES = ['ENABLED', 'DISABLED'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

/** Columns a user list may be sorted by (never interpolated: each maps to a column). */
export const USER_SORT_KEYS = ['created_at', 'first_name', 'last_name', 'email', 'status'] as const
export type UserSortKey = (typeof USER_SORT_KEYS)[number]

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)

/**
 * An optional text of min..max characters. Absent (undefined) means "leave as is" on updates;
 * null or a blank string clears it.
 */
const nullableText = (min: number, max: number) =>
  z.preprocess(blankToNull, z.string().trim().min(min, MIN_MSG(min)).max(max, MAX_MSG(max)).nullish())

/** Optional id in a body: absent = unchanged, null or '' = none. */
const nullableId = () => z.preprocess(blankToNull, id().nullish())

const name = () => text(2, 256)
const phone = () => nullableText(2, 256)
/** A file key or an http(s) address of the picture; never `javascript:` or `data:`. */
const profileImage = () => nullableText(0, 512).refine(hasNoScriptScheme, WEB_URL_MSG)

export const UserStatusSchema = z.enum(USER_STATUSES, { error: 'Status must be ENABLED or DISABLED' })

// --- Provider staff (OSHC) users ---------------------------------------------------------------

export const CreateOshcUserSchema = z.object({
  first_name: name(),
  middle_name: nullableText(2, 256),
  last_name: name(),
  email: email(),
  phone_number: phone(),
  profile_image: profileImage(),
  role_id: nullableId(),
})
export type CreateOshcUserInput = z.input<typeof CreateOshcUserSchema>

/** Every field optional: absent fields keep their value. */
export const UpdateOshcUserSchema = z.object({
  first_name: name().optional(),
  middle_name: nullableText(2, 256),
  last_name: name().optional(),
  phone_number: phone(),
  profile_image: profileImage(),
  role_id: nullableId(),
})
export type UpdateOshcUserInput = z.input<typeof UpdateOshcUserSchema>

export const OshcUserStatusSchema = z.object({ status: UserStatusSchema })

export const RoleNameSchema = z.object({ name: text(2, 256) })

const idList = (field: string) =>
  z.array(id(), { error: `${field} must be a list of ids` }).transform((ids) => [...new Set(ids)])

/** assignPermissionToRole: the role's complete new permission list. */
export const AssignOshcPermissionsSchema = z.object({ Permissions: idList('Permissions') })

export const UserListQuerySchema = PageQuerySchema.extend({
  sort_key: z.enum(USER_SORT_KEYS, { error: 'Unknown sort key' }).default('created_at'),
  sort_direction: SortDirectionSchema,
  global_filter: z.string().trim().max(256, MAX_MSG(256)).optional(),
  status: UserStatusSchema.optional(),
})
export type UserListQuery = z.input<typeof UserListQuerySchema>

/** Lookups by e-mail or id (spec/01 section 5). */
export const EmailOrIdQuerySchema = z
  .object({ email: z.string().trim().toLowerCase().optional(), id: id().optional() })
  .refine((q) => q.email || q.id, { message: 'Please provide either email or id', path: ['email'] })
export type EmailOrIdQuery = z.input<typeof EmailOrIdQuerySchema>

/** getOshcUserByPermissionForOvhc: `permission` repeated or comma separated. */
export const PermissionListQuerySchema = z.object({
  permission: list(z.enum(STAFF_PERMISSIONS, { error: 'Unknown permission' })).refine(
    (l) => l.length > 0,
    'Please provide at least one permission',
  ),
})

// --- Agency users ------------------------------------------------------------------------------

export const CreateAgencyUserSchema = z.object({
  first_name: name(),
  middle_name: nullableText(2, 256),
  last_name: name(),
  email: email(),
  phone_number: phone(),
  profile_image: profileImage(),
  agency_role_id: nullableId(),
})
export type CreateAgencyUserInput = z.input<typeof CreateAgencyUserSchema>

export const UpdateAgencyUserSchema = z.object({
  first_name: name().optional(),
  middle_name: nullableText(2, 256),
  last_name: name().optional(),
  phone_number: phone(),
  profile_image: profileImage(),
  agency_role_id: nullableId(),
})
export type UpdateAgencyUserInput = z.input<typeof UpdateAgencyUserSchema>

/** enableAgencyUser: ENABLED unless told otherwise. */
export const AgencyUserStatusSchema = z.object({ status: UserStatusSchema.default('ENABLED') })

export const AssignAgencyPermissionsSchema = z.object({
  agency_permission_id: idList('agency_permission_id'),
})

export const AgencyDetailsSchema = z.object({
  contact_person: text(2, 256).optional(),
  contact_number: requiredText(2, 256, CONTACT_NUMBER_REQUIRED).optional(),
  profile_image: profileImage(),
})
export type AgencyDetailsInput = z.input<typeof AgencyDetailsSchema>

// --- Path parameters ---------------------------------------------------------------------------

export const UserIdParamSchema = z.object({ userId: id() })
export const RoleIdParamSchema = z.object({ roleId: id() })
export const AgencyUserIdParamSchema = z.object({ agencyUserId: id() })
export const AgencyUserRoleParamSchema = z.object({ agencyUserId: id(), agencyRoleId: id() })
export const AgencyIdParamSchema = z.object({ agency_id: id() })
