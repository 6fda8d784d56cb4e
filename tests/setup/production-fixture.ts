// What the production topology test needs and a fresh deployment does not have (OSHC_DEMO=false,
// reference data and the staff login only): an agency with banked commission, and an
// authenticator app for the seeded staff login (approvals ask for a second factor). Run with tsx
// against the deployment's DATABASE_URL and APP_SECRET; prints one line of JSON.
import { eq } from 'drizzle-orm'
import { closeDb, getDb } from '../../db/client'
import { identities, identityFactors } from '../../db/schema'
import { newTotpSecret, pendingTotpSetup } from '../../domain/access/second-factors'
import { agencyWithBanked } from './payouts'

const staffEmail = process.argv[2] ?? 'admin@oshc.local'
const { agency, lineIds } = await agencyWithBanked(2)
const [staff] = await getDb().select().from(identities).where(eq(identities.email, staffEmail))
if (!staff) throw new Error(`no identity ${staffEmail}: seed the deployment first`)
const [factor] = await getDb()
  .insert(identityFactors)
  .values({ identity_id: staff.id, secret_sealed: newTotpSecret(), confirmed_at: new Date() })
  .returning()
const { key } = await pendingTotpSetup(factor, staffEmail)
console.log(
  JSON.stringify({
    agency: { id: agency.id, email: agency.email, password: 'Agency-Passw0rd!', lineIds },
    staff: { email: staffEmail, totpKey: key },
  }),
)
await closeDb()
