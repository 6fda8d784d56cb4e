import { z } from 'zod'
import { durationSetting } from './duration'

/** The settings of signing in (issue 24): staff single sign-on and the second factor. */
export const signInSettings = {
  /**
   * Staff single sign-on through the company's OpenID provider (Entra ID, Okta, Google
   * Workspace): its issuer URL, this app's client id and secret. All three or none.
   */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The e-mail domains single sign-on accepts, comma-separated (example.com,example.org); unset: any. */
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** The words on the sign-in page's button. */
  OIDC_BUTTON_LABEL: z.string().min(1).default('Sign in with your company account'),
  /** Staff sign in only through single sign-on: their password sign-in is refused. */
  STAFF_SSO_ONLY: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * How recently a person must have given their second factor for a money decision (step-up,
   * issue 24): older, the decision asks for a code first.
   */
  STEP_UP_MAX_AGE: durationSetting.default('10m'),
  /**
   * Demo only (refused when OSHC_DEMO=false): staff who approve money are not made to enrol a
   * second factor, and those without one decide without step-up. Whoever has one always steps up.
   */
  SECOND_FACTOR_RELAXED: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  /** The ID token (or userinfo) claim listing the person's groups, for OIDC_GROUP_ROLES. */
  OIDC_GROUPS_CLAIM: z.string().min(1).default('groups'),
  /**
   * Roles decided by the company's groups: `group=Role name` pairs, comma-separated (the group as
   * the provider sends it: a name, or an object id in Entra ID). Set, a person signs in by SSO
   * only through a mapped group: their staff role follows it at each sign-in, and a person of a
   * mapped group without an account gets one. Unset: an existing staff user matched by e-mail.
   */
  OIDC_GROUP_ROLES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const pairs = (v ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
      return pairs.map((pair) => {
        const at = pair.indexOf('=')
        const group = pair.slice(0, at).trim()
        const role = pair.slice(at + 1).trim()
        if (at < 1 || !group || !role)
          ctx.addIssue({ code: 'custom', message: 'must look like group=Role name,other-group=Other role' })
        return { group, role }
      })
    }),
}
