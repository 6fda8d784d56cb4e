import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { z } from 'zod'
import { deletePromotion } from '../../../domain/promotions/delete-promotion'
import { getPromotionDetails } from '../../../domain/promotions/get-promotion-details'
import { UpdatePromotionSchema } from '../../../domain/promotions/promotions.schemas'
import { updatePromotion } from '../../../domain/promotions/update-promotion'
import { PageHeader } from '../../components/app-shell'
import { PromotionFields, type PromotionForm } from '../../components/engagement/promotion-fields'
import {
  ConformForm,
  ErrorList,
  type FormResult,
  SubmitButton,
  useConformForm,
  useResultFor,
} from '../../components/forms'
import { Card, CardContent } from '../../components/ui/card'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { storeThumbnail, takeThumbnailFile } from '../../utils/promotion-thumbnail.server'

export const meta: MetaFunction = () => [{ title: 'Edit promotion · OSHC Back Office' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, updatePromotion.access)
  const id = idFromParam(params.promotionId, 'Promotion')
  return { promotion: await getPromotionDetails({ actor, id }).catch(throwAsResponse) }
}

/** The delete button's form: its intent only. */
const DeleteSchema = z.object({ intent: z.literal('delete') })

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, updatePromotion.access)
  const id = idFromParam(params.promotionId, 'Promotion')
  const form = await readForm(request)
  if (form.get('intent') === 'delete')
    return submitForm(form, DeleteSchema, async () => {
      await deletePromotion({ actor, id })
      return redirectWithToast('/staff/promotions', { type: 'success', title: 'Promotion deleted' })
    })
  const file = takeThumbnailFile(form)
  return submitForm(form, UpdatePromotionSchema, async (v) => {
    const input = file ? { ...v, thumbnail: await storeThumbnail(actor, file) } : v
    const p = await updatePromotion({ actor, id, input })
    return redirectWithToast('/staff/promotions', {
      type: 'success',
      title: 'Promotion saved',
      description: p.title,
    })
  })
}

export default function EditPromotion() {
  const { promotion: p } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  // The delete form's reply is its own (useResultFor); the rest is the edit form's.
  const lastResult = useResultFor('delete') ? null : (reply as FormResult | undefined)
  const [deleteForm] = useConformForm(DeleteSchema, { intent: 'delete', id: `delete-promotion-${p.id}` })
  const [form, fields] = useConformForm<PromotionForm>(UpdatePromotionSchema, {
    id: `promotion-${p.id}`,
    lastResult,
    defaultValue: {
      title: p.title,
      description: p.description,
      thumbnail: p.thumbnail ?? '',
      publish_date: p.publish_date,
      end_date: p.end_date,
      status: p.status,
    },
  })
  return (
    <div className="space-y-4">
      <Link
        to="/staff/promotions"
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All promotions
      </Link>
      <PageHeader title={p.title} description="Publishing tells every agency once." />
      <Card className="max-w-4xl">
        <CardContent className="pt-6">
          <ConformForm form={form} encType="multipart/form-data" className="space-y-2">
            <PromotionFields fields={fields} thumbnailUrl={p.thumbnail_url} />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SubmitButton>Save</SubmitButton>
          </ConformForm>
          <ConformForm form={deleteForm} intent="delete" className="mt-4 space-y-2">
            <SubmitButton variant="outline">Delete promotion</SubmitButton>
            <ErrorList id={deleteForm.errorId} errors={deleteForm.errors} />
          </ConformForm>
        </CardContent>
      </Card>
    </div>
  )
}
