// What turns tracing on, and which business id a workflow's spans carry (temporal/tracing.ts).
import { describe, expect, it } from 'vitest'
import { activeTracing, tracingConfigured } from '../../server/observability/tracing-state'
import { idsOfWorkflow } from '../../temporal/tracing'

describe('tracing', () => {
  it('is on only with an OTLP endpoint, and off when OTEL_SDK_DISABLED says so', () => {
    expect(tracingConfigured({})).toBe(false)
    expect(tracingConfigured({ OTEL_SERVICE_NAME: 'x', OTEL_BSP_SCHEDULE_DELAY: '200' })).toBe(false)
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true)
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' })).toBe(true)
    expect(
      tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false)
  })

  it('has no SDK running in a process that did not start one (tests, dev)', () => {
    expect(activeTracing()).toBeUndefined()
  })

  it("names each process's record by its workflow id, and nothing for other workflows", () => {
    expect(idsOfWorkflow('payout-12')).toEqual({ payout: 12 })
    expect(idsOfWorkflow('full-refund-7')).toEqual({ policy: 7 })
    expect(idsOfWorkflow('agency-onboarding-3')).toEqual({ agency: 3 })
    expect(idsOfWorkflow('clawback-4')).toEqual({ clawback: 4 })
    expect(idsOfWorkflow('amendment-5')).toEqual({ amendment: 5 })
    expect(idsOfWorkflow('payment-link-6')).toEqual({ payment_link: 6 })
    expect(idsOfWorkflow('invoices-overdue-2026-11-28')).toEqual({})
    expect(idsOfWorkflow('payout-12-extra')).toEqual({})
  })
})
