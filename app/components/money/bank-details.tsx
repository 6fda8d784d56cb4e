// Where an agency sends a bank transfer and the reference it quotes, so that finance match the
// transfer on their bank statement (a policy's reference, an invoice's INV-<id>).
export type BankAccount = {
  bank_name: string
  account_name: string
  bsb: string
  account_number: string
  is_demo: boolean
}

/** Where to send a bank transfer and what to quote, so finance can match it to the policy. */
export function BankDetails({
  account,
  reference,
  amount,
}: {
  account: BankAccount | null
  reference: string
  amount: string
}) {
  if (!account)
    return (
      <p className="text-sm">
        Ask our finance team for the account to pay into, and quote the reference <strong>{reference}</strong>
        .
      </p>
    )
  return (
    <div className="space-y-2 rounded-md border bg-muted/40 p-3 text-sm">
      <p className="font-medium">Pay {amount} into</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Bank</dt>
        <dd>{account.bank_name}</dd>
        <dt className="text-muted-foreground">Account name</dt>
        <dd>{account.account_name}</dd>
        <dt className="text-muted-foreground">BSB</dt>
        <dd className="font-mono">{account.bsb}</dd>
        <dt className="text-muted-foreground">Account number</dt>
        <dd className="font-mono">{account.account_number}</dd>
        <dt className="text-muted-foreground">Reference</dt>
        <dd className="font-mono font-semibold">{reference}</dd>
      </dl>
      {account.is_demo ? (
        <p className="text-xs text-muted-foreground">
          Demo details, not a real bank account (the operator sets the real one in BANK_* settings).
        </p>
      ) : null}
    </div>
  )
}
