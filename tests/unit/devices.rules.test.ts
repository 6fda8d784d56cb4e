import { describe, expect, it } from 'vitest'
import { describeDevice, deviceLabel } from '../../domain/access/devices.rules'

// The devices page names a session's browser from its User-Agent (bowser): major.minor versions,
// the system when the header says, and a plain answer for a missing or unreadable header.
describe('a session device, from its User-Agent', () => {
  it('names the browser and the system', () => {
    const safari = describeDevice(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    )
    expect(safari).toEqual({ browser: 'Safari 17.4', os: 'iOS 17.4', platform: 'mobile' })
    const edge = describeDevice(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
    )
    expect(deviceLabel(edge)).toBe('Microsoft Edge 131.0 on Windows 10')
  })

  it('says so when the header is missing or tells nothing', () => {
    expect(describeDevice(null)).toEqual({ browser: 'Unknown browser', os: null, platform: null })
    expect(deviceLabel(describeDevice('curl/8.5.0'))).toMatch(/curl|Unknown browser/)
  })
})
