/** Escapes LIKE wildcards in user search text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A column of a streamed export (the same shape as api/export.server's ExportColumn). */
export type ExportColumnOf<T> = {
  header: string
  value: (row: T) => string | number | boolean | null | undefined
}
