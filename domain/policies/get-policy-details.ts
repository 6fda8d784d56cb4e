import type { Actor } from '../shared/actor'
import { assertPolicyReader } from './policy-guards'
import { loadPolicy } from './policy-loading'
import { presentPolicy } from './policy-presenter'
import { defineUseCase } from '../shared/authorize'
import { policyMeta, customerDetail, assigneesOf } from './policy-views'
import {
  policyAgency,
  policyCertificatesOf,
  policyCommission,
  policyFilesOf,
  policyInvoices,
  policyPayments,
  policyProvider,
} from './policy-records'

/**
 * getPoliciesDetailsById / getPolicieById (policy readers of its agency, or staff): the policy with
 * its student, family, insurer, agency, premium payments, invoices, commission, certificates
 * (without download links), files, assignees and what may be done now.
 */
export const getPolicyDetails = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPolicyDetails(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    const p = await loadPolicy(opts.actor, opts.policyId)
    const [people, provider, agency, payments, invoices, commission, certificates, files, assignees] =
      await Promise.all([
        customerDetail(p),
        policyProvider(p.insurance_provider_id),
        policyAgency(p.agency_id),
        policyPayments(p.id),
        policyInvoices(p.id),
        policyCommission(p.id),
        policyCertificatesOf(p.id),
        policyFilesOf(p.id),
        assigneesOf(p),
      ])
    const issued = certificates.some((c) => c.certificate_type === 'new' && c.issued_at)
    return {
      policy: presentPolicy(p),
      ...people,
      provider,
      agency,
      payments,
      invoices,
      commission,
      certificates,
      files,
      ...assignees,
      meta: policyMeta(p, issued),
    }
  },
)
