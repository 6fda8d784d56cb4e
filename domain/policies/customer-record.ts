// A policy's customer as another area's decision changes it (an amendment's new details): the
// customer's row is written by the policies area only.
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { customers } from '../../db/schema'
import { customerValues } from './customer-columns'

/** Writes the customer columns present in `input` (personal and other details) in `tx`. */
export async function writeCustomer(tx: DbOrTx, customerId: number, input: Record<string, unknown>) {
  await tx.update(customers).set(customerValues(input)).where(eq(customers.id, customerId))
}
