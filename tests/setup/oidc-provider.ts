// A real OpenID provider for the tests: the certified `oidc-provider` package with its development
// sign-in pages (any login, any password). The login typed is the person's e-mail; one starting
// with `unverified-` has no verified e-mail. The app is the client `oshc-back-office`; a second
// client, `another-app`, exists so a code issued to someone else can be tried on the app.
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export const APP_CLIENT_ID = 'oshc-back-office'
export const OTHER_CLIENT_ID = 'another-app'

export type TestProvider = {
  issuer: string
  clientId: string
  clientSecret: string
  close: () => Promise<void>
}

/** Starts the provider on `port` (0: any free one) for an app served at `appOrigins`. */
export async function startOidcProvider(opts: {
  port?: number
  appOrigins: string[]
}): Promise<TestProvider> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clientSecret = randomBytes(24).toString('base64url')
  const redirect_uris = opts.appOrigins.map((o) => `${o}/auth/oidc/callback`)
  const provider = new Provider(issuer, {
    clients: [APP_CLIENT_ID, OTHER_CLIENT_ID].map((client_id) => ({
      client_id,
      client_secret: clientSecret,
      redirect_uris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: { openid: ['sub', 'groups'], email: ['email', 'email_verified'] },
    cookies: { keys: [randomBytes(24).toString('base64url')] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      // A login `person@example.test#group-a,group-b` is a person in those groups.
      claims: async () => ({
        sub,
        email: sub.split('#')[0].replace(/^unverified-/, ''),
        email_verified: !sub.startsWith('unverified-'),
        ...(sub.includes('#') ? { groups: sub.split('#')[1].split(',') } : {}),
      }),
    }),
  })
  // The app and the provider run on one host name in the tests: plain HTTP is allowed there.
  provider.proxy = false
  server.on('request', provider.callback())
  return {
    issuer,
    clientId: APP_CLIENT_ID,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

// `tsx tests/setup/oidc-provider.ts <port> <app origin>`: the provider for the end-to-end system;
// prints its client secret on the first line.
if (process.argv[1]?.endsWith('oidc-provider.ts')) {
  const [port, origin] = process.argv.slice(2)
  startOidcProvider({ port: Number(port), appOrigins: [origin] }).then((p) => console.log(p.clientSecret))
}
