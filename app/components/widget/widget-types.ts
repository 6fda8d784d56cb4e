export type PublicQuote = {
  policyType: string
  startDate: string
  endDate: string
  days: number
  premium: number
  payable: number
  currency: string
  provider: { id: number; name: string; display_name: string; logo: string | null }
  offer: { hasOffer: boolean; offerPremium: number | null; rate: number }
}

export type PublicPolicy = {
  id: number
  ref: string
  status_label: string
  is_paid: boolean
  start_date: string | null
  end_date: string | null
  premium: number | null
  currency: string
  provider: { display_name: string } | null
  student: { first_name: string; last_name: string; email: string | null } | null
  certificate: { url: string } | null
}

export type Country = { id: number; name: string }
