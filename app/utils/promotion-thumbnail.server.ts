import type { Actor } from '../../domain/shared/actor'
import { validation } from '../../domain/shared/errors'
import { THUMBNAIL_MSG, THUMBNAIL_TYPES } from '../../domain/promotions/promotion-thumbnail'
import { storeFormFile } from './upload.server'

/**
 * The promotion form's thumbnail (multipart). "Remove the thumbnail" blanks `thumbnail`; a chosen
 * image is taken out of the form and returned, to be stored once the form is valid
 * (storeThumbnail); otherwise `thumbnail` keeps the stored key it was rendered with.
 */
export function takeThumbnailFile(form: FormData) {
  const file = form.get('thumbnail_file')
  form.delete('thumbnail_file')
  if (form.get('remove_thumbnail') === 'on') form.set('thumbnail', '')
  form.delete('remove_thumbnail')
  return file && typeof file !== 'string' && file.size > 0 ? file : null
}

/** Stores a chosen image in the `public` folder through the presigned upload; its key. Refusals are on `thumbnail`. */
export async function storeThumbnail(actor: Actor, file: File) {
  if (!(THUMBNAIL_TYPES as readonly string[]).includes(file.type))
    throw validation('thumbnail', THUMBNAIL_MSG)
  return (await storeFormFile({ actor, file, field: 'thumbnail', folder: 'public' })).key
}
