import { Button, type ButtonProps } from './button'

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The question of the browser's confirmation box (the texts are in messages.ts). */
  confirm: string
  /** Runs only when the owner answers OK. */
  onConfirm: () => void
}

/** A button for something that cannot be undone: it asks the browser's confirmation first. */
export function ConfirmButton({ confirm, onConfirm, ...props }: ConfirmButtonProps) {
  return (
    <Button
      {...props}
      onClick={() => {
        if (window.confirm(confirm)) onConfirm()
      }}
    />
  )
}
