import { describe, expect, it } from 'vitest'
import { handleApiRequest } from '../../api/router.server'
import { api, staffToken } from '../setup/api'

describe('API conventions', () => {
  it('serves an OpenAPI document built from the endpoint table', async () => {
    const r = await api('GET', '/openapi.json')
    expect(r.status).toBe(200)
    expect(r.body.paths['/api/agencies/agency-management/registerAgency'].post.requestBody).toBeTruthy()
    expect(r.body.paths['/api/agencies/user-management/getAgencyUserPemissions']).toBeTruthy()
  })

  it('answers 404 for unknown routes and 405 for a wrong method', async () => {
    expect((await api('GET', '/nope')).status).toBe(404)
    expect((await api('GET', '/agencies/agency-management/registerAgency')).status).toBe(405)
  })

  it('refuses cookie-authenticated writes from another origin, but not bearer calls', async () => {
    const token = await staffToken()
    const body = JSON.stringify({ email: `x-${Date.now()}@example.test` })
    const viaCookie = (origin: string) =>
      handleApiRequest(
        new Request('http://test.local/api/agencies/agency-management/sendInvitation', {
          method: 'POST',
          headers: {
            cookie: `oshc_session=${token}`,
            origin,
            host: 'test.local',
            'content-type': 'application/json',
          },
          body,
        }),
      )
    expect((await viaCookie('http://evil.example')).status).toBe(403)
    const ok = await viaCookie('http://test.local')
    expect(ok.status).toBe(201)
  })

  it('rate-limits repeated failed logins per e-mail and IP, saying when to retry', async () => {
    const email = `nobody-${Date.now()}@example.test`
    for (let i = 0; i < 5; i++) {
      expect(
        (await api('POST', '/authentication/login', { body: { email, password: 'wrong-password' } })).status,
      ).toBe(401)
    }
    const blocked = await api('POST', '/authentication/login', {
      body: { email, password: 'wrong-password' },
    })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('answers lists with pageInfo and rejects unknown sort keys', async () => {
    const token = await staffToken()
    const ok = await api('GET', '/agencies/agency-management/agenciesByStatus', {
      token,
      query: { page: '1', perPage: '5', sort_direction: 'true' },
    })
    expect(ok.status).toBe(200)
    expect(ok.body.pageInfo).toMatchObject({ page: 1, perPage: 5 })
    const bad = await api('GET', '/agencies/agency-management/agenciesByStatus', {
      token,
      query: { sort_key: 'password_hash' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.sort_key).toEqual(['Unknown sort key'])
  })
})
