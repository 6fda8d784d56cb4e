import { useEffect, useRef, useState } from 'react'

/** Pages drawn at most: a proof or an agreement is read here, a longer file is downloaded. */
const MAX_PAGES = 5
/** CSS pixels of a drawn page's width (the canvas is sharper on a dense screen). */
const PAGE_WIDTH = 640

/**
 * A PDF drawn in the page with pdf.js: each page a canvas with its text layer over it (the text can
 * be selected and searched, and tests read it). The file comes from the app's own origin
 * (filePreviewHref), since the security headers forbid framing and files download as attachments.
 * pdf.js is loaded only in the browser, only where a PDF is shown; its worker is a file of the
 * app's build (no eval: the Content-Security-Policy forbids it).
 */
export function PdfPreview({ src, title }: { src: string; title: string }) {
  const host = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<{
    status: 'loading' | 'ready' | 'failed'
    pages: number
    shown: number
  }>({
    status: 'loading',
    pages: 0,
    shown: 0,
  })

  useEffect(() => {
    const root = host.current
    if (!root) return
    let cancelled = false
    let destroy: (() => void) | undefined
    void (async () => {
      try {
        const [pdfjs, { default: workerSrc }] = await Promise.all([
          import('pdfjs-dist'),
          import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
        ])
        pdfjs.GlobalWorkerOptions.workerSrc = workerSrc
        const task = pdfjs.getDocument({ url: src, isEvalSupported: false, withCredentials: true })
        destroy = () => void task.destroy()
        const pdf = await task.promise
        const shown = Math.min(pdf.numPages, MAX_PAGES)
        for (let n = 1; n <= shown && !cancelled; n++) {
          const page = await pdf.getPage(n)
          const scale = PAGE_WIDTH / page.getViewport({ scale: 1 }).width
          const viewport = page.getViewport({ scale })
          const ratio = window.devicePixelRatio || 1
          const wrapper = document.createElement('div')
          wrapper.className = 'relative mx-auto mb-3 border bg-white shadow-sm'
          wrapper.style.width = `${viewport.width}px`
          wrapper.style.height = `${viewport.height}px`
          wrapper.style.setProperty('--scale-factor', String(scale))
          wrapper.style.setProperty('--total-scale-factor', String(scale))
          wrapper.setAttribute('data-page', String(n))
          const canvas = document.createElement('canvas')
          canvas.width = Math.floor(viewport.width * ratio)
          canvas.height = Math.floor(viewport.height * ratio)
          canvas.style.width = `${viewport.width}px`
          canvas.style.height = `${viewport.height}px`
          canvas.setAttribute('aria-hidden', 'true')
          const text = document.createElement('div')
          text.className = 'textLayer'
          wrapper.append(canvas, text)
          root.append(wrapper)
          await page.render({
            canvas,
            viewport,
            transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
          }).promise
          await new pdfjs.TextLayer({
            textContentSource: page.streamTextContent(),
            container: text,
            viewport,
          }).render()
        }
        if (!cancelled) setState({ status: 'ready', pages: pdf.numPages, shown })
      } catch {
        if (!cancelled) setState({ status: 'failed', pages: 0, shown: 0 })
      }
    })()
    return () => {
      cancelled = true
      destroy?.()
      root.replaceChildren()
    }
  }, [src])

  return (
    <figure className="space-y-2" aria-label={title} aria-busy={state.status === 'loading'}>
      <div ref={host} className="max-h-[70vh] overflow-auto rounded-md bg-muted p-3" />
      <figcaption className="text-xs text-muted-foreground">
        {state.status === 'loading'
          ? 'Drawing the document…'
          : state.status === 'failed'
            ? 'This document cannot be shown here; download it to read it.'
            : state.pages > state.shown
              ? `First ${state.shown} of ${state.pages} pages; download it to read the rest.`
              : `${state.pages} ${state.pages === 1 ? 'page' : 'pages'}`}
      </figcaption>
    </figure>
  )
}
