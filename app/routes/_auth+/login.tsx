import { getInputProps } from '@conform-to/react'
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { LoginSchema } from '../../../domain/access/access.schemas'
import { signInWithPassword, ssoEnabled } from '../../../api/authenticator.server'
import { OIDC_START_PATH } from '../../../api/oidc-strategy.server'
import { config } from '../../../domain/shared/config'
import { AuthCard } from '../../components/auth-card'
import { ErrorList, Field, ConformForm, SubmitButton, useConformForm } from '../../components/forms'
import { readForm, retryAfterHeaders, submitForm } from '../../utils/forms.server'
import { getActor, homeFor, requireSameOrigin, sessionCookie } from '../../utils/session.server'
import { safeRedirect } from '../../utils/safe-redirect.server'
import { secondFactorPage } from './login_.second-factor'

export const meta: MetaFunction = () => [{ title: 'Sign in · OSHC Back Office' }]
export const headers = retryAfterHeaders

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor, mustChangePassword } = await getActor(request)
  if (actor.kind !== 'public' && actor.kind !== 'system')
    throw redirect(await homeFor(actor, mustChangePassword))
  return { sso: ssoEnabled() ? { href: OIDC_START_PATH, label: config().OIDC_BUTTON_LABEL } : null }
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request)
  const formData = await readForm(request)
  return submitForm(formData, LoginSchema, async (v) => {
    const r = await signInWithPassword({
      ...v,
      clientIp: (context as { clientIp?: string }).clientIp ?? 'unknown',
      userAgent: request.headers.get('user-agent'),
    })
    const cookie = { 'Set-Cookie': sessionCookie(r.token, r.expiresAt, request) }
    if (r.secondFactorRequired)
      throw redirect(secondFactorPage(formData.get('redirectTo')), { headers: cookie })
    const { actorForToken } = await import('../../../domain/access/sessions')
    const actor = await actorForToken(r.token)
    const home = actor ? await homeFor(actor, r.mustChangePassword) : '/'
    const to = r.mustChangePassword ? home : safeRedirect(request, formData.get('redirectTo'), home)
    return redirect(to, { headers: cookie })
  })
}

export default function LoginPage() {
  const { sso } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const [form, fields] = useConformForm(LoginSchema, { id: 'login' })
  return (
    <AuthCard title="Sign in" description="Agencies and staff sign in here.">
      <ConformForm form={form} className="space-y-4">
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{
            ...getInputProps(fields.email, { type: 'email' }),
            autoComplete: 'email',
            autoFocus: true,
          }}
          errors={fields.email.errors}
        />
        <Field
          labelProps={{ children: 'Password' }}
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'current-password',
          }}
          errors={fields.password.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="w-full">Sign in</SubmitButton>
      </ConformForm>
      {sso ? (
        <div className="mt-4 space-y-2 text-center">
          <p className="text-xs text-muted-foreground">Staff of the insurer</p>
          {/* A full page load: the provider's sign-in is another site. */}
          <a
            href={sso.href}
            className="inline-flex w-full items-center justify-center rounded-md border px-4 py-2 text-sm font-medium hover:bg-muted"
          >
            {sso.label}
          </a>
        </div>
      ) : null}
      <div className="mt-6 flex justify-between text-sm">
        <Link to="/forgot-password" className="text-primary underline-offset-4 hover:underline">
          Forgot your password?
        </Link>
        <Link to="/register" className="text-primary underline-offset-4 hover:underline">
          Register your agency
        </Link>
      </div>
    </AuthCard>
  )
}
