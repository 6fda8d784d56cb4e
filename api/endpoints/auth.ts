import { endpoint } from '../define'
import { clearSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from '../auth.server'
import { json } from '../respond'
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordSchema,
} from '../../domain/access/access.schemas'
import { login } from '../../domain/access/login'
import { revokeSession } from '../../domain/access/sessions'
import { getProfile } from '../../domain/access/get-profile'
import { changePassword, requestPasswordReset, resetPassword } from '../../domain/access/change-password'

const BASE = '/authentication'
const anyone = { staff: true, agency: true } as const

export const authEndpoints = [
  endpoint({
    method: 'POST',
    path: `${BASE}/login`,
    summary: 'Sign in with e-mail and password; returns a bearer token and sets the session cookie',
    access: { public: true },
    body: LoginSchema,
    handler: async ({ body, clientIp }) => {
      const r = await login({ ...body, clientIp })
      return json(
        200,
        {
          success: true,
          message: 'Signed in',
          data: { token: r.token, mustChangePassword: r.mustChangePassword, profile: r.profile },
        },
        { 'Set-Cookie': sessionCookie(r.token, r.expiresAt) },
      )
    },
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/logout`,
    summary: 'End the current session',
    access: { public: true },
    handler: async ({ request }) => {
      const token =
        request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1] ??
        readCookie(request, SESSION_COOKIE)
      if (token) await revokeSession(token)
      return json(
        200,
        { success: true, message: 'Signed out', data: null },
        { 'Set-Cookie': clearSessionCookie() },
      )
    },
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getAgencyAgencyUserAndOshcUserData`,
    summary: 'The signed-in profile by userType',
    access: anyone,
    handler: async ({ actor }) => ({ data: await getProfile(actor) }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/changePassword`,
    summary: 'Change the password (first sign-in of an agency sets LOGIN_CRED_CHANGED)',
    access: anyone,
    body: ChangePasswordSchema,
    handler: async ({ actor, body }) => ({
      data: await changePassword({ actor, ...body }),
      message: 'Password changed',
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/forgotPassword`,
    summary: 'Mail a single-use password reset link',
    access: { public: true },
    body: ForgotPasswordSchema,
    handler: async ({ body }) => {
      const r = await requestPasswordReset(body)
      return { message: r.message, data: null }
    },
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/resetPassword`,
    summary: 'Set a new password with the mailed token',
    access: { public: true },
    body: ResetPasswordSchema,
    handler: async ({ body }) => ({ data: await resetPassword(body), message: 'Password reset' }),
  }),
]
