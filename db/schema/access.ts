import { index, integer, pgEnum, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from './common'
import { identities } from './identity'
import { agencies } from './agencies'

export const userStatus = pgEnum('user_status', ['ENABLED', 'DISABLED'])

export const oshcPermissions = pgTable('oshc_permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  display_name: text('display_name').notNull(),
  ...timestamps,
})

export const oshcRoles = pgTable('oshc_roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  ...timestamps,
})

export const oshcRolePermissions = pgTable(
  'oshc_role_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => oshcRoles.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => oshcPermissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
)

export const oshcUsers = pgTable(
  'oshc_users',
  {
    id: serial('id').primaryKey(),
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id),
    status: userStatus('status').notNull().default('ENABLED'),
    first_name: text('first_name').notNull(),
    middle_name: text('middle_name'),
    last_name: text('last_name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number'),
    profile_image: text('profile_image'),
    role_id: integer('role_id').references(() => oshcRoles.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('oshc_users_identity_idx').on(t.identity_id),
    index('oshc_users_created_idx').on(t.created_at),
  ],
)

export const agencyPermissions = pgTable('agency_permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  display_name: text('display_name').notNull(),
  ...timestamps,
})

/** Agency roles belong to one agency; names are unique within it. */
export const agencyRoles = pgTable(
  'agency_roles',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('agency_roles_agency_name_idx').on(t.agency_id, t.name)],
)

export const agencyRolePermissions = pgTable(
  'agency_role_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => agencyRoles.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => agencyPermissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
)

export const agencyUsers = pgTable(
  'agency_users',
  {
    id: serial('id').primaryKey(),
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    agency_role_id: integer('agency_role_id').references(() => agencyRoles.id),
    first_name: text('first_name').notNull(),
    middle_name: text('middle_name'),
    last_name: text('last_name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number'),
    status: userStatus('status').notNull().default('ENABLED'),
    profile_image: text('profile_image'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('agency_users_identity_idx').on(t.identity_id),
    index('agency_users_agency_idx').on(t.agency_id),
  ],
)
