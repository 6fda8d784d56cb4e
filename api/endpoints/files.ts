import { endpoint, ok } from '../define'
import {
  DownloadUrlSchema,
  UploadUrlFixedFolderSchema,
  UploadUrlSchema,
  type FileFolder,
} from '../../domain/files/files.schemas'
import { createDownloadUrl } from '../../domain/files/create-download-url'
import { createUploadUrl } from '../../domain/files/create-upload-url'

const BASE = '/files'

const fixedFolder = (path: string, folder: FileFolder, summary: string) =>
  endpoint({
    method: 'POST',
    path: `${BASE}/${path}`,
    summary,
    access: createUploadUrl.access,
    body: UploadUrlFixedFolderSchema,
    handler: async ({ actor, body }) =>
      ok(await createUploadUrl({ actor, ...body, folder }), 'Upload URL created'),
  })

export const fileEndpoints = [
  endpoint({
    method: 'POST',
    path: `${BASE}/getUploadPresignedUrl`,
    summary: 'A 15-minute URL to PUT one file to (pdf, jpeg, png, doc, docx; up to 5 MB)',
    access: createUploadUrl.access,
    body: UploadUrlSchema,
    handler: async ({ actor, body }) => ok(await createUploadUrl({ actor, ...body }), 'Upload URL created'),
  }),
  fixedFolder('getUploadPublicUrl', 'public', 'A 15-minute upload URL in the public folder'),
  fixedFolder('getUploadPrivateUrl', 'private', 'A 15-minute upload URL in the private folder'),
  endpoint({
    method: 'POST',
    path: `${BASE}/getDownloadPresignedUrl`,
    summary: 'A 5-minute download URL for a file the caller may see (404 otherwise)',
    access: createDownloadUrl.access,
    body: DownloadUrlSchema,
    handler: async ({ actor, body }) => {
      const { url } = await createDownloadUrl({ actor, key: body.key })
      return ok({ url, key: body.key }, 'Download URL created')
    },
  }),
]
