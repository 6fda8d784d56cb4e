import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Button, type ButtonProps } from './ui/button'

type Props = {
  /** The label of the button that opens the question. */
  children: ReactNode
  /** The question, naming the record: "Reject the payment of POL-0042?" */
  title: string
  /** What follows, with the amount where money moves: "A$512.40 goes back to … ." */
  description: ReactNode
  /** The label of the button that does it: "Reject payment". */
  confirmLabel: string
  name?: string
  value?: string
  variant?: ButtonProps['variant']
  size?: ButtonProps['size']
  disabled?: boolean
}

/**
 * A submit button of a destructive or money action that first asks for confirmation in a modal
 * dialog naming the record and the amount. It sits inside the form it submits. Before JavaScript
 * has loaded it is the plain submit button (the server still checks every rule).
 */
export function ConfirmSubmit({
  children,
  title,
  description,
  confirmLabel,
  name,
  value,
  variant = 'destructive',
  size,
  disabled,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null)
  const id = useId()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  if (!hydrated)
    return (
      <Button type="submit" name={name} value={value} variant={variant} size={size} disabled={disabled}>
        {children}
      </Button>
    )
  return (
    <>
      <Button
        type="button"
        variant={variant}
        size={size}
        disabled={disabled}
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        {children}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="w-[min(28rem,calc(100vw-2rem))] rounded-lg border bg-background p-6 text-foreground shadow-lg backdrop:bg-black/40"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={`${id}-description`} className="mt-2 text-sm text-muted-foreground">
          {description}
        </div>
        <div className="mt-6 flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => dialog.current?.close()} autoFocus>
            Cancel
          </Button>
          <Button
            type="submit"
            name={name}
            value={value}
            variant={variant}
            onClick={() => dialog.current?.close()}
          >
            {confirmLabel}
          </Button>
        </div>
      </dialog>
    </>
  )
}
