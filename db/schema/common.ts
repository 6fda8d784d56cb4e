import { timestamp } from 'drizzle-orm/pg-core'

/** created_at / updated_at on every table. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}
