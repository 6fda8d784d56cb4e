import { formatDate } from '../../../utils/misc'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'

type Promotion = {
  id: number
  title: string
  description: string
  /** The uploaded thumbnail's short-lived address, or null. */
  thumbnail_url: string | null
  end_date: string
}

/**
 * Published promotions as cards. The description is the HTML stored after sanitising on write
 * (domain/promotions/promotion-html.ts), so it is rendered as it is.
 */
export function PromotionCards({ promotions }: { promotions: Promotion[] }) {
  if (!promotions.length) return <p className="text-sm text-muted-foreground">No promotions at the moment.</p>
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Promotions">
      {promotions.map((p) => (
        <li key={p.id}>
          <Card>
            <CardHeader>
              <CardTitle as="h3">{p.title}</CardTitle>
              <CardDescription>Until {formatDate(p.end_date)}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-2">
              {p.thumbnail_url ? (
                <img src={p.thumbnail_url} alt="" className="max-h-40 rounded-md object-cover" />
              ) : null}
              <div
                className="prose prose-sm max-w-none"
                dangerouslySetInnerHTML={{ __html: p.description }}
              />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  )
}
