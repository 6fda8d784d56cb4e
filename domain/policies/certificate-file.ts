import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { files } from '../../db/schema'
import { localStore } from '../files/object-store'
import { config } from '../shared/config'
import { conflict } from '../shared/errors'

/**
 * The bytes of a stored file, for a mail attachment: from S3 when `S3_BUCKET` is set, otherwise
 * from the local store (the same bytes readDownload serves). 409 when nothing is stored.
 */
export async function readStoredFile(key: string) {
  const [row] = await getDb().select().from(files).where(eq(files.key, key))
  const filename = row?.filename ?? key.split('/').pop() ?? 'certificate.pdf'
  const contentType = row?.content_type ?? 'application/pdf'
  try {
    const bucket = config().S3_BUCKET
    if (bucket) {
      const { S3Client, GetObjectCommand } = await import('@aws-sdk/client-s3')
      const res = await new S3Client({ region: config().S3_REGION }).send(
        new GetObjectCommand({ Bucket: bucket, Key: key }),
      )
      if (!res.Body) throw new Error('empty object')
      return { filename, contentType, content: Buffer.from(await res.Body.transformToByteArray()) }
    }
    return { filename, contentType, content: Buffer.from(await localStore.read(key)) }
  } catch {
    throw conflict('The certificate file could not be read; upload it again')
  }
}
