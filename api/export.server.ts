import ExcelJS from 'exceljs'
import { PassThrough, Readable } from 'node:stream'
import { z } from 'zod'

export const ExportFormatSchema = z.enum(['csv', 'xlsx']).default('csv')

export type ExportColumn<T> = {
  header: string
  value: (row: T) => string | number | boolean | null | undefined
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v)
  // Neutralise spreadsheet formulas in text and quote when needed; a number (a refund, a debit) stays
  // a number a spreadsheet can add up.
  const safe = typeof v === 'string' && /^[=+\-@]/.test(s) ? `'${s}` : s
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * Streams rows as CSV (default) or XLSX without holding the whole list in memory: rows come
 * from an async iterator that reads the database in batches.
 */
export function exportResponse<T>(opts: {
  filename: string
  format: 'csv' | 'xlsx'
  columns: ExportColumn<T>[]
  rows: AsyncIterable<T>
}) {
  const { columns, rows } = opts
  if (opts.format === 'csv') {
    const encoder = new TextEncoder()
    const iterator = rows[Symbol.asyncIterator]()
    let headerSent = false
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!headerSent) {
          headerSent = true
          controller.enqueue(encoder.encode(columns.map((c) => csvCell(c.header)).join(',') + '\r\n'))
          return
        }
        const next = await iterator.next()
        if (next.done) return controller.close()
        controller.enqueue(
          encoder.encode(columns.map((c) => csvCell(c.value(next.value))).join(',') + '\r\n'),
        )
      },
    })
    return new Response(stream, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${opts.filename}.csv"`,
        'Cache-Control': 'no-store',
      },
    })
  }
  const pass = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: pass,
    useStyles: false,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet('Export')
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.header, width: 22 }))
  void (async () => {
    try {
      for await (const row of rows) sheet.addRow(columns.map((c) => c.value(row) ?? '')).commit()
      sheet.commit()
      await workbook.commit()
    } catch (err) {
      pass.destroy(err as Error)
    }
  })()
  return new Response(Readable.toWeb(pass) as ReadableStream, {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${opts.filename}.xlsx"`,
      'Cache-Control': 'no-store',
    },
  })
}
