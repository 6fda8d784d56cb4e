import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { getMyAdmissionAccess } from '../../domain/admission/get-my-admission-access'
import type { AgencyActor } from '../../domain/shared/actor'
import { replyForIntent } from './forms.server'

/**
 * One form of a page with several (`intent` names it): an invalid or refused submission answers
 * `{ intent, result }` for that form; otherwise what `run` returns (a redirect with a toast).
 */
export async function intentForm<S extends z.ZodType>(
  formData: FormData,
  schema: S,
  run: (value: z.output<S>) => Promise<Response>,
) {
  const intent = String(formData.get('intent') ?? '')
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') return replyForIntent({ intent }, submission)
  try {
    return await run(submission.value as z.output<S>)
  } catch (err) {
    return replyForIntent({ intent }, submission, err)
  }
}

/** Agency pages of the admission service: 403 unless the agency holds an active link. */
export async function requireAdmissionLink(actor: AgencyActor) {
  const access = await getMyAdmissionAccess({ actor })
  if (!access.is_active)
    throw new Response('Your agency is not linked to the admission service', { status: 403 })
}
