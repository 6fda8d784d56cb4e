import { hash } from '@node-rs/argon2'
import { inArray } from 'drizzle-orm'
import { handleApiRequest } from '../../api/router.server'
import { getDb } from '../../db/client'
import {
  agencyPermissions,
  agencyRolePermissions,
  agencyRoles,
  agencyUsers,
  identities,
  oshcPermissions,
  oshcRolePermissions,
  oshcRoles,
  oshcUsers,
} from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import { findOutbox } from '../../domain/mail/mailer'

export type ApiAnswer = { status: number; body: any; headers: Headers }

/** Calls the real /api router in-process (same code path as HTTP), as a bearer-token client. */
export async function api(
  method: string,
  path: string,
  opts: {
    token?: string
    body?: unknown
    /** A body sent as it is (signed webhooks), instead of `body` as JSON. */
    rawBody?: string
    query?: Record<string, string | string[]>
    headers?: Record<string, string>
  } = {},
): Promise<ApiAnswer> {
  const url = new URL(`http://test.local/api${path}`)
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, item)
  }
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  const res = await handleApiRequest(
    new Request(url, {
      method,
      headers,
      body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    }),
    { clientIp: '127.0.0.1' },
  )
  const type = res.headers.get('content-type') ?? ''
  const body = type.includes('json') ? await res.json() : await res.text()
  return { status: res.status, body, headers: res.headers }
}

export async function login(email: string, password: string) {
  const r = await api('POST', '/authentication/login', { body: { email, password } })
  if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data.token as string
}

export const ADMIN = { email: 'admin@oshc.local', password: 'Admin-Passw0rd!' }
export const staffToken = () => login(ADMIN.email, ADMIN.password)

/** An agency at `status` (default: active portal) and its bearer token. */
export async function agencyWithToken(
  status: NonNullable<Parameters<typeof createAgency>[1]>['status'] = 'PORTAL_ACTIVATED',
) {
  const agency = await createAgency(getDb(), { status, password: 'Agency-Passw0rd!' })
  const token = status === 'PENDING' ? '' : await login(agency.email, 'Agency-Passw0rd!')
  return { agency, token }
}

/** The newest mail to `to` (the outbox transport stores every mail). */
export async function lastMail(to: string) {
  const [mail] = await findOutbox(to, 1)
  if (!mail) throw new Error(`no mail to ${to}`)
  return mail
}

export const codeFrom = (text: string) => /Verification code: (\d{6})/.exec(text)?.[1]
export const tempPasswordFrom = (text: string) => /Temporary password: (\S+)/.exec(text)?.[1]

let people = 0
const personTag = () => `${Date.now().toString(36)}-${process.pid}-${++people}`

/** A staff member whose role holds only `permissions` (maybe none); returns a bearer token. */
export async function staffWith(permissions: readonly string[]) {
  const tag = personTag()
  const email = `staff-${tag}@oshc.local`
  const db = getDb()
  const [role] = await db
    .insert(oshcRoles)
    .values({ name: `Only ${permissions.join(', ') || 'nothing'} ${tag}` })
    .returning()
  const perms = permissions.length
    ? await db
        .select()
        .from(oshcPermissions)
        .where(inArray(oshcPermissions.name, [...permissions]))
    : []
  if (perms.length)
    await db.insert(oshcRolePermissions).values(perms.map((p) => ({ role_id: role.id, permission_id: p.id })))
  const [identity] = await db
    .insert(identities)
    .values({ email, kind: 'Oshc', password_hash: await hash('Staff-Passw0rd!') })
    .returning()
  await db
    .insert(oshcUsers)
    .values({ identity_id: identity.id, first_name: 'Desk', last_name: 'Staff', email, role_id: role.id })
  return login(email, 'Staff-Passw0rd!')
}

/** A user of `agencyId` whose agency role holds only `permissions` (maybe none); returns a bearer token. */
export async function agencyUserWith(agencyId: number, permissions: readonly string[]) {
  const tag = personTag()
  const email = `agent-${tag}@example.test`
  const db = getDb()
  const [role] = await db
    .insert(agencyRoles)
    .values({ agency_id: agencyId, name: `Role ${tag}` })
    .returning()
  const perms = permissions.length
    ? await db
        .select()
        .from(agencyPermissions)
        .where(inArray(agencyPermissions.name, [...permissions]))
    : []
  if (perms.length)
    await db
      .insert(agencyRolePermissions)
      .values(perms.map((p) => ({ role_id: role.id, permission_id: p.id })))
  const [identity] = await db
    .insert(identities)
    .values({ email, kind: 'agency_user', password_hash: await hash('Agent-Passw0rd!') })
    .returning()
  await db.insert(agencyUsers).values({
    identity_id: identity.id,
    agency_id: agencyId,
    agency_role_id: role.id,
    first_name: 'Ada',
    last_name: 'Agent',
    email,
  })
  return login(email, 'Agent-Passw0rd!')
}
