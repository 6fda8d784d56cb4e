import { beforeAll, describe, expect, it } from 'vitest'
import { agencyWithToken, api, lastMail, login, staffToken, tempPasswordFrom } from '../setup/api'

const OSHC = '/oshc/user-management'
const AGENCY = '/agencies/user-management'

let seq = 0
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}@example.test`

let admin: string
beforeAll(async () => {
  admin = await staffToken()
})

/** Creates a staff user through the API and signs them in with the mailed temporary password. */
async function staffUser(body: Record<string, unknown> = {}) {
  const email = uniqueEmail('staff')
  const r = await api('POST', `${OSHC}/CreateOshcUser`, {
    token: admin,
    body: { first_name: 'Sam', last_name: 'Staff', email, ...body },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  const password = tempPasswordFrom((await lastMail(email)).text)!
  return { user: r.body.data, email, token: await login(email, password) }
}

async function staffRole(name: string, permissionNames: string[]) {
  const perms = await api('GET', `${OSHC}/getOshcPermission`, { token: admin })
  const ids = perms.body.data.filter((p: any) => permissionNames.includes(p.name)).map((p: any) => p.id)
  const created = await api('POST', `${OSHC}/createOshcRole`, { token: admin, body: { name } })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const assigned = await api('POST', `${OSHC}/assignPermissionToRole/${created.body.data.id}`, {
    token: admin,
    body: { Permissions: ids },
  })
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200)
  return created.body.data as { id: number; name: string }
}

describe('authentication and permissions', () => {
  it('answers 401 without a token', async () => {
    expect((await api('GET', `${OSHC}/getOshcUsers`)).status).toBe(401)
    expect((await api('POST', `${OSHC}/CreateOshcUser`, { body: {} })).status).toBe(401)
    expect((await api('POST', `${AGENCY}/createAgencyUser`, { body: {} })).status).toBe(401)
    expect((await api('GET', `${AGENCY}/getAgencyUserRoles`)).status).toBe(401)
  })

  it('refuses staff without user_management (403) but lets any staff read the assignment lists', async () => {
    const role = await staffRole(`Quotes only ${seq}`, ['quote'])
    const { token } = await staffUser({ role_id: role.id })
    for (const [method, path] of [
      ['GET', `${OSHC}/getOshcUsers`],
      ['GET', `${OSHC}/getOshcRoles`],
      ['GET', `${OSHC}/getOshcPermission`],
      ['GET', `${OSHC}/getOshcUserById?id=1`],
      ['POST', `${OSHC}/CreateOshcUser`],
      ['POST', `${OSHC}/createOshcRole`],
      ['POST', `${OSHC}/updateOshcUser/1`],
      ['POST', `${OSHC}/UpdateOshcUserStatus/1`],
      ['POST', `${OSHC}/assignPermissionToRole/1`],
    ] as const) {
      const r = await api(method, path, { token, body: method === 'POST' ? {} : undefined })
      expect(r.status, `${method} ${path}`).toBe(403)
    }
    expect((await api('GET', `${OSHC}/getOshcUsersForAssigning`, { token })).status).toBe(200)
    expect(
      (await api('GET', `${OSHC}/getOshcUserByPermissionForOvhc`, { token, query: { permission: 'quote' } }))
        .status,
    ).toBe(200)
  })

  it('refuses agencies on staff calls and staff on agency writes', async () => {
    const { token } = await agencyWithToken()
    expect((await api('GET', `${OSHC}/getOshcUsers`, { token })).status).toBe(403)
    expect(
      (await api('POST', `${AGENCY}/createAgencyUserRole`, { token: admin, body: { name: 'Nope' } })).status,
    ).toBe(403)
  })
})

describe('provider staff users', () => {
  it('creates a user (201), mails a temporary password that signs in, and never returns secrets', async () => {
    const email = uniqueEmail('New.Staff').toUpperCase()
    const r = await api('POST', `${OSHC}/CreateOshcUser`, {
      token: admin,
      body: { first_name: ' Nora ', last_name: 'Newman', email, phone_number: '+61 400 000 000' },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body.success).toBe(true)
    expect(r.body.data).toMatchObject({
      first_name: 'Nora',
      last_name: 'Newman',
      email: email.toLowerCase(),
      status: 'ENABLED',
      phone_number: '+61 400 000 000',
      role: null,
    })
    expect(r.body.data.id).toEqual(expect.any(Number))
    expect(JSON.stringify(r.body.data)).not.toMatch(/password|identity_id|Tmp-/i)

    const mail = await lastMail(email.toLowerCase())
    expect(mail.text).toContain('Temporary password:')
    const password = tempPasswordFrom(mail.text)!
    const signedIn = await api('POST', '/authentication/login', { body: { email, password } })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.data.mustChangePassword).toBe(true)
    expect(signedIn.body.data.profile).toMatchObject({
      userType: 'Oshc',
      email: email.toLowerCase(),
      first_name: 'Nora',
    })
  })

  it('answers 409 when the e-mail already has a login of any kind', async () => {
    const { email } = await staffUser()
    const again = await api('POST', `${OSHC}/CreateOshcUser`, {
      token: admin,
      body: { first_name: 'Dup', last_name: 'Licate', email: email.toUpperCase() },
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('A user with this email already exists')

    const { agency } = await agencyWithToken()
    const agencyEmail = await api('POST', `${OSHC}/CreateOshcUser`, {
      token: admin,
      body: { first_name: 'Dup', last_name: 'Licate', email: agency.email },
    })
    expect(agencyEmail.status).toBe(409)
  })

  it('reports the spec messages on the named fields', async () => {
    const r = await api('POST', `${OSHC}/CreateOshcUser`, {
      token: admin,
      body: { first_name: 'A', last_name: 'x'.repeat(257), email: 'not-an-email', phone_number: '1' },
    })
    expect(r.status).toBe(400)
    expect(r.body.errors.first_name).toEqual(['must be at least 2 characters'])
    expect(r.body.errors.last_name).toEqual(['must be at most 256 characters'])
    expect(r.body.errors.email).toEqual(['Invalid email'])
    expect(r.body.errors.phone_number).toEqual(['must be at least 2 characters'])

    const missing = await api('POST', `${OSHC}/CreateOshcUser`, {
      token: admin,
      body: { email: uniqueEmail('x') },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors.first_name).toEqual(['must be at least 2 characters'])

    const image = await api('POST', `${OSHC}/updateOshcUser/1`, {
      token: admin,
      body: { profile_image: 'x'.repeat(513) },
    })
    expect(image.status).toBe(400)
    expect(image.body.errors.profile_image).toEqual(['must be at most 512 characters'])

    // A picture is a file key or an http(s) address, never a script or inline data.
    for (const bad of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>']) {
      const script = await api('POST', `${OSHC}/updateOshcUser/1`, {
        token: admin,
        body: { profile_image: bad },
      })
      expect(script.status, bad).toBe(400)
      expect(script.body.errors.profile_image, bad).toEqual(['must be an http:// or https:// address'])
    }
  })

  it('looks a user up by e-mail or id', async () => {
    const { user, email } = await staffUser()
    const none = await api('GET', `${OSHC}/getOshcUserById`, { token: admin })
    expect(none.status).toBe(400)
    expect(none.body.message).toBe('Please provide either email or id')
    expect(none.body.errors.email).toEqual(['Please provide either email or id'])

    const nan = await api('GET', `${OSHC}/getOshcUserById`, { token: admin, query: { id: 'abc' } })
    expect(nan.status).toBe(400)
    expect(nan.body.errors.id).toEqual(['Not a number'])

    const byId = await api('GET', `${OSHC}/getOshcUserById`, { token: admin, query: { id: String(user.id) } })
    expect(byId.status).toBe(200)
    expect(byId.body.data.email).toBe(email)
    const byEmail = await api('GET', `${OSHC}/getOshcUserById`, {
      token: admin,
      query: { email: email.toUpperCase() },
    })
    expect(byEmail.body.data.id).toBe(user.id)
    const missing = await api('GET', `${OSHC}/getOshcUserById`, { token: admin, query: { id: '999999' } })
    expect(missing.status).toBe(404)
  })

  it('lists users paged and sorted in SQL; unknown sort keys are a 400', async () => {
    await staffUser({ first_name: 'Aaron' })
    await staffUser({ first_name: 'Zelda' })
    const bad = await api('GET', `${OSHC}/getOshcUsers`, {
      token: admin,
      query: { sort_key: 'password_hash' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Unknown sort key')

    const asc = await api('GET', `${OSHC}/getOshcUsers`, {
      token: admin,
      query: { sort_key: 'first_name', sort_direction: 'true', page: '1', perPage: '2' },
    })
    expect(asc.status).toBe(200)
    expect(asc.body.data).toHaveLength(2)
    expect(asc.body.data[0].first_name).toBe('Aaron')
    expect(asc.body.pageInfo).toMatchObject({ page: 1, perPage: 2 })
    expect(asc.body.pageInfo.total).toBeGreaterThanOrEqual(3)
    expect(asc.body.pageInfo.totalPages).toBe(Math.ceil(asc.body.pageInfo.total / 2))
    expect(JSON.stringify(asc.body)).not.toMatch(/password|identity_id/)

    const desc = await api('GET', `${OSHC}/getOshcUsers`, { token: admin, query: { sort_key: 'first_name' } })
    expect(desc.body.data[0].first_name).toBe('Zelda')
  })

  it('creates roles, assigns permissions, and the new user profile reflects them', async () => {
    const role = await staffRole('Finance desk', ['finance', 'quote'])
    const dup = await api('POST', `${OSHC}/createOshcRole`, { token: admin, body: { name: 'finance desk' } })
    expect(dup.status).toBe(409)
    const short = await api('POST', `${OSHC}/createOshcRole`, { token: admin, body: { name: 'F' } })
    expect(short.status).toBe(400)
    expect(short.body.errors.name).toEqual(['must be at least 2 characters'])
    const unknown = await api('POST', `${OSHC}/assignPermissionToRole/${role.id}`, {
      token: admin,
      body: { Permissions: [999999] },
    })
    expect(unknown.status).toBe(400)
    const noRole = await api('POST', `${OSHC}/assignPermissionToRole/999999`, {
      token: admin,
      body: { Permissions: [] },
    })
    expect(noRole.status).toBe(404)

    const roles = await api('GET', `${OSHC}/getOshcRoles`, { token: admin })
    const listed = roles.body.data.find((r: any) => r.id === role.id)
    expect(listed.permissions.map((p: any) => p.name).sort()).toEqual(['finance', 'quote'])

    const { token, user } = await staffUser({ role_id: role.id })
    expect(user.role).toEqual({ id: role.id, name: 'Finance desk' })
    const profile = await api('GET', '/authentication/getAgencyAgencyUserAndOshcUserData', { token })
    expect(profile.status).toBe(200)
    expect(profile.body.data.role).toEqual({ id: role.id, name: 'Finance desk' })
    expect(profile.body.data.permission.map((p: any) => p.name).sort()).toEqual(['finance', 'quote'])

    const byPermission = await api('GET', `${OSHC}/getOshcUserByPermissionForOvhc`, {
      token: admin,
      query: { permission: 'finance' },
    })
    expect(byPermission.body.data.map((u: any) => u.id)).toContain(user.id)
    const noPermission = await api('GET', `${OSHC}/getOshcUserByPermissionForOvhc`, { token: admin })
    expect(noPermission.status).toBe(400)
  })

  it('updates a user and refuses a role that does not exist', async () => {
    const { user } = await staffUser({ middle_name: 'Middle' })
    const r = await api('POST', `${OSHC}/updateOshcUser/${user.id}`, {
      token: admin,
      body: { first_name: 'Renamed', middle_name: null },
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ first_name: 'Renamed', middle_name: null, last_name: 'Staff' })
    const badRole = await api('POST', `${OSHC}/updateOshcUser/${user.id}`, {
      token: admin,
      body: { role_id: 999999 },
    })
    expect(badRole.status).toBe(404)
    const missing = await api('POST', `${OSHC}/updateOshcUser/999999`, {
      token: admin,
      body: { first_name: 'Nobody' },
    })
    expect(missing.status).toBe(404)
  })

  it('the staff user page still disables a user as a browser posts it (the question is asked client-side)', async () => {
    const { user } = await staffUser()
    const route = await import('../../app/routes/staff+/users.$userId')
    const request = new Request(`http://test.local/staff/users/${user.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'status', status: 'DISABLED' }),
    })
    let answer: unknown
    try {
      answer = await route.action({ request, params: { userId: String(user.id) }, context: {} })
    } catch (thrown) {
      answer = thrown
    }
    expect((answer as Response).headers.get('location')).toBe(`/staff/users/${user.id}`)
    const read = await api('GET', `${OSHC}/getOshcUserById`, { token: admin, query: { id: String(user.id) } })
    expect(read.body.data.status).toBe('DISABLED')
  })

  it('disabling a user blocks their next call; nobody disables themselves', async () => {
    const { user, token } = await staffUser()
    expect((await api('GET', '/authentication/getAgencyAgencyUserAndOshcUserData', { token })).status).toBe(
      200,
    )

    const off = await api('POST', `${OSHC}/UpdateOshcUserStatus/${user.id}`, {
      token: admin,
      body: { status: 'DISABLED' },
    })
    expect(off.status).toBe(200)
    expect(off.body.data.status).toBe('DISABLED')
    expect((await api('GET', '/authentication/getAgencyAgencyUserAndOshcUserData', { token })).status).toBe(
      401,
    )

    const bad = await api('POST', `${OSHC}/UpdateOshcUserStatus/${user.id}`, {
      token: admin,
      body: { status: 'GONE' },
    })
    expect(bad.status).toBe(400)
    const on = await api('POST', `${OSHC}/UpdateOshcUserStatus/${user.id}`, {
      token: admin,
      body: { status: 'ENABLED' },
    })
    expect(on.body.data.status).toBe('ENABLED')

    const me = await api('GET', `${OSHC}/getOshcUserById`, {
      token: admin,
      query: { email: 'admin@oshc.local' },
    })
    const self = await api('POST', `${OSHC}/UpdateOshcUserStatus/${me.body.data.id}`, {
      token: admin,
      body: { status: 'DISABLED' },
    })
    expect(self.status).toBe(409)
  })

  it('lists enabled users for assigning', async () => {
    const { user } = await staffUser()
    await api('POST', `${OSHC}/UpdateOshcUserStatus/${user.id}`, {
      token: admin,
      body: { status: 'DISABLED' },
    })
    const r = await api('GET', `${OSHC}/getOshcUsersForAssigning`, { token: admin })
    expect(r.status).toBe(200)
    expect(r.body.data.map((u: any) => u.id)).not.toContain(user.id)
    expect(Object.keys(r.body.data[0]).sort()).toEqual([
      'email',
      'first_name',
      'id',
      'last_name',
      'middle_name',
    ])
  })
})

describe('agency users', () => {
  async function agencyPermissionIds(token: string, names: string[]) {
    const r = await api('GET', `${AGENCY}/getAgencyUserPemissions`, { token })
    expect(r.status).toBe(200)
    return r.body.data.filter((p: any) => names.includes(p.name)).map((p: any) => p.id) as number[]
  }

  async function agencyRole(token: string, name: string, permissions: string[]) {
    const created = await api('POST', `${AGENCY}/createAgencyUserRole`, { token, body: { name } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const ids = await agencyPermissionIds(token, permissions)
    const assigned = await api('POST', `${AGENCY}/AssignPermissionforAgencyRole/${created.body.data.id}`, {
      token,
      body: { agency_permission_id: ids },
    })
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200)
    return created.body.data as { id: number; name: string }
  }

  async function agencyUser(token: string, body: Record<string, unknown> = {}) {
    const email = uniqueEmail('agent')
    const r = await api('POST', `${AGENCY}/createAgencyUser`, {
      token,
      body: { first_name: 'Ada', last_name: 'Agent', email, ...body },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    return { user: r.body.data, email }
  }

  it('an agency creates a user (201) who signs in with the role’s permissions', async () => {
    const { agency, token } = await agencyWithToken()
    const role = await agencyRole(token, 'Sales', ['quote', 'purchase'])
    const { user, email } = await agencyUser(token, { agency_role_id: role.id })
    expect(user).toMatchObject({
      agency_id: agency.id,
      email,
      status: 'ENABLED',
      role: { id: role.id, name: 'Sales' },
    })
    expect(JSON.stringify(user)).not.toMatch(/password|identity_id/)

    const mail = await lastMail(email)
    expect(mail.text).toContain('Temporary password:')
    const userToken = await login(email, tempPasswordFrom(mail.text)!)
    const profile = await api('GET', '/authentication/getAgencyAgencyUserAndOshcUserData', {
      token: userToken,
    })
    expect(profile.body.data).toMatchObject({
      userType: 'agency_user',
      agencyId: agency.id,
      role: { id: role.id, name: 'Sales' },
    })
    expect(profile.body.data.permission.map((p: any) => p.name).sort()).toEqual(['purchase', 'quote'])

    // Without user_management: reads yes, administration no.
    expect((await api('GET', `${AGENCY}/getAgencyUserRoles`, { token: userToken })).status).toBe(200)
    const denied = await api('POST', `${AGENCY}/createAgencyUser`, {
      token: userToken,
      body: { first_name: 'Not', last_name: 'Allowed', email: uniqueEmail('denied') },
    })
    expect(denied.status).toBe(403)
    expect(
      (await api('POST', `${AGENCY}/createAgencyUserRole`, { token: userToken, body: { name: 'Mine' } }))
        .status,
    ).toBe(403)

    const duplicate = await api('POST', `${AGENCY}/createAgencyUser`, {
      token,
      body: { first_name: 'Dup', last_name: 'Agent', email },
    })
    expect(duplicate.status).toBe(409)
    const dupRole = await api('POST', `${AGENCY}/createAgencyUserRole`, { token, body: { name: 'Sales' } })
    expect(dupRole.status).toBe(409)
  })

  it('an agency user with user_management administers users', async () => {
    const { token } = await agencyWithToken()
    const role = await agencyRole(token, 'Admins', ['user_management'])
    const { email } = await agencyUser(token, { agency_role_id: role.id })
    const managerToken = await login(email, tempPasswordFrom((await lastMail(email)).text)!)
    const created = await api('POST', `${AGENCY}/createAgencyUser`, {
      token: managerToken,
      body: { first_name: 'Bea', last_name: 'Junior', email: uniqueEmail('junior') },
    })
    expect(created.status).toBe(201)
    const me = await api('GET', `${AGENCY}/getAgencyUserByEmailOrId`, {
      token: managerToken,
      query: { email },
    })
    const self = await api('POST', `${AGENCY}/enableAgencyUser/${me.body.data.id}`, {
      token: managerToken,
      body: { status: 'DISABLED' },
    })
    expect(self.status).toBe(409)
  })

  it('keeps each agency’s users and roles invisible to other agencies (404)', async () => {
    const a = await agencyWithToken()
    const b = await agencyWithToken()
    const roleA = await agencyRole(a.token, 'Team A', ['quote'])
    const { user: userA } = await agencyUser(a.token, { agency_role_id: roleA.id })
    const { user: userB } = await agencyUser(b.token)

    const read = await api('GET', `${AGENCY}/getAgencyUserByEmailOrId`, {
      token: b.token,
      query: { id: String(userA.id) },
    })
    expect(read.status).toBe(404)
    const readByEmail = await api('GET', `${AGENCY}/getAgencyUserByEmailOrId`, {
      token: b.token,
      query: { email: userA.email },
    })
    expect(readByEmail.status).toBe(404)
    const update = await api('POST', `${AGENCY}/updateAgencyUser/${userA.id}`, {
      token: b.token,
      body: { first_name: 'Hacked' },
    })
    expect(update.status).toBe(404)
    const enable = await api('POST', `${AGENCY}/enableAgencyUser/${userA.id}`, {
      token: b.token,
      body: { status: 'DISABLED' },
    })
    expect(enable.status).toBe(404)
    const assignForeignRole = await api(
      'POST',
      `${AGENCY}/assignRoleToAgencyUser/${userB.id}/role/${roleA.id}`,
      { token: b.token },
    )
    expect(assignForeignRole.status).toBe(404)
    const assignToForeignUser = await api(
      'POST',
      `${AGENCY}/assignRoleToAgencyUser/${userA.id}/role/${roleA.id}`,
      { token: b.token },
    )
    expect(assignToForeignUser.status).toBe(404)
    const foreignPerms = await api('POST', `${AGENCY}/AssignPermissionforAgencyRole/${roleA.id}`, {
      token: b.token,
      body: { agency_permission_id: [] },
    })
    expect(foreignPerms.status).toBe(404)
    const createWithForeignRole = await api('POST', `${AGENCY}/createAgencyUser`, {
      token: b.token,
      body: {
        first_name: 'Cross',
        last_name: 'Tenant',
        email: uniqueEmail('cross'),
        agency_role_id: roleA.id,
      },
    })
    expect(createWithForeignRole.status).toBe(404)
    const list = await api('GET', `${AGENCY}/getAllAgencyUser/${a.agency.id}`, { token: b.token })
    expect(list.status).toBe(404)
    const details = await api('POST', `${AGENCY}/updateAgencyDetails/${a.agency.id}`, {
      token: b.token,
      body: { contact_person: 'Mallory' },
    })
    expect(details.status).toBe(404)
    const rolesB = await api('GET', `${AGENCY}/getAgencyUserRoles`, { token: b.token })
    expect(rolesB.body.data.map((r: any) => r.id)).not.toContain(roleA.id)

    // Unchanged, and still A's.
    const still = await api('GET', `${AGENCY}/getAgencyUserByEmailOrId`, {
      token: a.token,
      query: { id: String(userA.id) },
    })
    expect(still.body.data).toMatchObject({ first_name: 'Ada', status: 'ENABLED', role: { id: roleA.id } })
  })

  it('lists, updates, re-roles, disables and enables the agency’s users', async () => {
    const { agency, token } = await agencyWithToken()
    const roleA = await agencyRole(token, 'First', ['quote'])
    const roleB = await agencyRole(token, 'Second', ['finance'])
    const { user, email } = await agencyUser(token, { first_name: 'Zed', agency_role_id: roleA.id })
    await agencyUser(token, { first_name: 'Amy' })
    const userToken = await login(email, tempPasswordFrom((await lastMail(email)).text)!)

    const page = await api('GET', `${AGENCY}/getAllAgencyUser/${agency.id}`, {
      token,
      query: { sort_key: 'first_name', sort_direction: 'true' },
    })
    expect(page.status).toBe(200)
    expect(page.body.data.map((u: any) => u.first_name)).toEqual(['Amy', 'Zed'])
    expect(page.body.pageInfo).toEqual({ page: 1, perPage: 10, total: 2, totalPages: 1 })
    const badSort = await api('GET', `${AGENCY}/getAllAgencyUser/${agency.id}`, {
      token,
      query: { sort_key: 'nope' },
    })
    expect(badSort.status).toBe(400)
    const staffList = await api('GET', `${AGENCY}/getAllAgencyUser/${agency.id}`, { token: admin })
    expect(staffList.status).toBe(200)
    expect(staffList.body.pageInfo.total).toBe(2)

    const updated = await api('POST', `${AGENCY}/updateAgencyUser/${user.id}`, {
      token,
      body: { last_name: 'Zulu', first_name: 'Z' },
    })
    expect(updated.status).toBe(400)
    expect(updated.body.errors.first_name).toEqual(['must be at least 2 characters'])
    const renamed = await api('POST', `${AGENCY}/updateAgencyUser/${user.id}`, {
      token,
      body: { last_name: 'Zulu' },
    })
    expect(renamed.body.data).toMatchObject({ first_name: 'Zed', last_name: 'Zulu' })

    const assigned = await api('POST', `${AGENCY}/assignRoleToAgencyUser/${user.id}/role/${roleB.id}`, {
      token,
    })
    expect(assigned.status).toBe(200)
    expect(assigned.body.data.role).toEqual({ id: roleB.id, name: 'Second' })

    const off = await api('POST', `${AGENCY}/enableAgencyUser/${user.id}`, {
      token,
      body: { status: 'DISABLED' },
    })
    expect(off.body.data.status).toBe('DISABLED')
    expect(
      (await api('GET', '/authentication/getAgencyAgencyUserAndOshcUserData', { token: userToken })).status,
    ).toBe(401)
    const on = await api('POST', `${AGENCY}/enableAgencyUser/${user.id}`, { token, body: {} })
    expect(on.body.data.status).toBe('ENABLED')

    const roles = await api('GET', `${AGENCY}/getAgencyUserRoles`, { token })
    expect(roles.body.data.map((r: any) => [r.name, r.permissions.map((p: any) => p.name)])).toEqual([
      ['First', ['quote']],
      ['Second', ['finance']],
    ])
    const unknownPerm = await api('POST', `${AGENCY}/AssignPermissionforAgencyRole/${roleA.id}`, {
      token,
      body: { agency_permission_id: [999999] },
    })
    expect(unknownPerm.status).toBe(400)
  })

  it('updates the agency’s own contact details', async () => {
    const { agency, token } = await agencyWithToken()
    const r = await api('POST', `${AGENCY}/updateAgencyDetails/${agency.id}`, {
      token,
      body: {
        contact_person: 'Casey Contact',
        contact_number: '+61 2 1234 5678',
        profile_image: 'public/logo.png',
      },
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({
      contact_person: 'Casey Contact',
      contact_number: '+61 2 1234 5678',
      profile_image: 'public/logo.png',
    })
    const short = await api('POST', `${AGENCY}/updateAgencyDetails/${agency.id}`, {
      token,
      body: { contact_person: 'C' },
    })
    expect(short.status).toBe(400)
    expect(short.body.errors.contact_person).toEqual(['must be at least 2 characters'])
    const script = await api('POST', `${AGENCY}/updateAgencyDetails/${agency.id}`, {
      token,
      body: { profile_image: 'javascript:alert(1)' },
    })
    expect(script.status).toBe(400)
    expect(script.body.errors.profile_image).toEqual(['must be an http:// or https:// address'])
  })
})
