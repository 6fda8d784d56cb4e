import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { config } from '../domain/shared/config'
import { logInfo } from '../domain/shared/log'
import { securityHeaders } from './security-headers'
import { answerUnsupportedMethods, refuseNulInUrl } from './request-guards'
import { loadContext, refuseCrossSiteWrites, trustProxyWhenConfigured } from './edge'
import '../temporal/ports'

config() // fail fast on a bad environment
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const build = (await import(path.join(root, 'build/server/index.js'))) as ServerBuild

const app = express()
app.disable('x-powered-by')
trustProxyWhenConfigured(app)
app.use(compression())
app.use(securityHeaders)
app.use('/assets', express.static(path.join(root, 'build/client/assets'), { immutable: true, maxAge: '1y' }))
app.use(express.static(path.join(root, 'build/client'), { maxAge: '1h' }))
app.use(answerUnsupportedMethods, refuseNulInUrl)
app.use(refuseCrossSiteWrites)
app.all('*', createRequestHandler({ build, getLoadContext: loadContext }))

const port = Number(process.env.PORT ?? 3000)
app.listen(port, () => logInfo('web', `listening on http://localhost:${port}`))
