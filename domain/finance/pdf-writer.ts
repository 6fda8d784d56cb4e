// The finance documents as PDFs (pdf-lib): invoices (invoices/invoice-pdf.ts), payout remittance
// advices (payouts/remittance-pdf.ts) and recipient-created tax invoices (payouts/rcti-pdf.ts) share the insurer's details, the A4 page and the
// text writer here, so both read alike and a fix to one is a fix to both.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'
import { config, type Config } from '../shared/config'
import { conflict } from '../shared/errors'

/** The insurer as the supplier of its documents: INSURER_* settings, or demo values on a demo system. */
export type Insurer = { name: string; abn: string; is_demo: boolean }

const DEMO_INSURER: Insurer = { name: 'Demo OSHC Insurer Pty Ltd', abn: '00 000 000 000', is_demo: true }

/** The insurer's name and ABN; 409 naming what is missing in production (`document` names the PDF). */
export function insurerDetails(c: Config = config(), document = 'invoice PDF'): Insurer {
  if (c.INSURER_NAME && c.INSURER_ABN) return { name: c.INSURER_NAME, abn: c.INSURER_ABN, is_demo: false }
  if (!c.INSURER_NAME && !c.INSURER_ABN && c.demo) return DEMO_INSURER
  const missing = (['INSURER_NAME', 'INSURER_ABN'] as const).filter((k) => !c[k])
  throw conflict(`The ${document} cannot be written: set ${missing.join(', ')} (the insurer's details)`)
}

export const A4: [number, number] = [595.28, 841.89]
const MARGIN = 50
const GREY = rgb(0.4, 0.4, 0.4)

type Fonts = { regular: PDFFont; bold: PDFFont }

/**
 * Writes text top-down on as many A4 pages as it takes. The standard fonts encode WinAnsi only,
 * so any other character (a name in another script) is printed as '?' rather than refused.
 */
export class PdfWriter {
  page: PDFPage
  y: number
  constructor(
    private doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(A4)
    this.y = A4[1] - MARGIN
  }

  private known = new Map<PDFFont, Set<number>>()

  safe(text: string, font: PDFFont) {
    let known = this.known.get(font)
    if (!known) this.known.set(font, (known = new Set(font.getCharacterSet())))
    return [...text.replace(/\s+/g, ' ')].map((ch) => (known.has(ch.codePointAt(0)!) ? ch : '?')).join('')
  }

  /** `text` shortened with '...' to fit `width` points. */
  fit(text: string, font: PDFFont, size: number, width: number) {
    let t = this.safe(text, font)
    if (font.widthOfTextAtSize(t, size) <= width) return t
    while (t && font.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1)
    return `${t}...`
  }

  /** Room for `height` more points on this page, else a new page. */
  need(height: number) {
    if (this.y - height >= MARGIN) return
    this.page = this.doc.addPage(A4)
    this.y = A4[1] - MARGIN
  }

  /** A line of cells: left-aligned at `x` or right-aligned to `right`. */
  row(cells: { text: string; x?: number; right?: number; bold?: boolean; width?: number }[], size = 10) {
    this.need(size + 6)
    for (const c of cells) {
      const font = c.bold ? this.fonts.bold : this.fonts.regular
      const text = this.fit(c.text, font, size, c.width ?? A4[0] - 2 * MARGIN)
      const x = c.right !== undefined ? c.right - font.widthOfTextAtSize(text, size) : (c.x ?? MARGIN)
      this.page.drawText(text, { x, y: this.y - size, size, font })
    }
    this.y -= size + 6
  }

  /** Running text wrapped at word boundaries to the page's width. */
  paragraph(text: string, size = 9) {
    const font = this.fonts.regular
    const width = A4[0] - 2 * MARGIN
    let line = ''
    for (const word of this.safe(text, font).split(' ')) {
      const next = line ? `${line} ${word}` : word
      if (line && font.widthOfTextAtSize(next, size) > width) {
        this.row([{ text: line }], size)
        line = word
      } else line = next
    }
    if (line) this.row([{ text: line }], size)
  }

  gap(points = 10) {
    this.y -= points
  }

  rule() {
    this.need(6)
    const y = this.y - 2
    this.page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4[0] - MARGIN, y },
      color: GREY,
      thickness: 0.5,
    })
    this.y -= 8
  }

  /** Label and value pairs, the labels bold, the values in one column. */
  facts(rows: [string, string][]) {
    for (const [label, value] of rows)
      this.row([
        { text: label, bold: true },
        { text: value, x: 170 },
      ])
  }
}

/** A new A4 document with its metadata and a writer on its first page. */
export async function startPdf(meta: { title: string; author: string; created: Date; modified: Date }) {
  const doc = await PDFDocument.create()
  doc.setTitle(meta.title)
  doc.setAuthor(meta.author)
  doc.setCreationDate(meta.created)
  doc.setModificationDate(meta.modified)
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  }
  return { doc, writer: new PdfWriter(doc, fonts) }
}

/** The document's bytes: a copy over a plain ArrayBuffer, what a Response body takes. */
export async function finishPdf(doc: PDFDocument): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await doc.save())
}
