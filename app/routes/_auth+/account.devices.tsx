import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { readCookie, SESSION_COOKIE } from '../../../api/auth.server'
import { findMySessions, type MySession } from '../../../domain/access/find-my-sessions'
import { revokeMyOtherSessions } from '../../../domain/access/revoke-my-other-sessions'
import { revokeMySession } from '../../../domain/access/revoke-my-session'
import { AuthCard } from '../../components/auth-card'
import { ConfirmSubmit } from '../../components/confirm-submit'
import { ConformForm, ErrorList, useConformForm, useResultFor } from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { formatDateTime, toIsoString } from '../../utils/misc'
import { clearSessionCookie, homeFor, requireSameOrigin, requireUser } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Signed-in devices · OSHC Back Office' }]

const PAGE = '/account/devices'
const RevokeSchema = z.object({ intent: z.literal('revoke'), session_id: z.coerce.number().int().positive() })
const RevokeOthersSchema = z.object({ intent: z.literal('revoke-others') })

const METHOD_LABELS: Record<string, string> = { password: 'Password', sso: 'Single sign-on' }

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor, mustChangePassword } = await requireUser(request)
  const sessions = await findMySessions({
    actor,
    currentSessionToken: readCookie(request, SESSION_COOKIE),
  }).catch(throwAsResponse)
  return { home: await homeFor(actor, mustChangePassword), sessions }
}

/** Two forms: sign one session out (`intent=revoke`), or every other one (`intent=revoke-others`). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request)
  const { actor } = await requireUser(request)
  const formData = await readForm(request)
  const token = readCookie(request, SESSION_COOKIE)
  const client = {
    ip: (context as { clientIp?: string }).clientIp ?? 'unknown',
    userAgent: request.headers.get('user-agent'),
  }
  if (formData.get('intent') === 'revoke-others')
    return submitForm(formData, RevokeOthersSchema, async () => {
      const { revoked } = await revokeMyOtherSessions({ actor, currentSessionToken: token, client })
      return redirectWithToast(PAGE, {
        title: 'Signed out everywhere else',
        description:
          revoked === 1 ? 'One other device was signed out.' : `${revoked} devices were signed out.`,
        type: 'success',
      })
    })
  return submitForm(formData, RevokeSchema, async ({ session_id }) => {
    const { current } = await revokeMySession({
      actor,
      sessionId: session_id,
      currentSessionToken: token,
      client,
    })
    // Ending this very session is signing out.
    if (current) return redirect('/login', { headers: { 'Set-Cookie': clearSessionCookie(request) } })
    return redirectWithToast(PAGE, { title: 'Device signed out', type: 'success' })
  })
}

export default function DevicesPage() {
  const { home, sessions } = useLoaderData<typeof loader>()
  const others = sessions.filter((s) => !s.current).length
  const [revokeOthers] = useConformForm(RevokeOthersSchema, { intent: 'revoke-others' })
  return (
    <AuthCard
      title="Signed-in devices"
      description="Where you are signed in now. Sign out a device you no longer use or do not recognise."
      wide
    >
      <ul className="divide-y" aria-label="Signed-in devices">
        {sessions.map((s) => (
          <DeviceRow key={s.id} session={s} />
        ))}
      </ul>
      {others > 0 ? (
        <ConformForm form={revokeOthers} intent="revoke-others" className="mt-6 space-y-2">
          <ErrorList id={revokeOthers.errorId} errors={revokeOthers.errors} />
          <ConfirmSubmit
            title="Sign out everywhere else?"
            description={`Your ${others === 1 ? 'other device' : `${others} other devices`} will have to sign in again. This device stays signed in.`}
            confirmLabel="Sign out everywhere else"
            variant="outline"
          >
            Sign out everywhere else
          </ConfirmSubmit>
        </ConformForm>
      ) : null}
      <p className="mt-6 flex gap-4 text-sm">
        <Link to="/account/security" className="text-primary underline-offset-4 hover:underline">
          Sign-in security
        </Link>
        <Link to={home} className="text-primary underline-offset-4 hover:underline">
          Back
        </Link>
      </p>
    </AuthCard>
  )
}

function DeviceRow({ session: s }: { session: MySession }) {
  const result = useResultFor('revoke')
  const forThisRow = result?.initialValue?.session_id === String(s.id)
  const [form] = useConformForm(RevokeSchema, {
    id: `revoke-${s.id}`,
    lastResult: forThisRow ? result : null,
  })
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-session-id={s.id}>
      <div className="space-y-1 text-sm">
        <p className="font-medium">
          {s.device} {s.current ? <Badge variant="secondary">This device</Badge> : null}{' '}
          {s.awaitingSecondFactor ? <Badge variant="outline">Second factor not given</Badge> : null}
        </p>
        <p className="text-muted-foreground">
          {METHOD_LABELS[s.method] ?? s.method} · IP {s.ip ?? 'unknown'} · signed in{' '}
          <time dateTime={toIsoString(s.signedInAt)}>{formatDateTime(s.signedInAt)}</time>
        </p>
      </div>
      <ConformForm form={form} intent="revoke">
        <input type="hidden" name="session_id" value={s.id} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <ConfirmSubmit
          title={s.current ? 'Sign out of this device?' : `Sign out ${s.device}?`}
          description={
            s.current
              ? 'You will go to the sign-in page.'
              : 'That device will have to sign in again to open the back office.'
          }
          confirmLabel="Sign out"
          variant="outline"
          size="sm"
        >
          Sign out
        </ConfirmSubmit>
      </ConformForm>
    </li>
  )
}
