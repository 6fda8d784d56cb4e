// The one reading of a policy's certificate, for both portals: from the policy's status and its
// certificate files, what state the certificate is in and what each side reads about it. The
// policy pages (agency and staff) show only these sentences, so they never contradict the status.

export type CertificateState =
  /** The premium is not paid yet: no certificate can be uploaded. */
  | 'awaiting-payment'
  /** Paid: staff upload the insurer's certificate. */
  | 'awaiting-upload'
  /** Uploaded, not issued: staff issue it; the agency cannot see it yet. */
  | 'uploaded'
  /** Issued: the agency downloads it. */
  | 'issued'
  /** The policy says the certificate is uploaded or issued, but no file is on record. */
  | 'file-missing'
  /** A refund or clawback holds the policy: no certificate work now. */
  | 'on-hold'

type Certificate = { id: number; certificate_type: string; issued_at: string | null }

const UNPAID = [
  'PERSONAL_INFORMATION_ADDED',
  'PARTNER_DEPENDANTS_INFORMATION_ADDED',
  'OTHER_DETAILS_ADDED',
  'INITIATED',
  'PURCHASED',
  'PAYMENT_REJECTED',
]
const PAID = ['PAYMENT_APPROVED', 'PAYMENT_BY_BUY_NOW_PAY_LATER']
const MARKED = ['CERTIFICATE_UPLOADED', 'CERTIFICATE_ISSUED']

/** The current certificate: the newest one of type 'new' (replaced ones are 'old'). */
export function currentCertificate<C extends Certificate>(certificates: C[]): C | undefined {
  return certificates
    .filter((c) => c.certificate_type === 'new')
    .reduce<C | undefined>((newest, c) => (!newest || c.id > newest.id ? c : newest), undefined)
}

export function certificateStateOf(status: string, certificates: Certificate[]): CertificateState {
  const current = currentCertificate(certificates)
  if (current?.issued_at) return 'issued'
  if (UNPAID.includes(status)) return 'awaiting-payment'
  if (!PAID.includes(status) && !MARKED.includes(status)) return 'on-hold'
  if (current) return 'uploaded'
  return MARKED.includes(status) ? 'file-missing' : 'awaiting-upload'
}

/** What each side reads about the certificate in `state`. */
export const CERTIFICATE_TEXT: Record<CertificateState, { agency: string; staff: string }> = {
  'awaiting-payment': {
    agency: 'The certificate is available here once the premium is paid and the insurer has issued it.',
    staff: 'A certificate can be uploaded once the premium is paid.',
  },
  'awaiting-upload': {
    agency: 'The premium is paid: the certificate is available here once the insurer has issued it.',
    staff:
      'The premium is paid: upload the certificate from the insurer, then issue it. Issuing makes it available to the agency.',
  },
  uploaded: {
    agency: 'The certificate has been uploaded and will be available once issued.',
    staff: 'The certificate is uploaded but not issued: issue it to make it available to the agency.',
  },
  issued: {
    agency: 'The certificate is issued: download it from this page.',
    staff: 'The certificate is issued and available to the agency. Uploading a new one replaces it.',
  },
  'file-missing': {
    agency: 'The certificate file is not on record yet: our team is uploading it.',
    staff:
      'The policy is marked as having a certificate, but no certificate file is on record: upload the certificate from the insurer, then issue it.',
  },
  'on-hold': {
    agency: 'No certificate work is done while a refund or clawback of this policy is open or settled.',
    staff: 'No certificate is uploaded while a refund or clawback of this policy is open or settled.',
  },
}

/** The certificate's state and the sentence `side` reads, as a loader hands it to its page. */
export function certificateView(status: string, certificates: Certificate[], side: 'agency' | 'staff') {
  const state = certificateStateOf(status, certificates)
  return { state, text: CERTIFICATE_TEXT[state][side] }
}
