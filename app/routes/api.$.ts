import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { handleApiRequest } from '../../api/router.server'

/** The single resource route serving the /api endpoint table. */
const serve = ({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) =>
  handleApiRequest(request, { clientIp: (context as { clientIp?: string }).clientIp })

export const loader = serve
export const action = serve
