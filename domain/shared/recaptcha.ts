import { config } from './config'

export interface BotCheck {
  verify(token: string, clientIp?: string): Promise<boolean>
}

/** Without RECAPTCHA_SECRET any non-empty token passes (development, tests). */
export const permissiveBotCheck: BotCheck = { verify: async (token) => token.trim().length > 0 }

export function googleRecaptcha(secret: string): BotCheck {
  return {
    async verify(token, clientIp) {
      const body = new URLSearchParams({
        secret,
        response: token,
        ...(clientIp ? { remoteip: clientIp } : {}),
      })
      const res = await fetch('https://www.google.com/recaptcha/api/siteverify', { method: 'POST', body })
      const json = (await res.json()) as { success?: boolean }
      return json.success === true
    },
  }
}

export const botCheck = (): BotCheck => {
  const secret = config().RECAPTCHA_SECRET
  return secret ? googleRecaptcha(secret) : permissiveBotCheck
}
