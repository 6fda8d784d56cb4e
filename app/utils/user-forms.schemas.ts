import { z } from 'zod'
import { id, MAX_MSG, text } from '../../domain/shared/fields'

/**
 * The user and role forms of the staff and agency screens (browser and action), with the spec's
 * messages; the use cases validate again with domain/users/users.schemas.ts.
 */
const optionalText = () => text(2, 256).optional()
const roleId = () => id().optional()

const UserFields = z.object({
  first_name: text(2, 256),
  middle_name: optionalText(),
  last_name: text(2, 256),
  phone_number: optionalText(),
})
const email = z.string({ error: 'Invalid email' }).trim().max(256, MAX_MSG(256)).email('Invalid email')

export const EditStaffUserSchema = UserFields.extend({ role_id: roleId() })
export const EditAgencyUserSchema = UserFields.extend({ agency_role_id: roleId() })
export const NewStaffUserSchema = EditStaffUserSchema.extend({ email })
export const NewAgencyUserSchema = EditAgencyUserSchema.extend({ email })

export const UserStatusFormSchema = z.object({
  status: z.enum(['ENABLED', 'DISABLED'], { error: 'Status must be ENABLED or DISABLED' }),
})

export const CreateRoleSchema = z.object({ name: text(2, 256) })
export const RolePermissionsSchema = z.object({
  roleId: id(),
  permissions: z.array(id()),
})
