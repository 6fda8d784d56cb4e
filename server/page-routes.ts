import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import { matchRoutes } from '@remix-run/react'
import type { RequestHandler } from 'express'
import { loadContext } from './edge'

type Build = ServerBuild | (() => Promise<ServerBuild>)
type RouteTree = Parameters<typeof matchRoutes>[0]
type Pages = {
  tree: RouteTree
  /** A handler per branch (its route ids), and per path the handler of its branch. */
  branches: Map<string, RequestHandler>
  paths: Map<string, RequestHandler>
  all?: RequestHandler
}

const handler = (build: ServerBuild) => createRequestHandler({ build, getLoadContext: loadContext })

function treeOf(routes: ServerBuild['routes'], parentId?: string): RouteTree {
  return Object.values(routes).flatMap((r): RouteTree =>
    r?.parentId !== parentId
      ? []
      : r.index
        ? [{ id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive }]
        : [{ id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: treeOf(routes, r.id) }],
  )
}

/** `build` with only the routes of `ids` (the route modules and the assets' manifest alike). */
function only(build: ServerBuild, ids: Set<string>): ServerBuild {
  const keep = <T>(routes: Record<string, T>) =>
    Object.fromEntries(Object.entries(routes).filter(([id]) => ids.has(id)))
  return {
    ...build,
    routes: keep(build.routes),
    assets: { ...build.assets, routes: keep(build.assets.routes) },
  }
}

const perBuild = new WeakMap<ServerBuild, Pages>()

/** The paths whose handler is kept (the first kept is the first dropped), and the longest kept. */
const KEPT_PATHS = 1_000
const KEPT_PATH_LENGTH = 200

/**
 * The handler of `pathname`'s page: Remix's request handler over the build cut to the routes of
 * that page's branch (root to leaf), made once per branch; the whole build where nothing matches
 * (Remix's not-found page). Remix 2 flattens, ranks and compiles every route of the build each
 * time it matches a URL, and a page matches three times (the server, its static handler and
 * `<RemixServer>`), with the route objects of every route made again for each render: over 175
 * routes that was half of an empty page's cost (issue 27, docs/performance.md). Here the whole
 * tree is matched once per path (the last thousand short paths are kept), and Remix's three
 * matchings see the few routes of one branch. Cutting the tree cannot change the match: the
 * branch that won over all the routes is still there, and nothing it competed with is. The
 * browser still gets the whole manifest (its own file, `manifest.url`: lazy route discovery is off
 * in vite.config.ts).
 */
function handlerFor(build: ServerBuild, pathname: string): RequestHandler {
  let pages = perBuild.get(build)
  if (!pages)
    perBuild.set(build, (pages = { tree: treeOf(build.routes), branches: new Map(), paths: new Map() }))
  let found = pages.paths.get(pathname)
  if (!found) {
    found = branchHandler(build, pages, pathname)
    if (pathname.length > KEPT_PATH_LENGTH) return found
    if (pages.paths.size >= KEPT_PATHS) pages.paths.delete(pages.paths.keys().next().value!)
    pages.paths.set(pathname, found)
  }
  return found
}

function branchHandler(build: ServerBuild, pages: Pages, pathname: string) {
  // A single-fetch data request names its page as Remix reads it (server-runtime's server.js).
  const page =
    build.future.v3_singleFetch && pathname.endsWith('.data')
      ? pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/')
      : pathname
  const matches = matchRoutes(pages.tree, page, build.basename)
  if (!matches) return (pages.all ??= handler(build))
  const ids = matches.map((m) => m.route.id!)
  const key = ids.join('\n')
  let branch = pages.branches.get(key)
  if (!branch) pages.branches.set(key, (branch = handler(only(build, new Set(ids)))))
  return branch
}

/** The pages' request handler (the last of the chain in server/app.ts). */
export function servePages(build: Build): RequestHandler {
  return async (req, res, next) => {
    try {
      const current = typeof build === 'function' ? await build() : build
      // The path as Remix reads it: from the original URL, dot segments resolved.
      const { pathname } = new URL(req.originalUrl, 'http://localhost')
      await handlerFor(current, pathname)(req, res, next)
    } catch (error) {
      next(error)
    }
  }
}
