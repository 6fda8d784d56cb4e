import { z } from 'zod'
import { text } from '../shared/fields'

/** Upload folders (spec/01 section 5; names from DESIGN.md section 7). */
export const FILE_FOLDERS = ['private', 'public', 'feedback', 'admission'] as const
export type FileFolder = (typeof FILE_FOLDERS)[number]

/** pdf, jpeg, png, doc, docx (spec/01 section 5). */
export const FILE_CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const
export type FileContentType = (typeof FILE_CONTENT_TYPES)[number]

/** 5 MB (spec/01 section 9). */
export const MAX_FILE_SIZE = 5_242_880

export const FILE_TYPE_MSG = 'File type must be one of pdf, jpeg, png, doc, docx'
export const FILE_SIZE_MSG = 'File must be between 1 byte and 5 MB'
export const FOLDER_MSG = 'Folder must be one of private, public, feedback, admission'

const contentType = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(FILE_CONTENT_TYPES, { error: FILE_TYPE_MSG }),
)

export const UploadUrlSchema = z.object({
  filename: text(2, 200),
  content_type: contentType,
  size: z.coerce
    .number({ error: FILE_SIZE_MSG })
    .int(FILE_SIZE_MSG)
    .min(1, FILE_SIZE_MSG)
    .max(MAX_FILE_SIZE, FILE_SIZE_MSG),
  // Omitted (or blank) means the product's private folder: a file is never public by accident.
  folder: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(FILE_FOLDERS, { error: FOLDER_MSG }).default('private'),
  ),
})
export type UploadUrlInput = z.infer<typeof UploadUrlSchema>

/** getUploadPublicUrl / getUploadPrivateUrl: the folder is fixed by the call. */
export const UploadUrlFixedFolderSchema = UploadUrlSchema.omit({ folder: true })

/**
 * content_type is accepted for compatibility with the original contract; the type recorded at
 * upload is what the download serves.
 */
export const DownloadUrlSchema = z.object({
  key: text(2, 200),
  content_type: z.string().trim().max(256).optional(),
})
export type DownloadUrlInput = z.infer<typeof DownloadUrlSchema>
