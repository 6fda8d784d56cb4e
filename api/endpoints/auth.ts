import { endpoint } from '../define'
import { clearSessionCookie, sessionCookie, sessionTokenOf } from '../auth.server'
import { json } from '../respond'
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordSchema,
  SecondFactorSchema,
} from '../../domain/access/access.schemas'
import { NO_PENDING_SIGN_IN, verifySecondFactor } from '../../domain/access/verify-second-factor'
import { DomainError } from '../../domain/shared/errors'
import { signInWithPassword } from '../authenticator.server'
import { revokeSession } from '../../domain/access/sessions'
import { getProfile } from '../../domain/access/get-profile'
import { changePassword, forgotPassword, resetPassword } from '../../domain/access/change-password'

const BASE = '/authentication'
const anyone = { staff: true, agency: true } as const

export const authEndpoints = [
  endpoint({
    method: 'POST',
    path: `${BASE}/login`,
    summary: 'Sign in with e-mail and password; returns a bearer token and sets the session cookie',
    access: { public: true },
    body: LoginSchema,
    handler: async ({ body, clientIp, request }) => {
      const r = await signInWithPassword({ ...body, clientIp, userAgent: request.headers.get('user-agent') })
      return json(
        200,
        {
          success: true,
          message: 'Signed in',
          data: {
            token: r.token,
            mustChangePassword: r.mustChangePassword,
            secondFactorRequired: r.secondFactorRequired,
            profile: r.profile,
          },
        },
        { 'Set-Cookie': sessionCookie(r.token, r.expiresAt, request) },
      )
    },
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/secondFactor`,
    summary:
      'The second step of signing in, when login answered secondFactorRequired: a code of the authenticator app or a recovery code, with the token login gave',
    access: { public: true },
    body: SecondFactorSchema,
    handler: async ({ body, clientIp, request }) => {
      const token = sessionTokenOf(request)
      if (!token) throw new DomainError('UNAUTHENTICATED', NO_PENDING_SIGN_IN)
      await verifySecondFactor({
        token,
        code: body.code,
        clientIp,
        userAgent: request.headers.get('user-agent'),
      })
      return { message: 'Signed in', data: null }
    },
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/logout`,
    summary: 'End the current session',
    access: { public: true },
    handler: async ({ request }) => {
      const token = sessionTokenOf(request)
      if (token) await revokeSession(token)
      return json(
        200,
        { success: true, message: 'Signed out', data: null },
        { 'Set-Cookie': clearSessionCookie(request) },
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
    access: changePassword.access,
    body: ChangePasswordSchema,
    handler: async ({ actor, body, request }) => ({
      data: await changePassword({ actor, ...body, currentSessionToken: sessionTokenOf(request) }),
      message: 'Password changed',
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/forgotPassword`,
    summary: 'Mail a single-use password reset link',
    access: { public: true },
    body: ForgotPasswordSchema,
    handler: async ({ body, clientIp }) => {
      const r = await forgotPassword({ ...body, clientIp })
      return { message: r.message, data: null }
    },
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/resetPassword`,
    summary: 'Set a new password with the mailed token',
    access: { public: true },
    body: ResetPasswordSchema,
    handler: async ({ body, clientIp }) => ({
      data: await resetPassword({ ...body, clientIp }),
      message: 'Password reset',
    }),
  }),
]
