import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { findPromotions } from '../../../../domain/promotions/find-promotions'
import { PromotionListQuerySchema } from '../../../../domain/promotions/promotions.schemas'
import { PageHeader } from '../../../components/app-shell'
import { PromotionCards } from './promotion-cards'
import { requireAgency } from '../../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Promotions · Agency portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  const query = PromotionListQuerySchema.parse({ perPage: '50', sort_key: 'publish_date' })
  return { promotions: (await findPromotions({ actor, query })).items }
}

export default function AgencyPromotions() {
  const { promotions } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <PageHeader title="Promotions" description="Offers and announcements running now." />
      <PromotionCards promotions={promotions} />
    </div>
  )
}
