import type { FileContentType } from './files.schemas'

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)

const MAGIC: Record<FileContentType, readonly number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46], // %PDF
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47],
  'application/msword': [0xd0, 0xcf, 0x11, 0xe0], // OLE compound file
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [0x50, 0x4b, 0x03, 0x04], // zip
}

/** Whether the bytes start with the signature of the declared type (never trust the header alone). */
export function matchesContentType(bytes: Uint8Array, type: FileContentType): boolean {
  return startsWith(bytes, MAGIC[type])
}

/** The allowed type the bytes look like, or null. */
export function sniffContentType(bytes: Uint8Array): FileContentType | null {
  for (const [type, magic] of Object.entries(MAGIC) as [FileContentType, readonly number[]][]) {
    if (startsWith(bytes, magic)) return type
  }
  return null
}

/** A filename safe for object keys and paths: letters, digits, dot, dash, underscore; at most 100. */
export function sanitiseFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? ''
  const clean = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-100)
  return clean || 'file'
}

/** Keys are `/`-separated segments that never start with a dot, so they cannot climb out of a folder. */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/
export const isSafeKey = (key: string) => key.length <= 512 && KEY_PATTERN.test(key)

/** `Content-Disposition` for a download: ASCII fallback plus the RFC 5987 UTF-8 name. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}
