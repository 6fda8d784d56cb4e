import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { addPromotion } from '../../../domain/promotions/add-promotion'
import { findPromotions } from '../../../domain/promotions/find-promotions'
import { PromotionListQuerySchema, PromotionSchema } from '../../../domain/promotions/promotions.schemas'
import { PageHeader } from '../../components/app-shell'
import { DataTable } from '../../components/data-table'
import { PromotionFields, type PromotionForm } from '../../components/engagement/promotion-fields'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { buttonVariants } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { listParams, readForm, submitForm } from '../../utils/forms.server'
import { formatDate } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { storeThumbnail, takeThumbnailFile } from '../../utils/promotion-thumbnail.server'

export const meta: MetaFunction = () => [{ title: 'Promotions · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, addPromotion.access)
  const query = PromotionListQuerySchema.safeParse({
    sort_key: 'created_at',
    ...listParams(request),
    isAdmin: 'true',
  })
  if (!query.success) throw new Response('Invalid page', { status: 400 })
  const list = await findPromotions({ actor, query: query.data })
  return { promotions: list.items, pageInfo: list.pageInfo }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, addPromotion.access)
  const form = await readForm(request)
  const file = takeThumbnailFile(form)
  return submitForm(form, PromotionSchema, async (v) => {
    const input = file ? { ...v, thumbnail: await storeThumbnail(actor, file) } : v
    const p = await addPromotion({ actor, input })
    return redirectWithToast('/staff/promotions', {
      type: 'success',
      title: p.status === 'PUBLISHED' ? 'Promotion published' : 'Draft saved',
      description: p.title,
    })
  })
}

export default function Promotions() {
  const { promotions, pageInfo } = useLoaderData<typeof loader>()
  const [form, fields] = useConformForm<PromotionForm>(PromotionSchema, {
    id: 'new-promotion',
    defaultValue: { status: 'DRAFT' },
  })
  return (
    <div className="space-y-6">
      <PageHeader
        title="Promotions"
        description="Announcements and offers agencies see on their home page."
      />
      <DataTable
        caption="Promotions, newest first"
        rows={promotions}
        pageInfo={pageInfo}
        getRowKey={(p) => p.id}
        emptyText="No promotions yet."
        columns={[
          { key: 'title', header: 'Title', cell: (p) => p.title },
          { key: 'publish_date', header: 'From', cell: (p) => formatDate(p.publish_date) },
          { key: 'end_date', header: 'Until', cell: (p) => formatDate(p.end_date) },
          {
            key: 'status',
            header: 'Status',
            cell: (p) => (
              <Badge variant={p.status === 'PUBLISHED' ? 'success' : 'neutral'}>
                {p.status === 'PUBLISHED' ? 'Published' : 'Draft'}
              </Badge>
            ),
          },
          {
            key: 'actions',
            header: 'Actions',
            action: true,
            cell: (p) => (
              <Link
                to={`/staff/promotions/${p.id}`}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
                aria-label={`Edit ${p.title}`}
              >
                Edit
              </Link>
            ),
          },
        ]}
      />
      <Card className="max-w-4xl">
        <CardHeader>
          <CardTitle as="h3">New promotion</CardTitle>
        </CardHeader>
        <CardContent>
          <ConformForm form={form} encType="multipart/form-data" className="space-y-2">
            <PromotionFields fields={fields} />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SubmitButton>Save promotion</SubmitButton>
          </ConformForm>
        </CardContent>
      </Card>
    </div>
  )
}
