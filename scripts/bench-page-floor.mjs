// The floor of a server-rendered page in `npm run bench`: pages the app rendered once (their HTML
// files in BENCH_PAGES, `<name>.html`) served by bare node:http on as many processes as the app's
// web server, two ways, so the app's pages can be set against them in the same run:
// - `/<name>.html`: the bytes as they are (what writing that much HTML costs, and no more);
// - `/<name>.react`: the same markup rendered by React on every request, as the app's entry
//   renders (renderToPipeableStream, the whole document, one write). The markup is parsed once
//   into plain elements: no component, no hook, no context and no data, so this is the least any
//   React render of that page can cost.
import cluster from 'node:cluster'
import { readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { Writable } from 'node:stream'
import { parseDocument } from 'htmlparser2'
import { createElement } from 'react'
import { renderToPipeableStream } from 'react-dom/server'

const processes = Number(process.env.WEB_CONCURRENCY ?? 1)
const dir = process.env.BENCH_PAGES

/** HTML attribute names React spells otherwise; the rest pass as they are. */
const PROPS = { class: 'className', for: 'htmlFor', charset: 'charSet', 'http-equiv': 'httpEquiv' }

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())

/** `a: b; c-d: e` as React's style object. */
function style(text) {
  const out = {}
  for (const decl of text.split(';')) {
    const at = decl.indexOf(':')
    if (at > 0) out[camel(decl.slice(0, at).trim())] = decl.slice(at + 1).trim()
  }
  return out
}

/** A parsed node as a React element (text as a string; comments and the doctype dropped). */
function toReact(node) {
  if (node.type === 'text') return node.data
  if (!('name' in node) || node.type === 'directive') return null
  const props = {}
  for (const [name, value] of Object.entries(node.attribs)) {
    props[PROPS[name] ?? name] = name === 'style' ? style(value) : value
  }
  // Scripts and styles keep their text as it is; a textarea's text is its value.
  if (node.name === 'script' || node.name === 'style') {
    const text = node.children.map((c) => c.data ?? '').join('')
    if (text) props.dangerouslySetInnerHTML = { __html: text }
    return createElement(node.name, props)
  }
  if (node.name === 'textarea') {
    props.defaultValue = node.children.map((c) => c.data ?? '').join('')
    return createElement(node.name, props)
  }
  return createElement(node.name, props, ...node.children.map(toReact).filter((c) => c !== null))
}

function load() {
  const pages = new Map()
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(path.join(dir, file))
    const root = parseDocument(html.toString('utf8')).children.find((n) => n.name === 'html')
    pages.set(path.basename(file, '.html'), { html, element: toReact(root) })
  }
  return pages
}

/** The element rendered to one buffer, as app/entry.server.tsx collects its document. */
function render(element) {
  return new Promise((resolve, reject) => {
    const chunks = [Buffer.from('<!DOCTYPE html>')]
    const body = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(chunk)
        done()
      },
      final(done) {
        resolve(Buffer.concat(chunks))
        done()
      },
    })
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(body), onShellError: reject })
  })
}

if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork()
} else {
  const pages = load()
  http
    .createServer(async (req, res) => {
      const m = /^\/([\w-]+)\.(html|react)$/.exec(req.url ?? '')
      const page = m && pages.get(m[1])
      if (!page) {
        res.writeHead(404).end()
        return
      }
      const body = m[2] === 'html' ? page.html : await render(page.element)
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': body.byteLength })
      res.end(body)
    })
    .listen(Number(process.env.PORT))
}
