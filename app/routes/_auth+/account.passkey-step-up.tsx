import type { ActionFunctionArgs } from '@remix-run/node'
import { readCookie, SESSION_COOKIE } from '../../../api/auth.server'
import { verifyPasskeyForSession } from '../../../domain/access/passkey-step-up'
import { startPasskeyAuthentication } from '../../../domain/access/start-passkey-authentication'
import { readForm, submitForm } from '../../utils/forms.server'
import { clientOf, jsonOrNull, PasskeyAnswerSchema, PasskeyOptionsSchema } from '../../utils/passkeys.server'
import { requireUser } from '../../utils/session.server'

/**
 * A step-up by passkey (issue 24), for a fetcher (UsePasskeyButton with
 * `action="/account/passkey-step-up"`): `intent=passkey-options` answers the options for the
 * browser, `intent=passkey` with the browser's answer confirms the second factor in this open
 * session (`second_factor_at` is now) and answers `{ confirmed: true }`; a refusal answers the
 * form's reply (400, 429 with Retry-After).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request)
  const token = readCookie(request, SESSION_COOKIE) ?? ''
  const formData = await readForm(request)
  if (formData.get('intent') === 'passkey-options')
    return submitForm(formData, PasskeyOptionsSchema, async () => ({
      passkeyOptions: await startPasskeyAuthentication({ token }),
    }))
  return submitForm(formData, PasskeyAnswerSchema, async ({ response }) => {
    const { ip, userAgent } = clientOf(request, context)
    await verifyPasskeyForSession({ token, response: jsonOrNull(response), clientIp: ip, userAgent })
    return { confirmed: true as const }
  })
}
