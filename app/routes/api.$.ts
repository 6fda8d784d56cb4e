import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { handleApiRequest } from '../../api/router.server'

type ServerContext = { clientIp?: string; method?: string }

/** The single resource route serving the /api endpoint table. */
const serve = ({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) => {
  const { clientIp, method } = context as ServerContext
  return handleApiRequest(request, { clientIp, method })
}

export const loader = serve
export const action = serve
