// The columns of the month-end pack's commission cap evidence (issue 25): pure, for the pack's report list.
export const CAP_EVIDENCE_COLUMNS = [
  ['row_type', 'Row'],
  ['insurer', 'Insurer'],
  ['agency_id', 'Agency ID'],
  ['agency', 'Agency'],
  ['policy_ref', 'Policy'],
  ['purchase_date', 'Purchase date'],
  ['policies', 'Policies'],
  ['premium_without_gst', 'Premium without GST (cents)'],
  ['commission', 'Commission accrued (cents)'],
  ['percent', 'Commission % of premium'],
  ['cap', 'Cap on purchase date (%)'],
  ['sales_above_cap', 'Sales above the cap'],
] as const
