// How a session's device is named on "Signed-in devices": read from the User-Agent header it was
// opened with, by `bowser` (a maintained parser), never by our own patterns.
import Bowser from 'bowser'

export type DeviceDescription = {
  /** "Chrome 131", "Safari 17.4", or "Unknown browser". */
  browser: string
  /** "macOS 14.4", "Windows 10", "Linux", or null when the header does not say. */
  os: string | null
  /** desktop, mobile, tablet or tv; null when unknown. */
  platform: string | null
}

/** The browser, system and kind of device of a User-Agent header (a client's text: anything). */
export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: 'Unknown browser', os: null, platform: null }
  const { browser, os, platform } = Bowser.parse(userAgent)
  // Major and minor version are enough to tell devices apart; the build number is noise.
  const version = browser.version?.split('.').slice(0, 2).join('.')
  const osVersion = os.versionName ?? os.version
  return {
    browser: browser.name ? [browser.name, version].filter(Boolean).join(' ') : 'Unknown browser',
    os: os.name ? [os.name, osVersion].filter(Boolean).join(' ') : null,
    platform: platform.type ?? null,
  }
}

/** One line for a list: "Chrome 131 on macOS 14.4". */
export const deviceLabel = (d: DeviceDescription) => (d.os ? `${d.browser} on ${d.os}` : d.browser)
