import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { getActor, homeFor } from '../../utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor, mustChangePassword } = await getActor(request)
  if (actor.kind === 'public' || actor.kind === 'system') throw redirect('/login')
  throw redirect(await homeFor(actor, mustChangePassword))
}
