import { endpoint, ok, type Endpoint } from '../define'
import { z } from 'zod'
import {
  CancelRemittanceSchema,
  InsurerBankAccountSchema,
  InsurerIdSchema,
  ProposeRemittancesSchema,
  RemittanceIdSchema,
  StatementFormatSchema,
} from '../../domain/finance/remittances/remittances.schemas'
import { findInsurerRemittances } from '../../domain/finance/remittances/find-insurer-remittances'
import { proposeInsurerRemittances } from '../../domain/finance/remittances/propose-insurer-remittances'
import { getInsurerRemittance } from '../../domain/finance/remittances/get-insurer-remittance'
import { approveInsurerRemittance } from '../../domain/finance/remittances/approve-insurer-remittance'
import { cancelInsurerRemittance } from '../../domain/finance/remittances/cancel-insurer-remittance'
import { saveInsurerBankAccount } from '../../domain/finance/remittances/save-insurer-bank-account'
import { getInsurerRemittanceStatement } from '../../domain/finance/remittances/get-insurer-remittance-statement'
import { exportResponse } from '../export.server'

/** Insurer remittances (issue 25): calls beside the specification's finance ones; figures in cents. */
const OSHC = '/oshc/finance-management/insurer-remittances'

export const remittanceEndpoints: Endpoint[] = [
  endpoint({
    method: 'GET',
    path: OSHC,
    summary:
      'The insurer remittances, newest month first (at most 100), and every insurer with the bank account its remittances are paid to (masked)',
    access: findInsurerRemittances.access,
    handler: async ({ actor }) => ok(await findInsurerRemittances({ actor })),
  }),
  endpoint({
    method: 'POST',
    path: OSHC,
    summary:
      "Propose a closed month's remittances from the journal, { month: YYYY-MM }: one per insurer with money to remit and a bank account; the others are answered in skipped with the reason. 409 unless the month is closed",
    access: proposeInsurerRemittances.access,
    body: ProposeRemittancesSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      ...ok(await proposeInsurerRemittances({ actor, input: body }), 'Remittances proposed'),
    }),
  }),
  endpoint({
    method: 'PUT',
    path: '/oshc/finance-management/insurer-bank-accounts/{insurance_provider_id}',
    summary:
      "Set where an insurer's remittances are paid: { bsb, account_number, account_name }. A remittance copies it when proposed; its approver checks it",
    access: saveInsurerBankAccount.access,
    params: InsurerIdSchema,
    body: InsurerBankAccountSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await saveInsurerBankAccount({
          actor,
          insuranceProviderId: params.insurance_provider_id,
          input: body,
        }),
        'Bank account saved',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/{remittance_id}`,
    summary:
      "One remittance with its statement lines: the insurer's policies with premium, commission and net",
    access: getInsurerRemittance.access,
    params: RemittanceIdSchema,
    handler: async ({ actor, params }) =>
      ok(await getInsurerRemittance({ actor, remittanceId: params.remittance_id })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/{remittance_id}/approve`,
    summary:
      'Approve a PROPOSED remittance (maker-checker: 403 for whoever proposed it; a fresh second factor). 409 unless PROPOSED or when its figures changed',
    access: approveInsurerRemittance.access,
    params: RemittanceIdSchema,
    handler: async ({ actor, params }) =>
      ok(
        await approveInsurerRemittance({ actor, remittanceId: params.remittance_id }),
        'Remittance approved',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/{remittance_id}/cancel`,
    summary:
      'Cancel a PROPOSED or APPROVED remittance, { reason? }. 409 while it is in a payout batch or once paid',
    access: cancelInsurerRemittance.access,
    params: RemittanceIdSchema,
    body: CancelRemittanceSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await cancelInsurerRemittance({ actor, remittanceId: params.remittance_id, input: body }),
        'Remittance cancelled',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/{remittance_id}/statement`,
    summary:
      "The insurer's statement of a remittance as CSV, XLSX or PDF (?format=), figures in cents in CSV/XLSX",
    access: getInsurerRemittanceStatement.access,
    params: RemittanceIdSchema,
    query: z.object({ format: StatementFormatSchema }),
    handler: async ({ actor, params, query }) => {
      const file = await getInsurerRemittanceStatement({
        actor,
        remittanceId: params.remittance_id,
        format: query.format,
      })
      if (file.kind === 'pdf')
        return new Response(file.content, {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="${file.filename}"`,
          },
        })
      return exportResponse({
        filename: file.filename,
        format: query.format === 'xlsx' ? 'xlsx' : 'csv',
        columns: file.columns.map((c) => ({
          header: c.header,
          value: (r: (typeof file.rows)[number]) => r[c.key],
        })),
        rows: (async function* () {
          yield* file.rows
        })(),
      })
    },
  }),
]
