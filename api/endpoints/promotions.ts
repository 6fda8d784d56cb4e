import { endpoint, ok, paged, type Endpoint } from '../define'
import * as S from '../../domain/promotions/promotions.schemas'
import { addPromotion } from '../../domain/promotions/add-promotion'
import { updatePromotion } from '../../domain/promotions/update-promotion'
import { deletePromotion } from '../../domain/promotions/delete-promotion'
import { findPromotions } from '../../domain/promotions/find-promotions'
import { getPromotionDetails } from '../../domain/promotions/get-promotion-details'

/** spec/03 section 7, Promotions (/oshc/promotion). */
const P = '/oshc/promotion'

export const promotionEndpoints: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: `${P}/add-promotion`,
    summary:
      'A promotion (title, description as HTML, sanitised on write, thumbnail: the key of a PNG or JPEG uploaded to the public folder, publish_date, end_date, status DRAFT | PUBLISHED); answers carry thumbnail_url, a 5-minute address of the image; publishing notifies every activated agency',
    access: addPromotion.access,
    body: S.PromotionSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      ...ok(await addPromotion({ actor, input: body }), 'Promotion created'),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${P}/update-promotion/{id}`,
    summary: 'Changes the fields sent; DRAFT -> PUBLISHED notifies the agencies',
    access: updatePromotion.access,
    params: S.PromotionIdParamSchema,
    body: S.UpdatePromotionSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updatePromotion({ actor, id: params.id, input: body }), 'Promotion updated'),
  }),
  endpoint({
    method: 'POST',
    path: `${P}/delete-promotion/{id}`,
    summary: 'Deletes a promotion (softly: it is kept, hidden everywhere)',
    access: deletePromotion.access,
    params: S.PromotionIdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deletePromotion({ actor, id: params.id }), 'Promotion deleted'),
  }),
  endpoint({
    method: 'GET',
    path: `${P}/get-promotions`,
    summary:
      'Promotions, paged and sorted (sort_key, sort_direction); isAdmin=true shows staff every promotion, otherwise the published ones running today; global_filter on the title, publish_date_filter (from), end_date_filter (until)',
    access: findPromotions.access,
    query: S.PromotionListQuerySchema,
    handler: async ({ actor, query }) => paged(await findPromotions({ actor, query })),
  }),
  endpoint({
    method: 'GET',
    path: `${P}/get-promotions-details/{id}`,
    summary: 'One promotion with its creator; for agencies only a published one running today',
    access: getPromotionDetails.access,
    params: S.PromotionIdParamSchema,
    handler: async ({ actor, params }) => ok(await getPromotionDetails({ actor, id: params.id })),
  }),
]
